"""An exact hash table of canonical keys, for the searches (numba kernels).

Entry packing (40 bytes an entry)
---------------------------------
    keys[slot, 0:4]  the exact canonical key (engine.canonical_key); never a fingerprint,
                     so a table hit is always the same position and LOST stays a proof
    info[slot]       -1 for an empty slot; otherwise a search's own payload (>= 0)

Open addressing with linear probing, no deletion, no replacement: an entry once stored
stays, so a slot index is a stable name for a position (A* uses it as a parent pointer).
The table counts as full at 3/4 load; inserting then answers -1 and the search reports
UNKNOWN (memory), never a wrong verdict.
"""
import numpy as np
from ..jit import njit

from ..rules.engine import KEY_WORDS, key_hash

ENTRY_BYTES = 8 * (KEY_WORDS + 1)
FULL = -1


def new_table(max_bytes: int):
    """(keys, info, size) arrays for a table of at most max_bytes (power-of-two slots)."""
    slots = 1 << 10
    while slots * 2 * ENTRY_BYTES <= max_bytes:
        slots *= 2
    keys = np.zeros((slots, KEY_WORDS), np.int64)
    info = np.full(slots, -1, np.int64)
    size = np.zeros(1, np.int64)
    return keys, info, size


@njit(cache=True)
def table_find(keys, info, key):
    """The slot holding key, or -(slot+2) of the empty slot where it would go."""
    mask = keys.shape[0] - 1
    slot = np.int64(key_hash(key) & np.uint64(mask))
    while True:
        if info[slot] < 0:
            return -(slot + 2)
        same = True
        for i in range(KEY_WORDS):
            if keys[slot, i] != key[i]:
                same = False
                break
        if same:
            return slot
        slot = (slot + 1) & mask


@njit(cache=True)
def table_insert_at(keys, info, size, empty_code, key, payload):
    """Store key with payload at the empty slot that table_find answered (as -(slot+2)).

    Returns the slot, or FULL (-1) when the table has reached 3/4 load.
    """
    if size[0] * 4 >= keys.shape[0] * 3:
        return -1
    slot = -empty_code - 2
    for i in range(KEY_WORDS):
        keys[slot, i] = key[i]
    info[slot] = payload
    size[0] += 1
    return slot


def room_for(size, keys, n: int) -> bool:
    """Whether n more entries fit below the 3/4 load limit."""
    return (int(size[0]) + n) * 4 < keys.shape[0] * 3


@njit(cache=True)
def rehash_into(keys, info, new_keys, new_info, new_size, slot_map):
    """Copy every entry into an empty larger table; slot_map[old slot] = new slot."""
    for s in range(keys.shape[0]):
        if info[s] < 0:
            continue
        found = table_find(new_keys, new_info, keys[s])
        slot = -found - 2
        for i in range(KEY_WORDS):
            new_keys[slot, i] = keys[s, i]
        new_info[slot] = info[s]
        new_size[0] += 1
        slot_map[s] = slot


def grow_table(keys, info, factor: int = 4):
    """A table `factor` times larger holding the same entries, and the slot map."""
    slots = keys.shape[0] * factor
    new_keys = np.zeros((slots, KEY_WORDS), np.int64)
    new_info = np.full(slots, -1, np.int64)
    new_size = np.zeros(1, np.int64)
    slot_map = np.full(keys.shape[0], -1, np.int64)
    rehash_into(keys, info, new_keys, new_info, new_size, slot_map)
    return new_keys, new_info, new_size, slot_map
