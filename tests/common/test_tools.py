"""Report tools refuse a missing input file with one line and exit 2, writing nothing."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_optimal_summary_refuses_a_missing_file(tmp_path):
    results = os.path.join(ROOT, "reports", "deals-0-9999", "deals-0-9999-optimal.jsonl.gz")
    missing = str(tmp_path / "nope.csv")
    for args in ([missing, "--name", "x"], [results, "--name", "x", "--later", missing]):
        p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "optimal_summary.py"),
                            *args], capture_output=True, text=True)
        assert p.returncode == 2
        assert f"no such results file: {missing}" in p.stderr
        assert "Traceback" not in p.stderr
    assert not os.path.exists(os.path.join(ROOT, "reports", "x.md"))


def _results(path, rows):
    path.write_text("deal,verdict,length,optimal,nodes,seconds,difficulty\n"
                    + "".join(",".join(map(str, r)) + "\n" for r in rows))
    return str(path)


def _compare(a, b):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "compare_runs.py"), a, b],
                          capture_output=True, text=True)


def test_compare_runs_reports_lengths_and_refuses_a_verdict_clash(tmp_path):
    a = _results(tmp_path / "a.csv", [(1, "WON", 90, 0, 300, 0.1, "medium"),
                                      (2, "WON", 50, 1, 100, 0.1, "easy"),
                                      (3, "LOST", "", 0, 500, 0.2, "lost")])
    b = _results(tmp_path / "b.csv", [(1, "WON", 60, 0, 300, 0.1, "easy"),
                                      (2, "WON", 50, 1, 100, 0.1, "easy"),
                                      (3, "LOST", "", 0, 400, 0.2, "lost")])
    p = _compare(a, b)
    assert p.returncode == 0, p.stderr
    assert "| mean length | 70.0 | 55.0 |" in p.stdout
    assert "longer on 0 of them and shorter on 1." in p.stdout
    assert "Positions stored differ on 1 deals." in p.stdout
    assert "| easy | 1 | 2 |" in p.stdout
    c = _results(tmp_path / "c.csv", [(3, "WON", 70, 0, 500, 0.2, "easy")])
    p = _compare(a, c)
    assert p.returncode == 1 and "1 deals decided differently:** 3" in p.stdout
