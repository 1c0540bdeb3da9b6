"""Crapette's table geometry and move values: which index is which pile, and ``Move``.

Pile layout (indexes into ``GameState.piles``; every pile is a list, top card last)::

    0..7    work spaces W1..W8  (W1-W4 dealt from player 0's pack, W5-W8 from player 1's)
    8..15   home piles H1..H8
    16 17 18  player 0: first pile (stock), second pile (reserve), third pile (waste)
    19 20 21  player 1: first, second, third pile

A ``Move`` is a pair of pile indexes.  Three moves are special: ending the turn is
``first pile -> own third pile`` (rule C9), turning the third pile over is
``third pile -> first pile`` (C10), and ``PASS`` is ``Move(-1, -1)`` (C11).
Rule numbers refer to ``seeds/crapette.md``.
"""
from __future__ import annotations

from typing import NamedTuple

WORK = range(8)
HOME = range(8, 16)
N_PILES = 22


def stock(p: int) -> int:
    """Pile index of player p's first pile (stock)."""
    return 16 + 3 * p


def reserve(p: int) -> int:
    """Pile index of player p's second pile (reserve)."""
    return 17 + 3 * p


def waste(p: int) -> int:
    """Pile index of player p's third pile (waste)."""
    return 18 + 3 * p


def sources(p: int) -> tuple[int, ...]:
    """The piles whose top card player p may move (C4): second pile, first pile, work
    spaces, in the order moves are offered."""
    return (reserve(p), stock(p), *WORK)


class Move(NamedTuple):
    """One move: take the top card of pile ``src`` and put it on pile ``dst``."""
    src: int
    dst: int


MOVES = [[Move(a, b) for b in range(N_PILES)] for a in range(N_PILES)]   # MOVES[a][b]: one shared value
PASS = Move(-1, -1)
STOP = Move(-2, -2)


def end_move(p: int) -> Move:
    """Player p ends the turn: first-pile top onto the third pile (C9)."""
    return MOVES[stock(p)][waste(p)]


def flip_move(p: int) -> Move:
    """Player p turns the third pile over to become the first pile (C10)."""
    return MOVES[waste(p)][stock(p)]
