"""The options the games' commands share, with one default each: `--seed` (1 for runs of
computer players, a random deal for games people play), `--workers`, `--color`,
`--progress` and `--json`."""
from __future__ import annotations

import os

import click

RUN_SEED = 1                                # simulate and ladder: reproducible by default
WORKERS = min(2, os.cpu_count() or 1)


def run_seed_option(help: str):
    """`--seed` of a run of computer players: an int, 1 unless given."""
    return click.option("--seed", type=int, default=RUN_SEED, show_default=True, help=help)


def deal_seed_option(what: str):
    """`--seed` of a game people play: an int, a random one unless given."""
    return click.option("--seed", type=int, default=None, help=f"{what} (default: a random one).")


def workers_option():
    """`--workers`: worker processes, 2 (or the CPU count when smaller) unless given."""
    return click.option("--workers", type=click.IntRange(min=1), default=WORKERS, show_default=True,
                        help="Worker processes playing games in parallel.")


def color_option():
    """`--color/--no-color`: None (decide by the terminal) unless given."""
    return click.option("--color/--no-color", default=None,
                        help="Colour the cards (default: only on a terminal, and not with NO_COLOR).")


def progress_option():
    """`--progress/--no-progress`: None (only on a terminal) unless given."""
    return click.option("--progress/--no-progress", default=None,
                        help="Show a progress bar on stderr (default: only when it is a terminal).")


def json_option():
    """`--json`, stored as `as_json`."""
    return click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
