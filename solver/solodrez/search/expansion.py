"""A*'s expansions (numba): `astar_run`, the loop that `astar.AStar` calls in slices,
and the steps of one expansion, each inlined into it (search/astar.py holds the model:
the guarantees, partial expansion, the fronts and the storage layout)."""
import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves, move_outlook
from ..rules.keys import KEY_WORDS, key_to_columns_and_symbols
from ..rules.productive import generate_productive
from .children import children_work, key_children
from .commute import NO_RULE, came_code, came_words, covered
from .deadness import is_dead
from .late_choice import TEST_SLOTS, chosen_not_exact
from .open_list import MAX_F, MAX_G, child_f, entries_left, mark_stale, next_front, pop, push, seed_fronts
from .ordering import shuffle_ties, sort_scored
from .stats_slots import EXPANDED, LENGTH, SKIPPED, WIN_PARENT
from .status import FULL, LOST, RUNNING, TOO_LONG, WON
from .table import table_find_from, table_full, table_insert_at
from .tight import tight_scratch

LISTS = 9       # move lists astar_run works in: the rows below
HOMES, MOVES, OUTLOOKS, CHOSEN, SCORES, TIES, KEPT, KEPT_SLOT, KEPT_SCORE = range(LISTS)
SKIP = -2       # _store_child: the child is stored but not opened


def astar_work():
    """The work arrays astar_run overwrites: LISTS move lists, the children's keys, two
    positions' columns and one's symbol words, children.children_work,
    tight.tight_scratch and the tests' choice and counts (late_choice.py's slots)."""
    return (np.empty((LISTS, MAX_MOVES), np.int64), np.empty((MAX_MOVES, KEY_WORDS), np.int64),
            np.empty((3, NCOLS), np.int64), children_work(), tight_scratch(),
            np.zeros(TEST_SLOTS, np.int64))


@njit(cache=True, inline="always")
def _no_room(table, opens):
    """Whether one more expansion might not fit in the table or the open entries."""
    keys, size = table
    return table_full(size, keys.shape[0], MAX_MOVES) or \
        entries_left(opens) < opens[5].shape[0] * (MAX_MOVES + 1)


@njit(cache=True, inline="always")
def _children_to_store(node, came, greedy, work, stats):
    """The children an expansion at node = (slot, g, f, h, front) stores now: their moves
    in chosen[0:k], their outlooks in scores[0:k].  Returns (status, k, later), later the
    smallest f above f among the others (the position comes back there), status
    TOO_LONG when some child's f is above MAX_F (never drop a position: LOST must stay a
    proof), else RUNNING."""
    _, g, f, h, _ = node
    lists, cols = work[0], work[2][0]
    chosen, scores = lists[CHOSEN], lists[SCORES]
    if not greedy and f == g + h:
        # in its own layer only the moves that lower h keep f: list just those, and
        # come back at f + 1 (at most the smallest f of the other children)
        if f + 1 > MAX_F:
            return TOO_LONG, 0, 0
        k = generate_productive(cols, chosen)
        for i in range(k):
            scores[i] = move_outlook(cols, chosen[i])
        return RUNNING, k, f + 1
    moves, outlooks = lists[MOVES], lists[OUTLOOKS]
    g2 = 1 if greedy else g + 1
    n = generate_moves(cols, moves, True, outlooks)
    xa = xb = wa = wb = ka = back = 0
    if came != NO_RULE:
        xa, xb, wa, wb, ka, back = came_words(cols, came)
    later = MAX_F + 1
    k = 0
    for i in range(n):
        outlook = outlooks[i]
        f2 = child_f(h, outlook, g2, f, greedy)[1]
        if f2 > MAX_F:
            return TOO_LONG, 0, 0
        if f2 > f:
            if f2 < later:
                later = f2
            continue
        if greedy and f2 <= h < f:
            continue        # taken back at f, this child was stored at f = h
        if came != NO_RULE and covered(cols, moves[i], xa, xb, wa, wb, ka, back):
            stats[SKIPPED] += 1
            continue        # another position makes this child (commute.py)
        chosen[k] = moves[i]
        scores[k] = outlook
        k += 1
    return RUNNING, k, later


@njit(cache=True, inline="always")
def _key_chosen(node, whole, k, keys, work):
    """Key chosen[0:k] in generation order; only if none wins, sort them (order_moves,
    the front's ties) and key them again from the best.  Returns (win, deferred): the
    index of the winning child in the sorted list (-1 if none), and whether the sort is
    deferred to the children found new (a child won: the keys are in generation order).
    The same pushes in the same order either way: sort_scored and shuffle_ties are
    stable, and a win ends the batch after the children before it in push order."""
    front = node[4]
    lists, ckeys, own, cwork = work[0], work[1], work[2], work[3]
    cols, syms = own[0], own[2]
    chosen, scores, homes = lists[CHOSEN], lists[SCORES], lists[HOMES]
    deferred = key_children(cols, syms, whole, chosen, 0, k, 1, keys, ckeys, homes,
                            cwork) < 0
    win = -1
    if not deferred:
        sort_scored(chosen, k, scores)
        if front > 0:
            shuffle_ties(cols, chosen, k, scores, front, lists[TIES])
        win = key_children(cols, syms, whole, chosen, k - 1, -1, -1, keys, ckeys, homes,
                           cwork)
    return win, deferred


@njit(cache=True, inline="always")
def _store_child(i, node, table, payload, links, modes, memo, work):
    """Store child chosen[i] (its key in ckeys[i]) of the position at node, or give it a
    shorter path (A*: its link, if in a list, goes stale): returns its slot to open,
    SKIP when it is not opened (known at g2 or less, or proven dead: stored with parent
    0 or g = 0, never opened since it cannot be won), or -1 when the table is full."""
    slot, g, f, h, _ = node
    greedy, prune_dead = modes[0], modes[1]
    keys, size = table
    parent, gs = payload
    lists, ckeys, own = work[0], work[1], work[2]
    g2 = 1 if greedy else g + 1
    key = ckeys[i]
    found = table_find_from(keys, key, lists[HOMES, i])
    if found >= 0:
        if greedy or gs[found] <= g2:
            return SKIP
        gs[found] = g2
        mark_stale(links, found)
        return found
    dead = False
    if prune_dead and (greedy or f != g + h):
        cols, child = own[0], own[1]
        for c in range(NCOLS):
            child[c] = cols[c]
        apply_move(child, lists[CHOSEN, i])
        dead = is_dead(child, memo)
    s2 = table_insert_at(keys, size, found, key)
    if s2 < 0:
        return -1
    if greedy:
        parent[s2] = 0 if dead else slot + 1
    else:
        gs[s2] = 0 if dead else g2
    return SKIP if dead else s2


@njit(cache=True, inline="always")
def _store_children(node, k, win, deferred, table, payload, links, modes, memo, work):
    """Store the keyed children (see _key_chosen) and list those to open in kept[0:nk],
    their slots in kept_slot and outlooks in kept_score, sorted as they are to be pushed
    (from the last).  Returns nk, or -1 when the table is full."""
    front = node[4]
    lists, cols = work[0], work[2][0]
    kept, kept_slot, kept_score = lists[KEPT], lists[KEPT_SLOT], lists[KEPT_SCORE]
    nk = 0
    for t in range(k if deferred else k - 1 - win):
        i = t if deferred else k - 1 - t
        s2 = _store_child(i, node, table, payload, links, modes, memo, work)
        if s2 == -1:
            return -1
        if s2 == SKIP:
            continue
        kept[nk] = lists[CHOSEN, i]
        kept_slot[nk] = s2
        kept_score[nk] = lists[SCORES, i]
        nk += 1
    if deferred:
        sort_scored(kept, nk, kept_score, kept_slot)
        if front > 0:
            shuffle_ties(cols, kept, nk, kept_score, front, lists[TIES], kept_slot)
    return nk


@njit(cache=True, inline="always")
def _open_kept(node, came_codes, nk, deferred, greedy, opens, work):
    """Open kept[0:nk] in the node's front, best move last (so popped first); the entry
    keeps A*'s g, or in greedy search the child's in-move code when came_codes (commute
    rule) else NO_RULE.  False when no entry is left."""
    _, g, f, h, front = node
    lists, cols = work[0], work[2][0]
    g2 = 1 if greedy else g + 1
    for j in range(nk):
        t = nk - 1 - j if deferred else j
        m = lists[KEPT, t]
        h2, f2 = child_f(h, lists[KEPT_SCORE, t], g2, f, greedy)
        pushed = g2
        if greedy:
            pushed = came_code(cols, m) if came_codes else NO_RULE
        if not push(opens, lists[KEPT_SLOT, t], pushed, f2, h2, front):
            return False
    return True


@njit(cache=True)
def astar_run(table, payload, opens, stats, budget, modes, memo, work):
    """Expand up to `budget` positions; returns RUNNING, WON, LOST, FULL or TOO_LONG.

    table = (keys, size) (search/table.py), payload = (parent, gs), opens as in
    open_list.py, stats by the A* slots of stats_slots.py, modes = (greedy, prune_dead,
    tight, commute), memo deadness.dead_memo's, work astar_work's.

    With greedy the order is by h alone (greedy best-first): the first win found
    is not shortest, but the search stays exhaustive, so LOST is still a proof.
    With tight (A* only: tight.py's exactness tests as work[5] says, late_choice.py's
    `tests`, which counts them), a position taken at f = g + h that they prove cannot
    be won in exactly h moves goes back at f + 1 unexpanded; its distance
    is at least h + 1, so f + 1 is still a lower bound on every solution through it.
    Children get f = max(g + 1 + h(child), f) (pathmax), so that the f of a raised
    position carries over to its children: every win through them costs at least that.

    Fronts (len(lows) of them): each has its own open list and breaks ties between
    children of equal f its own way (front 0 by `order_moves` alone); the root's
    children go to every front, any other position's to the front that expanded it.
    Positions are taken in turn from the fronts holding the lowest f, so every position
    taken still has the lowest f open: the guarantees above hold whatever the turn.
    In greedy mode g is not kept (a position is stored once and never re-opened from
    another parent, so no entry goes stale): stats[LENGTH] is then 1 after a win.
    With commute (greedy only), children that `commute.covered` shows another stored
    position makes are not keyed (LOST stays a proof: commute.py).
    """
    greedy, tight, commute = modes[0], modes[2], modes[3]
    keys, gs = table[0], payload[1]
    lists, own = work[0], work[2]
    cols, syms = own[0], own[2]
    came = NO_RULE
    done = 0
    while done < budget:
        if _no_room(table, opens):
            return FULL         # before taking a position: nothing is half expanded
        front = next_front(opens, stats)
        if front < 0:
            return LOST
        slot, g, f, h = pop(opens, front, gs)
        if not greedy and f > MAX_G:
            return TOO_LONG     # every open position needs more moves than g can count
        if greedy:
            came = g            # greedy entries keep the in-move code (commute.py)
            g = 1               # not kept (see above)
        elif gs[slot] != g:
            continue            # a shorter path to this position was found since (or a
            # stale link, g = -1)
        if f == (h if greedy else g + h):
            done += 1
            stats[EXPANDED] += 1
        whole = key_to_columns_and_symbols(keys[slot], cols, syms)
        if tight and not greedy and f == g + h and h > 1 and \
                chosen_not_exact(cols, work[4], work[5]):
            if f + 1 > MAX_F:
                return TOO_LONG
            if not push(opens, slot, g, f + 1, h, front):
                return FULL
            continue
        node = (slot, g, f, h, front)
        status, k, later = _children_to_store(node, came, greedy, work, stats)
        if status != RUNNING:
            return status
        win, deferred = _key_chosen(node, whole, k, keys, work)
        nk = _store_children(node, k, win, deferred, table, payload, opens[6], modes, memo,
                             work)
        if nk < 0 or not _open_kept(node, commute, nk, deferred, greedy, opens, work):
            return FULL
        if win >= 0:
            stats[WIN_PARENT] = slot
            stats[LENGTH] = 1 if greedy else g + 1
            return WON
        if g == 0 and opens[5].shape[0] > 1 and nk > 0 and not seed_fronts(
                cols, lists[KEPT], lists[KEPT_SLOT], nk, h, f, opens,
                (lists[CHOSEN], lists[SCORES], lists[TIES])):
            return FULL
        if later <= MAX_F and not push(opens, slot, came if greedy else g, later, h, front):
            return FULL
    return RUNNING
