"""The simulated players (difficulty/players.py) against a slow, obviously correct
reference written here from their definitions over the reference rules (tests/solodrez/
reference.py): the same seed gives the same moves, and every win replays as a win."""
from __future__ import annotations

import random

import numpy as np
import pytest

from drez.solver.solodrez.difficulty import players as pl
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from tests.solodrez import reference as ref
from tests.solodrez.helpers import biased_game, fast_reference, independent_lower_bound, to_engine

MASK = (1 << 64) - 1


def ref_random(state):
    """splitmix64: (new state, value)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def ref_value(pos) -> int:
    """LOOKAHEAD's value of a position: the smallest lower bound of it and of every
    position one move away."""
    return min([independent_lower_bound(pos)]
               + [independent_lower_bound(ref.apply(pos, m)) for m in ref.legal_moves(pos)])


def ref_game(start, player: str, seed: int, max_moves: int = pl.MAX_GAME_MOVES):
    """The moves (src, dst, k) of one game, by the definitions in players.py."""
    cur = ref.settle(start)
    state = seed
    seen = {ref.canonical(cur)}
    last = None
    moves = []
    while len(moves) < max_moves and not ref.is_won(cur):
        candidates, best = [], None
        for m in ref.legal_moves(cur):           # sorted: source, destination, length
            if player == "random":
                if last is None or m != (last[1], last[0], last[2]):
                    candidates.append(m)
                continue
            after = ref.apply(cur, m)
            if ref.canonical(after) in seen:
                continue
            score = 2 * independent_lower_bound(after) + (not cur[m[1]])
            value = (score, 0) if player == "greedy" else (ref_value(after), score)
            if best is None or value < best:
                best, candidates = value, []
            if value == best:
                candidates.append(m)
        if not candidates:
            break
        state, r = ref_random(state)
        m = candidates[r % len(candidates)]
        cur = ref.apply(cur, m)
        seen.add(ref.canonical(cur))
        last = m
        moves.append(m)
    return moves, ref.is_won(cur)


def engine_game(position: Position, player: str, seed: int):
    out, *work = pl.work_arrays()
    won, n = pl.play_game(position.words(), pl.PLAYERS.index(player), np.uint64(seed), out, *work)
    return [Move.unpack(int(m)) for m in out[:n]], bool(won)


def starts():
    """Seeded start positions: deals as dealt and positions from the middle of games."""
    rng = random.Random(40)
    out = [ref.deal(n) for n in (0, 3, 7, 112)]
    for n in (5, 9):
        game = biased_game(n, rng, 30, 0.7)
        out.append(game[-1])
    return out


@pytest.mark.parametrize("player", pl.PLAYERS)
def test_players_make_the_moves_of_the_reference(player):
    cases = starts() if player != "lookahead" else starts()[::2]
    wins = 0
    with fast_reference():
        for i, start in enumerate(cases):
            for play in range(2 if player != "lookahead" else 1):
                seed = pl.game_seed(i, pl.PLAYERS.index(player), play)
                expected, ref_won = ref_game(start, player, seed)
                moves, won = engine_game(to_engine(ref.settle(start)), player, seed)
                assert [(m.src, m.dst, m.cards) for m in moves] == expected, (i, play)
                assert won == ref_won
                if won:
                    wins += 1
                    assert ref.verify(start, expected) == (True, "")
    assert wins > 0          # the comparison covers games that end in a win


def test_every_win_of_play_many_replays_as_a_win():
    deals = list(range(20, 30))
    starts_ = np.array([Position.from_deal(n).words() for n in deals for _ in pl.PLAYERS])
    who = np.array([q for _ in deals for q in range(len(pl.PLAYERS))], np.int64)
    seeds = np.array([pl.game_seed(n, q, 0) for n in deals for q in range(len(pl.PLAYERS))],
                     np.uint64)
    won = np.zeros(len(who), np.bool_)
    lengths = np.zeros(len(who), np.int64)
    pl.play_many(starts_, who, seeds, won, lengths, *pl.work_arrays())
    assert won.any() and not won.all()
    for g, n in enumerate(n for n in deals for _ in pl.PLAYERS):
        moves, single_won = engine_game(Position.from_deal(n), pl.PLAYERS[who[g]], int(seeds[g]))
        assert (single_won, len(moves)) == (bool(won[g]), lengths[g])
        pos = Position.from_deal(n)
        for m in moves:
            pos = pos.play(m)           # raises on an illegal move
        assert pos.is_won() == single_won


def test_game_seeds_differ_by_deal_player_and_play():
    seeds = {pl.game_seed(n, q, p) for n in range(50) for q in range(3) for p in range(6)}
    assert len(seeds) == 50 * 3 * 6 and all(0 <= s < 1 << 64 for s in seeds)
