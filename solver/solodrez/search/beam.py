"""Short wins by beam search, before the proof past A*'s memory (numba).

When A*'s table fills --max-memory, the layered search (layers.py; IDA*, ida.py, if a
layer outgrows the memory) proves every bound from A*'s proven lower bound F up to the
length U of the best win known, less one.  The portfolio's win is far longer than the
minimum (73136: 70 moves, shortest 52).  A beam to F + 1 finds a win of the minimum on
every hard-tail deal whose minimum is F + 1 (reports/hard-tail/beam.md): then only bound
F is left to prove, and a solve that time or cancel stops answers the minimum (not
proven).  An iteration that meets a win costs the layered search far more than one that
proves none (it must build every layer below the win), so the beam spares the costliest
pass.

Layer g of a beam of `width` holds at most `width` positions at depth g: the children of
layer g - 1 with g + h <= target (h = engine.lower_bound; a child at g + h = target is
dropped where tight.bound_not_exact, all three tests, proves h not exact), not dead
(deadness.is_dead), one of each canonical key, those of lowest h kept (ties: the parents'
order, then the move-ordering score).  A win it meets is a line of legal moves from the
position to a won one, at most target moves long (h = 0 at a win, so g <= target).  Beam
search is not complete: finding nothing proves nothing, and no verdict or bound rests on
it; only the proof past A*'s memory does (layers.py, ida.py), which any known win (its
length U) shortens and never changes.
"""
from __future__ import annotations

import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves, is_won, lower_bound
from ..rules.keys import KEY_WORDS, canonical_key
from .deadness import dead_memo, is_dead
from .ordering import sort_scored
from .table import MIN_SLOTS, new_table, table_find, table_insert_at
from .tight import bound_not_exact, tight_scratch

BEAM_WIDTH = 1 << 14        # positions a layer (what it finds: reports/hard-tail/beam.md)
MIN_WIDTH = 1 << 8          # less memory than this many a layer: no beam
# targets tried, over A*'s bound F: F + 1 only.  On the 16 hard-tail deals past A*'s memory
# a beam to F never found a win (the 12 whose minimum is F + 1 have none; the 4 whose
# minimum is F got none), and one to F + 1 found the minimum of all 12 whose minimum it is
# (reports/hard-tail/beam.md)
BEAM_OFFSETS = (1,)
FIRST_FANOUT = 16           # children a layer's position first has room for, on average
H_MAX = 128                 # above any lower bound (56 cards)
CANDIDATE_BYTES = 4 + 8 + 8 + 2 * 8 * KEY_WORDS     # parent, move, h, two table slots
MORE_ROOM = -2


def width_bytes(target: int, fanout: int = FIRST_FANOUT) -> int:
    """Bytes a beam to `target` holds per unit of width: two layers of columns and
    bounds, each layer's parents and moves, and a layer's candidates (`fanout` a
    position) with their table."""
    return 2 * 8 * (NCOLS + 1) + target * (4 + 8) + fanout * CANDIDATE_BYTES


@njit(cache=True)
def beam_layer(cur, hcur, ncur, g, target, nxt, hnxt, par, mv, cands, table, memo, tight,
               bufs, found):
    """Fill layer g + 1 (nxt, hnxt, par: the parent's index in cur, mv: the move) from
    layer g (cur[0:ncur], hcur: their bounds) as the module docstring says, at most
    nxt.shape[0] positions, lowest h first; returns their number, -1 when a child is won
    (then found[0] is its parent's index and found[1] the move), or MORE_ROOM when the
    candidates (cands: parents, moves, h) or their table overflow.  bufs: layer_buffers()."""
    width = nxt.shape[0]
    c_par, c_move, c_h = cands
    keys, size = table
    moves, outlooks, child, counts, key, scratch = bufs
    t_digits, t_counted, t_lengths, t_work = tight
    counts[:H_MAX] = 0
    nc = 0
    for i in range(ncur):
        n = generate_moves(cur[i], moves, True, outlooks)
        sort_scored(moves, n, outlooks)
        for j in range(n):
            h2 = hcur[i] + (outlooks[j] & 3) - 1
            f2 = g + 1 + h2
            if f2 > target:
                continue
            for c in range(NCOLS):
                child[c] = cur[i, c]
            apply_move(child, moves[j])
            if h2 == 0 and is_won(child):
                found[0] = i
                found[1] = moves[j]
                return -1
            canonical_key(child, scratch, key)
            code = table_find(keys, key)
            if code >= 0:       # (found before the tests, as in layers.py)
                continue
            if f2 == target and h2 > 1 and \
                    bound_not_exact(child, t_digits, t_counted, t_lengths, t_work, 1):
                continue
            if is_dead(child, memo):
                continue
            if nc == c_par.shape[0] or table_insert_at(keys, size, code, key) < 0:
                return MORE_ROOM
            c_par[nc] = i
            c_move[nc] = moves[j]
            c_h[nc] = h2
            counts[h2] += 1
            nc += 1
    total = 0
    for h in range(H_MAX):      # bound h takes places counts[h] to counts[H_MAX + h] - 1
        n = min(counts[h], width - total)
        counts[h] = total
        total += n
        counts[H_MAX + h] = total
    for e in range(nc):
        at = counts[c_h[e]]
        if at == counts[H_MAX + c_h[e]]:
            continue
        counts[c_h[e]] = at + 1
        for c in range(NCOLS):
            nxt[at, c] = cur[c_par[e], c]
        apply_move(nxt[at], c_move[e])
        hnxt[at] = c_h[e]
        par[at] = c_par[e]
        mv[at] = c_move[e]
    return total


def layer_buffers() -> tuple:
    """beam_layer's scratch: a position's moves and their outlooks, a child's columns,
    the counts and places by h, a key and its scratch columns."""
    return (np.empty(MAX_MOVES, np.int64), np.empty(MAX_MOVES, np.int64),
            np.empty(NCOLS, np.int64), np.zeros(2 * H_MAX, np.int64),
            np.empty(KEY_WORDS, np.int64), np.empty(NCOLS, np.int64))


def beam_win(words: np.ndarray, target: int, width: int, stop=None,
             avail: int | None = None, progress=None) -> tuple[list | None, int, int]:
    """A win of at most `target` moves from the position `words` found by a beam of
    `width` (packed moves on its own columns), or None; the positions the beam kept; and
    the most bytes it held at once.  `stop()`, asked between layers, ends it early
    (None); so does a layer whose candidates would take it past `avail` bytes.
    `progress(k)` hears each layer's k positions."""
    cur = np.zeros((width, NCOLS), np.int64)
    nxt = np.zeros_like(cur)
    hcur, hnxt = np.zeros(width, np.int64), np.zeros(width, np.int64)
    cur[0] = words
    hcur[0] = lower_bound(cur[0])
    ncur, kept, fanout = 1, 0, FIRST_FANOUT
    memo, tight = dead_memo(), tight_scratch()
    bufs = layer_buffers()
    found = np.zeros(2, np.int64)
    parents, moves = [], []
    held = 2 * (cur.nbytes + hcur.nbytes)
    peak = held
    g = 0
    while g < target:
        if stop is not None and stop():
            return None, kept, peak
        room = fanout * width
        layer = width * (4 + 8) + room * CANDIDATE_BYTES
        if avail is not None and held + layer > avail:
            return None, kept, peak
        peak = max(peak, held + layer)
        cands = (np.empty(room, np.int32), np.empty(room, np.int64), np.empty(room, np.int64))
        par, mv = np.zeros(width, np.int32), np.zeros(width, np.int64)
        k = beam_layer(cur, hcur, ncur, g, target, nxt, hnxt, par, mv, cands,
                       new_table(max(MIN_SLOTS, 2 * room)), memo, tight, bufs, found)
        del cands
        if k == MORE_ROOM:
            fanout *= 2
            continue
        if k < 0:
            line, i = [int(found[1])], int(found[0])
            for back in range(g - 1, -1, -1):
                line.append(int(moves[back][i]))
                i = int(parents[back][i])
            return line[::-1], kept, peak
        if k == 0:
            return None, kept, peak
        held += par.nbytes + mv.nbytes
        kept += k
        if progress is not None:
            progress(k)
        cur, nxt, hcur, hnxt = nxt, cur, hnxt, hcur
        parents.append(par)
        moves.append(mv)
        ncur = k
        g += 1
    return None, kept, peak


def shorter_win(words: np.ndarray, lower: int, packed: list, avail: int, stop=None,
                notify=None, progress=None) -> tuple[list, int, int]:
    """The shortest win beams of BEAM_WIDTH find with targets lower + k (k in
    BEAM_OFFSETS, ascending; below len(packed)) within `avail` bytes, else `packed` (a
    known win); the positions the beams kept; and the most bytes one held.  `stop` and
    `progress` as in beam_win; `notify(text)` hears each beam start."""
    kept = peak = 0
    for target in (lower + k for k in BEAM_OFFSETS if lower + k < len(packed)):
        line, n, held = win_within(words, target, avail, stop, notify, progress)
        kept, peak = kept + n, max(peak, held)
        if line is not None:
            return line, kept, peak
        if held == 0:
            break
    return packed, kept, peak


def win_within(words: np.ndarray, target: int, avail: int, stop=None, notify=None,
               progress=None) -> tuple[list | None, int, int]:
    """A win of at most `target` moves that a beam of BEAM_WIDTH (fewer where `avail`
    bytes hold fewer, none below MIN_WIDTH: held 0) finds, or None; the positions it
    kept; the most bytes it held.  `stop`, `progress` as in beam_win; `notify(text)`
    hears the beam start."""
    width = min(BEAM_WIDTH, avail // width_bytes(target))
    if width < MIN_WIDTH:
        return None, 0, 0
    if notify:
        notify(f"a beam search of {width:,} positions a layer looks for a win of "
               f"{target} moves")
    return beam_win(words, target, width, stop, avail, progress)
