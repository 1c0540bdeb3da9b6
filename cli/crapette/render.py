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


def owner_label(name: str) -> str:
    """The short name of a seat for the work-space labels: 'you', 'computer', 'player 0'."""
    return name.split(" (")[0]


def _remembered(memory, idx: int, size: int, color: bool) -> str:
    """' [9H 2S +12 unseen]': the cards remembered under a pile's top, from the top down to
    the first one never seen; '' when none is remembered."""
    if memory is None or size < 2:
        return ""
    known = memory.known.get(idx, {})
    cards = []
    for h in range(size - 2, -1, -1):
        if h not in known:
            break
        cards.append(card_text(known[h], color))
    if not cards:
        return ""
    rest = size - 1 - len(cards)
    return " [under it: " + " ".join(cards) + (f" +{rest} unseen" if rest else "") + "]"


def _side(state: GameState, p: int, label: str, color: bool, memory=None) -> str:
    piles = state.piles
    f, s, t = piles[stock(p)], piles[reserve(p)], piles[waste(p)]
    third = " ".join(card_text(c, color) for c in t) or "--"
    return (f"{label:<12} first {card_text(f[-1] if f else None, color)} ({len(f):2})"
            f"{_remembered(memory, stock(p), len(f), color)}   "
            f"second {card_text(s[-1] if s else None, color)} ({len(s):2})"
            f"{_remembered(memory, reserve(p), len(s), color)}   "
            f"third ({len(t):2}) {third}")


def draw_table(state: GameState, names: tuple[str, str], color: bool = False, memory=None) -> str:
    """The whole table as lines: player 1's piles, work spaces, home piles, player 0's piles.

    Shows everything a computer player may see (C16): every face-up card, the third piles
    whole (bottom first, top last), and, given the table's ``memory`` (a PileMemory fed the
    view after every move), the first- and second-pile cards a watcher remembers under the
    tops.  Face-down cards never seen never appear.  Each work space is labelled with the
    player whose pack dealt it (1-4 player 0's).
    """
    lines = [_side(state, 1, names[1], color, memory)]
    owners = [owner_label(names[0]), owner_label(names[1])]
    width = max(len(o) for o in owners)
    for w in WORK:
        cards = " ".join(card_text(c, color) for c in state.piles[w]) or "--"
        lines.append(f"  {w + 1} {owners[0 if w < 4 else 1]:<{width}}: {cards}")
    homes = "  ".join(f"h{h - 7} {card_text(state.piles[h][-1] if state.piles[h] else None, color)}"
                      for h in HOME)
    lines.append(f"  home  {homes}")
    lines.append(_side(state, 0, names[0], color, memory))
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
