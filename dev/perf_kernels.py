"""Where greedy search spends its time, kernel by kernel, sampled by Linux perf.

    python -m dev.perf_kernels [--deal 884] [--seconds 15] [--top 15] [--optimal | --layers T]

Runs greedy best-first search (the verdict portfolio's main stage), A* with --optimal, or
with --layers T the layered search's pass at bound T (search/layers.py, 1 GB), on the deal
over and over, samples this process with `perf record -e cpu-clock`
meanwhile, and prints the share of samples in each compiled kernel.  numba's machine code
carries no symbols perf can read, so this writes /tmp/perf-PID.map (perf's map for JIT
code) naming the code of every kernel linked into the search, callees included; code a
kernel inlines counts as its caller's.  Unlike dev/profile_kernels.py, nothing is timed
apart: the shares are of the real search, with its caches and branch history.  Needs
`perf` (linux-perf).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from drez.solver.solodrez import kernels
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, layers
from drez.solver.solodrez.search.solve import Limits, run_search


def _search(deal: int, optimal: bool = False, bound: int | None = None) -> None:
    words = Position.from_deal(deal).words()
    if bound is None:
        search = astar.AStar(words, 1 << 20, greedy=not optimal)
    else:   # a placeholder win of bound + 1 moves: the pass at bound is the whole search
        search = layers.LayeredSearch(words, 1 << 30, start=bound, upper=[0] * (bound + 1))
    run_search(search, Limits(max_memory=1 << 30))


def _short(symbol: str) -> str:
    """A numba symbol's module and function (_ZN6solver8solodrez...14generate_movesB3v..)."""
    parts = []
    rest = symbol[3:] if symbol.startswith("_ZN") else symbol
    while rest[:1].isdigit():
        n = int(re.match(r"\d+", rest).group())
        digits = len(str(n))
        parts.append(rest[digits:digits + n])
        rest = rest[digits + n:]
    return ".".join(parts[-2:]) if parts else symbol


def write_perf_map() -> int:
    """Write /tmp/perf-PID.map for the code of every loaded kernel and what it links in;
    returns the number of functions named."""
    starts = {}
    for dispatcher in kernels._dispatchers(kernels.kernel_modules()):
        for result in dispatcher.overloads.values():
            library = result.library
            module = library._shared_module or library._final_module
            for fn in module.functions:
                if fn.is_declaration:
                    continue
                address = library.get_pointer_to_function(fn.name)
                if address:
                    starts[address] = _short(fn.name)
    ordered = sorted(starts)
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        for i, address in enumerate(ordered):
            end = ordered[i + 1] if i + 1 < len(ordered) else address + (1 << 16)
            f.write(f"{address:x} {min(end - address, 1 << 20):x} {starts[address]}\n")
    return len(ordered)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deal", type=int, default=884)
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--optimal", action="store_true", help="A* instead of greedy search")
    ap.add_argument("--layers", type=int, metavar="T",
                    help="the layered search's pass at bound T instead of greedy search")
    args = ap.parse_args()
    if shutil.which("perf") is None:
        print("perf_kernels: no `perf` on this machine (apt-get install linux-perf)",
              file=sys.stderr)
        return 2
    # loads (or compiles) every kernel the search calls (the layered pass: at the root's bound)
    root_bound = Position.from_deal(args.deal).lower_bound()
    _search(args.deal, args.optimal, None if args.layers is None else root_bound)
    named = write_perf_map()
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        recorder = subprocess.Popen(
            ["perf", "record", "-q", "-e", "cpu-clock", "-F", "2000", "-p", str(os.getpid()),
             "-o", data, "--", "sleep", str(args.seconds)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while recorder.poll() is None:
            _search(args.deal, args.optimal, args.layers)
        report = subprocess.run(["perf", "report", "-i", data, "--stdio", "--sort", "symbol"],
                                capture_output=True, text=True).stdout
    search = f"the layered pass at {args.layers}" if args.layers is not None else \
        "A*" if args.optimal else "greedy search"
    print(f"deal {args.deal}: {search}, {named} kernels' code named; share of samples:")
    rows = [line for line in report.splitlines() if line.strip() and not line.startswith("#")]
    for line in rows[:args.top]:
        share, _, symbol = line.split(None, 2)
        print(f"  {share:>7s}  {symbol.split()[0]}")
    os.remove(f"/tmp/perf-{os.getpid()}.map")
    return 0


if __name__ == "__main__":
    sys.exit(main())
