"""solver.solodrez.stats against values worked out by hand from the formulas."""
import math

import numpy as np
import pytest

from drez.solver.solodrez import stats

Z = stats.Z95


def test_wilson_zero_successes_has_closed_form_upper_bound():
    # k = 0: centre - half = 0 and the upper end is z²/(n + z²).
    low, high = stats.wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(Z * Z / (10 + Z * Z), abs=1e-12)
    assert high == pytest.approx(0.27753, abs=1e-5)


def test_wilson_all_successes_is_mirror_image():
    low, high = stats.wilson_interval(10, 10)
    assert high == pytest.approx(1.0, abs=1e-12)
    assert low == pytest.approx(10 / (10 + Z * Z), abs=1e-12)   # 0.72247


def test_wilson_half_of_100_known_value():
    # p = 0.5, n = 100: centre 0.5, half = z/(1+z²/n) * sqrt(0.0025 + z²/40000).
    low, high = stats.wilson_interval(50, 100)
    half = Z / (1 + Z * Z / 100) * math.sqrt(0.25 / 100 + Z * Z / 40000)
    assert (low, high) == (pytest.approx(0.5 - half), pytest.approx(0.5 + half))
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)


def test_wilson_97_of_100_by_hand():
    # 97/100, z = 1.96: centre = (0.97 + 1.9208/100)/1.038416 = 0.952625...
    low, high = stats.wilson_interval(97, 100, z=1.96)
    assert low == pytest.approx(0.91549, abs=1e-4)
    assert high == pytest.approx(0.98974, abs=1e-4)


def test_wilson_rejects_impossible_counts_and_handles_empty():
    with pytest.raises(ValueError, match="successes=11"):
        stats.wilson_interval(11, 10)
    assert stats.wilson_interval(0, 0) == (0.0, 1.0)


def test_winnability_counts_unknown_as_lost_then_as_won():
    point, low, high = stats.winnability_bounds(won=90, lost=5, unknown=5)
    assert point == pytest.approx(90 / 95)
    assert low == pytest.approx(stats.wilson_interval(90, 100)[0])
    assert high == pytest.approx(stats.wilson_interval(95, 100)[1])
    assert stats.winnability_bounds(0, 0, 3)[0] is None


@pytest.mark.parametrize("q", [0, 10, 25, 50, 75, 90, 99, 100])
def test_percentile_matches_numpy_linear(q):
    values = [5, 1, 9, 3, 3, 12, 40, 7]
    assert stats.percentile(values, q) == pytest.approx(np.percentile(values, q))


def test_percentile_by_hand_and_errors():
    assert stats.percentile([1, 2, 3, 4], 50) == 2.5
    assert stats.percentile([7], 90) == 7
    with pytest.raises(ValueError):
        stats.percentile([], 50)


def test_summarize_rows_counts_each_deal_once():
    rows = [
        {"deal": 1, "verdict": "WON", "length": 50, "optimal": True, "nodes": 10,
         "seconds": 0.1, "difficulty": "easy"},
        {"deal": 2, "verdict": "LOST", "length": None, "optimal": False, "nodes": 30,
         "seconds": 0.3, "difficulty": "lost"},
        {"deal": 3, "verdict": "UNKNOWN", "length": None, "optimal": False, "nodes": 99,
         "seconds": 5.0, "difficulty": "unknown"},
        {"deal": 1, "verdict": "LOST", "length": None, "optimal": False, "nodes": 1,
         "seconds": 0.0, "difficulty": "lost"},     # a duplicate: ignored
    ]
    s = stats.summarize_rows(rows)
    assert s["deals"] == 3
    assert s["counts"] == {"WON": 1, "LOST": 1, "UNKNOWN": 1, "ERROR": 0}
    assert s["winnability"] == 0.5
    assert s["low"] == pytest.approx(stats.wilson_interval(1, 3)[0])
    assert s["high"] == pytest.approx(stats.wilson_interval(2, 3)[1])
    assert s["nodes"]["p50"] == 20          # WON and LOST only
    assert s["lost"] == [2] and s["unknown"] == [3]
