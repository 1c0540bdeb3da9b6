"""splitmix64 (Steele, Lea and Flood, 2014), the mixer behind the solver's hashes: its
constants and its output function, written once.  Every hash the searches compute from it
orders moves or places table slots, so a changed value changes the positions a search
stores (the pinned bench totals)."""
import numpy as np

from ..jit import njit

GAMMA = 0x9E3779B97F4A7C15      # the state's increment (the golden ratio, 2**64 / phi)
MIX1 = 0xBF58476D1CE4E5B9       # the output function's multipliers
MIX2 = 0x94D049BB133111EB
MASK63 = (1 << 63) - 1


@njit(cache=True, inline="always")
def mix_with(z, mul1, mul2):
    """splitmix64's output function of the uint64 z with multipliers mul1 and mul2 (the
    products wrap at 2**64); a uint64."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(mul1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(mul2)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def splitmix64_mix(z):
    """splitmix64's output function of the uint64 z; a uint64."""
    return mix_with(z, MIX1, MIX2)
