"""rules.splitmix, the one splitmix64 mixer of the kernels: each hash built on it gives
the values its former hand-written copy gave (they order moves and place table slots, so
the searches store the same positions), and it agrees with the deal generator's step."""
import random

import numpy as np

from drez.solver.solodrez.rules.deals import splitmix64
from drez.solver.solodrez.rules.splitmix import GAMMA, splitmix64_mix
from drez.solver.solodrez.search import ordering, shortcut

M64 = (1 << 64) - 1

# ordering._mix as its first version's kernel returned it: that int64 code masked its
# products to 63 bits, but numba's signed products may not overflow, so LLVM dropped
# those masks (the products wrapped at 2**64); these values order the fronts' moves.
ORDERING_MIX = [(0, 5196802822362493915), (1, -8125880310277073014),
                (7, -5707488948453260600), (1 << 40, -655150857995343597),
                ((1 << 62) + 5, 1416913828122030367), ((1 << 63) - 1, -624108481340686009),
                (-1, -624108481340686009), (-(1 << 62) - 3, 8873864098198335403)]


def _finaliser(z: int, m1: int = 0xBF58476D1CE4E5B9, m2: int = 0x94D049BB133111EB) -> int:
    z = ((z ^ (z >> 30)) * m1) & M64
    z = ((z ^ (z >> 27)) * m2) & M64
    return z ^ (z >> 31)


def test_the_mixer_is_the_deal_generators_step():
    state = 0
    for _ in range(100):
        state, out = splitmix64(state)
        assert int(splitmix64_mix(np.uint64(state))) == out


def test_ordering_mix_keeps_its_first_values():
    for x, expected in ORDERING_MIX:
        assert int(ordering._mix(np.int64(x))) == expected, x
    rng = random.Random(36)
    for x in [rng.getrandbits(64) - (1 << 63) for _ in range(300)]:
        z = _finaliser((x + GAMMA) & ((1 << 63) - 1), 0x3F58476D1CE4E5B9, 0x14D049BB133111EB)
        assert int(ordering._mix(np.int64(x))) == z - (z >> 63 << 64), x


def test_shortcut_mix_is_the_former_word_finaliser():
    """shortcut._mix was GAMMA times the word, then splitmix64's output function."""
    rng = random.Random(36)
    for w in [0, 1, 7] + [rng.getrandbits(63) for _ in range(300)]:
        assert int(shortcut._mix(np.int64(w))) == _finaliser((w * GAMMA) & M64), w
