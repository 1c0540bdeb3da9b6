"""What the page draws and says about a position, as plain JSON: the cards of each column
by code and by name, how many cards at the top of each column form an ordered run, and a
move said in words (with the series it removed)."""
from __future__ import annotations

from drez.solver.solodrez.io.sentences import move_said as said  # noqa: F401  (the page's words)
from drez.solver.solodrez.io.sentences import removed_series  # noqa: F401
from drez.solver.solodrez.rules.cards import RANK_NAMES, card_digit, card_name, card_number, is_neutral
from drez.solver.solodrez.rules.position import Position

JOKER = 6


def person_name(card: int) -> str:
    """'Queen 7', 'neutral 2'."""
    if is_neutral(card):
        return f"neutral {card_number(card)}"
    return f"{RANK_NAMES[card_digit(card)]} {card_number(card)}"


def is_ordered(cards) -> bool:
    """The cards (bottom to top) may move together by the rules: some start rank s (a
    Joker at most) gives card i the role s - i, every role a Pawn at least, and each real
    card plays its own rank (a neutral plays whatever its place needs)."""
    n = len(cards)
    for start in range(n, JOKER + 1):
        if all(is_neutral(c) or card_digit(c) == start - i for i, c in enumerate(cards)):
            return True
    return False


def run_length(column) -> int:
    """The largest k such that the last k cards of the column form an ordered run."""
    k = 0
    while k < len(column) and is_ordered(column[len(column) - k - 1:]):
        k += 1
    return k


def board_json(pos: Position) -> dict:
    """{"columns": card codes bottom to top, "runs": ordered cards on top of each column,
    "names": a person's name of each card}, nine entries each."""
    return {"columns": [[card_name(c) for c in col] for col in pos.columns],
            "runs": [run_length(col) for col in pos.columns],
            "names": [[person_name(c) for c in col] for col in pos.columns]}
