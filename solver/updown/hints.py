"""Hints for a person playing Up-and-down: what a computer player would do in their seat.

A hint reads only the person's view (U18), like the computer players, and draws chance from
the random source it is given; the caller keeps that source for hints alone (seeded apart
from the deal and from every computer player's source), so asking for hints never changes
the game or what the computer players do later (issue 39).
"""
from __future__ import annotations

import random

from drez.solver.updown.actions import Action
from drez.solver.updown.view import PlayerView


def hint(view: PlayerView, rng: random.Random, bot: str = "best") -> Action:
    """The action computer player ``bot`` (a ``sim.make_bot`` spec; default the strongest)
    would choose from ``view``, which must be the view of the seat to move (its ``legal`` is
    filled); always one of ``view.legal``.  ``rng`` must be a random source kept for hints."""
    from drez.solver.updown.sim import make_bot
    if not view.legal:
        raise ValueError(f"seat {view.seat} is not to move: no hint")
    if len(view.legal) == 1:
        return view.legal[0]
    return make_bot(bot).choose(view, rng)
