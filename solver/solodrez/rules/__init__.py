"""The rules of Solodrez: cards, deal numbers, moves, the packed-column engine (numba
kernels) and the `Position` value type."""
