"""A*'s stage alone on a deal, as `drez solve N --optimal` runs it first: the positions it
stores, the expansions, the bound it proves and its seconds, until it wins or its table
reaches --max-memory (1 GB by default).

    python -m dev.astar_stage DEAL [--tests chosen|on|off] [--gib 1] [--rates]

--tests: tight.py's tests as A* runs them by default (chosen: the first two, and all three
chosen slice by slice past a million stored positions), the third on every position from
the start (on), or the first two only (off).  --rates prints, for each twelfth of the
slices, how many chose the third test on and the share of bounds each test proved
(reports/hard-tail/astar-tests.md).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, late_choice
from drez.solver.solodrez.search.solve import Clock, Limits, _first_table
from drez.solver.solodrez.search.stages import run_stage


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deal", type=int)
    ap.add_argument("--tests", choices=("chosen", "on", "off"), default="chosen")
    ap.add_argument("--gib", type=float, default=1.0)
    ap.add_argument("--rates", action="store_true")
    args = ap.parse_args()
    windows = []
    if args.rates:
        real = astar.choose

        def counted(tests, adaptive, rate=late_choice.LATE_RATE):
            if late_choice.due(tests):
                windows.append([int(tests[s]) for s in (
                    late_choice.LATE, late_choice.LATE_RAN, late_choice.LATE_FIRED,
                    late_choice.TIGHT_RAN, late_choice.TIGHT_FIRED)])
            real(tests, adaptive, rate)
        astar.choose = counted
    limits = Limits(max_memory=int(args.gib * (1 << 30)))
    clock = Clock(limits)
    late = {"chosen": None, "on": True, "off": False}[args.tests]
    start = time.perf_counter()
    search = astar.AStar(Position.from_deal(args.deal).words(), _first_table(clock), late=late)
    search, status, _, limit = run_stage(search, limits, clock, 0)
    print(f"deal {args.deal} tests {args.tests}: status {status} limit {limit} "
          f"stored {search.stored:,} expanded {search.expanded:,} bound {search.bound()} "
          f"{time.perf_counter() - start:.1f} s")
    if windows:
        a = np.array(windows)
        step = max(1, len(a) // 12)
        for lo in range(0, len(a), step):
            b = a[lo:lo + step]
            print(f"  slices {lo}-{lo + len(b)}: third on in {int((b[:, 0] > 0).sum())}; "
                  f"third proved {b[:, 2].sum() / max(1, b[:, 1].sum()):.3f} of "
                  f"{b[:, 1].sum():,}; first two {b[:, 4].sum() / max(1, b[:, 3].sum()):.3f}")


if __name__ == "__main__":
    main()
