"""Game records: parsing, illegal moves, and the review of every move."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.solodrez.io.errors import RecordError
from drez.solver.solodrez.io.records import format_record, parse_record
from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.review import review
from drez.solver.solodrez.rules.moves import move_text
from drez.solver.solodrez.search.solve import LOST, WON
from tests.solodrez.helpers import P, to_engine
from tests.solodrez.hint_corpus import decided_positions, losing_move, reference_after


@pytest.fixture(scope="module")
def late():
    ensure_compiled()
    for _label, pos, d in decided_positions():
        if d != "LOST" and 3 <= d <= 8 and losing_move(pos):
            return pos, d
    raise AssertionError("no corpus position has a losing move")


def test_record_round_trip_and_comments(late):
    pos, _ = late
    m = pos.legal_moves()[0]
    text = format_record(str(pos), [move_text(pos.legal_moves(), m)])
    text = "# my game\n" + text.replace("\n", "  # a comment\n", 0) + "\n# the end\n"
    rec = parse_record(text)
    assert rec.start == pos and [mv for _, mv, _ in rec.moves] == [m]
    rec = parse_record("deal 42\n# nothing played\n")
    assert rec.label == "deal 42" and rec.moves == []


def test_first_illegal_move_is_named_with_its_line():
    with pytest.raises(RecordError) as e:
        parse_record("deal 42\n\n# c\n1>1\n")
    assert e.value.line == 4 and "onto itself" in str(e.value)
    with pytest.raises(RecordError) as e:
        parse_record("game 42\n")
    assert e.value.line == 1


def test_review_finds_the_losing_move_and_the_move_to_play_instead(late):
    pos, d = late
    bad = losing_move(pos)
    assert bad is not None
    after = pos.play(bad)
    text = format_record(str(pos), [move_text(pos.legal_moves(), bad)])
    rv = review(parse_record(text))
    step = rv.steps[0]
    assert step.before.verdict == WON and step.before.distance == d
    assert step.after.verdict == LOST and step.losing
    assert reference_after(pos, step.best) == d - 1
    assert rv.mistakes == [step] and after == rv.end_position


def test_review_of_a_shortest_win_has_no_mistakes(late):
    pos, d = late
    from drez.solver.solodrez.hints import hint
    texts, cur = [], pos
    while not cur.is_won():
        h = hint(cur)
        texts.append(move_text(cur.legal_moves(), h.move))
        cur = h.after
    rv = review(parse_record(format_record(str(pos), texts)))
    assert len(rv.steps) == d and not rv.mistakes and not rv.slow_moves
    assert [s.before.distance for s in rv.steps] == list(range(d, 0, -1))


def test_cli_review_text_json_and_illegal_move_exit_2(late, tmp_path):
    pos, d = late
    bad = losing_move(pos)
    path = tmp_path / "game.txt"
    path.write_text(format_record(str(pos), [move_text(pos.legal_moves(), bad)]))
    r = CliRunner().invoke(drez, ["review", str(path)])
    assert r.exit_code == 0, r.output
    assert "LOSING MOVE" in r.output and "summary: 1 move played" in r.output
    assert f"the optimum from the start is {d}" in r.output
    r = CliRunner().invoke(drez, ["review", str(path), "--json"])
    out = json.loads(r.output)
    assert out["mistakes"] == 1 and out["moves"][0]["losing"] and out["end"] == LOST
    path.write_text("deal 42\n4>7\n1>1\n")
    r = CliRunner().invoke(drez, ["review", str(path)])
    assert r.exit_code == 2 and "line 2" in r.output + (r.stderr if r.stderr_bytes else "")


def test_cli_review_position_path(tmp_path):
    pos = to_engine(P("J1 Q1 R1 B1 N1", "P1", "X1", "X2"))
    (tmp_path / "start.txt").write_text(str(pos))
    (tmp_path / "game.txt").write_text("position start.txt\n2>1\n")
    r = CliRunner().invoke(drez, ["review", str(tmp_path / "game.txt")])
    assert r.exit_code == 0, r.output
    assert "wins in 1 -> won" in r.output and "the game was won" in r.output
