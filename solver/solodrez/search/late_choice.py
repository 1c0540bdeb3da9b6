"""When the layered search runs tight.py's third exactness test (the move numbers, rules
(10)-(12)): layer by layer, on where it proves enough.

A proof at f = T drops a child and its whole subtree from the pass, but the test costs
about half an expansion, and on most passes it proves little.  Passes alone at 1 GB
(reports/hard-tail/cheaper-passes.md): deal 31197's at 46 moves takes 31.4M expansions
with the test always on, 33.6M with it off, in 89.7 and 57.4 s; on deal 292's at 51 it
proves 10-35% of the bounds it tests and cuts the pass from 22.5M expansions (off,
36.3 s) to 9.6M (always on, 29.0 s).  Chosen here: 292 10.5M in 25.6 s; with 1 in 10
as the rate, 31197 32.7M in 60.5 s, and on four more deals 1.04 to 1.10 times the
seconds of `off`.  Whatever is chosen, the layers stay sound: each test only drops
children whose bound it proves not exact.

The kernel (layer_kernel.layer_run) counts in its state array how often the test ran
where the first two proved nothing and how often it proved the bound not exact; after
each layer, `choose` turns it on for the next where it proved at least one bound in
LATE_RATE (once it ran LATE_MIN_RUNS times), and else runs it on one child in
LATE_SAMPLE only, to keep measuring.  Where a layer outgrows the memory with the test off,
the layered search builds it again with the test on (`force`), and it stays on for the
rest of the pass: narrower layers cost less than the walk that would take over (deal
54422's pass at 50 moves, the test chosen without this rule: layer 26 outgrew 1 GB,
17.8M positions in layer 25).
"""
from .layer_kernel import LATE, LATE_FIRED, LATE_RAN, SAMPLE
from .tight import LATE_AFTER

LATE_RATE = 5           # on where it proves at least 1 bound in LATE_RATE tested
LATE_MIN_RUNS = 256     # ... measured over this many runs at least
LATE_SAMPLE = 16        # where it is off, it runs on one child in LATE_SAMPLE
FORCED = 2              # st[LATE] once `force` turned it on (on for the rest of the pass)


def policy(late: bool | None) -> tuple[bool, bool]:
    """(always, chosen): the test on every child (late=True, or DREZ_LATE_BOUND=1 in the
    environment when late is None), never (late=False, DREZ_LATE_BOUND=0), or chosen
    layer by layer (late=None, the default)."""
    if late is not None:
        return bool(late), False
    return LATE_AFTER == 0, LATE_AFTER not in (0, None)


def begin(st, always: bool, adaptive: bool) -> None:
    """A pass starts: the test on (always, or chosen: on until measured) or off."""
    st[LATE] = int(always or adaptive)
    st[SAMPLE] = LATE_SAMPLE if adaptive else 0
    st[LATE_RAN] = st[LATE_FIRED] = 0


def choose(st, adaptive: bool) -> None:
    """After a layer, if `adaptive`: on or sampled for the next, from the runs counted
    since the last choice (none made before LATE_MIN_RUNS runs)."""
    ran, fired = int(st[LATE_RAN]), int(st[LATE_FIRED])
    if not adaptive or ran < LATE_MIN_RUNS or st[LATE] == FORCED:
        return
    st[LATE] = int(fired * LATE_RATE >= ran)
    st[LATE_RAN] = st[LATE_FIRED] = 0


def force(st, adaptive: bool) -> bool:
    """A layer outgrows the memory: if `adaptive` and the test was off, True (it is on
    for the rest of the pass), else False."""
    if st[LATE] or not adaptive:
        return False
    st[LATE] = FORCED
    return True
