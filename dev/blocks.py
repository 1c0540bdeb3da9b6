"""How many lost positions each static block detector catches.

    .venv/bin/python -m dev.blocks [--lost 1000] [--seed 1]   # writes reports/bench/blocks.md

Positions come from uniformly random games from deals 0, 1, 2, ... (tests/solodrez/samples.py);
each is decided by solve() (exhaustive search, verdict only); the winnable ones are
checked too, and any detector that fires on one is reported as UNSOUND.
"""
from __future__ import annotations

import os
import time

import click

from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.search import blocks
from drez.solver.solodrez.search.solve import LOST
from tests.solodrez.samples import decided_positions


@click.command()
@click.option("--lost", default=1000, show_default=True, help="Lost positions to gather.")
@click.option("--won", default=1000, show_default=True, help="Winnable positions to check.")
@click.option("--seed", default=1, show_default=True, help="Seed of the random games.")
@click.option("--out", default=os.path.join(os.path.dirname(__file__), "..", "reports", "bench", "blocks.md"),
              show_default=True, help="Markdown report to write.")
def main(lost, won, seed, out):
    """Measure the static block detectors over decided positions."""
    ensure_compiled()
    start = time.perf_counter()
    caught = {name: 0 for name, _ in blocks.DETECTORS}
    unsound = {name: 0 for name, _ in blocks.DETECTORS}
    kinds = {}
    any_caught = n_lost = n_won = 0
    seconds = 0.0
    for pos, verdict in decided_positions(seed, lost, won):
        t = time.perf_counter()
        fired = [name for name, detect in blocks.DETECTORS if detect(pos)]
        seconds += time.perf_counter() - t
        if verdict == LOST:
            n_lost += 1
            any_caught += bool(fired)
            for name in fired:
                caught[name] += 1
            b = blocks.blocked(pos, searched=0)
            kinds[b.kind] = kinds.get(b.kind, 0) + 1
        else:
            n_won += 1
            for name in fired:
                unsound[name] += 1
    total = time.perf_counter() - start
    cmd = f".venv/bin/python -m dev.blocks --lost {lost} --won {won} --seed {seed}"
    lines = ["# Static block detectors", "",
             f"Command: `{cmd}` ({total:.0f} s in all).", "",
             f"{n_lost} lost and {n_won} winnable positions from uniformly random games from "
             "deals 0, 1, 2, ..., each decided by `solve()` (exhaustive search).", "",
             "| detector | lost positions caught | share | winnable positions flagged |",
             "|---|---:|---:|---:|"]
    for name, _ in blocks.DETECTORS:
        lines.append(f"| {name} | {caught[name]} | {100 * caught[name] / max(n_lost, 1):.1f}% "
                     f"| {unsound[name]} |")
    lines += [f"| any detector | {any_caught} | {100 * any_caught / max(n_lost, 1):.1f}% | "
              f"{sum(unsound.values())} |", "",
              f"Detector time: {1e3 * seconds / max(n_lost + n_won, 1):.2f} ms per position "
              "(all four).", "",
              "Kind of block of the lost positions (`blocks.blocked`): " +
              ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) +
              f" (circling: whole reachable set at most {blocks.CIRCLE_LIMIT} positions).", ""]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    click.echo("\n".join(lines))
    if sum(unsound.values()):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
