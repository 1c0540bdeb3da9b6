"""drez's shortest solutions side by side with the plain C A* (tests/solodrez/plain_solver.c
-o), in one run on the same deals: what each proves, any difference in a verdict or a
length, and the wall time of each whole process (reports/bench/plain-astar.md).

    .venv/bin/python -m dev.plain_astar [--first 1000000] [--deals 200] [--max-seconds 3]

drez runs as `drez analyze FIRST-LAST --optimal --workers 1 --max-seconds S` (default
memory, 1 GB); the C A* with the same time cap a deal and a position cap that fills about
the same memory (--c-positions).  Prints a Markdown report.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import click

SOURCE = os.path.join(os.path.dirname(__file__), "..", "tests", "solodrez", "plain_solver.c")


def _timed(argv: list[str]) -> tuple[str, float]:
    t0 = time.monotonic()
    out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
    return out, time.monotonic() - t0


@click.command()
@click.option("--first", default=1_000_000, show_default=True)
@click.option("--deals", default=200, show_default=True)
@click.option("--max-seconds", default=3.0, show_default=True)
@click.option("--c-positions", default=16_000_000, show_default=True,
              help="The C A*'s cap on stored positions (16M: about 1 GB).")
def main(first, deals, max_seconds, c_positions):
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        raise click.ClickException("no C compiler (apt-get install gcc)")
    last = first + deals - 1
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "plain_solver")
        subprocess.run([cc, "-O2", "-o", exe, SOURCE], check=True)
        drez = os.path.join(os.path.dirname(sys.executable), "drez")
        rows = os.path.join(tmp, "drez.jsonl")
        _, drez_wall = _timed([drez, "analyze", f"{first}-{last}", "--optimal", "--workers", "1",
                               "--max-seconds", str(max_seconds), "--out", rows,
                               "--json-lines", "--no-progress"])
        with open(rows) as f:
            ours = {r["deal"]: r for r in map(json.loads, f)}
        out, c_wall = _timed([exe, "-o", str(max_seconds), str(first), str(last),
                              str(c_positions)])
    theirs = {}
    for line in out.splitlines():
        deal, verdict, _nodes, seconds, length = line.split()
        theirs[int(deal)] = (verdict, None if length == "-" else int(length), float(seconds))

    def tally(proven, lost):
        return f"{proven} proven shortest, {lost} LOST, {deals - proven - lost} undecided"
    d_proven = sum(r["verdict"] == "WON" and r["optimal"] for r in ours.values())
    d_lost = sum(r["verdict"] == "LOST" for r in ours.values())
    c_proven = sum(v == "WON" for v, _, _ in theirs.values())
    c_lost = sum(v == "LOST" for v, _, _ in theirs.values())
    differ = []
    for deal, (verdict, length, _) in sorted(theirs.items()):
        r = ours[deal]
        if verdict == "UNKNOWN" or r["verdict"] == "UNKNOWN" \
                or (r["verdict"] == "WON" and not r["optimal"]):
            continue
        if verdict != r["verdict"] or (verdict == "WON" and length != r["length"]):
            differ.append(f"{deal}: C {verdict} {length}, drez {r['verdict']} {r['length']}")
    undecided = sorted(d for d in ours if ours[d]["verdict"] == "UNKNOWN"
                       or (ours[d]["verdict"] == "WON" and not ours[d]["optimal"])
                       or theirs[d][0] == "UNKNOWN")
    print(f"Deals {first}-{last}, {max_seconds:g} s a deal, one core each, one after the other.\n")
    print("| | proven | wall (whole process) | search seconds (sum) |")
    print("|---|---|---:|---:|")
    print(f"| drez (`analyze --optimal --workers 1 --max-seconds {max_seconds:g}`) | "
          f"{tally(d_proven, d_lost)} | {drez_wall:.2f} s | "
          f"{sum(r['seconds'] for r in ours.values()):.2f} |")
    print(f"| plain C A* (`plain_solver -o {max_seconds:g} ... {c_positions}`) | "
          f"{tally(c_proven, c_lost)} | {c_wall:.2f} s | "
          f"{sum(s for _, _, s in theirs.values()):.2f} |")
    print(f"\nWall-time ratio drez / C: **{drez_wall / c_wall:.2f}**.  "
          f"Deals either left undecided: {', '.join(map(str, undecided)) or 'none'}.  "
          f"Differences in a verdict or a length where both decided: "
          f"{'; '.join(differ) if differ else 'none'}.")


if __name__ == "__main__":
    main()
