"""Report tools refuse a missing input file with one line and exit 2, writing nothing."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_optimal_summary_refuses_a_missing_file(tmp_path):
    results = os.path.join(ROOT, "reports", "deals-0-9999-optimal.jsonl.gz")
    missing = str(tmp_path / "nope.csv")
    for args in ([missing, "--name", "x"], [results, "--name", "x", "--later", missing]):
        p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "optimal_summary.py"),
                            *args], capture_output=True, text=True)
        assert p.returncode == 2
        assert f"no such results file: {missing}" in p.stderr
        assert "Traceback" not in p.stderr
    assert not os.path.exists(os.path.join(ROOT, "reports", "x.md"))
