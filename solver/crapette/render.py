"""Text drawing of the table for the terminal (``drez crapette play``)."""
from __future__ import annotations

import click

from solver.crapette.cards import is_red, text
from solver.crapette.game import HOME, WORK, GameState, reserve, stock, waste


def card_text(card: int | None, color: bool) -> str:
    """A card as text: suit symbols in colour (red suits red), plain letters without colour."""
    if card is None:
        return "--"
    if not color:
        return text(card)
    return click.style(text(card, symbols=True), fg="red" if is_red(card) else None, bold=True)


def _side(state: GameState, p: int, label: str, color: bool) -> str:
    piles = state.piles
    f, s, t = piles[stock(p)], piles[reserve(p)], piles[waste(p)]
    return (f"{label:<12} first {card_text(f[-1] if f else None, color)} ({len(f):2})   "
            f"second {card_text(s[-1] if s else None, color)} ({len(s):2})   "
            f"third {card_text(t[-1] if t else None, color)} ({len(t):2})")


def draw_table(state: GameState, names: tuple[str, str], color: bool = False) -> str:
    """The whole table as lines: player 1's piles, work spaces, home piles, player 0's piles.

    Face-down cards never appear; only tops of the first and second piles are shown.
    """
    lines = [_side(state, 1, names[1], color)]
    for w in WORK:
        cards = " ".join(card_text(c, color) for c in state.piles[w]) or "--"
        lines.append(f"  {w + 1}: {cards}")
    homes = "  ".join(f"h{h - 7} {card_text(state.piles[h][-1] if state.piles[h] else None, color)}"
                      for h in HOME)
    lines.append(f"  home  {homes}")
    lines.append(_side(state, 0, names[0], color))
    return "\n".join(lines)
