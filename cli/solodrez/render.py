"""Drawing positions for people: columns side by side, cards in their Pokerdrez colours."""
from __future__ import annotations

import os
import sys

import click

from drez.solver.solodrez.rules.cards import card_name, card_number, is_neutral

# 256-colour terminal codes for the nine colours of the rulings (1 gray .. 9 green)
_ANSI = {1: 245, 2: 196, 3: 201, 4: 93, 5: 33, 6: 226, 7: 51, 8: 208, 9: 40}
_NEUTRAL = 255


def use_color(flag: bool | None) -> bool:
    """--color/--no-color when given; otherwise colour only on a terminal without NO_COLOR."""
    if flag is not None:
        return flag
    return not os.environ.get("NO_COLOR") and sys.stdout.isatty()


def _card(card: int, color: bool, marked: bool = False) -> str:
    text = card_name(card)
    if not color:
        return ("*" if marked else " ") + text
    code = _NEUTRAL if is_neutral(card) else _ANSI[card_number(card)]
    return " " + click.style(text, fg=code, bold=is_neutral(card), reverse=marked)


def draw(pos, color: bool = True, marked: tuple[int, int] | None = None) -> str:
    """The position as rows of cards under column numbers 1..9 (first card on top).

    marked=(column, k) highlights the top k cards of that 0-based column (the last move):
    reversed colours, or a '*' before each card without colour.
    """
    height = max((len(c) for c in pos.columns), default=0)
    lines = ["  ".join(f"{c + 1:>2} " for c in range(9)).rstrip()]
    lines.append("  ".join("---" for _ in range(9)))
    for row in range(height):
        cells = []
        for c, col in enumerate(pos.columns):
            hit = marked is not None and c == marked[0] and row >= len(col) - marked[1]
            cells.append(_card(col[row], color, hit) if row < len(col) else "   ")
        lines.append("  ".join(cells).rstrip())
    if height == 0:
        lines.append("(the table is empty)")
    return "\n".join(lines)
