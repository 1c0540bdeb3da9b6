"""IDA*'s transposition table (numba kernels; ida.py's docstring gives its rules and
why a full table costs re-expansions, never correctness).

Entries of ENTRY_BYTES in buckets of WAYS: the exact canonical key (never a fingerprint)
and, in one int32, the g at which the position was last expanded and the iteration that
did it (its stamp, from bit 16).  A key's bucket is table.home_slot over the buckets.
"""

from ..jit import njit
from ..rules.keys import KEY_WORDS
from .table import home_slot, prefetch_row

WAYS = 4                            # entries a bucket
ENTRY_BYTES = 8 * KEY_WORDS + 4     # the key, then g | stamp << 16 in an int32
MIN_ENTRIES = 1 << 12
STORED = 5          # the slot of the callers' state array (ida.py's st) counting new entries


def entries_for(max_bytes: int) -> int:
    """The table entries (a multiple of WAYS, at least MIN_ENTRIES) within max_bytes."""
    return max(MIN_ENTRIES, int(max_bytes) // ENTRY_BYTES // WAYS * WAYS)


@njit(cache=True, inline="always")
def tt_prefetch(tt_keys, tt_meta, key):
    """Start loading the bucket of `key` (its keys' two cache lines and its g | stamp
    words), so that seen and seen_or_store, and whatever the caller looks up before
    them, wait for memory together; changes nothing."""
    base = home_slot(key, tt_meta.shape[0] // WAYS) * WAYS
    prefetch_row(tt_keys, base)
    prefetch_row(tt_keys, base + WAYS - 1)
    prefetch_row(tt_meta, base)


@njit(cache=True, inline="always")
def seen_or_store(tt_keys, tt_meta, key, g, stamp, st):
    """True when the table says the position with `key` was expanded at g or less in this
    iteration; else record it at g (where the replacement rule lets it) and False."""
    base = home_slot(key, tt_meta.shape[0] // WAYS) * WAYS
    free = -1
    victim = -1
    worst = -1
    for w in range(WAYS):
        i = base + w
        m = tt_meta[i]
        if tt_keys[i, 0] == key[0] and tt_keys[i, 1] == key[1] and tt_keys[i, 2] == key[2]:
            if (m >> 16) == stamp and (m & 0xFFFF) <= g:
                return True
            tt_meta[i] = (stamp << 16) | g
            return False
        if tt_keys[i, 0] == 0 or (m >> 16) != stamp:
            if free < 0:
                free = i
        elif w < WAYS - 1 and (m & 0xFFFF) > worst:
            worst = m & 0xFFFF
            victim = i
    st[STORED] += 1
    if free < 0:
        last = base + WAYS - 1
        if victim >= 0 and g < worst:
            # the depth-preferred way keeps the smaller g; the one it held goes last
            for j in range(KEY_WORDS):
                tt_keys[last, j] = tt_keys[victim, j]
            tt_meta[last] = tt_meta[victim]
            free = victim
        else:
            free = last
    for j in range(KEY_WORDS):
        tt_keys[free, j] = key[j]
    tt_meta[free] = (stamp << 16) | g
    return False


@njit(cache=True, inline="always")
def seen(tt_keys, tt_meta, key, g, stamp):
    """True when the table says the position with `key` was expanded at g or less in this
    iteration (seen_or_store's answer, without recording anything)."""
    base = home_slot(key, tt_meta.shape[0] // WAYS) * WAYS
    for i in range(base, base + WAYS):
        if tt_keys[i, 0] == key[0] and tt_keys[i, 1] == key[1] and tt_keys[i, 2] == key[2]:
            m = tt_meta[i]
            return (m >> 16) == stamp and (m & 0xFFFF) <= g
    return False
