"""The server's memory of wins (webapp/solodrez/memory.py) and the board fields of the
Solodrez API (webapp/solodrez/board.py), compared with the slow reference on seeded
positions: the memory never turns a position into a wrong answer."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette")

from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import LOST, WON, Limits, solve
from drez.webapp.solodrez.board import board_json, removed_series, run_length, said
from drez.webapp.solodrez.memory import WinMemory
from tests.solodrez import reference as ref
from tests.solodrez.helpers import to_engine, to_ref
from tests.solodrez.hint_corpus import decided_positions


def _seeded_positions(n_games=6, steps=40, seed=38):
    rng = random.Random(seed)
    out = []
    for _ in range(n_games):
        out += ref.random_playout(rng.randrange(100_000), rng, steps)
    return [to_engine(p) for p in out]


def test_runs_are_the_longest_ordered_top_runs_of_the_reference():
    for pos in _seeded_positions():
        board = board_json(pos)
        assert board["columns"] == [line.split() for line in str(pos).split("\n")[:9]]
        for c, col in enumerate(to_ref(pos)):
            want = max((k for k in range(len(col) + 1)
                        if k == 0 or ref.run_is_ordered(col[len(col) - k:])), default=0)
            assert board["runs"][c] == want == run_length(pos.columns[c]), (pos, c)
        for m in pos.legal_moves():
            assert m.cards <= board["runs"][m.src]
        assert [len(n) for n in board["names"]] == [len(c) for c in board["columns"]]


def _after_in_reference(pos, m):
    cols = list(to_ref(pos))
    cols[m.dst] = cols[m.dst] + cols[m.src][len(cols[m.src]) - m.cards:]
    cols[m.src] = cols[m.src][:len(cols[m.src]) - m.cards]
    return cols


def test_removed_series_and_said_agree_with_the_reference():
    """Along the solutions of seeded late-game positions (which remove series), the line's
    move and a few others at each step."""
    rng = random.Random(38)
    seen = 0
    for _, start, d in decided_positions()[:8]:
        if d == "LOST":
            continue
        pos = start
        for played in solve(start).moves:
            legal = pos.legal_moves()
            for m in {played, *rng.sample(legal, min(2, len(legal)))}:
                after = pos.play(m)
                cols = _after_in_reference(pos, m)
                want = [] if after.is_won() else \
                    [c + 1 for c in range(9) if ref.is_complete_series(cols[c])]
                got = removed_series(pos, m, after)
                assert got == want, (pos, m)
                if got:
                    seen += 1
                    assert f"the series in column {got[0]}" in said(pos, m, after)
            pos = pos.play(played)
    assert seen > 0          # the lines remove series


def _line_positions(pos, line):
    out = [pos]
    for m in line:
        out.append(out[-1].play(m))
    return out


def test_the_memory_gives_only_verdicts_a_fresh_search_confirms():
    """Lines from solves of seeded late-game positions go in; every position the memory
    then knows gets the verdict a fresh search gives, its line wins (the reference's
    verifier), and a proven distance equals the reference BFS distance."""
    memory = WinMemory()
    corpus = decided_positions()[:8]
    for _, pos, _ in corpus:
        r = solve(pos, Limits(max_seconds=5), want_optimal=True)
        if r.verdict == WON:
            memory.record_line(pos, r.moves, r.optimal, r.lower_bound)
        elif r.verdict == LOST:
            memory.record_lost(pos, "lost")
    checked = 0
    rng = random.Random(7)
    for _, pos, d in corpus:
        known = memory.get(pos)
        assert known is not None
        if d == "LOST":
            assert known.lost
            continue
        for p in rng.sample(_line_positions(pos, known.line), 2):
            k = memory.get(p)
            assert k is not None and k.won
            assert solve(p, Limits(max_seconds=5)).verdict == WON
            assert ref.verify(to_ref(p), [(m.src, m.dst, m.cards) for m in k.line]) == (True, "")
            if k.proven:
                assert ref.shortest_distance(to_ref(p), max_nodes=3_000) in (len(k.line), None)
            checked += 1
    assert checked >= 6


def test_entries_only_improve_and_keys_are_exact_texts():
    pos = next(p for _, p, d in decided_positions() if d != "LOST" and d >= 4)
    long = solve(pos).moves
    best = solve(pos, want_optimal=True)
    memory = WinMemory()
    memory.record_line(pos, long, proven=False)
    memory.record_line(pos, best.moves, proven=True)
    memory.record_line(pos, long, proven=False)         # a longer line changes nothing
    k = memory.get(pos)
    assert k.proven and list(k.line) == best.moves
    memory.record_line(pos, best.moves[:-1], proven=True)  # not a win: not recorded
    assert list(memory.get(pos).line) == best.moves
    # the same position with two columns swapped is another text, another entry
    cols = list(pos.columns)
    i, j = next((a, b) for a in range(9) for b in range(a + 1, 9) if cols[a] != cols[b])
    cols[i], cols[j] = cols[j], cols[i]
    assert memory.get(Position(tuple(cols))) is None
    memory.record_lost(pos, "lost: a test")
    assert not memory.get(pos).lost                       # a known win is not a loss
    small = WinMemory(size=3)
    small.record_line(pos, best.moves, proven=True)
    assert len(small) == 3
    assert small.get(pos) is None                          # the oldest went first


def test_a_bad_line_is_never_recorded():
    pos = Position.from_deal(292)
    memory = WinMemory()
    memory.record_line(pos, [Move(0, 0, 1)], proven=False)
    memory.record_line(pos, pos.legal_moves()[:1], proven=True)
    assert len(memory) == 0
