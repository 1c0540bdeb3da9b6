"""Which of tight.py's exactness tests a search runs, chosen as it goes, each where it
proves enough (the first two, the matching (4) and the schedule (9); the third, the move
numbers (10)-(12), which runs in the schedule's place where the matching proves nothing:
it fires wherever the schedule does, move_numbers.py (13)): the layered search
chooses layer by layer (from the root or from A*'s frontier), the depth-first walks
(IDA*, from a layer) slice by slice.  A search keeps its choice and counts in a `tests`
array (the slots below); `chosen_not_exact` (numba) runs the tests on a child as it says.

A proof at f = T drops a child and its whole subtree from the pass, but a test costs
about half an expansion, and on most passes it proves little.  Passes alone at 1 GB
(reports/hard-tail/cheaper-passes.md): deal 31197's at 46 moves takes 31.4M expansions
with the third test always on, 33.6M with it off, in 89.7 and 57.4 s; on deal 292's at
51 it proves 10-35% of the bounds it tests and cuts the pass from 22.5M expansions (off,
36.3 s) to 9.6M (always on, 29.0 s).  The first two prove still less there: 1.8% of the
34.2M children 31197's pass tests (1.0% on 292's), and without any test that pass takes
34.9M expansions in 55.7 s against 33.2M in 88.4 s with the first two on (side by side,
reports/hard-tail/chosen-tests.md); in the walk from A*'s frontier of deal 2857 (a search
since replaced), the first two off take 0.7% more expansions in 29% less time a million
(reports/hard-tail/walk-tests.md).  Whatever is chosen, the searches stay sound: each
test only drops children whose bound it proves not exact, and h alone is admissible.

`chosen_not_exact` counts how often each test ran and how often it proved a bound not
exact (the third: where the matching proved nothing); after each layer or slice,
`choose` turns each on for the next where it proved at least one bound in LATE_RATE (once
it ran LATE_MIN_RUNS times), and else runs it on one child in LATE_SAMPLE only, to keep
measuring; the third on runs the first two on every child (it needs them).  Where a
layer outgrows the memory with the tests off, the layered search turns all of them on for
the rest of the pass (`force`) and keeps of the layer built so far what they allow
(layer_kernel.keep_exact): narrower layers cost less than the walk that would take over
(deal 54422's pass at 50 moves, the third test chosen without this rule: layer 26
outgrew 1 GB, 17.8M positions in layer 25).
With `late` given (True: all three on every child; False: the first two), nothing is
chosen.  A* chooses slice by slice once it has stored a million positions (before, the
first two on every position it takes in its own layer), at a rate of its own
(astar.ASTAR_LATE_RATE): there a proof also keeps the position's children out of the
table, the memory that decides whether A* finishes.
"""
import numpy as np

from ..jit import njit
from .tight import BY_MATCHING, BY_MOVE_NUMBERS, LATE_AFTER, not_exact_by

# the slots of a search's `tests` array
LATE = 0            # 1 (or FORCED): the third test on every child
SAMPLE = 1          # ... else all three on one child in SAMPLE (0: never)
TESTS = 2           # children up for a test
LATE_RAN = 3        # the third test's runs and proofs since its last choice
LATE_FIRED = 4
TIGHT = 5           # 1 (or FORCED): the first two on every child (else as the third)
TIGHT_RAN = 6       # their runs and proofs since their last choice
TIGHT_FIRED = 7
TEST_SLOTS = 8

LATE_RATE = 5           # on where it proves at least 1 bound in LATE_RATE tested
LATE_MIN_RUNS = 256     # ... measured over this many runs at least
LATE_SAMPLE = 16        # where it is off, it runs on one child in LATE_SAMPLE
FORCED = 2              # tests[LATE] once `force` turned it on (on for the rest of the pass)
CHOICES = ((LATE, LATE_RAN, LATE_FIRED), (TIGHT, TIGHT_RAN, TIGHT_FIRED))


@njit(cache=True, inline="always")
def chosen_not_exact(child, scratch, tests):
    """True only if the tests `tests` chooses for this child (the first two as
    tests[TIGHT], the third as tests[LATE], all three on one child in tests[SAMPLE])
    prove that no win of `child` takes exactly lower_bound moves (tight.bound_not_exact);
    counts their runs and proofs in `tests`.  scratch: tight.tight_scratch()."""
    tests[TESTS] += 1
    late = tests[LATE] != 0 or (tests[SAMPLE] > 0 and tests[TESTS] % tests[SAMPLE] == 0)
    if not late and tests[TIGHT] == 0:
        return False
    digits, counted, lengths, work = scratch
    by = not_exact_by(child, digits, counted, lengths, work, late)
    if by >= 0:
        tests[TIGHT_RAN] += 1
        tests[TIGHT_FIRED] += by == BY_MATCHING
        if late and by != BY_MATCHING:
            tests[LATE_RAN] += 1
            tests[LATE_FIRED] += by == BY_MOVE_NUMBERS
    return by > 0


def policy(late: bool | None) -> tuple[bool, bool]:
    """(always, chosen): the third test on every child (late=True, or DREZ_LATE_BOUND=1 in
    the environment when late is None), never (late=False, DREZ_LATE_BOUND=0), or all
    the tests chosen as the search goes (late=None, the default)."""
    if late is not None:
        return bool(late), False
    return LATE_AFTER == 0, LATE_AFTER not in (0, None)


def begin(tests, always: bool, adaptive: bool) -> None:
    """A pass or a walk starts: the first two tests on; the third on (always, or chosen:
    on until measured) or off."""
    tests[LATE] = int(always or adaptive)
    tests[TIGHT] = 1
    tests[SAMPLE] = LATE_SAMPLE if adaptive else 0
    for _, ran, fired in CHOICES:
        tests[ran] = tests[fired] = 0


def walk_tests(late: bool | None):
    """A depth-first walk's `tests` array, begun with the tests `late` asks for (policy),
    and whether they are chosen as it goes."""
    tests = np.zeros(TEST_SLOTS, np.int64)
    always, adaptive = policy(late)
    begin(tests, always, adaptive)
    return tests, adaptive


def due(tests, ran: int = LATE_RAN) -> bool:
    """Whether the test counting its runs in tests[ran] has run enough for a choice."""
    return tests[ran] >= LATE_MIN_RUNS


def choose(tests, adaptive: bool, rate: int = LATE_RATE) -> None:
    """After a layer or a slice, if `adaptive`: each test on for the next where it proved
    at least 1 bound in `rate` of its runs counted since its last choice, else sampled
    (no choice made before LATE_MIN_RUNS runs)."""
    if not adaptive:
        return
    for on, ran, fired in CHOICES:
        if due(tests, ran) and tests[on] != FORCED:
            tests[on] = int(tests[fired] * rate >= tests[ran])
            tests[ran] = tests[fired] = 0


def force(tests, adaptive: bool) -> bool:
    """A layer outgrows the memory: if `adaptive` and the third test was off, True (all
    the tests are on for the rest of the pass), else False."""
    if tests[LATE] or not adaptive:
        return False
    tests[LATE] = tests[TIGHT] = FORCED
    return True
