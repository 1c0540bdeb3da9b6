"""The Pokerdrez deck: card names, ranks and colours.

A card is an index 0..55 in the unshuffled deck order of the rulings:
J1..J9, Q1..Q9, R1..R9, B1..B9, N1..N9, P1..P9, X1, X2.
The engine only sees a card's *digit*: its rank 1 (Pawn) .. 6 (Joker), or 0 for a neutral.
"""
from __future__ import annotations

import re

RANK_LETTERS = "JQRBNP"          # highest first, as in the deck order
RANK_NAMES = {6: "Joker", 5: "Queen", 4: "Rook", 3: "Bishop", 2: "Knight", 1: "Pawn"}
NEUTRAL_DIGIT = 0
DECK_SIZE = 56
FIRST_NEUTRAL = 54              # X1; X2 is 55: the neutrals end the deck order
NEUTRALS = (FIRST_NEUTRAL, FIRST_NEUTRAL + 1)

# The number on a card fixes its colour (rulings, "Deck").
COLOUR_NAMES = {1: "gray", 2: "red", 3: "magenta", 4: "purple", 5: "blue",
                6: "yellow", 7: "cyan", 8: "orange", 9: "green"}

_CARD_RE = re.compile(r"^(?:([JQRBNP])([1-9])|X([12]))$")


class CardError(ValueError):
    """A card name that is not a Pokerdrez card."""


def is_neutral(card: int) -> bool:
    """True for X1 and X2."""
    return card >= FIRST_NEUTRAL


def card_name(card: int) -> str:
    """The two-character name of card index 0..55, e.g. 'J1', 'P9', 'X2'."""
    if is_neutral(card):
        return f"X{card_number(card)}"
    return f"{RANK_LETTERS[card // 9]}{card % 9 + 1}"


def parse_card(text: str) -> int:
    """The card index of a name like 'Q7' or 'X1'; raises CardError quoting the text."""
    m = _CARD_RE.match(text)
    if not m:
        raise CardError(f"unknown card {text!r}")
    if m.group(3):
        return FIRST_NEUTRAL + int(m.group(3)) - 1
    return RANK_LETTERS.index(m.group(1)) * 9 + int(m.group(2)) - 1


def card_digit(card: int) -> int:
    """The engine digit of a card: its rank 1..6, or 0 for a neutral."""
    return NEUTRAL_DIGIT if is_neutral(card) else 6 - card // 9


def card_number(card: int) -> int:
    """The number 1..9 printed on a real card (its colour), 1..2 for a neutral."""
    return card - FIRST_NEUTRAL + 1 if is_neutral(card) else card % 9 + 1
