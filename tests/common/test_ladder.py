"""Round-robin ladders (solver/common/ladder.py) and `drez updown ladder` / `drez crapette ladder`."""
import math

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.common.ladder import PairResult, elo, pair_seed, round_robin
from drez.solver.updown.sim import play_pair


def test_elo_fits_bradley_terry():
    """3 wins to 1 is a strength ratio of 3: 400 log10 3 points; draws count half."""
    r = elo(["a", "b"], [PairResult("a", "b", 1, 3, 0)], prior=0)
    assert r["a"] == 0 and r["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    r = elo(["a", "b"], [PairResult("a", "b", 2, 2, 10)], prior=0)
    assert r["b"] == pytest.approx(0, abs=1e-6)
    chain = [PairResult("x", "y", 10, 30, 0), PairResult("x", "z", 0, 50, 0),
             PairResult("y", "z", 25, 25, 0)]
    r = elo(["x", "y", "z"], chain)
    assert r["x"] == 0 and r["y"] > 0 and r["z"] > 0 and math.isfinite(r["z"])


def test_round_robin_plays_every_pair_once_reproducibly():
    calls = []

    def play(a, b, games, seed):
        calls.append((a, b, seed))
        return play_pair(a, b, games, seed)

    one = round_robin(["random", "greedy", "mc:8"], 6, 2, play)
    assert [(c[0], c[1]) for c in calls] == [("random", "greedy"), ("random", "mc:8"),
                                            ("greedy", "mc:8")]
    assert calls[0][2] == pair_seed(2, "random", "greedy") != pair_seed(3, "random", "greedy")
    assert all(r.games == 6 for r in one)
    assert round_robin(["random", "greedy", "mc:8"], 6, 2, play_pair) == one


def test_cli_ladders_print_rates_and_ratings():
    r = CliRunner().invoke(drez, ["updown", "ladder", "--bots", "random,greedy", "--games", "30",
                                  "--seed", "4", "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "| random vs greedy | 30 |" in r.output and "Elo-style rating" in r.output
    r = CliRunner().invoke(drez, ["crapette", "ladder", "--bots", "random,rule", "--games", "4",
                                  "--seed", "4", "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "| random vs rule | 4 |" in r.output
    for game, bots in (("updown", "greedy,greedy"), ("crapette", "rule,queen")):
        r = CliRunner().invoke(drez, [game, "ladder", "--bots", bots])
        assert r.exit_code == 2 and "--bots" in r.output
