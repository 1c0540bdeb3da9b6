"""Play computer players against each other and summarise the results.

Game ``i`` of a run with seed ``s`` depends only on ``(s, i)``: its deal and each player's
random source are ``random.Random`` objects seeded from the strings ``"s:i:deal"``,
``"s:i:p0"``, ``"s:i:p1"``.  Bot A sits as player 0 in even games and as player 1 in odd
ones.  So the same seed gives the same records whatever the number of worker processes.
"""
from __future__ import annotations

import random
import statistics
import sys
from dataclasses import dataclass
from functools import partial

from tqdm import tqdm

from drez.solver.common.pool import stoppable_pool
from drez.solver.common.stats import rate
from drez.solver.crapette.bots import RandomBot, RuleBot
from drez.solver.crapette.piles import WORK, reserve, waste
from drez.solver.crapette.reply import ReplySearchBot
from drez.solver.crapette.search import SearchBot
from drez.solver.crapette.state import TURN_MOVE_LIMIT, GameState, deal

BOTS = {"random": RandomBot, "rule": RuleBot, "search": SearchBot, "reply": ReplySearchBot,
        "reply-v1": partial(ReplySearchBot, tidy=False)}   # reply before issue 39, for comparison
BEST = "reply"       # the strongest player by the ladder in reports/games/crapette.md
BOTS["best"] = BOTS[BEST]


def make_bot(name: str):
    """A fresh computer player by name (one of ``BOTS``)."""
    return BOTS[name]()


@dataclass(frozen=True)
class GameRecord:
    """One finished game.  ``seats[p]`` is the bot name playing as player p."""
    index: int
    seats: tuple[str, str]
    starter: int
    winner: int | None
    points_winner: int | None
    reason: str
    turns: int
    moves: int
    loads: tuple[int, int]
    cards_left: tuple[int, int]
    moves_by: tuple[int, int] = (0, 0)       # moves made by player 0, player 1 (turn ends included)
    shuffles: tuple[int, int] = (0, 0)       # of those, work space to work space
    capped: tuple[int, int] = (0, 0)         # turns that reached the C12 move limit, per player

    @property
    def decided_by_loading(self) -> bool:
        """C18: the winner's net loads (cards it loaded on the loser minus the reverse) are
        positive and at least the loser's cards left at the end: without that load margin
        the loser would have run out of cards no later than the winner."""
        if self.winner is None:
            return False
        net = self.loads[self.winner] - self.loads[1 - self.winner]
        return net > 0 and net >= self.cards_left[1 - self.winner]


def play_game(seed: int, index: int, names: tuple[str, str], watch=None) -> GameRecord:
    """Play game ``index`` of the run ``seed`` between bots ``names`` (A, B) to the end.

    ``watch(state, view)``, if given, is called before every computer decision (tests use it
    to check invariants).  Every move is checked against the rules before it is made.
    """
    seats = tuple(names) if index % 2 == 0 else tuple(reversed(names))
    state: GameState = deal(random.Random(f"{seed}:{index}:deal"))
    bots = [make_bot(seats[0]), make_bot(seats[1])]
    rngs = [random.Random(f"{seed}:{index}:p{p}") for p in (0, 1)]
    loads, moves_by, shuffles, capped = [0, 0], [0, 0], [0, 0], [0, 0]
    while state.result is None:
        p = state.to_move
        view = state.view(p)
        if watch is not None:
            watch(state, view)
        m = bots[p].choose(view, rngs[p])
        if m.dst in (reserve(1 - p), waste(1 - p)):
            loads[p] += 1
        moves_by[p] += 1
        shuffles[p] += m.src in WORK and m.dst in WORK
        state.play(m)
        capped[p] += state.to_move == p and state.moves_in_turn == TURN_MOVE_LIMIT
    r = state.result
    return GameRecord(index, seats, state.starter, r.winner, r.points_winner, r.reason,
                      state.turn, sum(moves_by), tuple(loads), r.cards_left,
                      tuple(moves_by), tuple(shuffles), tuple(capped))


def simulate(games: int, names: tuple[str, str], seed: int, workers: int = 1,
             progress: bool = False) -> list[GameRecord]:
    """Records of games 0..games-1, in index order, independent of ``workers``."""
    run = partial(_play_index, seed, tuple(names))
    bar = tqdm(total=games, disable=not progress, desc=f"{names[0]} vs {names[1]}",
               unit="game", file=sys.stderr)
    try:
        if workers <= 1:
            records = []
            for i in range(games):
                records.append(run(i))
                bar.update()
            return records
        with stoppable_pool(workers) as pool:
            records = []
            for rec in pool.imap(run, range(games), chunksize=max(1, min(20, games // (8 * workers)))):
                records.append(rec)
                bar.update()
            return records
    finally:
        bar.close()


def play_pair(a: str, b: str, games: int, seed: int, workers: int = 1) -> tuple[int, int, int]:
    """(A wins, B wins, draws) over ``games`` games of A against B, seats alternating."""
    records = simulate(games, (a, b), seed, workers=workers)
    wins = [sum(1 for r in records if r.winner is not None and r.seats[r.winner] == x) for x in (a, b)]
    return wins[0], wins[1], games - wins[0] - wins[1]


def _play_index(seed: int, names: tuple[str, str], index: int) -> GameRecord:
    return play_game(seed, index, names)


def _rate(k: int, n: int) -> dict:
    return rate(k, n, ("count", "of"))


def summarize(records: list[GameRecord], names: tuple[str, str]) -> dict:
    """Win/draw rates with 95% Wilson intervals, first-player advantage, lengths, loading."""
    n = len(records)
    out: dict = {"games": n, "bots": list(names)}
    decided = [r for r in records if r.winner is not None]
    for label, name in zip(("a", "b"), names):
        wins = sum(1 for r in decided if r.seats[r.winner] == name)
        pts = sum(1 for r in records if r.points_winner is not None and r.seats[r.points_winner] == name)
        out[label] = {"name": name, "wins": _rate(wins, n), "wins_of_decided": _rate(wins, len(decided)),
                      "score_wins": _rate(pts, n)}
    if names[0] == names[1]:
        for label in ("a", "b"):   # seats alternate, so split by seat parity instead
            parity = 0 if label == "a" else 1
            wins = sum(1 for r in decided if r.winner == (r.index + parity) % 2)
            pts = sum(1 for r in records if r.points_winner == (r.index + parity) % 2)
            out[label]["wins"] = _rate(wins, n)
            out[label]["wins_of_decided"] = _rate(wins, len(decided))
            out[label]["score_wins"] = _rate(pts, n)
    out["draws"] = _rate(n - len(decided), n)
    reasons: dict = {}
    for r in records:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    out["endings"] = reasons
    starter_wins = sum(1 for r in decided if r.winner == r.starter)
    out["starter_wins_of_decided"] = _rate(starter_wins, len(decided))
    out["first_player_advantage"] = (starter_wins / len(decided) - 0.5) if decided else 0.0
    turns = sorted(r.turns for r in records) or [0]
    out["turns"] = {"mean": statistics.fmean(turns), "median": statistics.median(turns),
                    "p90": turns[int(0.9 * (len(turns) - 1))], "max": turns[-1]}
    out["moves_mean"] = statistics.fmean(r.moves for r in records) if records else 0.0
    out["loads_per_game"] = statistics.fmean(sum(r.loads) for r in records) if records else 0.0
    out["decided_by_loading"] = _rate(sum(1 for r in decided if r.decided_by_loading), len(decided))
    out["work_to_work"] = work_to_work(records)
    return out


def work_to_work(records: list[GameRecord]) -> dict:
    """Per bot name: its moves, how many went from a work space to a work space (the share,
    with a 95% Wilson interval over moves) and how many of its turns hit the C12 move limit."""
    out: dict = {}
    for r in records:
        for p in (0, 1):
            e = out.setdefault(r.seats[p], {"moves": 0, "work_to_work": 0, "capped_turns": 0})
            e["moves"] += r.moves_by[p]
            e["work_to_work"] += r.shuffles[p]
            e["capped_turns"] += r.capped[p]
    for e in out.values():
        e["share"] = _rate(e["work_to_work"], e["moves"])
    return out
