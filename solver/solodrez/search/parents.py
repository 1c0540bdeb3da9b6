"""A*'s payload (numba kernels): moving it and the open lists' references to new slots
after a rehash, and tracing greedy search's solution through its chain of parents
(search/astar.py keeps them); and
reading a line back from the layered search's records (search/layers.py), and moving
its places up the records to relays (search/relay.py).
"""
import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves, is_won
from ..rules.keys import KEY_WORDS, canonical_key, key_to_columns
from .open_list import LINK_BIAS, link_next


@njit(cache=True, inline="always")
def _renamed(ref, slot_map):
    """An open list's reference after a rehash: a slot's is renamed, an entry's or END
    stays (open_list.py)."""
    return slot_map[ref] if ref >= 0 else ref


@njit(cache=True)
def move_payload(payload, slot_map, new_payload, opens, new_links, greedy):
    """After a rehash: each slot's payload and link move to its new slot; parent
    pointers, links and the open lists' references to slots (bucket heads, entries'
    next references and slots, every entry ever used, free ones too) name new slots."""
    parent, gs = payload
    new_parent, new_gs = new_payload
    heads, e_slot, e_next, ne, links = opens[0], opens[1], opens[3], opens[4], opens[6]
    for s in range(slot_map.shape[0]):
        t = slot_map[s]
        if t < 0:
            continue
        if greedy:
            p = parent[s]
            new_parent[t] = 0 if p == 0 else slot_map[p - 1] + 1
            continue
        new_gs[t] = gs[s]
        link = links[s]
        if link != 0:
            moved = _renamed(link_next(link), slot_map) + LINK_BIAS
            new_links[t] = moved if link > 0 else -moved
    for b in range(heads.shape[0]):
        heads[b] = _renamed(heads[b], slot_map)
    for i in range(ne[0]):
        e_slot[i] = slot_map[e_slot[i]]
        e_next[i] = _renamed(e_next[i], slot_map)


@njit(cache=True)
def chain_length(parent, slot):
    """The number of moves from the root to the position in `slot`, plus one (the win)."""
    n = 1
    while parent[slot] > 0:
        slot = parent[slot] - 1
        n += 1
    return n


@njit(cache=True)
def chain_keys(keys, parent, slot, chain):
    """chain[i]: the key after i + 1 moves of the parent chain that ends at `slot`
    (len(chain) = its moves, chain_length - 1)."""
    for i in range(chain.shape[0] - 1, -1, -1):
        for w in range(KEY_WORDS):
            chain[i, w] = keys[slot, w]
        slot = parent[slot] - 1


@njit(cache=True, nrt=True)
def trace_path(root, keys, parent, slot, out):
    """Write into out the packed moves, on the root's own columns, that lead from root
    through the parent chain ending at `slot` to a won position (len(out) moves)."""
    chain = np.empty((out.shape[0] - 1, KEY_WORDS), np.int64)
    chain_keys(keys, parent, slot, chain)
    follow_keys(root, chain, out)


@njit(cache=True, nrt=True)
def follow_keys(root, seq, out):
    """Write into out (len(seq) + 1 moves) the packed moves, on the root's own columns,
    that lead from root through positions whose canonical keys are seq[0], seq[1], ...
    and then to a won position."""
    n = out.shape[0]
    cols = root.copy()
    child = np.empty(NCOLS, np.int64)
    moves = np.empty(MAX_MOVES, np.int64)
    key = np.empty(KEY_WORDS, np.int64)
    scratch = np.empty(NCOLS, np.int64)
    for i in range(n):
        nm = generate_moves(cols, moves, False)
        chosen = -1
        for j in range(nm):
            for c in range(NCOLS):
                child[c] = cols[c]
            apply_move(child, moves[j])
            if i == n - 1:
                if is_won(child):
                    chosen = moves[j]
                    break
                continue
            canonical_key(child, scratch, key)
            same = True
            for w in range(KEY_WORDS):
                if key[w] != seq[i, w]:
                    same = False
                    break
            if same:
                chosen = moves[j]
                break
        if chosen < 0:
            raise AssertionError("no move leads to the next position of the solution")
        out[i] = chosen
        apply_move(cols, chosen)


@njit(cache=True)
def line_keys(root_key, moves, out, cols, scratch):
    """out[i]: the canonical key after moves[0..i], each move on the columns its parent's
    key reads back to (key_to_columns), as layer_run made them.  cols, scratch: two
    column arrays to work in."""
    for i in range(moves.shape[0]):
        if i == 0:
            key_to_columns(root_key, cols)
        else:
            key_to_columns(out[i - 1], cols)
        apply_move(cols, moves[i])
        canonical_key(cols, scratch, out[i])


def layer_line_keys(root_key, records, place: int) -> np.ndarray:
    """The canonical keys after each move of the line that `records` (for each layer 1,
    2, ...: (parents, moves), each position's parent's place in the layer before and the
    move to it) give to place `place` of the last layer (the last key is that
    position's)."""
    moves = []
    for par, mv in reversed(records):
        moves.append(int(mv[place]))
        place = int(par[place])
    moves.reverse()
    keys = np.zeros((len(moves), KEY_WORDS), np.int64)
    line_keys(root_key, np.array(moves, np.int64), keys,
              np.zeros(NCOLS, np.int64), np.zeros(NCOLS, np.int64))
    return keys


def moves_through(root, keys) -> list[int]:
    """The packed moves, on the root's own columns, of a line through positions whose
    canonical keys are keys[0], keys[1], ... and then to a won position."""
    out = np.zeros(len(keys) + 1, np.int64)
    follow_keys(root, np.asarray(keys, np.int64).reshape(-1, KEY_WORDS), out)
    return out.tolist()


@njit(cache=True)
def follow_places(par, places):
    """places[i] = par[places[i]] for every i, in place: each place goes one layer up the
    records (par: the parents' places of a layer).  Holds nothing beside the two arrays
    (numpy's take would copy `places` as 8-byte indices first)."""
    for i in range(places.shape[0]):
        places[i] = par[places[i]]
