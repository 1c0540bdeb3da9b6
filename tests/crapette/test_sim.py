"""Simulator: reproducibility, statistics and the C18 measure."""
import pytest

from drez.solver.common.stats import wilson_interval as wilson
from drez.solver.crapette.sim import GameRecord, simulate, summarize


def test_wilson_known_values():
    """95% Wilson interval matches the textbook values."""
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_same_seed_same_results_any_worker_count():
    """Same seed, same records, with one worker or two; another seed differs."""
    one = simulate(16, ("rule", "random"), 5, workers=1)
    two = simulate(16, ("rule", "random"), 5, workers=2)
    assert one == two
    assert simulate(16, ("rule", "random"), 6, workers=1) != one


def test_summary_adds_up():
    """Wins of A, wins of B and draws add up to the games; seats alternate."""
    recs = simulate(30, ("rule", "random"), 9)
    s = summarize(recs, ("rule", "random"))
    assert s["a"]["wins"]["count"] + s["b"]["wins"]["count"] + s["draws"]["count"] == 30
    assert [r.seats[0] for r in recs[:2]] == ["rule", "random"]
    assert s["starter_wins_of_decided"]["of"] == 30 - s["draws"]["count"]


def rec(winner, loads, left):
    return GameRecord(0, ("a", "b"), 0, winner, winner, "x", 10, 10, loads, left)


def test_c18_loading_decided_definition():
    """C18: net loads positive and at least the loser's cards left."""
    assert rec(0, (10, 2), (0, 8)).decided_by_loading
    assert not rec(0, (10, 2), (0, 9)).decided_by_loading
    assert not rec(1, (10, 2), (0, 0)).decided_by_loading          # loser loaded more
    assert not rec(None, (10, 0), (3, 4)).decided_by_loading


def test_same_bot_both_seats_split_by_seat():
    """With the same bot twice, A and B are seats: their wins and score wins never exceed the games."""
    recs = simulate(20, ("rule", "rule"), 4)
    s = summarize(recs, ("rule", "rule"))
    assert s["a"]["wins"]["count"] + s["b"]["wins"]["count"] + s["draws"]["count"] == 20
    assert s["a"]["score_wins"]["count"] + s["b"]["score_wins"]["count"] <= 20
