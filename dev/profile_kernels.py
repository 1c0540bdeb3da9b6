"""Time the kernels of one greedy expansion on a corpus of real search positions.

    python -m dev.profile_kernels [--deal 104] [--corpus 100000]

Runs the greedy best-first search (the verdict portfolio's main stage) on a deal, takes
the positions it stored as the corpus, and times each step of an expansion over all of
them in compiled loops: decoding the key, generating moves with their outlooks, ordering,
making each child, keying it, probing the table and the dead-position test.  Prints ns
per call and per expansion, so a change can be aimed at what costs most.
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from drez.solver.solodrez.jit import njit
from drez.solver.solodrez.rules.engine import MAX_MOVES, NCOLS, generate_moves
from drez.solver.solodrez.rules.keys import KEY_WORDS, key_to_columns_and_symbols
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar
from drez.solver.solodrez.search.children import children_work, key_children
from drez.solver.solodrez.search.deadness import dead_memo, is_dead
from drez.solver.solodrez.search.ordering import sort_scored
from drez.solver.solodrez.search.solve import Limits, run_search
from drez.solver.solodrez.search.stats_slots import SKIPPED
from drez.solver.solodrez.search.table import table_find


@njit
def _decode(keys, slots, out, syms, whole):
    """The columns and symbol words of each key, as astar_run reads a position."""
    for i in range(slots.shape[0]):
        whole[i] = key_to_columns_and_symbols(keys[slots[i]], out[i], syms[i])


@njit
def _generate(corpus, moves, counts, outlooks):
    """The moves and their outlooks, as the searches ask generate_moves for them."""
    for i in range(corpus.shape[0]):
        counts[i] = generate_moves(corpus[i], moves[i], True, outlooks[i])


@njit(nrt=True)
def _order(moves, counts, outlooks):
    """sort_scored on a fresh copy of each list (so repeated runs sort the same input)."""
    chosen = np.empty(MAX_MOVES, np.int64)
    scores = np.empty(MAX_MOVES, np.int64)
    for i in range(moves.shape[0]):
        for j in range(counts[i]):
            chosen[j] = moves[i, j]
            scores[j] = outlooks[i, j]
        sort_scored(chosen, counts[i], scores)


@njit(nrt=True)
def _children(keys, corpus, syms, whole, moves, counts, ckeys, work):
    """Key every child as the search does (children.key_children: symbol words, home
    slots prefetched), then copy the keys out for the probe step."""
    batch = np.empty((MAX_MOVES, KEY_WORDS), np.int64)
    homes = np.empty(MAX_MOVES, np.int64)
    n = 0
    for i in range(corpus.shape[0]):
        won = key_children(corpus[i], syms[i], whole[i], moves[i], 0, counts[i], 1, keys,
                           batch, homes, work)
        for j in range(counts[i] if won < 0 else won):
            for w in range(KEY_WORDS):
                ckeys[n, w] = batch[j, w]
            n += 1
    return n


@njit
def _probe(keys, ckeys):
    hits = 0
    for n in range(ckeys.shape[0]):
        if table_find(keys, ckeys[n]) >= 0:
            hits += 1
    return hits


@njit
def _dead(corpus, memo):
    t = 0
    for i in range(corpus.shape[0]):
        t += is_dead(corpus[i], memo)
    return t


def _time(fn, *args):
    """The best of three full runs (the first also compiles and touches the arrays)."""
    best = None
    for _ in range(3):
        start = time.perf_counter()
        out = fn(*args)
        t = time.perf_counter() - start
        best = t if best is None else min(best, t)
    return best, out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deal", type=int, default=104)
    ap.add_argument("--corpus", type=int, default=100_000)
    args = ap.parse_args()
    search = astar.AStar(Position.from_deal(args.deal).words(), 1 << 20, greedy=True)
    start = time.perf_counter()
    _, stored, _ = run_search(search, Limits(max_memory=1 << 30))
    seconds = time.perf_counter() - start
    expanded = search.expanded
    print(f"deal {args.deal}: greedy search stored {stored:,} positions, took "
          f"{expanded:,} expansions in {seconds:.2f} s: {stored / seconds:,.0f} stored/s, "
          f"{1e9 * seconds / expanded:,.0f} ns per expansion; the commute rule skipped "
          f"{int(search.stats[SKIPPED]) / expanded:.1f} children an expansion (the steps below "
          f"time every child)")
    used = np.flatnonzero(search.keys[:, 0] != 0)     # key[0] == 0 marks an empty slot
    rng = np.random.default_rng(1)
    slots = rng.choice(used, min(args.corpus, used.size), replace=False)
    n = slots.size
    corpus = np.empty((n, NCOLS), np.int64)
    moves = np.empty((n, MAX_MOVES), np.int64)
    counts = np.empty(n, np.int64)
    rows = []
    syms = np.empty((n, NCOLS), np.int64)
    whole = np.empty(n, np.bool_)
    t, _ = _time(_decode, search.keys, slots, corpus, syms, whole)
    rows.append(("decode key", t, n))
    outlooks = np.empty((n, MAX_MOVES), np.int64)
    t, _ = _time(_generate, corpus, moves, counts, outlooks)
    total = int(counts.sum())
    rows.append(("generate moves and outlooks", t, n))
    t, _ = _time(_order, moves, counts, outlooks)
    rows.append(("order moves (all of them)", t, n))
    ckeys = np.zeros((total, KEY_WORDS), np.int64)
    t, keyed = _time(_children, search.keys, corpus, syms, whole, moves, counts, ckeys,
                      children_work())
    rows.append(("child keys (key_children)", t, total))
    t, hits = _time(_probe, search.keys, ckeys[:keyed])
    rows.append(("table probe", t, total))
    t, dead = _time(_dead, corpus, dead_memo())
    rows.append(("is_dead", t, n))
    print(f"corpus: {n:,} stored positions, {total / n:.1f} moves each, "
          f"{hits / total:.0%} of children in the table, {dead / n:.1%} dead")
    print(f"{'step':32s} {'ns/call':>9s} {'ns/position':>12s}")
    for name, t, calls in rows:
        print(f"{name:32s} {1e9 * t / calls:9.1f} {1e9 * t / n:12.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
