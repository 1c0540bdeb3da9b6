"""Chains of cards: the longest run a hand can play from a table rank (U2, U9).

A chain is a walk on the rank circle, each step one rank up or down, using each card of the
hand at most once. Used by the greedy player and the search player's rollouts.
"""
from __future__ import annotations

from drez.solver.updown.cards import N_RANKS

NODE_LIMIT = 4000


def rank_counts(cards) -> list[int]:
    """Count of each rank 0..12 among card ids."""
    counts = [0] * N_RANKS
    for c in cards:
        counts[c >> 2] += 1
    return counts


def best_chain(counts: list[int], start: int, unseen: list[int]) -> tuple[int, int, int]:
    """Best chain from table rank `start`: (length, -danger, first rank or -1).

    Maximises length, then minimises danger: how many unseen cards (`unseen[r]` per rank)
    fit on the chain's last rank, i.e. could let an opponent play after it. Exact for
    hands whose search stays under NODE_LIMIT nodes, else the best found so far.
    `counts` is restored before returning.
    """
    memo: dict = {}
    nodes = [0]

    def go(pos: int) -> tuple[int, int]:
        key = (pos, tuple(counts))
        if key in memo:
            return memo[key]
        lo, hi = (pos - 1) % N_RANKS, (pos + 1) % N_RANKS
        best = (0, -(unseen[lo] + unseen[hi]))
        nodes[0] += 1
        if nodes[0] < NODE_LIMIT:
            for r in (lo, hi):
                if counts[r]:
                    counts[r] -= 1
                    length, danger = go(r)
                    counts[r] += 1
                    if (length + 1, danger) > best:
                        best = (length + 1, danger)
        memo[key] = best
        return best

    top = (0, -N_RANKS * 8, -1)
    for r in ((start - 1) % N_RANKS, (start + 1) % N_RANKS):
        if counts[r]:
            counts[r] -= 1
            length, danger = go(r)
            counts[r] += 1
            if (length + 1, danger, r) > top:
                top = (length + 1, danger, r)
    return top


def best_lead(counts: list[int], unseen: list[int]) -> int:
    """Rank to lead freely (U14) that starts the best chain; -1 if the hand is empty."""
    best, choice = None, -1
    for r in range(N_RANKS):
        if counts[r]:
            counts[r] -= 1
            length, danger, _ = best_chain(counts, r, unseen)
            counts[r] += 1
            if length == 0:
                danger = -(unseen[(r - 1) % N_RANKS] + unseen[(r + 1) % N_RANKS])
            if best is None or (length, danger) > best:
                best, choice = (length, danger), r
    return choice
