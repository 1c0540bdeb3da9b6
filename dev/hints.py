"""How long `drez hint` takes, as a whole process with default settings, on positions from
games: the opening, and a quarter, half and three quarters of the way through the verdict
search's (not shortest, often roundabout) solution of each deal.

    .venv/bin/python -m dev.hints [--first 5000000] [--deals 10]   # writes reports/bench/hints.md

Deals first..first+deals-1 (by default numbers no test or report uses).  Each position is
written to a file and `drez hint FILE --json` is run once, timed from start to exit.
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import click

from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import WON, solve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DREZ = os.path.join(os.path.dirname(sys.executable), "drez")


@click.command()
@click.option("--first", default=5_000_000, show_default=True, help="First deal number.")
@click.option("--deals", default=10, show_default=True, help="How many deals.")
@click.option("--out", default=os.path.join(ROOT, "reports", "bench", "hints.md"),
              show_default=True, help="Markdown report to write.")
def main(first, deals, out):
    """Time whole `drez hint` processes on positions from games."""
    ensure_compiled()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(first, first + deals):
            start = Position.from_deal(n)
            r = solve(start)
            if r.verdict != WON:
                continue
            line = [start]
            for m in r.moves:
                line.append(line[-1].play(m))
            for frac in (0, 1 / 4, 1 / 2, 3 / 4):
                i = int(len(r.moves) * frac)
                path = os.path.join(tmp, f"{n}-{i}.txt")
                with open(path, "w") as f:
                    f.write(str(line[i]))
                t = time.perf_counter()
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                p = subprocess.run([DREZ, "hint", path, "--json"], capture_output=True,
                                   text=True)
                dt = time.perf_counter() - t
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                h = json.loads(p.stdout)
                rows.append((n, i, h, dt, cpu))
                click.echo(f"deal {n} move {i}: {h['verdict']} {h.get('distance')} "
                           f"proven={h['proven']} {dt:.2f} s", err=True)
    times = sorted(row[3] for row in rows)
    cpus = sorted(row[4] for row in rows)
    load = os.getloadavg()[0]
    proven = [row for row in rows if row[2]["proven"]]
    cmd = f".venv/bin/python -m dev.hints --first {first} --deals {deals}"
    lines = ["# `drez hint` as a whole process, default settings", "",
             f"Command: `{cmd}`", "",
             f"{len(rows)} positions of deals {first}..{first + deals - 1}: the opening and a "
             "quarter, half and three quarters of the way through the verdict search's "
             "solution; `drez hint FILE --json` run once on each, timed from start to exit "
             "(process start and kernel loading included).", "",
             f"- proven (shortest distance, or LOST): {len(proven)} of {len(rows)}",
             f"- wall time: median {statistics.median(times):.2f} s, slowest {times[-1]:.2f} s",
             f"- CPU time of the process (user + system; what a quiet core would take, "
             f"about): median {statistics.median(cpus):.2f} s, slowest {cpus[-1]:.2f} s",
             f"- load average when the run ended: {load:.1f} on {os.cpu_count()} cores "
             "(wall time exceeds CPU time by the waiting)",
             "", "| deal | move | verdict | distance | proven | positions | wall s | CPU s |",
             "|---:|---:|---|---:|---|---:|---:|---:|"]
    for n, i, h, dt, cpu in rows:
        lines.append(f"| {n} | {i} | {h['verdict']} | {h.get('distance')} | "
                     f"{'yes' if h['proven'] else 'no'} | "
                     f"{h.get('nodes')} | {dt:.2f} | {cpu:.2f} |")
    lines.append("")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    click.echo("\n".join(lines))


if __name__ == "__main__":
    main()
