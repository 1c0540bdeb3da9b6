"""Simulator: many seeded games between computer players, in worker processes.

Game i of a run with seed S is dealt and played from seeds derived from (S, i) only, and
results are gathered in game order, so a run's results do not depend on the worker count.
"""
from __future__ import annotations

import random
import statistics
from collections import Counter

from drez.solver.common.pool import stoppable_pool
from drez.solver.common.stats import rate
from drez.solver.updown.bots import GreedyBot, RandomBot
from drez.solver.updown.ismcts import ISMCTSBot
from drez.solver.updown.montecarlo import InferenceBot, MonteCarloBot
from drez.solver.updown.state import FIRST, new_game

BEST = "ismcts"  # the strongest player by the measurements in reports/games/updown.md


def make_bot(spec: str):
    """Bot from its name: 'random', 'greedy', 'mc', 'infer', 'ismcts' (the last three with an
    optional ':BUDGET'), or 'best' (the strongest, ``BEST``); ValueError otherwise."""
    name, _, arg = spec.strip().lower().partition(":")
    if name == "best" and not arg:
        return make_bot(BEST)
    if name == "random" and not arg:
        return RandomBot()
    if name == "greedy" and not arg:
        return GreedyBot()
    if name in ("mc", "infer", "ismcts"):
        cls = {"mc": MonteCarloBot, "infer": InferenceBot, "ismcts": ISMCTSBot}[name]
        if not arg:
            return cls()
        if not arg.isdigit() or int(arg) < 1:
            raise ValueError(f"bad budget in {spec!r}: use {name}:N with N >= 1")
        return cls(int(arg))
    raise ValueError(f"unknown bot {spec!r} (use random, greedy, mc, infer, ismcts, "
                     "each optionally :N for its budget, or best)")


def game_rng(seed: int, index: int, role: str) -> random.Random:
    """The random source for one role ('deal' or 'bot<seat>') of game `index` of run `seed`."""
    return random.Random(f"updown/{seed}/{index}/{role}")


def play_game(specs: list[str], seed: int, index: int, ending: str = FIRST) -> dict:
    """Play game `index` of run `seed` between bots `specs` (one per seat) to the end.

    Each bot gets only its seat's PlayerView (U18); when a single action is legal it is
    applied without asking. Returns the game's record: winner, loser, order out, starter,
    turns, actions, cards drawn, free leads.
    """
    n = len(specs)
    bots = [make_bot(s) for s in specs]
    rngs = [game_rng(seed, index, f"bot{p}") for p in range(n)]
    s = new_game(n, game_rng(seed, index, "deal"), ending=ending)
    while not s.done:
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply(legal[0])
            continue
        s.apply(bots[s.turn].choose(s.view(s.turn), rngs[s.turn]))
    return {"winner": s.winner, "loser": s.loser, "out": list(s.out), "starter": s.starter,
            "turns": s.stats["turns"], "actions": s.n_actions, "drawn": s.stats["drawn"],
            "free_leads": s.stats["free_leads"]}


def _run_chunk(job) -> list[dict]:
    specs, seed, ending, lo, hi = job
    return [play_game(specs, seed, i, ending) for i in range(lo, hi)]


def run_games(specs: list[str], games: int, seed: int, workers: int = 1, ending: str = FIRST,
              progress: bool = False) -> list[dict]:
    """Records of games 0..games-1 in order; identical for any `workers` >= 1."""
    from tqdm import tqdm
    size = max(1, min(100, games // (workers * 8) or 1))
    jobs = [(list(specs), seed, ending, lo, min(games, lo + size)) for lo in range(0, games, size)]
    records: list[dict] = []
    with tqdm(total=games, disable=not progress, unit="game", desc="updown") as bar:
        if workers <= 1:
            chunks = map(_run_chunk, jobs)
            for chunk in chunks:
                records += chunk
                bar.update(len(chunk))
        else:
            with stoppable_pool(workers) as pool:
                for chunk in pool.imap(_run_chunk, jobs):
                    records += chunk
                    bar.update(len(chunk))
    return records


def play_pair(a: str, b: str, games: int, seed: int, workers: int = 1) -> tuple[int, int, int]:
    """(A wins, B wins, 0) over ``games`` two-player games of A (seat 0) against B (seat 1);
    the starter is drawn at random for each game (U6), so neither seat is favoured."""
    records = run_games([a, b], games, seed, workers)
    a_wins = sum(1 for r in records if r["winner"] == 0)
    return a_wins, games - a_wins, 0


def summarize(specs: list[str], records: list[dict], ending: str = FIRST) -> dict:
    """Win rates per seat, per bot and by turn position from the starter (95% Wilson
    intervals), game length and free-lead frequency; loss rates too for ending 'last'."""
    n, g = len(specs), len(records)
    wins = Counter(r["winner"] for r in records)
    losses = Counter(r["loser"] for r in records)
    by_pos = Counter((r["winner"] - r["starter"]) % n for r in records)
    names = sorted(set(specs), key=specs.index)
    per_bot = {}
    for name in names:
        seats = [p for p in range(n) if specs[p] == name]
        entry = {"seats": seats, **rate(sum(wins[p] for p in seats), g)}
        entry["per_seat_rate"] = entry["rate"] / len(seats)
        if ending != FIRST:
            entry["lose"] = rate(sum(losses[p] for p in seats), g)
        per_bot[name] = entry
    per_seat = []
    for p in range(n):
        entry = {"seat": p, "bot": specs[p], **rate(wins[p], g)}
        if ending != FIRST:
            entry["lose"] = rate(losses[p], g)
        per_seat.append(entry)
    turns = [r["turns"] for r in records]
    drawn = [r["drawn"] for r in records]
    free = [r["free_leads"] for r in records]
    return {
        "players": n, "games": g, "ending": ending, "bots": list(specs),
        "per_seat": per_seat, "per_bot": per_bot,
        "by_position": [{"position": k, **rate(by_pos[k], g)} for k in range(n)],
        "first_player": {**rate(by_pos[0], g), "fair_share": 1 / n},
        "length": {"turns_mean": _mean(turns), "turns_median": _median(turns),
                   "turns_max": max(turns, default=0), "drawn_mean": _mean(drawn),
                   "actions_max": max((r["actions"] for r in records), default=0)},
        "free_lead": {**rate(sum(1 for f in free if f), g), "per_game_mean": _mean(free)},
    }


def _mean(xs):
    return statistics.fmean(xs) if xs else 0.0


def _median(xs):
    return statistics.median(xs) if xs else 0.0


def simulate(specs: list[str], games: int, seed: int = 0, workers: int = 1,
             ending: str = FIRST, progress: bool = False) -> dict:
    """Run and summarize `games` games; the summary depends only on (specs, games, seed,
    ending), never on `workers`."""
    for spec in specs:
        make_bot(spec)                     # fail fast on a bad name, before forking
    return summarize(list(specs), run_games(specs, games, seed, workers, ending, progress), ending)
