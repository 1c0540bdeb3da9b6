"""The search player: plans its whole turn with a depth-first search over the visible cards.

The search runs on ``GameState.from_view(view)``, where face-down cards are HIDDEN.  A line
of play ends at the turn-ending move, or at a move that turns up a face-down card (the first-pile or
second-pile card underneath); there the card is unknown, so the position is valued as the
mean over a few cards sampled from the unseen ones (``view.unknown()``), each followed by the
home-pile moves it allows.  Home-pile moves are played first whenever one exists (they only
ever help the mover), which keeps the tree small.  The best line is followed move by move
and the turn is planned again once a card is turned up.
"""
from __future__ import annotations

import random

from drez.solver.crapette.cards import HIDDEN
from drez.solver.crapette.piles import Move, flip_move, reserve, stock, waste
from drez.solver.crapette.rules import home_wants, load_accepts
from drez.solver.crapette.state import GameState
from drez.solver.crapette.view import PlayerView

WIN = 10_000.0


def burden(state: GameState, q: int) -> float:
    """Cards player q still has to get rid of, second-pile cards counting double."""
    piles = state.piles
    return 2 * len(piles[reserve(q)]) + len(piles[stock(q)]) + len(piles[waste(q)])


def evaluate(state: GameState, p: int) -> float:
    """Value for player p of a position where p's turn is over (higher is better for p).

    Card balance (``burden``), minus half a point for each chance p leaves the opponent at
    once: one of their visible pile tops that could go to a home pile or onto p's piles.
    """
    if state.result is not None:
        w = state.result.winner
        return 0.0 if w is None else (WIN if w == p else -WIN)
    o = 1 - p
    piles = state.piles
    v = burden(state, o) - burden(state, p)
    targets = [piles[t][-1] for t in (reserve(p), waste(p)) if piles[t] and piles[t][-1] >= 0]
    empty, want = home_wants(piles)
    for src in (reserve(o), stock(o)):
        if piles[src] and piles[src][-1] >= 0:
            c = piles[src][-1]
            if (c % 52 in want) if c % 13 else empty is not None:
                v -= 0.5
            v -= 0.5 * sum(1 for t in targets if load_accepts(t, c))
    return v


class SearchBot:
    """Depth-first search over the moves of its own turn (see module docstring); the
    reply-search player (reply.py) builds on it.

    ``nodes`` bounds the positions expanded per plan; ``samples`` is how many unseen cards
    stand in for a card that a move would turn up.
    """
    name = "search"

    def __init__(self, nodes: int = 250, samples: int = 3):
        self.nodes = nodes
        self.samples = samples
        self._plan: list[Move] = []
        self._expect: tuple | None = None

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """First move of the best line found for the rest of this turn (always legal)."""
        state = GameState.from_view(view)
        key = state.key()
        if self._plan and key == self._expect:
            m = self._plan.pop(0)
        else:
            self._plan = self.plan(state, view.unknown(), rng)
            m = self._plan.pop(0)
        state.do(m)
        self._expect = state.key() if self._plan and state.to_move == view.me else None
        return m

    def plan(self, state: GameState, unknown: list[int], rng: random.Random) -> list[Move]:
        """Best line (non-empty list of legal moves) for the player to move, by ``evaluate``."""
        self._p = state.to_move
        self._unknown = unknown
        self._rng = rng
        self._budget = self.nodes
        self._seen: set = set()
        _, line = self._dfs(state)
        return line

    def _dfs(self, state: GameState) -> tuple[float, list[Move]]:
        p = self._p
        home = state.first_home_move()
        if home is not None:
            moves, end = [home], state.turn_end_move()
        else:
            moves = state.legal_moves()
            end = moves[-1]
        best_v, best_line = None, None
        if home is None and end != flip_move(p):
            state.do(end)
            best_v, best_line = self._value(state), [end]
            state.undo()
            moves = moves[:-1]
        self._budget -= 1
        for m in moves:
            if self._budget <= 0 and best_line is not None:
                break
            reveals = m.src in (stock(p), reserve(p)) and len(state.piles[m.src]) > 1 \
                and state.piles[m.src][-2] == HIDDEN
            state.do(m)
            if state.result is not None or state.to_move != p:
                v, line = self._value(state), [m]
            elif reveals:
                v, line = self._sampled(state, m.src), [m]
            else:
                k = state.key()
                if k in self._seen:
                    state.undo()
                    continue
                self._seen.add(k)
                v, rest = self._dfs(state)
                line = [m] + rest
            state.undo()
            if best_v is None or v > best_v:
                best_v, best_line = v, line
        if best_line is None:          # only repeated positions: end the turn
            return self._end_value(state), [end]
        return best_v, best_line

    def _value(self, state: GameState) -> float:
        """Value of a position where the planner's turn is over (``evaluate``)."""
        return evaluate(state, self._p)

    def _end_value(self, state: GameState) -> float:
        n = 0
        while state.to_move == self._p and state.result is None:
            state.do(state.turn_end_move())
            n += 1
        v = self._value(state)
        for _ in range(n):
            state.undo()
        return v

    def _sampled(self, state: GameState, src: int) -> float:
        """Mean value over sampled cards for the HIDDEN card now on top of pile ``src``."""
        pile = state.piles[src]
        total = 0.0
        pool = self._pool(src)
        picks = self._rng.sample(pool, min(self.samples, len(pool)))
        for card in picks:
            pile[-1] = card
            n = 0
            while state.result is None:
                m = state.first_home_move()
                if m is None:
                    break
                state.do(m)
                n += 1
            total += self._end_value(state)
            for _ in range(n):
                state.undo()
        pile[-1] = HIDDEN
        return total / len(picks) if picks else self._end_value(state)

    def _pool(self, src: int) -> list[int]:
        """The unseen cards that may stand for a face-down card of pile ``src``."""
        return self._unknown
