"""Crapette's actions as text, both ways, and the game's errors: the short move notation
typed by people (rule C17) and printed for computer moves.  Move values are in ``piles``.

Piles, as seen by the player to move:  ``f`` own first pile, ``s`` own second pile,
``1``-``8`` work spaces, ``h1``-``h8`` home piles (``h`` alone: whichever home pile takes
the card), ``os``/``ot`` the opponent's second/third pile.  A move is ``from-to`` (``s-h``,
``f-3``, ``2-ot``; the dash may be a space or left out).  Words: ``switch`` ends the turn
(or passes when the first and third piles are empty), ``flip`` turns the third pile over.
"""
from __future__ import annotations

import re

from drez.solver.common.protocol import BadActionText, IllegalAction
from drez.solver.crapette.piles import (
    HOME,
    PASS,
    WORK,
    Move,
    end_move,
    flip_move,
    reserve,
    stock,
    waste,
)


class IllegalMove(IllegalAction):
    """A move that the rules do not allow; the message is a one-line reason."""


class MoveTextError(BadActionText):
    """Text that is not a move in the notation."""


_MOVE_RE = re.compile(r"^(f|s|[1-8])\s*-?\s*(h[1-8]?|[1-8]|os|ot)$")


def pile_name(idx: int, p: int) -> str:
    """Name of pile ``idx`` for player p in the move notation."""
    if idx in WORK:
        return str(idx + 1)
    if idx in HOME:
        return f"h{idx - 7}"
    names = {stock(p): "f", reserve(p): "s", waste(p): "t",
             stock(1 - p): "of", reserve(1 - p): "os", waste(1 - p): "ot"}
    return names[idx]


def move_text(m: Move, p: int) -> str:
    """Notation of move ``m`` made by player p; ``parse_move`` reads it back."""
    if m == PASS:
        return "pass"
    if m == end_move(p):
        return "switch"
    if m == flip_move(p):
        return "flip"
    return f"{pile_name(m.src, p)}-{pile_name(m.dst, p)}"


def parse_move(text: str, state) -> Move:
    """The move that ``text`` names for the player to move of ``state`` (a GameState);
    MoveTextError (one line) if unreadable.

    The result is not checked for legality (``GameState.check`` does that), except that a bare
    ``h`` needs some home pile that takes the card (IllegalMove otherwise).
    """
    p = state.to_move
    word = text.strip().lower()
    if word in ("switch", "pass"):
        return state.turn_end_move() if state.turn_end_move() != flip_move(p) else end_move(p)
    if word == "flip":
        return flip_move(p)
    match = _MOVE_RE.match(word)
    if not match:
        raise MoveTextError(f"cannot read {text.strip()!r}: try s-h, f-3, 2-ot, switch (or help)")
    src_word, dst_word = match.groups()
    src = {"f": stock(p), "s": reserve(p)}.get(src_word)
    src = int(src_word) - 1 if src is None else src
    if dst_word == "os":
        return Move(src, reserve(1 - p))
    if dst_word == "ot":
        return Move(src, waste(1 - p))
    if dst_word.startswith("h"):
        if len(dst_word) == 2:
            return Move(src, 7 + int(dst_word[1]))
        for h in HOME:
            if state.check(Move(src, h)) is None:
                return Move(src, h)
        raise IllegalMove("no home pile takes that card")
    return Move(src, int(dst_word) - 1)
