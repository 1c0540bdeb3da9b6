"""Crapette, the two-player patience race: the table and its moves (piles, game), what a
player sees (view), computer players (bots, search, reply, memory), matches and the
simulator.

Rules are numbered C1.. in `seeds/crapette.md`; the engine follows them exactly.
"""
