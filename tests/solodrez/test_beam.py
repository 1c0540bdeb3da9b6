"""Beam search for short wins (search/beam.py), which shortens the proof past A*'s memory:
its layers against a plain-Python layer, its wins against A*'s proven minima (every win
replayed by the reference verifier).  solve() with the beams past A*'s memory:
test_layers.py."""
from __future__ import annotations

import random
import threading

import numpy as np

from drez.solver.solodrez.rules import engine
from drez.solver.solodrez.rules.keys import KEY_WORDS, canonical_key
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, beam
from drez.solver.solodrez.search.deadness import dead_memo
from drez.solver.solodrez.search.solve import solve
from drez.solver.solodrez.search.stats_slots import LENGTH
from drez.solver.solodrez.search.table import new_table
from drez.solver.solodrez.search.tight import tight_scratch
from tests.solodrez.helpers import biased_game, plain_layer, random_walk, replayed, to_engine


def _key(cols) -> tuple:
    key = np.zeros(KEY_WORDS, np.int64)
    canonical_key(np.asarray(cols, np.int64), np.zeros(engine.NCOLS, np.int64), key)
    return tuple(int(k) for k in key)


def _plain_layer(parents, g, target):
    """Layer g + 1 of beam.py's docstring in plain Python, before the cut: {canonical key:
    h} (helpers.plain_layer: dead positions dropped at the bound too); or None when a
    child is won."""
    layer = plain_layer(parents, g, target)
    return None if layer is None else {k: c.lower_bound() for k, c in layer.items()}


def _layer(parents, g, target, width):
    """beam.beam_layer's layer g + 1 from `parents`: [(key, h)], or None when won."""
    n = len(parents)
    cur = np.zeros((max(n, 1), engine.NCOLS), np.int64)
    hcur = np.zeros(max(n, 1), np.int64)
    for i, pos in enumerate(parents):
        cur[i], hcur[i] = pos.words(), pos.lower_bound()
    nxt, hnxt = np.zeros((width, engine.NCOLS), np.int64), np.zeros(width, np.int64)
    par, mv = np.zeros(width, np.int32), np.zeros(width, np.int64)
    room = max(64 * width, 1 << 12)
    cands = (np.empty(room, np.int32), np.empty(room, np.int64), np.empty(room, np.int64))
    found = np.zeros(2, np.int64)
    k = beam.beam_layer(cur, hcur, n, g, target, nxt, hnxt, par, mv, cands,
                        new_table(2 * room), dead_memo(), tight_scratch(),
                        beam.layer_buffers(), found)
    assert k != beam.MORE_ROOM
    if k < 0:
        return None
    out = []
    for j in range(k):
        child = parents[par[j]].play(Move.unpack(int(mv[j])))
        assert np.array_equal(child.words(), nxt[j]) and child.lower_bound() == hnxt[j]
        out.append((_key(nxt[j]), int(hnxt[j])))
    return out


def test_a_layer_keeps_the_lowest_bounds_of_the_plain_layer_once_each():
    """On positions of seeded games and walks, with slack from 0 to 3 moves over the
    bound: the kernel's layer is a set of distinct children of the plain layer, sorted by
    h, as many as the width allows, with the lowest bounds (the multiset of the smallest
    h); a won child is reported by both, and only then."""
    rng = random.Random(41)
    checked = cut = won = 0
    for n in range(400, 430):
        game = biased_game(n, rng, 80, 0.9)
        for p in game[::9] + game[-4:]:
            pos = to_engine(p)
            if pos.is_won():
                continue
            parents = [pos]
            if rng.random() < 0.5:
                parents += [pos.play(m) for m in pos.legal_moves()[:3]]
                parents = [q for q in parents if not q.is_won()]
            g = rng.randrange(0, 4)
            target = g + max(q.lower_bound() for q in parents) + rng.randrange(0, 4)
            width = rng.choice([2, 5, 40, 400])
            want = _plain_layer(parents, g, target)
            got = _layer(parents, g, target, width)
            if want is None or got is None:
                assert want is None and got is None, str(pos)
                won += 1
                continue
            keys = [k for k, _ in got]
            assert len(set(keys)) == len(keys) == min(width, len(want)), str(pos)
            assert all(want[k] == h for k, h in got), str(pos)
            assert [h for _, h in got] == sorted(want.values())[:len(got)], str(pos)
            checked += 1
            cut += len(want) > width
    for n in range(5):                  # a move before the end of a win, and two
        pos = Position.from_deal(n)
        line = solve(pos).moves
        for m in line[:-2]:
            pos = pos.play(m)
        assert _plain_layer([pos], 0, 9) is not None and _layer([pos], 0, 9, 40) is not None
        pos = pos.play(line[-2])
        assert _plain_layer([pos], 0, 9) is None and _layer([pos], 0, 9, 40) is None
        won += 1
    assert checked >= 150 and cut >= 30 and won >= 5


def _astar_length(pos, budget=300_000):
    a = astar.AStar(pos.words(), 1 << 24)
    return int(a.stats[LENGTH]) if a.run(budget) == astar.WON else None


def test_wins_replay_and_are_never_shorter_than_astar_proves():
    """On positions of seeded walks from deals: a beam to A*'s minimum L finds a win of
    exactly L moves on most (replayed by the reference verifier), and a beam to L - 1
    never finds one (none exists)."""
    rng = random.Random(7)
    tried = found = 0
    for n in range(60):
        pos = random_walk(2000 + n, rng, 60)
        length = _astar_length(pos)
        if pos.is_won() or length is None:
            continue
        tried += 1
        line, kept, peak = beam.beam_win(pos.words(), length, 64)
        assert kept > 0 and peak > 0
        if line is not None:
            assert replayed(pos, line) == length
            found += 1
        assert beam.beam_win(pos.words(), length - 1, 64)[0] is None
    assert tried >= 40 and found >= tried // 2


def test_shorter_win_keeps_the_known_win_when_stopped_or_out_of_memory():
    """shorter_win answers the known win unchanged when stop() is set from the start or
    the memory leaves no beam of MIN_WIDTH; else a win no longer than it (replayed)."""
    pos = Position.from_deal(882)
    known = [m.pack() for m in solve(pos).moves]
    lower = pos.lower_bound()
    heard = []
    line, kept, _ = beam.shorter_win(pos.words(), lower, known, 1 << 26, stop=lambda: True,
                                     notify=heard.append)
    assert line == known and kept == 0 and heard
    line, kept, peak = beam.shorter_win(pos.words(), lower, known, 1000)
    assert line == known and kept == peak == 0
    stop = threading.Event()
    line, kept, peak = beam.shorter_win(pos.words(), 40, known, 1 << 26, stop=stop.is_set)
    assert replayed(pos, line) <= len(known) and peak <= 1 << 26
