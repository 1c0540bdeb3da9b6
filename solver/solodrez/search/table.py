"""An exact hash table of canonical keys, for the searches (numba kernels).

Entry packing (24 bytes a slot; a search keeps its own payload in its own arrays)
-------------------------------------------------------------------------------
    keys[slot, 0:3]  the exact canonical key (keys.canonical_key, 192 bits); never a
                     fingerprint, so a table hit is always the same position and LOST
                     stays a proof.  keys[slot, 0] == 0 marks an empty slot: only the empty
                     table has key[0] == 0 (proof in rules/keys.py), and it is won, and
                     no search ever stores a won position (each tests is_won first;
                     table_insert_at refuses such a key rather than lose it).

Slots: any count n (not only powers of two), the home slot of a key is
((key_hash >> 32) * n) >> 32, and collisions go to the next slot (linear probing,
wrapping from n - 1 to 0).  No deletion, no replacement: an entry once stored stays, so a
slot index is a stable name for a position until the table grows (A* uses it as a parent
pointer and renames with the slot map growth gives).  The table counts as full at
MAX_LOAD (7/8): inserting then answers FULL (-1) and the search grows the table or reports
UNKNOWN (memory), never a wrong verdict.  Slot numbers stay below 2**31 (new_table checks),
so searches keep them in int32 arrays.
"""
import numpy as np
from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic

from ..jit import njit
from ..rules.keys import KEY_WORDS, key_hash

KEY_BYTES = 8 * KEY_WORDS
ENTRY_BYTES = KEY_BYTES         # bytes a slot of the table itself costs
LOAD_NUM, LOAD_DEN = 7, 8       # MAX_LOAD: at most 7/8 of the slots hold a key
MIN_SLOTS = 1 << 10
MAX_SLOTS = (1 << 31) - 1       # slot numbers fit int32 (and ((h >> 32) * n) fits uint64)
FULL = -1


def slots_for(max_bytes: int, slot_bytes: int = ENTRY_BYTES) -> int:
    """The most slots of slot_bytes each within max_bytes (at least MIN_SLOTS)."""
    return max(MIN_SLOTS, min(MAX_SLOTS, int(max_bytes) // slot_bytes))


def new_table(nslots: int):
    """(keys, size): an empty table of nslots slots (MIN_SLOTS <= nslots <= MAX_SLOTS)."""
    if not MIN_SLOTS <= nslots <= MAX_SLOTS:
        raise ValueError(f"a table holds {MIN_SLOTS} to {MAX_SLOTS} slots, not {nslots}")
    return np.zeros((nslots, KEY_WORDS), np.int64), np.zeros(1, np.int64)


def capacity(nslots: int) -> int:
    """The most entries a table of nslots slots takes (its MAX_LOAD)."""
    return nslots * LOAD_NUM // LOAD_DEN


@njit(cache=True)
def home_slot(key, n):
    """The slot where the search for key starts in a table of n slots."""
    return np.int64(((key_hash(key) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@intrinsic
def prefetch_row(typingctx, arr, row):
    """Hint the CPU to fetch the cache line of arr[row] (of a 1-D array) or arr[row, 0]
    (llvm.prefetch: read, high locality); no effect on any value."""
    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        zero = context.get_constant(types.intp, 0)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary,
                                       [args[1]] + [zero] * (aryty.ndim - 1))
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]),
            "llvm.prefetch.p0i8")
        builder.call(fn, [builder.bitcast(ptr, i8p), ir.Constant(i32, 0), ir.Constant(i32, 3),
                          ir.Constant(i32, 1)])
        return context.get_dummy_value()
    return types.void(arr, row), codegen


@njit(cache=True)
def table_prefetch(keys, key):
    """Start loading the slot where table_find(keys, key) will begin, so that the probes
    of a batch of keys wait for memory together, not one after another; returns that
    slot (home_slot), for table_find_from."""
    slot = home_slot(key, keys.shape[0])
    prefetch_row(keys, slot)
    return slot


@njit(cache=True)
def table_find(keys, key):
    """The slot holding key, or -(slot+2) of the empty slot where it would go."""
    return table_find_from(keys, key, home_slot(key, keys.shape[0]))


@njit(cache=True)
def table_find_from(keys, key, slot):
    """table_find, given key's home slot (home_slot(key, keys.shape[0]))."""
    n = keys.shape[0]
    while True:
        k0 = keys[slot, 0]
        if k0 == 0:
            return -(slot + 2)
        if k0 == key[0] and keys[slot, 1] == key[1] and keys[slot, 2] == key[2]:
            return slot
        slot += 1
        if slot == n:
            slot = 0


@njit(cache=True)
def table_full(size, n, extra):
    """Whether `extra` more entries would take the table past MAX_LOAD."""
    return (size[0] + extra) * LOAD_DEN > n * LOAD_NUM


@njit(cache=True)
def table_insert_at(keys, size, empty_code, key):
    """Store key at the empty slot that table_find answered (as -(slot+2)).

    Returns the slot, or FULL (-1) when the table has reached MAX_LOAD.
    """
    if table_full(size, keys.shape[0], 1):
        return -1
    if key[0] == 0:
        raise ValueError("the empty table is won and never stored (key[0] == 0 marks "
                         "an empty slot)")
    slot = -empty_code - 2
    for i in range(KEY_WORDS):
        keys[slot, i] = key[i]
    size[0] += 1
    return slot


def room_for(size, keys, n: int) -> bool:
    """Whether n more entries fit within MAX_LOAD."""
    return not table_full(size, keys.shape[0], n)


@njit(cache=True)
def rehash_into(keys, new_keys, new_size, slot_map, want_map):
    """Copy every entry, in slot order, into an empty larger table; with want_map,
    slot_map[old slot] = new slot (entries only; empty slots keep -1)."""
    for s in range(keys.shape[0]):
        if keys[s, 0] == 0:
            continue
        found = table_find(new_keys, keys[s])
        slot = -found - 2
        for i in range(KEY_WORDS):
            new_keys[slot, i] = keys[s, i]
        new_size[0] += 1
        if want_map:
            slot_map[s] = slot


def grow_table(keys, nslots: int, want_map: bool = True):
    """A table of nslots (> the old count) holding the same entries, and the slot map
    (int32 old slot -> new slot, or None without want_map)."""
    new_keys, new_size = new_table(nslots)
    slot_map = np.full(keys.shape[0] if want_map else 1, -1, np.int32)
    rehash_into(keys, new_keys, new_size, slot_map, want_map)
    return new_keys, new_size, (slot_map if want_map else None)


def next_slots(nslots: int, fixed_bytes: int, slot_bytes: int, map_bytes: int,
               avail: int, most: int = MAX_SLOTS) -> int | None:
    """The slot count a full table grows to, or None when `avail` leaves no room.

    fixed_bytes: what the search holds besides its table's slots; slot_bytes: a slot with
    the search's payload; map_bytes: the slot map's bytes per old slot (0 without one).
    While growing, the old table and the new one (and the map) are held at once, so the
    peak is fixed + old + new + map, and it must stay within avail.  Fourfold while the
    grown table (with its map) is at most 1/16 of avail; then one last step to all that
    avail leaves, so the budget is used, not a power of two below it, and the old table
    held during that step costs at most 1/16 of it (deal 14710 needs 30M greedy
    positions, 34.5M slots of 28 bytes, 90% of 1 GiB).  Never more than `most` slots (A*'s
    links name slots below open_list.LINK_SLOTS).
    """
    old = nslots * slot_bytes + nslots * map_bytes
    four = 4 * nslots
    if 16 * (fixed_bytes + four * (slot_bytes + map_bytes)) <= avail and four <= most:
        return four
    last = min(most, (avail - fixed_bytes - old) // slot_bytes)
    if capacity(last) < capacity(nslots) + 2 * 256 + 1:  # must hold at least an expansion more
        return None
    return last
