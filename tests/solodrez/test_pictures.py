"""Pictures: the SVG board, the HTML step-through, and the commands that write them."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.solodrez.io.records import format_record
from drez.solver.solodrez.pictures.stepper import steps_html
from drez.solver.solodrez.pictures.svg import (
    COL_W,
    COLOUR_HEX,
    NEUTRAL_FILL,
    move_marks,
    played_marks,
    position_svg,
)
from drez.solver.solodrez.rules.cards import COLOUR_NAMES, card_name, card_number
from drez.solver.solodrez.rules.moves import resolve_move
from drez.solver.solodrez.rules.position import Position
from tests.solodrez import reference as ref
from tests.solodrez.helpers import P, to_engine, to_ref
from tests.solodrez.hint_corpus import decided_positions

NS = {"s": "http://www.w3.org/2000/svg"}


def _cards(svg: str):
    """(column, index, card name, fill of the band or card) for every card drawn."""
    root = ET.fromstring(svg)
    out = []
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if "card" not in g.get("class", "").split():
            continue
        rects = g.findall("s:rect", NS)
        fill = rects[1].get("fill") if g.get("data-card")[0] != "X" else rects[0].get("fill")
        out.append((int(g.get("data-col")), int(g.get("data-index")), g.get("data-card"), fill))
    return out, root


@pytest.mark.parametrize("n", [0, 42, 179])
def test_svg_draws_every_card_where_it_lies_in_its_colour(n):
    pos = Position.from_deal(n)
    cards, root = _cards(position_svg(pos))
    expected = [(c + 1, i, card_name(card)) for c, col in enumerate(pos.columns)
                for i, card in enumerate(col)]
    assert sorted(x[:3] for x in cards) == sorted(expected)
    for _, _, name, fill in cards:
        if name[0] == "X":
            assert fill == NEUTRAL_FILL
        else:
            assert fill == COLOUR_HEX[int(name[1])]
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert all(str(c) in texts for c in range(1, 10))        # column numbers
    tops = [card_number(col[-1]) for col in pos.columns if col and col[-1] < 54]
    assert all(COLOUR_NAMES[k] in texts for k in tops)        # colour named on top cards


def test_hint_marks_cover_the_run_and_both_columns():
    pos = to_engine(P("J1 Q1 R1 B1", "X1 N1 P1", "X2"))
    move = resolve_move(pos.legal_moves(), "2>1:2")
    marks = move_marks(pos, move)
    assert marks.cards == {(1, 1), (1, 2)} and marks.columns == {0, 1} and marks.arrow == (1, 0)
    svg = position_svg(pos, marks)
    marked = re.findall(r'class="card marked" data-col="(\d)" data-index="(\d+)"', svg)
    assert sorted(marked) == [("2", "1"), ("2", "2")]
    assert 'class="arrow"' in svg


def test_played_marks_label_a_series_removal():
    pos = to_engine(P("J1 Q1 R1 B1 N1", "P1", "P2 N2 B2 R2 Q2 J2", "X1", "X2"))
    move = resolve_move(pos.legal_moves(), "2>1")
    after = pos.play(move)
    assert after.columns[0] == () and after.columns[1] == ()
    marks = played_marks(pos, move, after)
    assert marks.labels == {0: "series removed"} and not marks.cards
    label = re.search(r'<text class="label"[^>]*>(.*?)</text>', position_svg(after, marks)).group(1)
    words = re.findall(r"<tspan[^>]*>([^<]*)</tspan>", label)
    assert words == ["series", "removed"]            # one word a line: it fits the column
    assert all(len(w) * 11 * 0.75 < COL_W for w in words)
    move = resolve_move(pos.legal_moves(), "2>4")    # P1 onto X1: lands, nothing removed
    after = pos.play(move)
    assert played_marks(pos, move, after).cards == {(3, 1)}


def _late_win():
    for _, pos, d in decided_positions():
        if d != "LOST" and 4 <= d <= 8:
            return pos, d
    raise AssertionError("no late corpus position")


def _html_moves(html: str) -> list[str]:
    return [unescape(t) for t in re.findall(r"<li>([^<!]+?)(?: !)?</li>", html)]


def test_step_through_has_one_step_per_move_and_replays():
    pos, d = _late_win()
    from drez.solver.solodrez.search.solve import solve
    result = solve(pos, want_optimal=True)
    html = steps_html("t", "WON", pos, result.moves)
    assert html.count('class="step"') == len(result.moves) + 1 == d + 1
    assert "<script" in html and "http" not in html.replace("http://www.w3.org/2000/svg", "")
    texts, cur, moves = _html_moves(html), pos, []
    for t in texts:
        m = resolve_move(cur.legal_moves(), t)
        moves.append((m.src, m.dst, m.cards))
        cur = cur.play(m)
    assert ref.verify(to_ref(pos), moves) == (True, "")
    assert "won!" in html


def test_step_through_of_no_moves_has_no_step_counter_and_notes_are_words():
    pos, _ = _late_win()
    html = steps_html("t", "LOST", pos, [])
    assert 'id="counter"' not in html and "no moves to step through" in html
    from drez.solver.solodrez.search.solve import solve
    moves = solve(pos).moves
    html = steps_html("t", "WON", pos, moves, {1: "slow; 4>7 wins in 3"})
    assert '<span class="mark">(slow)</span></li>' in html and " !</li>" not in html


def test_cli_show_svg_png_and_unwritable_path(tmp_path):
    out = tmp_path / "p.svg"
    r = CliRunner().invoke(drez, ["show", "42", "--svg", str(out)])
    assert r.exit_code == 0, r.output
    cards, _ = _cards(out.read_text())
    assert len(cards) == 56
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as e:       # the package, or the cairo library it loads
        pytest.skip(f"no PNG converter: {e}")
    png = tmp_path / "p.png"
    r = CliRunner().invoke(drez, ["show", "42", "--png", str(png)])
    assert r.exit_code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    r = CliRunner().invoke(drez, ["show", "42", "--svg", str(tmp_path / "no" / "p.svg")])
    assert r.exit_code == 2 and "cannot write" in r.output and "Traceback" not in r.output


def test_cli_solve_and_review_html(tmp_path):
    pos, d = _late_win()
    start = tmp_path / "pos.txt"
    start.write_text(str(pos))
    html = tmp_path / "s.html"
    r = CliRunner().invoke(drez, ["solve", str(start), "--optimal", "--html", str(html)])
    assert r.exit_code == 0, r.output
    text = html.read_text()
    assert f"WON in {d} moves (proven shortest)" in text
    texts = _html_moves(text)
    assert len(texts) == d
    cur, moves = pos, []
    for t in texts:
        m = resolve_move(cur.legal_moves(), t)
        moves.append((m.src, m.dst, m.cards))
        cur = cur.play(m)
    assert ref.verify(to_ref(pos), moves) == (True, "")
    game = tmp_path / "g.txt"
    game.write_text(format_record(str(pos), texts[:2]))
    out = tmp_path / "r.html"
    r = CliRunner().invoke(drez, ["review", str(game), "--html", str(out)])
    assert r.exit_code == 0, r.output
    assert "summary: 2 moves played" in out.read_text()
    assert out.read_text().count('class="step"') == 3


def test_cli_report_pictures_of_the_hardest_deals(tmp_path):
    results = tmp_path / "r.csv"
    rows = [(0, 100), (1, 5000), (2, 40), (3, 900)]       # (deal, nodes)
    results.write_text("deal,verdict,length,optimal,nodes,seconds,difficulty\n" + "".join(
        f"{d},WON,45,0,{n},0.01,easy\n" for d, n in rows))
    r = CliRunner().invoke(drez, ["report", str(results), "--name", "t", "--dir", str(tmp_path),
                                  "--no-charts", "--pictures", "2"])
    assert r.exit_code == 0, r.output
    md = (tmp_path / "t.md").read_text()
    assert "## Pictures of the hardest deals" in md
    assert "![deal 1](t-deal-1.svg)" in md and "![deal 3](t-deal-3.svg)" in md
    assert "t-deal-0.svg" not in md
    cards, _ = _cards((tmp_path / "t-deal-1.svg").read_text())
    pos = Position.from_deal(1)
    assert sorted(c[2] for c in cards) == sorted(card_name(c) for col in pos.columns for c in col)
