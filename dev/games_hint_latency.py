"""Hint latency (issue 39): Crapette's and Up-and-down's `hint` at every decision of a few
games (reports/games/*.md).  Run: nice -n 19 .venv/bin/python -m dev.games_hint_latency"""
import random
import time

from drez.solver.crapette.hints import hint as crapette_hint
from drez.solver.crapette.sim import make_bot
from drez.solver.crapette.state import new_game
from drez.solver.updown.bots import GreedyBot
from drez.solver.updown.hints import hint as updown_hint
from drez.solver.updown.state import new_game as updown_game


def line(name: str, ts: list[float]) -> str:
    ts = sorted(ts)
    return (f"{name}: {len(ts)} positions, median {ts[len(ts) // 2] * 1000:.0f} ms, "
            f"99th pct {ts[int(.99 * len(ts))] * 1000:.0f} ms, max {ts[-1] * 1000:.0f} ms")


def main() -> None:
    ts = []
    for seed in range(4):
        s = new_game(seed)
        bots, rngs = [make_bot("reply"), make_bot("reply")], [random.Random(seed), random.Random(seed + 9)]
        while s.result is None and len(ts) < 400 * (seed + 1):
            t = time.perf_counter()
            crapette_hint(s, random.Random(1))
            ts.append(time.perf_counter() - t)
            s.play(bots[s.to_move].choose(s.view(s.to_move), rngs[s.to_move]))
    print(line("crapette hint", ts))
    ts = []
    for seed in range(10):
        s = updown_game(2, seed)
        while not s.done:
            v = s.view(s.turn)
            t = time.perf_counter()
            updown_hint(v, random.Random(1))
            ts.append(time.perf_counter() - t)
            s.apply(GreedyBot().choose(v, random.Random(0)))
    print(line("updown hint", ts))


if __name__ == "__main__":
    main()
