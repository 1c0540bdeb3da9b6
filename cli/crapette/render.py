"""Text drawing of the table for the terminal (``drez crapette play``)."""
from __future__ import annotations

import click

from drez.solver.crapette.cards import is_red, text
from drez.solver.crapette.state import (
    HOME,
    PASS,
    WORK,
    GameState,
    Move,
    end_move,
    flip_move,
    reserve,
    stock,
    waste,
)


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
    Each work space is labelled with the player whose pack dealt it (1-4 player 0's).
    """
    lines = [_side(state, 1, names[1], color)]
    owners = [names[0].split()[0], names[1].split()[0]]
    width = max(len(o) for o in owners)
    for w in WORK:
        cards = " ".join(card_text(c, color) for c in state.piles[w]) or "--"
        lines.append(f"  {w + 1} {owners[0 if w < 4 else 1]:<{width}}: {cards}")
    homes = "  ".join(f"h{h - 7} {card_text(state.piles[h][-1] if state.piles[h] else None, color)}"
                      for h in HOME)
    lines.append(f"  home  {homes}")
    lines.append(_side(state, 0, names[0], color))
    return "\n".join(lines)


def _pile_words(idx: int, p: int) -> str:
    if idx in WORK:
        return f"work space {idx + 1}"
    if idx in HOME:
        return f"home pile {idx - 7}"
    own = {stock(p): "first pile", reserve(p): "second pile", waste(p): "third pile"}
    if idx in own:
        return "its " + own[idx]
    other = {stock(1 - p): "first pile", reserve(1 - p): "second pile",
             waste(1 - p): "third pile"}
    return "your " + other[idx]


def describe_move(state: GameState, m: Move, p: int, color: bool = False) -> str:
    """A computer's move in words, with the card it moves, read from `state` before the move
    is made: 'puts 7♥ from its second pile on home pile 3'."""
    if m == PASS:
        return "passes"
    if m == flip_move(p):
        return "turns its third pile over"
    piles = state.piles
    card = card_text(piles[m.src][-1] if piles[m.src] else None, color)
    if m == end_move(p):
        return f"turns up {card} onto its third pile and ends its turn"
    return f"puts {card} from {_pile_words(m.src, p)} on {_pile_words(m.dst, p)}"
