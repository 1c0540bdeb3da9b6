"""Computer players.  Each sees only a ``PlayerView`` and draws chance from the rng it is given.

Protocol: ``bot.choose(view, rng) -> Move``; the move is legal for
``GameState.from_view(view)``.
"""
from __future__ import annotations

import random

from drez.solver.crapette.piles import HOME, WORK, Move, reserve, stock, waste
from drez.solver.crapette.rules import home_accepts, work_accepts
from drez.solver.crapette.state import GameState
from drez.solver.crapette.view import PlayerView


class RandomBot:
    """Weakest: a uniformly random legal move (turn end included)."""
    name = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A uniform choice among ``legal_moves`` of the view."""
        return rng.choice(GameState.from_view(view).legal_moves())


def is_safe_load(state: GameState, m: Move) -> bool:
    """A load the opponent cannot turn to profit at once: onto their third pile, or onto their
    second pile when the card could go neither to a home pile nor onto a work space."""
    if m.dst == waste(1 - state.to_move):
        return True
    c = state.piles[m.src][-1]
    piles = state.piles
    if any(home_accepts(piles[h], c) for h in HOME):
        return False
    return not any(w != m.src and (not piles[w] or work_accepts(piles[w][-1], c)) for w in WORK)


def rule_score(state: GameState, m: Move) -> int | None:
    """Priority of move ``m`` for the rule-based player; None for moves it never makes."""
    p = state.to_move
    piles = state.piles
    own = {reserve(p): 2, stock(p): 1}
    if m.dst in HOME:
        return 100 + own.get(m.src, 0)
    if m.dst in (reserve(1 - p), waste(1 - p)):
        if not is_safe_load(state, m):
            return None
        return {reserve(p): 90, stock(p): 80}.get(m.src, 60)
    if m.dst in WORK:
        empty = not piles[m.dst]
        if m.src == reserve(p):
            return 65 if empty else 70
        if m.src == stock(p):
            n_empty = sum(1 for w in WORK if not piles[w])
            return (20 if n_empty >= 2 else None) if empty else 50
        if len(piles[m.src]) == 1 and not empty and piles[reserve(p)]:
            return 40      # empties a work space for the second pile's next card
    return None


class RuleBot:
    """Home piles first, then safe loads, then the second pile onto work spaces, keeping
    work spaces useful; ends the turn when nothing on its list applies.  Every move it makes
    lowers its own card count or the number of filled work spaces, so its turns end."""
    name = "rule"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The legal move with the highest ``rule_score`` (first on ties), else the turn end."""
        state = GameState.from_view(view)
        moves = state.legal_moves()
        best, best_score = moves[-1], None
        for m in moves[:-1]:
            s = rule_score(state, m)
            if s is not None and (best_score is None or s > best_score):
                best, best_score = m, s
        return best
