"""What reading a win back costs from a relay: IDA* from the position after the first k
moves of a deal's committed shortest line, at the bound of the moves left, for each k
given (search/relay.py; reports/hard-tail/read-back.md).  k = 0 is IDA* from the root,
what the layered search paid before relays.

    .venv/bin/python -m dev.read_back DEAL K[,K...] [SOLVE_JSON]

SOLVE_JSON: a `drez solve DEAL --optimal --json` output (default: the hard-tail run's,
reports/hard-tail/root-order/all/DEAL.json).
"""
import json
import sys
import time

from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.ida import IdaStar
from drez.solver.solodrez.search.status import WON

deal, ks = int(sys.argv[1]), [int(k) for k in sys.argv[2].split(",")]
path = sys.argv[3] if len(sys.argv) > 3 else f"reports/hard-tail/root-order/all/{deal}.json"
with open(path) as f:
    moves = json.load(f)["moves"]
line = [Position.from_deal(deal)]
for m in moves:
    line.append(line[-1].play(Move(m["from"] - 1, m["to"] - 1, m["cards"])))
for k in ks:
    ida = IdaStar(line[k].words(), 1 << 30, start=len(moves) - k)
    start = time.time()
    while ida.run(100_000) != WON:
        pass
    print(f"deal {deal}: IDA* from the line's position {k} at {len(moves) - k} moves: "
          f"{ida.expanded:,} expansions, a win of {len(ida.path())}, "
          f"{time.time() - start:.1f} s", flush=True)
