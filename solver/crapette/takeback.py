"""Taking back a person's move in Crapette without a look at hidden information (issue 39).

A person may take back moves of the current turn only, and never a move that showed a card
that was face down: taking it back would hide again a card the player has seen.  Such a
move stands: a first-pile move (the card under the top is turned up), a second-pile move
that uncovered a card, and turning the third pile over.  So no take-back ever reaches past
a move that revealed something.  (``GameState.undo`` itself takes back anything: searches
and the stop rule, C15, use it.)
"""
from __future__ import annotations

from drez.solver.crapette.actions import IllegalMove
from drez.solver.crapette.piles import Move, flip_move, reserve, stock


def why_not_take_back(state) -> str | None:
    """Why a person may not take back the last move of ``state`` (a GameState) now, as one
    line; None when they may (see module docstring)."""
    if state.result is not None:
        return "the game is over"
    p = state.to_move
    if len(state.history) <= state.turn_start:
        return "nothing to undo in this turn"
    m = state.history[-1][0]
    if m == flip_move(p):
        return "that move turned your third pile over, so it stands"
    if m.src == stock(p):
        return "that move turned up a new card from your first pile, so it stands"
    if m.src == reserve(p) and state.piles[m.src]:
        return "that move turned up a new card from your second pile, so it stands"
    return None


def take_back(state) -> Move:
    """Take back the last move of ``state`` for a person and return it; IllegalMove with the
    reason from ``why_not_take_back``, state unchanged, when it may not be taken back."""
    why = why_not_take_back(state)
    if why:
        raise IllegalMove(why)
    return state.undo()
