"""A self-contained HTML file that steps through a line of play (a solution or a game).

One file, no network: every step's board is an inline SVG (solver.pictures.svg); a few
lines of script show one step at a time.  Next / previous by buttons or the arrow keys
(Home / End jump), a step counter, the move's cards and columns highlighted, series
removals labelled, and a headline (the verdict and length) at the top.
"""
from __future__ import annotations

from html import escape

from ..rules.moves import Move, move_text
from ..rules.position import Position
from .svg import played_marks, position_svg

_STYLE = """
body{font-family:DejaVu Sans,Verdana,Arial,sans-serif;margin:16px;background:#fafafa;color:#111}
h1{font-size:20px;margin:0 0 4px} .headline{font-size:15px;margin:0 0 10px}
.bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}
svg.drez-board{max-width:100%;height:auto}
button{font-size:15px;padding:4px 12px}
.counter{font-weight:bold;min-width:9em} .note{color:#a33;font-weight:bold}
.step[hidden]{display:none} .caption{margin:4px 0 6px;font-size:15px}
ol.moves{columns:8em auto;column-gap:2em;font-size:13px;padding-left:3em}
ol.moves li{break-inside:avoid} ol.moves li.current{font-weight:bold;color:#c50}
.mark{color:#a33}
"""

_SCRIPT = """
(function(){
  var steps=document.querySelectorAll('.step'), items=document.querySelectorAll('ol.moves li');
  var counter=document.getElementById('counter'), i=0;
  function show(k){
    i=Math.max(0,Math.min(steps.length-1,k));
    steps.forEach(function(s,j){s.hidden=(j!==i);});
    items.forEach(function(li,j){li.className=(j+1===i)?'current':'';});
    counter.textContent='step '+i+' of '+(steps.length-1);
    document.getElementById('prev').disabled=(i===0);
    document.getElementById('next').disabled=(i===steps.length-1);
  }
  document.getElementById('prev').onclick=function(){show(i-1);};
  document.getElementById('next').onclick=function(){show(i+1);};
  items.forEach(function(li,j){li.onclick=function(){show(j+1);};});
  document.addEventListener('keydown',function(e){
    if(e.key==='ArrowRight'||e.key===' '||e.key==='PageDown'){show(i+1);e.preventDefault();}
    else if(e.key==='ArrowLeft'||e.key==='PageUp'){show(i-1);e.preventDefault();}
    else if(e.key==='Home'){show(0);} else if(e.key==='End'){show(steps.length-1);}
  });
  window.drezStep=show;
  show(0);
})();
"""


def _describe(move: Move, text: str) -> str:
    cards = f"{move.cards} card{'s' if move.cards != 1 else ''}"
    return f"{text}: {cards} from column {move.src + 1} onto column {move.dst + 1}"


def steps_html(title: str, headline: str, start: Position, moves: list[Move],
               notes: dict | None = None) -> str:
    """The HTML text of a step-through of `moves` played from `start` (each legal, in
    order; ValueError otherwise).  Step 0 is the start; step i shows the position after
    move i with that move marked.  `notes` maps a move number (1-based) to a remark shown
    with it (e.g. a review's 'losing move')."""
    notes = notes or {}
    blocks, items = [], []
    pos = start
    blocks.append(_step(0, "the start" + (": already won" if pos.is_won() else ""),
                        position_svg(pos, title=f"{title}: start"), notes.get(0)))
    for n, move in enumerate(moves, 1):
        text = move_text(pos.legal_moves(), move)
        after = pos.play(move)
        caption = f"move {n}. {_describe(move, text)}" + (" - won!" if after.is_won() else "")
        svg = position_svg(after, played_marks(pos, move, after), title=f"{title}: after move {n}")
        blocks.append(_step(n, caption, svg, notes.get(n)))
        mark = f' <span class="mark">({escape(_mark(notes[n]))})</span>' if n in notes else ""
        items.append(f"<li>{escape(text)}{mark}</li>")
        pos = after
    if moves:
        bar = ('<div class="bar"><button id="prev" type="button">&larr; previous</button>'
               '<button id="next" type="button">next &rarr;</button>'
               '<span class="counter" id="counter"></span>'
               '<span>(arrow keys step; Home / End jump)</span></div>\n')
        listing = f'\n<ol class="moves">{"".join(items)}</ol>'
    else:                # nothing to step through: no counter saying "step 0 of 0"
        bar, listing = '<p class="caption">no moves to step through</p>\n', ""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>\n"
            f"<h1>{escape(title)}</h1><p class=\"headline\" id=\"headline\">{escape(headline)}</p>\n"
            + bar + "\n".join(blocks)
            + f'{listing}\n<script>{_SCRIPT}</script>'
            "</body></html>\n")


def _mark(note: str) -> str:
    """The word a move's remark puts in the move list: what comes before its first ';'
    ('slow', 'losing move'), in words rather than a sign a chess reader takes for praise."""
    return note.split(";", 1)[0].strip().lower()[:30]


def _step(n: int, caption: str, svg: str, note: str | None) -> str:
    remark = f' <span class="note">{escape(note)}</span>' if note else ""
    return (f'<div class="step" data-step="{n}"><p class="caption">{escape(caption)}{remark}</p>'
            f"{svg}</div>")
