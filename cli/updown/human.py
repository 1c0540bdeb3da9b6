"""Text for a person at the terminal: the help, the cards, what happened, what they see.

Everything here works from the person's PlayerView only (U18).
"""
from __future__ import annotations

import click

from drez.solver.updown.cards import card_text as _plain_card
from drez.solver.updown.view import PlayerView

HELP = ("Type a rank to play it (2-10, J, Q, K, A), s to stop, d to draw (d1-d3 picks the "
        "pile), p to pass, hint (the strongest player's suggestion), g (the greedy player's), "
        "auto (let greedy move for you), moves, undo (a card played this turn, until cards "
        "are seen), ? for help, quit to quit.")


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


def final_lines(state, you: int = -1, labels: list[str] | None = None) -> list[str]:
    """At the end of a game, every seat's hand (now shown) and cards left in hand and
    reserve: what decides a match's loser (U19).  Only for a finished game."""
    if not state.done:
        raise ValueError("hands are shown only when the game is over")
    lines = ["Cards left (hand + reserve):"]
    for p in range(state.n):
        who = "you" if p == you else (labels[p] if labels else f"seat {p}")
        hand = " ".join(card_text(c) for c in sorted(state.hands[p])) or "-"
        reserve = state.reserve_count(p)
        lines.append(f"  {who}: {state.cards_left(p)} (hand {hand}; reserve {reserve})")
    return lines


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
