"""Measurements for reports/hard-tail/bound.md: the exactness test with and without its
third part (tight.py rules (10)-(12), `late`).

    .venv/bin/python -m dev.hard_tail_bound roots FIRST LAST     # root bound vs committed minima
    .venv/bin/python -m dev.hard_tail_bound astar DEAL [DEAL...] # A* old and new, one after another
"""
import csv
import glob
import gzip
import json
import sys
import time

from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.rules import engine
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar
from drez.solver.solodrez.search.stats_slots import LENGTH
from drez.solver.solodrez.search.tight import bound_not_exact, tight_scratch


def minima() -> dict:
    """deal -> committed proven minimum (reports/deals-0-99999)."""
    out = {}
    for line in gzip.open("reports/deals-0-99999/deals-0-99999-optimal.jsonl.gz", "rt"):
        r = json.loads(line)
        if r["verdict"] == "WON" and r["optimal"]:
            out[r["deal"]] = r["length"]
    for name in glob.glob("reports/deals-0-99999/*optimal-pass*.csv"):
        for r in csv.DictReader(open(name)):
            if r["verdict"] == "WON" and r["optimal"] == "1":
                out[int(r["deal"])] = int(r["length"])
    return out


def roots(first: int, last: int) -> None:
    mins = minima()
    scratch = tight_scratch()
    n = exact_h = exact_old = exact_new = 0
    for deal in range(first, last + 1):
        if deal not in mins:
            continue
        w = Position.from_deal(deal).words()
        h = int(engine.lower_bound(w))
        old = h + int(bound_not_exact(w, *scratch))
        new = h + int(bound_not_exact(w, *scratch, True))
        assert h <= old <= new <= mins[deal], deal
        n += 1
        exact_h += h == mins[deal]
        exact_old += old == mins[deal]
        exact_new += new == mins[deal]
    print(f"deals {first}-{last} with a proven minimum: {n:,}; root bound equal to it: "
          f"lower_bound {exact_h:,} ({100 * exact_h / n:.2f}%), "
          f"+ old test {exact_old:,} ({100 * exact_old / n:.2f}%), "
          f"+ new test {exact_new:,} ({100 * exact_new / n:.2f}%)")


def run_astar(deal: int, late: bool) -> tuple:
    w = Position.from_deal(deal).words()
    start = time.perf_counter()
    a = astar.AStar(w, 1 << 28, late=late)
    while True:
        status = a.run(1_000_000)
        if status == astar.FULL:
            a.grow()
        elif status != astar.RUNNING:
            break
    return status, int(a.stats[LENGTH]), a.stored, a.expanded, time.perf_counter() - start


def astar_pairs(deals) -> None:
    for deal in deals:
        for late in (False, True):
            status, length, stored, expanded, secs = run_astar(deal, late)
            print(f"deal {deal} late={late}: status {status} length {length} "
                  f"stored {stored:,} expanded {expanded:,} {secs:.1f} s", flush=True)


if __name__ == "__main__":
    ensure_compiled()
    if sys.argv[1] == "roots":
        roots(int(sys.argv[2]), int(sys.argv[3]))
    else:
        astar_pairs([int(d) for d in sys.argv[2:]])
