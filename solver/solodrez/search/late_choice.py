"""Which of tight.py's exactness tests the layered search runs: layer by layer, each where
it proves enough (the first two, the matching (4) and the schedule (9); the third, the
move numbers (10)-(12), which runs only where the first two prove nothing).

A proof at f = T drops a child and its whole subtree from the pass, but a test costs
about half an expansion, and on most passes it proves little.  Passes alone at 1 GB
(reports/hard-tail/cheaper-passes.md): deal 31197's at 46 moves takes 31.4M expansions
with the third test always on, 33.6M with it off, in 89.7 and 57.4 s; on deal 292's at
51 it proves 10-35% of the bounds it tests and cuts the pass from 22.5M expansions (off,
36.3 s) to 9.6M (always on, 29.0 s).  The first two prove still less there: 1.8% of the
34.2M children 31197's pass tests (1.0% on 292's), and without any test that pass takes
34.9M expansions in 55.7 s against 33.2M in 88.4 s with the first two on (side by side,
reports/hard-tail/chosen-tests.md).  Whatever is chosen, the layers stay sound: each
test only drops children whose bound it proves not exact, and h alone is admissible.

The kernel (layer_kernel.layer_run) counts in its state array how often each ran and how
often it proved a bound not exact (the third: where the first two proved nothing); after
each layer, `choose` turns each on for the next where it proved at least one bound in
LATE_RATE (once it ran LATE_MIN_RUNS times), and else runs it on one child in
LATE_SAMPLE only, to keep measuring; the third on runs the first two on every child (it
needs them).  Where a layer outgrows the memory with the tests off, the layered search
turns all of them on for the rest of the pass (`force`) and keeps of the layer built so
far what they allow (layer_kernel.keep_exact): narrower layers cost less than the walk
that would take over (deal 54422's pass at 50 moves, the third test chosen without this
rule: layer 26 outgrew 1 GB, 17.8M positions in layer 25).
With `late` given (tests, and the walks, IDA* and A*), the first two run on every child.
"""
from .layer_kernel import LATE, LATE_FIRED, LATE_RAN, SAMPLE, TIGHT, TIGHT_FIRED, TIGHT_RAN
from .tight import LATE_AFTER

LATE_RATE = 5           # on where it proves at least 1 bound in LATE_RATE tested
LATE_MIN_RUNS = 256     # ... measured over this many runs at least
LATE_SAMPLE = 16        # where it is off, it runs on one child in LATE_SAMPLE
FORCED = 2              # st[LATE] once `force` turned it on (on for the rest of the pass)
CHOICES = ((LATE, LATE_RAN, LATE_FIRED), (TIGHT, TIGHT_RAN, TIGHT_FIRED))


def policy(late: bool | None) -> tuple[bool, bool]:
    """(always, chosen): the third test on every child (late=True, or DREZ_LATE_BOUND=1 in
    the environment when late is None), never (late=False, DREZ_LATE_BOUND=0), or all
    the tests chosen layer by layer (late=None, the default)."""
    if late is not None:
        return bool(late), False
    return LATE_AFTER == 0, LATE_AFTER not in (0, None)


def begin(st, always: bool, adaptive: bool) -> None:
    """A pass starts: the first two tests on; the third on (always, or chosen: on until
    measured) or off."""
    st[LATE] = int(always or adaptive)
    st[TIGHT] = 1
    st[SAMPLE] = LATE_SAMPLE if adaptive else 0
    for _, ran, fired in CHOICES:
        st[ran] = st[fired] = 0


def choose(st, adaptive: bool) -> None:
    """After a layer, if `adaptive`: each test on or sampled for the next, from the runs
    counted since its last choice (none made before LATE_MIN_RUNS runs)."""
    if not adaptive:
        return
    for on, ran, fired in CHOICES:
        if st[ran] >= LATE_MIN_RUNS and st[on] != FORCED:
            st[on] = int(st[fired] * LATE_RATE >= st[ran])
            st[ran] = st[fired] = 0


def force(st, adaptive: bool) -> bool:
    """A layer outgrows the memory: if `adaptive` and the third test was off, True (all
    the tests are on for the rest of the pass), else False."""
    if st[LATE] or not adaptive:
        return False
    st[LATE] = st[TIGHT] = FORCED
    return True
