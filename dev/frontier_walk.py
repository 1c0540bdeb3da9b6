"""The walk from A*'s frontier (solver/solodrez/search/frontier.py) alone, without solve's
budget: A* on a deal at a memory bound as solve runs it, then IDA* from its open
positions for up to CAP expansions (LATE 1: all of tight.py's exactness tests on every
child, 0: the first two, none given: chosen as solve chooses them); prints A*'s positions
and bound, the memory A*'s table and the roots hold, and the walk's expansions as it goes,
with how many of the roots of the iteration it has taken (reports/hard-tail/
frontier-first.md, root-order.md).

    .venv/bin/python -m dev.frontier_walk DEAL [MEGABYTES [CAP [LATE]]]
"""
import sys
import time

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, frontier
from drez.solver.solodrez.search.budget import Clock, Limits
from drez.solver.solodrez.search.solve import _first_table, _run_stage
from drez.solver.solodrez.search.status import Status

deal = int(sys.argv[1])
limits = Limits(max_memory=(int(sys.argv[2]) if len(sys.argv) > 2 else 1024) << 20)
cap = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000_000
late = bool(int(sys.argv[4])) if len(sys.argv) > 4 else None
clock = Clock(limits)
start = time.time()
a, status, nodes, limit = _run_stage(astar.AStar(Position.from_deal(deal).words(),
                                                 _first_table(clock)), limits, clock, 0)
print(f"A*: {Status(status).name}, stopped by {limit and limit.name}, {nodes:,} positions, bound "
      f"{a.bound()}, {time.time() - start:.1f} s", flush=True)
if limit is None:
    sys.exit(0)
start = time.time()
fr = frontier.Frontier(a)
held = fr.held_bytes()
print(f"A*'s table and {len(fr.roots):,} roots ({time.time() - start:.1f} s to order them): "
      f"{held >> 20} MB; the walk's table gets {(limits.max_memory - held) >> 20} MB", flush=True)
walk = frontier.FrontierIda(fr, limits.max_memory - held, start=fr.base_f, late=late)
start = time.time()
while walk.status == frontier.RUNNING and walk.expanded < cap:
    walk.run(1_000_000)
    t = int(walk.threshold)
    roots = int(frontier.roots_within(fr.starts, fr.base_f, t))
    print(f"  {walk.expanded:,} expansions, bound {t}, root {int(walk.st[frontier.NEXT_ROOT]):,} "
          f"of {roots:,}, {time.time() - start:.1f} s", flush=True)
won = walk.status == frontier.WON
print(f"walk: {'a win of ' + str(len(walk.path())) + ' moves' if won else 'no win'} after "
      f"{walk.expanded:,} expansions, {time.time() - start:.1f} s")
