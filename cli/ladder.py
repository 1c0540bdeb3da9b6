"""The `ladder` command shared by `drez updown` and `drez crapette` (solver/common/ladder.py)."""
from __future__ import annotations

import click

from drez.cli.game_options import run_seed_option, workers_option


def add_ladder(group: click.Group, game: str, default: str, games: int, known, play_pair,
               note: str = "") -> None:
    """Register `ladder` on ``group``: ``known(name)`` says whether a bot name is valid,
    ``play_pair(a, b, games, seed, workers)`` plays one pair."""

    @group.command()
    @click.option("--bots", default=default, show_default=True,
                  help="Comma list of at least two different computer players.")
    @click.option("--games", type=click.IntRange(min=1), default=games, show_default=True,
                  help="Games per pair.")
    @run_seed_option("Ladder seed: each pair's run seed is derived from it and the pair.")
    @workers_option()
    def ladder(bots, games, seed, workers):
        """Round robin: every bot plays every other GAMES games; prints a Markdown table of
        win and draw rates (95% Wilson intervals) and Elo-style ratings."""
        from drez.solver.common.ladder import ladder_lines, parse_names, round_robin
        try:
            names = parse_names(bots, known)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="--bots") from None
        results = round_robin(names, games, seed,
                              lambda a, b, g, s: play_pair(a, b, g, s, workers),
                              lambda a, b: click.echo(f"playing {a} vs {b} ...", err=True))
        click.echo(f"{game} ladder{note}, {games} games per pair, seed {seed}\n")
        for line in ladder_lines(names, results):
            click.echo(line)
