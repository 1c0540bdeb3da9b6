"""Relays (search/relay.py): the layered search's records giving way to relays in the
middle of a pass, and a win met then read back from its relay, against A*'s minima on
seeded positions, every line replayed by the reference verifier; the composition of the
records against a plain walk up the parents."""
from __future__ import annotations

import itertools
import random
import tracemalloc

import numpy as np
import pytest

from drez.solver.solodrez.search import layers, relay
from drez.solver.solodrez.search.layer_kernel import BUILT, DEPTH, NEXT
from drez.solver.solodrez.search.status import FULL, RUNNING, WON
from tests.solodrez.helpers import fast_reference, replayed
from tests.solodrez.test_walk import _cases


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


def test_compose_follows_the_parents_up_to_the_relay_layer():
    """compose(records, k) gives each position of the last layer the place of its
    ancestor in layer k, as a plain walk up the parents does, and takes the records of
    the layers below k off the list; relay_depth keeps the records within the share."""
    rng = np.random.default_rng(7)
    for trial in range(30):
        sizes = [int(s) for s in rng.integers(1, 50, int(rng.integers(2, 9)))]
        records = [(np.zeros(sizes[0], np.int32), np.zeros(sizes[0], np.int16))]
        for before, n in itertools.pairwise(sizes):
            records.append((rng.integers(0, before, n).astype(np.int32), np.zeros(n, np.int16)))
        k = int(rng.integers(0, len(records)))
        want = []
        for place in range(sizes[-1]):
            for j in range(len(records), k, -1):        # layer j's parents: records[j - 1]
                place = int(records[j - 1][0][place])
            want.append(place)
        kept = list(records)
        got = relay.compose(kept, k)
        assert got.tolist() == want and len(kept) == k, trial
        budget = int(rng.integers(0, 2000))
        d = relay.relay_depth(records, budget)
        held = sum(r[0].shape[0] * relay.RECORD_BYTES for r in records[:d])
        assert held <= budget // relay.RELAY_SHARE
        assert d == len(records) or held + records[d][0].shape[0] * relay.RECORD_BYTES \
            > budget // relay.RELAY_SHARE


def test_giving_way_holds_nothing_beside_the_records():
    """give_way composes the relays in the arrays it was given: on layers of a million
    places it allocates less than a megabyte (an index copy, as numpy's take makes,
    would be 8 MB), and gives the layer being built its parents' relays."""
    rng = np.random.default_rng(11)
    n = 1 << 20
    records = [(np.zeros(n, np.int32), np.zeros(n, np.int16))]
    for _ in range(3):
        records.append((rng.integers(0, n, n).astype(np.int32), np.zeros(n, np.int16)))
    built = rng.integers(0, n, n).astype(np.int32)
    relay.give_way(list(records[:1]), np.zeros(1, np.int32), 1, 1 << 30)   # compiled first
    tracemalloc.start()
    try:
        got, k = relay.give_way(records, built, len(records), 1)   # k = 0: up to the root
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert k == 0 and got.shape[0] == n and not records
    assert not built.any()          # every place followed up to layer 0, the root
    assert peak < 1 << 20, peak
    records = [(np.zeros(8, np.int32), np.zeros(8, np.int16)),
               (rng.integers(0, 8, n).astype(np.int32), np.zeros(n, np.int16))]
    built = rng.integers(0, n, n).astype(np.int32)
    want = records[1][0][built]
    assert relay.give_way(records, built, 2, 1 << 30)[1] == 1   # relays in layer 1
    assert np.array_equal(built, want)


def _switched(pos, least, rng, drop):
    """The layered search at `least` with the records given way to relays (and, if
    `drop`, the relays dropped too) where grow_within(0) says the memory is gone, at a
    seeded depth and place of the pass; then run to its end."""
    s = layers.LayeredSearch(pos.words(), 1 << 26, start=least, late=True)
    depth, place = rng.randrange(0, least - 1), None
    while s.status in (RUNNING, FULL) and s.lined:
        if s.status == FULL:
            assert s.grow_within(1 << 26) is not None
        if int(s.st[DEPTH]) == depth:
            place = rng.randrange(int(s.ncur)) if place is None else place
            if int(s.st[NEXT]) == place:
                built = int(s.st[BUILT])
                s.grow_within(0)        # the records give way to relays
                assert s.relayed and int(s.st[BUILT]) == built    # the layer goes on
                if drop:
                    s.grow_within(0)    # and the relays to nothing
                    assert not s.relayed and int(s.st[BUILT]) == built
        s.run(1)
    assert not s.lined
    while s.status in (RUNNING, FULL):
        if s.status == FULL:
            assert s.grow_within(1 << 26) is not None
        s.run(10_000)
    return s


@pytest.mark.parametrize("keep, drop", [(True, False), (False, False), (True, True)])
def test_a_win_met_with_relays_is_read_back_from_its_relay(keep, drop, monkeypatch):
    """On 30 seeded positions 6-23 moves from a win, the records give way to relays at a
    seeded place of the pass at the minimum L (A*'s), the relay layer as deep as the share
    allows (or the root's: a share that keeps no record): the pass still meets a win,
    read back by IDA* from its relay, started at L - k (k the relay's depth), a line of L
    moves replayed by the reference (unless a later layer outgrows the 64 MB, and the
    relays are dropped).  With the relays dropped at once, IDA* from the root (k = 0)."""
    if not keep:
        monkeypatch.setattr(relay, "RELAY_SHARE", 1 << 40)     # no record fits
    rng = random.Random(keep + 2 * drop)
    relayed = deep = 0
    for pos, least in _cases(31 + drop, 30, near=1.0, back=(6, 24)):
        s = _switched(pos, least, rng, drop)
        assert s.status == WON and s.found and s.bound() == least, pos
        assert replayed(pos, s.path()) == least, pos
        k = len(s.reader.keys)
        assert s.reader.ida.threshold == least - k
        if drop or not s.relayed:   # (or a later layer outgrew the memory: dropped)
            assert k == 0
            continue
        relayed += 1
        deep += k > 0
        assert keep or k == 0
    assert drop or (relayed >= 28 and (deep >= 15 or not keep))
