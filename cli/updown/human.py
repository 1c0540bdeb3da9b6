"""Text for a person at the terminal: reading their moves, describing what happened.

Everything here works from the person's PlayerView only (U18).
"""
from __future__ import annotations

import re

import click

from drez.solver.updown.cards import card_text as _plain_card
from drez.solver.updown.cards import neighbours, parse_rank, rank_text
from drez.solver.updown.state import CONT, LEAD, PASS, START, STOP, Action
from drez.solver.updown.view import PlayerView

_DRAW = re.compile(r"^(d|draw)\d*$")
HELP = ("Type a rank to play it (2-10, J, Q, K, A), s to stop, d to draw (d1-d3 picks the "
        "pile), p to pass, g to let the greedy player choose, ? for help, quit to quit.")


_COLOR = False


def set_color(on: bool) -> None:
    """Colour the suits (hearts and diamonds red, clubs and spades bold) in what follows."""
    global _COLOR
    _COLOR = on


def card_text(card: int) -> str:
    """A card like 7h, in colour when set_color(True) was called."""
    text = _plain_card(card)
    if not _COLOR:
        return text
    return click.style(text, fg="red" if text[-1] in "dh" else None, bold=True)


def parse_move(text: str, view: PlayerView) -> Action:
    """The legal action meant by `text` in `view`; ValueError with a one-line reason if the
    text is not understood or the move is illegal (the reason names the rule)."""
    word = text.strip().lower().replace(" ", "")
    legal = view.legal
    if word in ("s", "stop"):
        if STOP in legal:
            return STOP
        if view.phase == START and not any(a.kind == "play" for a in legal):
            if any(a.kind == "draw" for a in legal):
                raise ValueError(f"Nothing in your hand fits on {card_text(view.table_card)}: "
                                 "draw a card (d) (U10).")
            raise ValueError("Nothing fits and your reserve is empty: pass (p) (U11).")
        raise ValueError("You must play at least one card first (U8)." if view.phase == START
                         else "This is a free lead: lead any card (U14).")
    if word in ("p", "pass"):
        if PASS in legal:
            return PASS
        raise ValueError(_why_not_pass(view))
    if _DRAW.match(word):
        return _draw(word, view)
    try:
        rank = parse_rank(word)
    except ValueError:
        raise ValueError(f"Not understood: {text.strip()!r}. {HELP}") from None
    kind = "lead" if view.phase == LEAD else "play"
    if Action(kind, rank) in legal:
        return Action(kind, rank)
    if all(c >> 2 != rank for c in view.hand):
        raise ValueError(f"You hold no {rank_text(rank)}.")
    lo, hi = neighbours(view.table_card >> 2)
    if view.phase == START and not any(a.kind == "play" for a in legal):
        raise ValueError(f"{rank_text(rank)} does not fit on {card_text(view.table_card)}; "
                         "nothing in your hand fits (U10/U11).")
    raise ValueError(f"{rank_text(rank)} does not fit on {card_text(view.table_card)} "
                     f"(only {rank_text(lo)} or {rank_text(hi)} fit, U2).")


def _why_not_pass(view: PlayerView) -> str:
    if any(a.kind in ("play", "lead") for a in view.legal):
        return "You can play, so you must (U8)." if view.phase != CONT else "Play on or stop (s)."
    return "You still have reserve cards: draw one (d) (U10)."


def _draw(word: str, view: PlayerView) -> Action:
    digits = "".join(ch for ch in word if ch.isdigit())
    draws = [a for a in view.legal if a.kind == "draw"]
    if not draws:
        if view.phase == CONT:
            raise ValueError("You have played this turn: play on or stop (s) (U9).")
        if any(a.kind in ("play", "lead") for a in view.legal):
            raise ValueError("You can play, so you must (U8); no drawing.")
        raise ValueError("Your reserve is empty: pass (p) (U11).")
    if not digits:
        sizes = view.pile_sizes[view.seat]
        return Action("draw", max(range(len(sizes)), key=lambda i: (sizes[i], -i)))
    pile = int(digits) - 1
    if Action("draw", pile) in draws:
        return Action("draw", pile)
    if not 0 <= pile < 3:
        raise ValueError(f"There is no pile {digits}: piles are 1, 2, 3.")
    raise ValueError(f"Pile {digits} is empty.")


def describe(event: tuple[str, int, int], you: int) -> str:
    """One line telling a person at seat `you` about a public event."""
    kind, seat, arg = event
    who = "You" if seat == you else f"Seat {seat}"
    verb = {"play": "play", "lead": "lead", "stop": "stop", "pass": "pass", "draw": "draw",
            "refill": "take", "out": "are out"}.get(kind, kind)
    if seat != you:
        verb = {"play": "plays", "lead": "leads", "stop": "stops", "pass": "passes",
                "draw": "draws", "take": "takes", "are out": "is out"}.get(verb, verb)
    if kind in ("play", "lead"):
        return f"{who} {verb} {card_text(arg)}" + (" (free lead)." if kind == "lead" else ".")
    if kind == "draw":
        return f"{who} {verb} a card from reserve pile {arg + 1}."
    if kind == "refill":
        return f"{who} {verb} {arg} reserve card{'s' if arg != 1 else ''} into an empty hand."
    if kind == "freelead":
        return (f"Nobody can play: {'you lead' if seat == you else f'seat {seat} leads'} "
                "any card (free lead).")
    return f"{who} {verb}."


def status(view: PlayerView) -> list[str]:
    """Lines showing a person their view: table, others' sizes, their hand and reserve."""
    others = "; ".join(
        f"seat {p} hand {view.hand_sizes[p]} reserve {'/'.join(map(str, view.pile_sizes[p]))}"
        + (" (out)" if p in view.out else "")
        for p in range(view.n_players) if p != view.seat)
    hand = " ".join(card_text(c) for c in view.hand)
    mine = "/".join(map(str, view.pile_sizes[view.seat]))
    legal = ", ".join(str(a) for a in view.legal)
    return [f"Table: {card_text(view.table_card)}   Others: {others}",
            f"Your hand: {hand}   Your reserve piles: {mine}",
            f"Legal: {legal}"]
