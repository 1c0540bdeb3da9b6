"""`drez runs`: the workflows over finished results files (compare, join, redecide, merge,
check-lost, summary) on small files made here; a missing or bad input file is one line
and exit 2, writing nothing."""
import json
import os

from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.solodrez import batch
from drez.solver.solodrez.runs.optimal import KEEP_MARK, KEEP_MARKS
from tests.cli.helpers import ROOT, one_error_line

LIMITS = {"optimal": False, "max_nodes": 300, "max_seconds": 5.0, "max_memory": 1 << 26}


def runs(*args):
    return CliRunner().invoke(drez, ["runs", *map(str, args)])


def _results(path, rows, header=batch.OLD_HEADER, meta=None):
    """A results file of `rows` (tuples of cells) and, with `meta`, its sidecar."""
    path.write_text(header + "\n" + "".join(",".join(map(str, r)) + "\n" for r in rows))
    if meta is not None:
        (path.parent / (path.name + ".meta.json")).write_text(json.dumps(meta))
    return str(path)


def _settings(first, last, **kw):
    return batch.Settings(first, last, **{**LIMITS, **kw}).json()


def _optimal_run(path, deals=(0, 1, 2)):
    lines = []
    for d in deals:
        row = {"deal": d, "verdict": "WON", "length": 60 + d, "optimal": d != 2,
               "nodes": 100 * (d + 1), "seconds": 0.01, "difficulty": "expert",
               "limit": None if d != 2 else "nodes", "lower_bound": 50, "error": None}
        lines.append(batch.format_row(row, "jsonl"))
    path.write_text("".join(lines))
    return str(path)


def test_summary_refuses_a_missing_file(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)                  # the default --dir is reports/ here
    results = _optimal_run(tmp_path / "o.jsonl")
    missing = str(tmp_path / "nope.csv")
    for args in ([missing, "--name", "x"], [results, "--name", "x", "--later", missing]):
        r = runs("summary", *args)
        assert r.exit_code == 2
        assert f"no such results file: {missing}" in r.stderr
        assert "Traceback" not in r.stderr and one_error_line(r.stderr)
    assert not os.path.exists(os.path.join(ROOT, "reports", "x.md"))


def test_summary_counts_the_proven_deals_and_keeps_the_hand_written_end(tmp_path):
    results = _optimal_run(tmp_path / "o.jsonl")
    later = _results(tmp_path / "p.csv", [(2, "WON", 62, 1, 900, 0.5, "expert", "", 50)],
                     header=batch.HEADER)
    out = tmp_path / "out"
    r = runs("summary", results, "--name", "s", "--dir", out, "--command", "drez analyze x")
    assert r.exit_code == 0, r.output
    text = (out / "s.md").read_text()
    assert "| WON proven | 2 |" in text and "| WON not proven shortest | 1 |" in text
    assert "2 (WON, nodes)" in text and "    drez analyze x" in text
    for mark in KEEP_MARKS:
        (out / "s.md").write_text(text + mark + "\nby hand\n")
        r = runs("summary", results, "--name", "s", "--dir", out, "--later", later)
        assert r.exit_code == 0, r.output
        again = (out / "s.md").read_text()
        assert "| WON proven | 3 |" in again and "decided by a later pass (p.csv)" in again
        assert again.endswith("\n" + mark + "\nby hand\n")
    assert KEEP_MARK in KEEP_MARKS


def _compare(a, b):
    return runs("compare", a, b)


def test_compare_runs_reports_lengths_and_refuses_a_verdict_clash(tmp_path):
    a = _results(tmp_path / "a.csv", [(1, "WON", 90, 0, 300, 0.1, "medium"),
                                      (2, "WON", 50, 1, 100, 0.1, "easy"),
                                      (3, "LOST", "", 0, 500, 0.2, "lost")])
    b = _results(tmp_path / "b.csv", [(1, "WON", 60, 0, 300, 0.1, "easy"),
                                      (2, "WON", 50, 1, 100, 0.1, "easy"),
                                      (3, "LOST", "", 0, 400, 0.2, "lost")])
    p = _compare(a, b)
    assert p.exit_code == 0, p.stderr
    assert "| mean length | 70.0 | 55.0 |" in p.stdout
    assert "longer on 0 of them and shorter on 1." in p.stdout
    assert "Positions stored differ on 1 deals." in p.stdout
    assert "| easy | 1 | 2 |" in p.stdout
    c = _results(tmp_path / "c.csv", [(3, "WON", 70, 0, 500, 0.2, "easy")])
    p = _compare(a, c)
    assert p.exit_code == 1 and "1 deals decided differently:** 3" in p.stdout
    bad = _results(tmp_path / "bad.csv", [(3, "WON", 70, 0, "lots", 0.2, "easy")])
    p = _compare(a, bad)
    assert p.exit_code == 2 and "line 2: field 'nodes' is 'lots'" in p.stderr


def test_join_sorts_the_parts_and_refuses_overlaps(tmp_path):
    a = _results(tmp_path / "a.csv", [(3, "WON", 60, 0, 300, 0.1, "medium"),
                                      (1, "LOST", "", 0, 10, 0.1, "lost")],
                 meta=_settings(0, 3, engine_version="e1"))
    b = _results(tmp_path / "b.csv", [(0, "UNKNOWN", "", 0, 300, 0.1, "unknown", "nodes", 44)],
                 header=batch.HEADER, meta=_settings(0, 0, engine_version="e2"))
    out = tmp_path / "j.csv"
    r = runs("join", "0-4", a, b, "--out", out)
    assert r.exit_code == 0, r.output
    assert "3 rows from 2 parts" in r.stdout and "2 deals of 0-4 missing" in r.stdout
    rows = list(batch.read_rows(str(out)))
    assert [x["deal"] for x in rows] == [0, 1, 3] and rows[0]["lower_bound"] == 44
    meta = json.loads((tmp_path / "j.csv.meta.json").read_text())
    assert meta["missing"] == [2, 4] and meta["engine_version"] == "e1+e2"
    assert [p["rows"] for p in meta["parts"]] == [2, 1]
    r = runs("join", "0-4", a, b, "--out", out)
    assert r.exit_code == 2 and "already exists" in r.stderr
    r = runs("join", "0-4", a, a, "--out", tmp_path / "k.csv")
    assert r.exit_code == 2 and "already in an earlier part" in r.stderr
    c = _results(tmp_path / "c.csv", [(2, "WON", 60, 0, 300, 0.1, "medium")],
                 meta=_settings(2, 2, max_nodes=5))
    r = runs("join", "0-4", a, c, "--out", tmp_path / "k.csv")
    assert r.exit_code == 2 and "max_nodes" in r.stderr and not (tmp_path / "k.csv").exists()


def test_redecide_then_merge(tmp_path):
    results = _results(tmp_path / "r.csv", [(0, "UNKNOWN", "", 0, 300, 0.1, "unknown"),
                                            (1, "WON", 75, 0, 230, 0.1, "medium"),
                                            (45, "UNKNOWN", "", 0, 300, 0.1, "unknown")],
                       meta=_settings(0, 45))
    pass_file = tmp_path / "p.csv"
    r = runs("redecide", results, "--pass-file", pass_file, "--max-nodes", 100_000,
             "--max-memory", "64M", "--deals", "45")
    assert r.exit_code == 0, r.output
    assert "[1/1] deal 45: LOST" in r.stdout and "part 1/1 done" in r.stdout
    r = runs("redecide", results, "--pass-file", pass_file, "--max-nodes", 100_000,
             "--max-memory", "64M")
    assert r.exit_code == 0 and "[1/1] deal 0: WON in" in r.stdout and "deal 45" not in r.stdout
    r = runs("redecide", results, "--pass-file", pass_file, "--max-nodes", 5)
    assert r.exit_code == 2 and "was made with" in r.stderr and one_error_line(r.stderr)
    assert {x["deal"]: x["verdict"] for x in batch.read_rows(str(pass_file))} == {45: "LOST",
                                                                                 0: "WON"}
    out = tmp_path / "m.csv"
    r = runs("merge", results, pass_file, "--out", out)
    assert r.exit_code == 0 and "merged 1 pass files; 0 deals still undecided" in r.stdout
    assert [x["verdict"] for x in batch.read_rows(str(out))] == ["WON", "WON", "LOST"]
    meta = json.loads((tmp_path / "m.csv.meta.json").read_text())
    assert meta["redone"] == [0, 45] and meta["still_undecided"] == []
    assert meta["later_passes"][0]["decided"] == [0, 45] and meta["max_nodes"] == 300
    r = runs("redecide", results, "--pass-file", pass_file, "--part", "3/2")
    assert r.exit_code == 2 and "k/n" in r.stderr


def test_check_lost_agrees_on_lost_deals_and_flags_a_won_one(tmp_path):
    results = _results(tmp_path / "r.csv", [(45, "LOST", "", 0, 9, 0.1, "lost"),
                                            (54, "LOST", "", 0, 7, 0.1, "lost"),
                                            (1, "WON", 75, 0, 230, 0.1, "medium")])
    r = runs("check-lost", results)
    assert r.exit_code == 0, r.output
    assert "2 LOST deals" in r.stdout and "Every one is LOST again" in r.stdout
    assert f"Command: `drez runs check-lost {results}`" in r.stdout
    wrong = _results(tmp_path / "w.csv", [(0, "LOST", "", 0, 9, 0.1, "lost")])
    r = runs("check-lost", wrong, "--max-nodes", 100)
    assert r.exit_code == 1 and "**Contradicted (the plain search wins):** 0" in r.stdout
    assert "deal 0: plain DFS says WON" in r.stderr
