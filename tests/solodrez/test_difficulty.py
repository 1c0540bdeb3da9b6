"""Difficulty measured against players: grades monotone in the players' win rates, the
same grades whatever the search order, the shipped index and measures equal to what the
committed rows give, and the rows' facts equal to the committed results."""
from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from drez.deals import index_path, measures_path
from drez.solver.solodrez.difficulty import grading, measure, sources
from drez.solver.solodrez.difficulty.index import build_index, write_index, write_measures
from drez.solver.solodrez.difficulty.lookup import difficulty_of
from drez.solver.solodrez.grades import GRADES
from drez.solver.solodrez.io.pick import pick_deal
from drez.solver.solodrez.search import astar, dfs
from drez.solver.solodrez.search.solve import FIRST_TABLE_BYTES, LOST, UNKNOWN, WON, run_search

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROWS = os.path.join(ROOT, "reports", "difficulty", "difficulty-0-99999.csv.gz")
META = os.path.join(ROOT, "reports", "difficulty", "difficulty-0-99999.csv.meta.json")
HARD = {name: i for i, name in enumerate(GRADES)}


def drez_run(*args):
    return CliRunner().invoke(drez, [str(a) for a in args], catch_exceptions=False)


def test_grade_is_monotone_in_every_players_win_rate():
    plays = 4
    names = grading.PLAYER_NAMES
    seen = set()
    for wins in itertools.product(range(plays + 1), repeat=len(names)):
        g = grading.grade("WON", dict(zip(names, wins)), plays)
        seen.add(g)
        for i in range(len(names)):
            if wins[i] < plays:
                more = list(wins)
                more[i] += 1
                assert HARD[grading.grade("WON", dict(zip(names, more)), plays)] <= HARD[g]
    assert seen == set(GRADES)
    assert grading.grade("LOST", None, plays) == "lost"
    assert grading.grade("UNKNOWN", dict.fromkeys(names, 4), plays) == "unknown"


def _decide_with(search_class, **options):
    """A verdict search of one kind only (its own move order), run to the node limit."""
    def decide(pos, limits):
        search = search_class(pos.words(), FIRST_TABLE_BYTES, **options)
        status, _, _ = run_search(search, limits)
        verdict = {dfs.WON: WON, dfs.LOST: LOST}.get(status, UNKNOWN)
        return type("Verdict", (), {"verdict": verdict})()
    return decide


def test_grades_do_not_change_when_only_the_search_order_changes(monkeypatch):
    """The portfolio, a plain depth-first search and a greedy best-first search order
    the moves differently; the grades and the proven traps are the same, and so they are
    with another ENGINE_VERSION."""
    committed = sources.committed_results()
    deals = [104, 112, 114, 7, 33]
    runs = [measure.measure_deals(deals, committed, plays=2, max_nodes=20_000)]
    for decide in (_decide_with(dfs.DfsState), _decide_with(astar.AStar, greedy=True)):
        runs.append(measure.measure_deals(deals, committed, plays=2, max_nodes=20_000,
                                          decide=decide))
    from drez.solver.solodrez import version
    monkeypatch.setattr(version, "ENGINE_VERSION", "drez-engine-999")
    runs.append(measure.measure_deals(deals, committed, plays=2, max_nodes=20_000))
    first = runs[0]
    assert any(r["opening_lost"] for r in first)           # the deals have traps
    for other in runs[1:]:
        for a, b in zip(first, other):
            assert a["grade"] == b["grade"]
            assert {k: a[k] for k in grading.PLAYER_NAMES} == {k: b[k] for k in grading.PLAYER_NAMES}
            # a verdict is a fact of the position: only undecided moves may differ
            assert a["opening_lost"] <= b["opening_lost"] + b["opening_undecided"]
            assert b["opening_lost"] <= a["opening_lost"] + a["opening_undecided"]
            if not a["opening_undecided"] and not b["opening_undecided"]:
                assert a["opening_lost"] == b["opening_lost"]


def test_why_names_the_grade_and_its_measures():
    m = {"grade": "hard", "opening_moves": 12, "opening_lost": 7, "opening_undecided": 0,
         "win_rates": {"random": 0.25, "greedy": 0.31, "lookahead": 0.5}, "min_length": 49}
    assert grading.why(m) == ("hard: 7 of the 12 opening moves lose; simulated players win "
                              "random 25%, greedy 31%, lookahead 50%; shortest win 49 moves")
    assert grading.why({**m, "opening_lost": 0}).startswith("hard: none of the 12 opening moves")
    assert grading.why({**m, "opening_lost": 1}).startswith("hard: 1 of the 12 opening moves loses;")
    assert grading.why({**m, "opening_lost": 0, "opening_undecided": 3}).startswith(
        "hard: no opening move is proven to lose (3 of 12 undecided)")
    assert grading.why({"grade": "lost"}).startswith("lost:")


def _committed_rows():
    if not os.path.exists(ROWS):
        pytest.skip("reports/difficulty/difficulty-0-99999.csv.gz is not built yet")
    return measure.read_difficulty_rows(ROWS)


def test_the_rows_hold_the_committed_verdicts_and_minimal_lengths():
    rows = _committed_rows()
    committed = sources.committed_results()
    assert [r["deal"] for r in rows] == list(range(100_000))
    for r in rows:
        assert (r["verdict"], r["min_length"]) == committed[r["deal"]]
        assert r["grade"] == grading.grade(r["verdict"], r, r["plays"])


def test_the_shipped_index_and_measures_are_what_the_committed_rows_give(tmp_path):
    rows = _committed_rows()
    with open(META, encoding="utf-8") as f:
        meta = json.load(f)
    index = tmp_path / "index.json"
    measures = tmp_path / "measures.txt"
    write_index(build_index(rows, "reports/difficulty/difficulty-0-99999.csv.gz", meta["command"]),
                str(index))
    write_measures(rows, str(measures))
    assert index.read_bytes() == open(index_path(), "rb").read()
    assert measures.read_bytes() == open(measures_path(), "rb").read()
    for r in rows[::997]:
        d = difficulty_of(r["deal"])
        assert d["grade"] == r["grade"] and d["min_length"] == r["min_length"]
        assert d["wins"] == {k: r[k] for k in grading.PLAYER_NAMES}
        assert d["opening_lost"] == r["opening_lost"]
    assert difficulty_of(100_000) is None and difficulty_of(10 ** 12) is None


def test_committed_rows_are_reproduced():
    """The players are pure functions of their seeds: measuring some deals again gives
    their committed rows (undecided trap searches aside)."""
    rows = _committed_rows()
    with open(META, encoding="utf-8") as f:
        meta = json.load(f)
    deals = [0, 104, 4321, 77_777, 99_999]
    again = measure.measure_deals(deals, sources.committed_results(), meta["plays"],
                                  meta["max_nodes"])
    for new in again:
        old = rows[new["deal"]]
        for key in ("verdict", "min_length", "grade", "opening_moves") + grading.PLAYER_NAMES:
            assert new[key] == old[key], (new["deal"], key)
        assert old["opening_lost"] <= new["opening_lost"] + new["opening_undecided"]
        assert new["opening_lost"] <= old["opening_lost"] + old["opening_undecided"]


def test_a_deal_picked_as_hard_is_graded_hard_by_solve():
    _committed_rows()
    for grade in GRADES:
        n = pick_deal(grade, True, 7, None)
        r = drez_run("solve", str(n), "--json", "--max-seconds", "60")
        assert r.exit_code == 0
        out = json.loads(r.stdout)
        assert out["verdict"] == "WON" and out["difficulty"]["grade"] == grade
        r = drez_run("solve", str(n))
        assert f"difficulty: {grade}: " in r.stdout


def test_picking_and_grading_a_deal_import_no_numba():
    code = ("import sys; from drez.solver.solodrez.io.pick import pick_deal; "
            "from drez.solver.solodrez.difficulty.lookup import difficulty_of; "
            "pick_deal('hard', True, 1, None); difficulty_of(5); "
            "assert 'numba' not in sys.modules and 'numpy' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_run_resumed_after_a_stop_writes_the_rows_of_a_whole_run(tmp_path):
    whole, part = str(tmp_path / "whole.csv"), str(tmp_path / "part.csv")
    args = ["difficulty", "run", "2000-2004", "--plays", "2", "--max-nodes", "5000", "--chunk", "2"]
    assert drez_run(*args, "--out", whole).exit_code == 0
    assert drez_run(*args, "--out", part).exit_code == 0
    lines = open(part).read().splitlines(keepends=True)
    with open(part, "w") as f:
        f.writelines(lines[:3])                 # stopped after the first chunk
    assert drez_run(*args, "--out", part, "--resume").exit_code == 0
    assert open(part).read() == open(whole).read()
    assert drez_run(*args, "--out", whole).exit_code == 2    # never overwritten
    rows = measure.read_difficulty_rows(whole)
    assert [r["deal"] for r in rows] == list(range(2000, 2005))


def test_a_line_is_followed_until_the_move_that_loses_the_game():
    import numpy as np

    from drez.solver.solodrez.difficulty import players as pl
    from drez.solver.solodrez.difficulty.traps import line_row, line_traps, traps
    from drez.solver.solodrez.rules.moves import Move
    from drez.solver.solodrez.rules.position import Position
    from drez.solver.solodrez.search.solve import Limits, solve

    pos = Position.from_deal(0)
    q = pl.PLAYERS.index("lookahead")
    out, *work = pl.work_arrays()
    _, k = pl.play_game(pos.words(), q, np.uint64(pl.game_seed(0, q, 0)), out, *work)
    line = [Move.unpack(int(m)) for m in out[:k]]
    per_ply, caught = line_traps(pos, line, 20_000)
    assert caught is not None and len(per_ply) == caught
    before = pos
    for m in line[:caught - 1]:
        before = before.play(m)
    assert solve(before, Limits(max_nodes=10 ** 6)).verdict == WON
    assert solve(before.play(line[caught - 1]), Limits(max_nodes=10 ** 6)).verdict == LOST
    assert per_ply[0] == traps(pos, 20_000)
    row = line_row(0, "lookahead", per_ply, caught)
    assert row["caught"] == caught and row["lost"] >= row["most_lost"] >= 1
