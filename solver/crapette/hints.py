"""Hints for a person playing Crapette: the move a computer player would make in their seat.

A hint reads only the view of the player to move (C16), like the computer players, and draws
chance from the random source it is given, which the caller keeps for hints alone (seeded
independently of the deal and of every computer player's source): asking for a hint never
changes the game or what the computer does later (issue 39).

Hints never go round in circles: a hinted move never leads back to a position already on
the table earlier in this turn (so never undoes the previous move), and a tidy player's
hints make at most ``MAX_SHUFFLES`` work-to-work moves in a row, counting those the person
just made.  So following hint after hint ends the turn.
"""
from __future__ import annotations

import copy
import random

from drez.solver.crapette.piles import Move
from drez.solver.crapette.reply import ReplySearchBot
from drez.solver.crapette.search import SearchBot, is_shuffle
from drez.solver.crapette.state import GameState


def turn_views(state: GameState) -> list:
    """The views of the player to move of every position of this turn before the current
    one, oldest first (what that player saw; nothing hidden)."""
    p = state.to_move
    past = copy.deepcopy(state)
    views = []
    while len(past.history) > past.turn_start:
        past.undo()
        views.append(past.view(p))
    return views[::-1]


def shuffles_in_a_row(state: GameState) -> int:
    """Work-to-work moves at the end of this turn's moves, in a row."""
    n = 0
    for m, _ in reversed(state.history[state.turn_start:]):
        if not is_shuffle(m):
            break
        n += 1
    return n


def hint(state: GameState, rng: random.Random, bot: str = "best") -> Move:
    """The move computer player ``bot`` (a name of ``sim.BOTS``) suggests for the player to move
    of ``state``, a legal move that leads to no position seen earlier this turn (see module
    docstring).  ``rng`` must be a random source kept for hints only."""
    from drez.solver.crapette.sim import make_bot
    p = state.to_move
    view = state.view(p)
    player = make_bot(bot)
    if not isinstance(player, SearchBot):
        return player.choose(view, rng)
    if isinstance(player, ReplySearchBot):
        player.memory.update(view)
        plan_state = player.memory.state(view)
        remembered = player.memory.cards()
        unknown = [c for c in view.unknown() if c not in remembered]
    else:
        plan_state, unknown = GameState.from_view(view), view.unknown()
    seen = {player.key(GameState.from_view(v)) for v in turn_views(state)}
    return player.plan(plan_state, unknown, rng, seen=seen, shuffled=shuffles_in_a_row(state))[0]
