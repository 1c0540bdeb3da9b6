"""Hints against the reference BFS (tests/solodrez/reference.py) on positions from late in real
games, random deviations from them, and the ends of random games (many lost)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.solodrez.hints import all_moves, hint
from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.search.solve import LOST, UNKNOWN, WON, Limits
from tests.solodrez.helpers import P, ref, to_engine, to_ref
from tests.solodrez.hint_corpus import decided_positions, reference_after


@pytest.fixture(scope="module")
def corpus():
    ensure_compiled()
    return decided_positions()


def test_corpus_has_won_and_lost_positions(corpus):
    verdicts = [d for _, _, d in corpus]
    assert sum(d == "LOST" for d in verdicts) >= 10
    assert sum(d != "LOST" and d >= 7 for d in verdicts) >= 10
    assert sum(d != "LOST" and d >= 4 for d in verdicts) >= 30


def test_hint_distance_equals_reference_and_the_move_shortens_it_by_one(corpus):
    for label, pos, d in corpus:
        h = hint(pos)
        if d == "LOST":
            assert h.verdict == LOST and h.move is None and h.blocked is not None, label
            continue
        assert h.verdict == WON and h.distance == d, (label, h.distance, d)
        if d > 0:
            assert reference_after(pos, h.move) == d - 1, label
            assert h.after == pos.play(h.move)


def test_all_moves_agree_with_the_reference(corpus):
    small = [(label, pos, d) for label, pos, d in corpus if d != "LOST" and 1 <= d <= 5][:2]
    assert small
    for label, pos, d in small:
        results = all_moves(pos)
        assert len(results) == len(pos.legal_moves())
        assert results[0].distance == d
        for r in results:
            expected = reference_after(pos, r.move)
            if expected == "LOST":
                assert r.loses, label
            elif expected is not None:
                assert r.distance == expected + 1, (label, r.move)


def test_a_limit_gives_unknown_or_an_unproven_win_never_lost(corpus):
    _label, pos, d = max((c for c in corpus if c[2] != "LOST"), key=lambda c: c[2])
    h = hint(pos, Limits(max_nodes=1))
    assert h.verdict in (WON, UNKNOWN)
    if h.verdict == WON and h.distance is None:
        assert h.at_least <= d <= h.at_most
        assert not h.proven
        assert reference_after(pos, h.move) != "LOST"


def test_won_position_has_no_move_and_distance_zero():
    h = hint(to_engine(P("X1", "X2")))
    assert h.verdict == WON and h.move is None and h.distance == 0


# ---- the command ---------------------------------------------------------------------

def _file(tmp_path, pos):
    path = tmp_path / "pos.txt"
    path.write_text(str(pos))
    return str(path)


def test_cli_hint_json_and_text(corpus, tmp_path):
    _label, pos, d = next(c for c in corpus if c[2] != "LOST" and c[2] >= 5)
    runner = CliRunner()
    r = runner.invoke(drez, ["hint", _file(tmp_path, pos), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["verdict"] == WON and out["distance"] == d and out["blocked"] is None
    assert set(out["move"]) == {"from", "to", "cards"}
    r = runner.invoke(drez, ["hint", _file(tmp_path, pos), "--no-color"])
    assert r.exit_code == 0 and f"({d} counting this one, proven shortest)" in r.output
    assert "after " in r.output and "---" in r.output


def test_cli_hint_all_lists_every_legal_move(corpus, tmp_path):
    _label, pos, d = next(c for c in corpus if c[2] != "LOST" and 2 <= c[2] <= 5)
    r = CliRunner().invoke(drez, ["hint", _file(tmp_path, pos), "--all", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert len(out["all"]) == len(pos.legal_moves())
    assert min(m["distance"] for m in out["all"] if m["distance"] is not None) == d


def test_cli_hint_lost_names_the_block(tmp_path):
    cols = P("J1 Q1 N1 R1 X1 B1", "X2 P1")
    r = CliRunner().invoke(drez, ["hint", _file(tmp_path, to_engine(cols)), "--json"])
    out = json.loads(r.output)
    assert r.exit_code == 0
    assert out == {**out, "verdict": "LOST", "move": None, "distance": None, "blocked": "circling"}
    assert out["blocked_positions"] == ref.perft(cols, 5)[-1]
    r = CliRunner().invoke(drez, ["hint", _file(tmp_path, to_engine(P("X2 J1 R1 Q1 N1 X1 B1 P1")))])
    assert "lost: no legal move is left" in r.output


def test_cli_hint_limit_exits_3_and_stdin_and_deal_numbers_work():
    r = CliRunner().invoke(drez, ["hint", "7", "--max-nodes", "1", "--json"])
    assert r.exit_code == 3, r.output
    out = json.loads(r.output)
    assert out["verdict"] in (WON, UNKNOWN) and out["distance"] is None
    pos = to_engine(P("J1 Q1 R1 B1 N1", "P1", "X1", "X2"))
    r = CliRunner().invoke(drez, ["hint", "-", "--json"], input=str(pos))
    assert json.loads(r.output)["distance"] == 1
    assert ref.shortest_distance(to_ref(pos)) == 1
    r = CliRunner().invoke(drez, ["hint", "-"], input="J1 J1\n")
    assert r.exit_code == 2
