"""A Solodrez position as an SVG picture: columns of cards, numbered 1-9.

A thin layer over `Position` and `Move` (like python-chess's chess/svg.py): it draws what
they hold and decides nothing about the rules.  Each card shows its rank letter and the
number that fixes its Pokerdrez colour (so the picture reads the same printed in grey),
a band in that colour, and the colour's name on the top card; the neutrals are dark cards.
Marks (`Marks`) highlight cards and columns, draw an arrow for a move, and label columns
(`series removed`).  Every card and column carries data-col / data-index attributes, which
the web page uses for clicking and dragging.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from ..rules.cards import COLOUR_NAMES, card_name, card_number, is_neutral
from ..rules.moves import Move
from ..rules.position import NCOLS, Position

# Fill colours for the nine numbers of the rulings (1 gray .. 9 green).
COLOUR_HEX = {1: "#8d8d8d", 2: "#e0262b", 3: "#d61aa6", 4: "#7b2fbf", 5: "#1f6fe0",
              6: "#f2c80f", 7: "#10b8cc", 8: "#f57c00", 9: "#2e9e3e"}
NEUTRAL_FILL, NEUTRAL_INK = "#1d1d24", "#ffffff"
MARK = "#ff6a00"

CARD_W, CARD_H, STEP = 64, 90, 26        # card size; vertical offset between cards
COL_W = CARD_W + 12
LEFT, TOP = 10, 70                        # room above the columns for numbers and arrows
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
LABEL_CHARS = 10                          # the widest word of a label a column holds


@dataclass
class Marks:
    """What to highlight: cards as (column, index from the bottom), whole columns, an
    arrow (src, dst) for a move, and a short label under a column (0-based columns)."""
    cards: set = field(default_factory=set)
    columns: set = field(default_factory=set)
    arrow: tuple | None = None
    labels: dict = field(default_factory=dict)


def move_marks(pos: Position, move: Move) -> Marks:
    """Marks for a move about to be played from pos (a hint): the run, both columns, an arrow."""
    src = pos.columns[move.src]
    run = {(move.src, i) for i in range(len(src) - move.cards, len(src))}
    return Marks(run, {move.src, move.dst}, (move.src, move.dst))


def played_marks(before: Position, move: Move, after: Position) -> Marks:
    """Marks for the position after a move: the moved cards where they landed, both
    columns, an arrow, and 'series removed' where a complete series left the table."""
    marks = Marks(columns={move.src, move.dst}, arrow=(move.src, move.dst))
    if after.is_won():
        marks.labels = {move.dst: "won"}
        return marks
    landed = len(before.columns[move.dst]) + move.cards
    if len(after.columns[move.dst]) == landed:
        marks.cards = {(move.dst, i) for i in range(landed - move.cards, landed)}
    else:
        marks.labels[move.dst] = "series removed"
    left = len(before.columns[move.src]) - move.cards
    if left and not after.columns[move.src]:
        marks.labels[move.src] = "series removed"
    return marks


def _x(col: int) -> int:
    return LEFT + col * COL_W + (COL_W - CARD_W) // 2


def _card(card: int, col: int, index: int, top: bool, marked: bool) -> str:
    x, y = _x(col), TOP + index * STEP
    name = card_name(card)
    neutral = is_neutral(card)
    fill = NEUTRAL_FILL if neutral else "#ffffff"
    ink = NEUTRAL_INK if neutral else "#111111"
    stroke = f'stroke="{MARK}" stroke-width="4"' if marked else 'stroke="#333" stroke-width="1.2"'
    parts = [f'<g class="card{" marked" if marked else ""}" data-col="{col + 1}" '
             f'data-index="{index}" data-card="{name}">',
             f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="7" fill="{fill}" {stroke}/>']
    if neutral:
        parts.append(f'<rect x="{x + 5}" y="{y + 22}" width="{CARD_W - 10}" height="{CARD_H - 28}" '
                     f'rx="4" fill="none" stroke="#bbbbbb" stroke-dasharray="4 3"/>')
    else:
        colour = COLOUR_HEX[card_number(card)]
        parts.append(f'<rect x="{x + 1}" y="{y + 1}" width="10" height="{CARD_H - 2}" rx="5" '
                     f'fill="{colour}"/>')
    parts.append(f'<text x="{x + 16}" y="{y + 19}" font-size="17" font-weight="bold" '
                 f'fill="{ink}">{name[0]}<tspan font-size="13" font-weight="normal" '
                 f'dx="2">{name[1]}</tspan></text>')
    if top:
        label = "neutral" if neutral else COLOUR_NAMES[card_number(card)]
        parts.append(f'<text x="{x + CARD_W // 2 + 4}" y="{y + 60}" font-size="30" '
                     f'font-weight="bold" text-anchor="middle" fill="{ink}">{name[0]}</text>')
        parts.append(f'<text x="{x + CARD_W // 2 + 4}" y="{y + CARD_H - 8}" font-size="10" '
                     f'text-anchor="middle" fill="{ink}">{label}</text>')
    if marked:  # a second, dashed outline keeps the highlight visible in grey print
        parts.append(f'<rect x="{x - 3}" y="{y - 3}" width="{CARD_W + 6}" height="{CARD_H + 6}" '
                     f'rx="9" fill="none" stroke="#000" stroke-width="1.5" stroke-dasharray="5 3"/>')
    parts.append("</g>")
    return "".join(parts)


def _label(x: int, y: int, text: str) -> str:
    """A label centred at x under a column, one word a line, so that 'series removed'
    fits the column's width (a word longer than LABEL_CHARS is cut)."""
    words = text.split() or [""]
    lines = "".join(f'<tspan x="{x}" dy="{0 if i == 0 else 13}">{escape(w[:LABEL_CHARS])}</tspan>'
                    for i, w in enumerate(words))
    return (f'<text class="label" x="{x}" y="{y - 6 * (len(words) - 1)}" font-size="11" '
            f'font-weight="bold" text-anchor="middle" fill="#000">{lines}</text>')


def _arrow(src: int, dst: int) -> str:
    """A curve above the columns from src to dst, and its head (a plain triangle: a
    marker would be looked up by id, which clashes when many boards share one page)."""
    x1, x2 = _x(src) + CARD_W // 2, _x(dst) + CARD_W // 2
    y = TOP - 30
    cx, cy = (x1 + x2) / 2, y - 2 * (16 + 4 * min(abs(dst - src), 6))
    dx, dy = x2 - cx, y - cy
    norm = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / norm, dy / norm
    tip = (x2 + ux * 6, y + uy * 6)
    left = (tip[0] - ux * 14 - uy * 7, tip[1] - uy * 14 + ux * 7)
    right = (tip[0] - ux * 14 + uy * 7, tip[1] - uy * 14 - ux * 7)
    head = " ".join(f"{a:.1f},{b:.1f}" for a, b in (tip, left, right))
    return (f'<g class="arrow-group"><path class="arrow" d="M {x1} {y} Q {cx} {cy} {x2} {y}" '
            f'fill="none" stroke="{MARK}" stroke-width="4"/>'
            f'<polygon class="arrow-head" points="{head}" fill="{MARK}"/></g>')


def position_svg(pos: Position, marks: Marks | None = None, title: str | None = None) -> str:
    """The SVG text of pos (an <svg> element, no XML prologue), with marks drawn."""
    marks = marks or Marks()
    height = max([len(c) for c in pos.columns] + [1])
    width = LEFT * 2 + NCOLS * COL_W
    total_h = TOP + (height - 1) * STEP + CARD_H + 34
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="drez-board" width="{width}" '
           f'height="{total_h}" viewBox="0 0 {width} {total_h}" font-family="{FONT}" '
           'role="img">',
           f'<title>{escape(title or "Solodrez position")}</title>',
           f'<rect width="{width}" height="{total_h}" fill="#eef3ee"/>']
    for c in range(NCOLS):
        x = LEFT + c * COL_W
        if c in marks.columns:
            out.append(f'<rect x="{x + 1}" y="{TOP - 24}" width="{COL_W - 2}" '
                       f'height="{total_h - TOP + 20}" rx="6" fill="#ffe3c8" stroke="{MARK}" '
                       'stroke-dasharray="6 4"/>')
        out.append(f'<rect class="column" data-col="{c + 1}" x="{x}" y="{TOP - 24}" '
                   f'width="{COL_W}" height="{total_h - TOP + 24}" fill="transparent"/>')
        out.append(f'<text x="{x + COL_W // 2}" y="{TOP - 8}" font-size="15" font-weight="bold" '
                   f'text-anchor="middle" fill="#222">{c + 1}</text>')
        if not pos.columns[c]:
            out.append(f'<rect x="{_x(c)}" y="{TOP}" width="{CARD_W}" height="{CARD_H}" rx="7" '
                       'fill="none" stroke="#777" stroke-dasharray="3 3"/>')
        for i, card in enumerate(pos.columns[c]):
            out.append(_card(card, c, i, i == len(pos.columns[c]) - 1, (c, i) in marks.cards))
        if c in marks.labels:
            out.append(_label(x + COL_W // 2, TOP + CARD_H // 2, marks.labels[c]))
    if marks.arrow is not None:
        out.append(_arrow(*marks.arrow))
    out.append("</svg>")
    return "\n".join(out)
