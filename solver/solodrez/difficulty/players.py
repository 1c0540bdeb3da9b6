"""Simulated players of graded skill (numba kernels over the packed columns).

Every player sees the whole table (Solodrez is dealt face up), plays one legal move at a
time and draws its random choices from splitmix64 seeded by (deal, player, play), so a
game is a pure function of its seed.  Candidates are always taken in the rules' move
generation order (engine.generate_moves with prune=False: by source column, destination,
run length), never in a search's order, so no player depends on the search engine.

RANDOM     a uniformly random legal move that does not undo the last one (the same cards
           moved straight back).
GREEDY     the move whose resulting position has the smallest score 2 * lower_bound +
           (it landed on an empty column), never into a position seen earlier in the game
           (up to column order); ties broken at random.
LOOKAHEAD  like GREEDY, but a move is valued by the smallest lower_bound reachable within
           LOOKAHEAD_DEPTH moves starting with it; ties by the GREEDY score, then at
           random.

A settled position is won exactly when its lower_bound is 0 (every real card on the card
one rank higher and every Joker on the table leaves only complete series, which are
removed), so the scores need no separate test for a win.

A game ends won, stuck (no candidate move) or after MAX_GAME_MOVES moves (lost for the
player).  The ceiling, perfect play, wins exactly the winnable deals and is not simulated.
"""
from __future__ import annotations

import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, apply_move, generate_moves, is_won, lower_bound
from ..rules.packing import EMPTY_WORD, NCOLS
from ..rules.splitmix import GAMMA, MIX1, MIX2, mix_with

RANDOM, GREEDY, LOOKAHEAD = 0, 1, 2
PLAYERS = ("random", "greedy", "lookahead")
MAX_GAME_MOVES = 400
LOOKAHEAD_DEPTH = 2


@njit(cache=True)
def next_random(state):
    """(new state, value) of splitmix64: state += GAMMA, value = the output function of
    the new state; both uint64."""
    state = state + np.uint64(GAMMA)
    return state, mix_with(state, MIX1, MIX2)


def game_seed(deal: int, player: int, play: int) -> int:
    """The seed of one game: a splitmix64 value of (deal, player, play), as a Python int."""
    mask = (1 << 64) - 1
    z = (deal * 0x100000001B3 + player * 0x10001 + play * 0x9E37 + 1) & mask
    z = (z + GAMMA) & mask
    z = ((z ^ (z >> 30)) * MIX1) & mask
    z = ((z ^ (z >> 27)) * MIX2) & mask
    return z ^ (z >> 31)


@njit(cache=True)
def _sorted_words(cols, out):
    """out[0:NCOLS] = the column words sorted (the position up to column order)."""
    for i in range(NCOLS):
        w = cols[i]
        j = i - 1
        while j >= 0 and out[j] > w:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = w


@njit(cache=True)
def _seen(seen, nseen, words):
    """Whether the sorted words `words` equal one of seen[0:nseen] (exact comparison)."""
    for i in range(nseen):
        same = True
        for c in range(NCOLS):
            if seen[i, c] != words[c]:
                same = False
                break
        if same:
            return True
    return False


@njit(cache=True)
def _best_reachable(cols, buf, outlooks):
    """The smallest lower_bound among cols and the positions one move away (LOOKAHEAD_DEPTH
    - 1 = 1 more move after the one played), read off the moves' outlooks (engine.
    move_outlook: the exact change in lower_bound) without playing them.  A settled
    position is won exactly when its lower_bound is 0."""
    best = lower_bound(cols)
    here = best
    n = generate_moves(cols, buf, True, outlooks)
    for i in range(n):
        v = here + (outlooks[i] & 3) - 1
        if v < best:
            best = v
    return best


def work_arrays():
    """The work arrays play_game and play_many take (the kernels allocate nothing)."""
    return (np.empty(MAX_GAME_MOVES, np.int64), np.empty(NCOLS, np.int64),
            np.empty((4, MAX_MOVES), np.int64), np.empty((MAX_GAME_MOVES + 1, NCOLS), np.int64),
            np.empty(NCOLS, np.int64))


@njit(cache=True)
def play_game(start, player, seed, out, cols, buf, seen, words):
    """Play one game of `player` from the columns `start` (settled); write its moves
    (packed) into out and return (won, number of moves played).  cols, buf, seen and
    words are work arrays (work_arrays)."""
    for c in range(NCOLS):
        cols[c] = start[c]
    state = np.uint64(seed)
    moves = buf[0]
    cand = buf[1]
    deep = buf[2]
    outlooks = buf[3]
    _sorted_words(cols, seen[0])
    nseen = 1
    last = -1
    played = 0
    while played < MAX_GAME_MOVES:
        if is_won(cols):
            return True, played
        n = generate_moves(cols, moves, False)
        nc = 0
        best = 1 << 40
        best2 = 1 << 40
        for i in range(n):
            m = moves[i]
            s = m & 15
            d = (m >> 4) & 15
            if player == RANDOM:
                if last >= 0 and s == ((last >> 4) & 15) and d == (last & 15) \
                        and (m >> 8) == (last >> 8):
                    continue
                cand[nc] = m
                nc += 1
                continue
            ws, wd = cols[s], cols[d]
            apply_move(cols, m)
            _sorted_words(cols, words)
            fresh = not _seen(seen, nseen, words)
            if fresh:
                score = 2 * lower_bound(cols) + (1 if wd == EMPTY_WORD else 0)
                value = score
                second = 0
                if player == LOOKAHEAD:
                    value = _best_reachable(cols, deep, outlooks)
                    second = score
                if value < best or (value == best and second < best2):
                    best, best2 = value, second
                    nc = 0
                if value == best and second == best2:
                    cand[nc] = m
                    nc += 1
            cols[s], cols[d] = ws, wd
        if nc == 0:
            return False, played
        state, r = next_random(state)
        m = cand[np.int64(r % np.uint64(nc))]
        apply_move(cols, m)
        out[played] = m
        played += 1
        last = m
        if player != RANDOM:
            _sorted_words(cols, seen[nseen])
            nseen += 1
    return bool(is_won(cols)), played


@njit(cache=True)
def play_many(starts, players, seeds, won, lengths, out, cols, buf, seen, words):
    """Play game g of players[g] from starts[g] with seeds[g] for every g; won[g] and
    lengths[g] get its result (the moves are not kept: replay one with play_game).  The
    last five are work_arrays()."""
    for g in range(starts.shape[0]):
        w, k = play_game(starts[g], players[g], seeds[g], out, cols, buf, seen, words)
        won[g] = w
        lengths[g] = k
