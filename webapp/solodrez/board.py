"""What the page draws and says about a position, as plain JSON: the cards of each column
by code and by name, how many cards at the top of each column form an ordered run, and a
move said in words (with the series it removed)."""
from __future__ import annotations

from drez.solver.solodrez.rules.cards import RANK_NAMES, card_digit, card_name, card_number, is_neutral
from drez.solver.solodrez.rules.moves import Move
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


def removed_series(before: Position, move: Move, after: Position) -> list[int]:
    """The columns (1-9) whose complete series the move removed: a column that should hold
    cards after the move and is empty (none when the move won the game: then every card
    left the table)."""
    if after.is_won():
        return []
    counts = [len(c) for c in before.columns]
    counts[move.src] -= move.cards
    counts[move.dst] += move.cards
    return [c + 1 for c in range(len(counts)) if counts[c] and not after.columns[c]]


def said(before: Position, move: Move, after: Position) -> str:
    """'3 cards from column 4 onto column 7; the series in column 7 is removed'."""
    cards = "1 card" if move.cards == 1 else f"{move.cards} cards"
    text = f"{cards} from column {move.src + 1} onto column {move.dst + 1}"
    gone = removed_series(before, move, after)
    if len(gone) == 1:
        text += f"; the series in column {gone[0]} is removed"
    elif gone:
        text += "; the series in columns " + " and ".join(map(str, gone)) + " are removed"
    if after.is_won():
        text += "; the game is won"
    return text
