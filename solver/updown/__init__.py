"""Up-and-down, the Latvian shedding game: engine, computer players, simulator.

Rules are numbered U1.. in `seeds/updown.md`; the engine follows them exactly.
"""
from drez.solver.updown.actions import Action, GameError
from drez.solver.updown.cards import RANKS, card_text, fits, rank_of
from drez.solver.updown.state import GameState, new_game

__all__ = [
           "RANKS",
           "Action",
           "GameError",
           "GameState",
           "card_text",
           "fits",
           "new_game",
           "rank_of",
]
