"""One pass of the layered search (solver/solodrez/search/layers.py) on a deal: prove that
no win of T moves exists (or find one), at a memory bound, with or without the third
exactness test, alone or with IDA* beside it (search/race.py, as solve runs it; LATE
then is its default); prints each layer's size as it is done, and at the end expansions,
the widest layer, seconds and peak RSS (reports/hard-tail/layers.md, read-back.md).

    .venv/bin/python -m dev.layered_pass DEAL T [MEGABYTES [LATE [IDA]]]
"""
import resource
import sys
import time

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import layers, race
from drez.solver.solodrez.search.solve import Limits, run_search

deal, bound = int(sys.argv[1]), int(sys.argv[2])
memory = (int(sys.argv[3]) if len(sys.argv) > 3 else 1024) << 20
late = bool(int(sys.argv[4])) if len(sys.argv) > 4 else None
beside = len(sys.argv) > 5 and sys.argv[5] == "ida"
start = time.time()


def notify(text):
    print(f"{time.time() - start:.1f}s", text, flush=True)


# a placeholder win of T + 1 moves: the pass proves none of T exists, or finds one
words, upper = Position.from_deal(deal).words(), [0] * (bound + 1)
if beside:
    search = race.LayersWithIda(words, memory, start=bound, upper=upper, notify=notify)
    layered = search.layers
else:
    search = layered = layers.LayeredSearch(words, memory, start=bound, upper=upper, late=late,
                                            notify=notify)
built = layered._next_layer


def next_layer():
    """Each layer's size as it is done, with the pass's expansions so far."""
    print(f"{time.time() - start:.1f}s layer {int(layered.st[layers.DEPTH]) + 1}: "
          f"{int(layered.st[layers.BUILT]):,} positions, {layered.expanded:,} expansions",
          flush=True)
    built()


layered._next_layer = next_layer
status, nodes, limit = run_search(search, Limits(max_memory=memory))
length = search.bound()
found = f"no win of {bound} moves" if status == layers.WON and length > bound else \
    f"a win of {length} moves" if status == layers.WON else f"stopped ({limit})"
if beside:
    found += f" (IDA*: {search.ida.expanded:,} expansions)"
print(f"deal {deal} T {bound}: {found}; {search.expanded:,} expansions, widest layer "
      f"{layered.widest:,}, {time.time() - start:.0f} s, peak RSS "
      f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10} MB, tables at most "
      f"{search.table_bytes() >> 20} MB")
