"""Solodrez perft (S4-S11, S18): counts of distinct canonical positions reachable within
d moves, pinned in tests/solodrez/data/perft.json (computed with tests/solodrez/reference.py), recomputed
with the engine kernels; the reference is rechecked on the cheap depths."""
import json
import os

import numpy as np
import pytest

from drez.solver.solodrez.rules import engine, keys
from drez.solver.solodrez.rules.position import Position
from tests.solodrez.helpers import DATA, fast_reference, ref, to_ref

with open(os.path.join(DATA, "perft.json")) as f:
    CASES = json.load(f)["positions"]


def start_of(case) -> Position:
    if "deal" in case:
        return Position.from_deal(case["deal"])
    return Position.parse(case["text"])


def engine_perft(words, depth, prune):
    """Breadth-first over the kernels: for d = 1..depth, distinct canonical keys within d
    moves (the start included).  A won position counts as the empty table (S13)."""
    key = np.empty(keys.KEY_WORDS, np.int64)
    scratch = np.empty(engine.NCOLS, np.int64)
    moves = np.empty(engine.MAX_MOVES, np.int64)

    def key_of(w):
        keys.canonical_key(w, scratch, key)
        return key.tobytes()

    seen = {key_of(words)}
    frontier = [words]
    out = []
    for _ in range(depth):
        nxt = []
        for w in frontier:
            for m in moves[:engine.generate_moves(w, moves, prune)]:
                child = w.copy()
                engine.apply_move(child, m)
                if engine.is_won(child):
                    child[:] = engine.EMPTY_WORD
                k = key_of(child)
                if k not in seen:
                    seen.add(k)
                    nxt.append(child)
        frontier = nxt
        out.append(len(seen))
    return out


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_S18_engine_perft_matches_pinned_counts(case):
    """Full move lists (prune=False) and pruned ones (prune=True) both give the pinned
    counts: pruning never loses a canonical successor (S8)."""
    words = start_of(case).words()
    depth = len(case["perft"])
    assert engine_perft(words, depth, False) == case["perft"]
    assert engine_perft(words, depth, True) == case["perft"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_reference_perft_agrees_on_cheap_depths(case):
    """The pinned file really is the reference's answer (rechecked to depth 3 where that
    takes under a second, else depth 2)."""
    pos = to_ref(start_of(case))
    depth = 3 if case["perft"][2] < 1000 else 2
    with fast_reference():
        assert ref.perft(pos, depth) == case["perft"][:depth]


def test_deal_text_start_agrees_with_deal_number():
    """The deal cases start from the settled deal, as reference.perft settles it."""
    for case in CASES:
        if "deal" in case:
            assert to_ref(start_of(case)) == ref.settle(ref.deal(case["deal"]))
