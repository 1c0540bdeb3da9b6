"""The reply-search player: the search player plus memory, the right pack, and the reply.

Three changes to ``SearchBot`` (solver/crapette/search.py), each from issue 16:

* it remembers what a person at the table would (``PileMemory``): after a third pile is
  turned over, the order of the new first pile, and any card once seen in a second pile;
  the search then plays through remembered cards instead of stopping at them;
* a face-down card of the mover's own first or second pile is sampled from the unseen
  cards of the mover's own pack, where nearly all of them come from;
* an end of turn is valued after the opponent's reply: the rule player's turn (home piles,
  safe loads, second pile out) played on the visible and remembered cards, up to the first
  move that would turn up a card nobody has seen; then the card balance.
"""
from __future__ import annotations

import random

from drez.solver.crapette.bots import rule_score
from drez.solver.crapette.cards import HIDDEN
from drez.solver.crapette.memory import PileMemory
from drez.solver.crapette.piles import Move, reserve, stock
from drez.solver.crapette.search import WIN, SearchBot, burden
from drez.solver.crapette.state import GameState
from drez.solver.crapette.view import PlayerView

REPLY_MOVES = 60     # bound on the opponent's replayed turn (the rule player's turns end anyway)


def rule_reply(state: GameState) -> int:
    """Play the rule player's moves for the player to move until it would end its turn or
    turn up a HIDDEN card (that move is made); returns how many moves were made."""
    n = 0
    o = state.to_move
    while state.result is None and n < REPLY_MOVES:
        moves = state.legal_moves()
        best, best_score = None, None
        for m in moves[:-1]:
            s = rule_score(state, m)
            if s is not None and (best_score is None or s > best_score):
                best, best_score = m, s
        if best is None:
            break
        pile = state.piles[best.src]
        reveals = best.src in (stock(o), reserve(o)) and len(pile) > 1 and pile[-2] == HIDDEN
        state.do(best)
        n += 1
        if reveals or state.to_move != o:
            break
    return n


class ReplySearchBot(SearchBot):
    """Strongest Crapette player (see module docstring); keeps a memory, so use one per game.

    Its search is tidy (see search.py): no pointless shuffles between work spaces.  With
    ``tidy=False`` it is the reply player as it was before issue 39 (``reply-v1``)."""
    name = "reply"

    def __init__(self, nodes: int = 250, samples: int = 3, tidy: bool = True):
        super().__init__(nodes, samples, tidy)
        self.memory = PileMemory()

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """First move of the best line for this turn, planned on visible and remembered cards."""
        self.memory.update(view)
        state = self.memory.state(view)
        key = state.key()
        if self._plan and key == self._expect:
            m = self._plan.pop(0)
        else:
            remembered = self.memory.cards()
            unknown = [c for c in view.unknown() if c not in remembered]
            self._plan = self.plan(state, unknown, rng, shuffled=self._shuffled_now(view))
            m = self._plan.pop(0)
        self._made(view, m)
        state.do(m)
        self._expect = state.key() if self._plan and state.to_move == view.me else None
        return m

    def _value(self, state: GameState) -> float:
        if state.result is None:
            n = rule_reply(state)
        else:
            n = 0
        if state.result is not None:
            w = state.result.winner
            v = 0.0 if w is None else (WIN if w == self._p else -WIN)
        else:
            v = burden(state, 1 - self._p) - burden(state, self._p)
        for _ in range(n):
            state.undo()
        return v

    def _pool(self, src: int) -> list[int]:
        own = [c for c in self._unknown if c // 52 == self._p]
        return own or self._unknown
