"""Up-and-down's actions, their text both ways, and the game's errors.

An action is ``Action(kind, arg)``: ('play', rank), ('lead', rank), ('draw', pile),
('stop', -1), ('pass', -1).  ``str(action)`` is its text (``play 10``, ``draw 2``, ``stop``);
``parse_action`` reads that text back, and also the short words a person types at the
terminal (a rank alone, ``s``, ``p``, ``d`` or ``d1``-``d3``), judged against the view of the
seat to move, so its errors name the rule that forbids a move.

Phases of the player to move (``view.phase``):

    START  start of a turn: play a fitting card (U8), else draw (U10), else pass (U11)
    CONT   after a card in this turn: play another fitting card, or stop (U9, U12)
    LEAD   free lead: play any card from hand (U14)
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from drez.solver.common.protocol import BadActionText, GameRuleError, IllegalAction
from drez.solver.updown.cards import card_text as plain_card_text
from drez.solver.updown.cards import neighbours, parse_rank, rank_text

START, CONT, LEAD = "start", "cont", "lead"
N_PILES = 3
_DRAW = re.compile(r"^(d|draw)\d*$")
_KIND = re.compile(r"^(play|lead)\s+(\S+)$")


class GameError(GameRuleError):
    """An illegal action, a bad setup, or a game that broke the length bound (U17)."""


class ActionTextError(GameError, BadActionText):
    """Text that names no Up-and-down action."""


class IllegalActionError(GameError, IllegalAction):
    """An action the rules (U8-U14) do not allow now; the message names the rule."""


class Action(NamedTuple):
    """One action: ('play', rank), ('lead', rank), ('draw', pile), ('stop', -1), ('pass', -1)."""
    kind: str
    arg: int = -1

    def __str__(self) -> str:
        if self.kind in ("play", "lead"):
            return f"{self.kind} {rank_text(self.arg)}"
        if self.kind == "draw":
            return f"draw {self.arg + 1}"
        return self.kind

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Parse the text form produced by `str(action)`; ActionTextError quoting bad input."""
        words = text.split()
        if not words:
            raise ActionTextError("empty action")
        kind = words[0].lower()
        if kind in ("stop", "pass") and len(words) == 1:
            return cls(kind)
        if kind in ("play", "lead") and len(words) == 2:
            try:
                return cls(kind, parse_rank(words[1]))
            except ValueError as err:
                raise ActionTextError(str(err)) from None
        if kind == "draw" and len(words) == 2 and words[1].isdigit():
            return cls(kind, int(words[1]) - 1)
        raise ActionTextError(f"not an action: {text!r}")


STOP = Action("stop")
PASS = Action("pass")

def parse_action(text: str, view, card_text: Callable[[int], str] = plain_card_text) -> Action:
    """The legal action meant by `text` for the seat of `view` (a PlayerView whose seat is
    to move): ActionTextError when the text is not understood, IllegalActionError (one line
    naming the rule) when the move it names is illegal.  Reads `str(action)` back for every
    legal action; `card_text` writes the cards named in the messages."""
    kind_rank = _KIND.match(text.strip().lower())
    word = (kind_rank.group(2) if kind_rank else text.strip().lower()).replace(" ", "")
    legal = view.legal
    if word in ("s", "stop"):
        if STOP in legal:
            return STOP
        if view.phase == START and not any(a.kind == "play" for a in legal):
            if any(a.kind == "draw" for a in legal):
                raise IllegalActionError(f"Nothing in your hand fits on {card_text(view.table_card)}: "
                                         "draw a card (d) (U10).")
            raise IllegalActionError("Nothing fits and your reserve is empty: pass (p) (U11).")
        raise IllegalActionError("You must play at least one card first (U8)." if view.phase == START
                                 else "This is a free lead: lead any card (U14).")
    if word in ("p", "pass"):
        if PASS in legal:
            return PASS
        raise IllegalActionError(_why_not_pass(view))
    if _DRAW.match(word):
        return _draw(word, view)
    try:
        rank = parse_rank(word)
    except ValueError:
        raise ActionTextError(f"Not understood: {text.strip()!r}.") from None
    kind = "lead" if view.phase == LEAD else "play"
    if Action(kind, rank) in legal:
        return Action(kind, rank)
    if all(c >> 2 != rank for c in view.hand):
        raise IllegalActionError(f"You hold no {rank_text(rank)}.")
    lo, hi = neighbours(view.table_card >> 2)
    if view.phase == START and not any(a.kind == "play" for a in legal):
        raise IllegalActionError(f"{rank_text(rank)} does not fit on {card_text(view.table_card)}; "
                                 "nothing in your hand fits (U10/U11).")
    raise IllegalActionError(f"{rank_text(rank)} does not fit on {card_text(view.table_card)} "
                             f"(only {rank_text(lo)} or {rank_text(hi)} fit, U2).")


def _why_not_pass(view) -> str:
    if any(a.kind in ("play", "lead") for a in view.legal):
        return "You can play, so you must (U8)." if view.phase != CONT else "Play on or stop (s)."
    return "You still have reserve cards: draw one (d) (U10)."


def _draw(word: str, view) -> Action:
    digits = "".join(ch for ch in word if ch.isdigit())
    draws = [a for a in view.legal if a.kind == "draw"]
    if not draws:
        if view.phase == CONT:
            raise IllegalActionError("You have played this turn: play on or stop (s) (U9).")
        if any(a.kind in ("play", "lead") for a in view.legal):
            raise IllegalActionError("You can play, so you must (U8); no drawing.")
        raise IllegalActionError("Your reserve is empty: pass (p) (U11).")
    if not digits:
        sizes = view.pile_sizes[view.seat]
        return Action("draw", max(range(len(sizes)), key=lambda i: (sizes[i], -i)))
    pile = int(digits) - 1
    if Action("draw", pile) in draws:
        return Action("draw", pile)
    if not 0 <= pile < N_PILES:
        raise IllegalActionError(f"There is no pile {digits}: piles are 1, 2, 3.")
    raise IllegalActionError(f"Pile {digits} is empty.")
