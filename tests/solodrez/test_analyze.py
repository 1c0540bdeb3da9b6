"""`drez analyze`, `drez report`, `drez deal --pick`: end to end on small ranges.

Limits are tight on purpose (--max-memory 1M) so that some deals end UNKNOWN.
"""
import csv
import gzip
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.solodrez import batch
from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import Limits, solve
from tests.cli.helpers import children

RANGE = "0-39"
# a node cap (not time or memory) stops the harder deals, the same way on every machine
LIMITS = ["--max-nodes", "300", "--max-seconds", "30"]
SOLVE_LIMITS = Limits(max_nodes=300, max_seconds=30)


def drez_run(*args):
    return CliRunner().invoke(drez, [str(a) for a in args], catch_exceptions=False)


def analyze(out, *extra, rng=RANGE):
    return drez_run("analyze", rng, "--out", out, "--no-progress", *LIMITS, *extra)


def data_rows(path):
    with open(path, newline="") as f:
        lines = list(csv.reader(f))
    assert lines[0] == list(batch.FIELDS)
    return lines[1:]


def key(row):
    """What a row says about its deal (seconds vary from run to run)."""
    return (row[0], row[1], row[2], row[3], row[4], row[6])


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("base") / "r.csv")
    result = analyze(out, "--workers", "2")
    assert result.exit_code == 0, result.output
    assert "40 deals in" in result.stderr
    return out


def test_csv_format_and_every_row_matches_resolving(baseline):
    text = open(baseline).read()
    assert text.startswith("deal,verdict,length,optimal,nodes,seconds,difficulty,limit,"
                           "lower_bound\n")
    rows = data_rows(baseline)
    assert sorted(int(r[0]) for r in rows) == list(range(40))
    ensure_compiled()
    for r in rows:
        deal, verdict, length, optimal, nodes, seconds, grade, limit, bound = r
        result = solve(Position.from_deal(int(deal)), SOLVE_LIMITS)
        # the limit as text ("nodes", ...), whether Result keeps a str or a str enum
        assert limit == ("" if result.limit is None else getattr(result.limit, "value",
                                                                 result.limit)), deal
        assert bound == ("" if result.lower_bound is None else str(result.lower_bound)), deal
        assert verdict == result.verdict, deal
        assert length == ("" if result.length is None else str(result.length)), deal
        assert optimal in ("0", "1") and float(seconds) >= 0 and int(nodes) >= 0
        assert grade == batch.difficulty(verdict, result.length, int(nodes), optimal == "1")
    assert any(r[1] == "UNKNOWN" for r in rows), "the node cap no longer stops any deal"
    assert all(r[2] == "" for r in rows if r[1] != "WON")


def test_meta_sidecar_holds_the_settings(baseline):
    meta = json.load(open(baseline + ".meta.json"))
    assert meta["range"] == RANGE and meta["optimal"] is False
    assert meta["max_nodes"] == 300 and meta["max_seconds"] == 30


def test_refuses_to_overwrite_existing_output(baseline):
    result = analyze(baseline)
    assert result.exit_code == 2
    line, = result.stderr.strip().splitlines()
    assert baseline in line and "--resume" in line


@pytest.mark.parametrize("change, what", [
    (["--max-memory", "2M"], "max_memory"),
    (["--optimal"], "optimal"),
    (["--max-nodes", "99"], "max_nodes"),
    (["--json-lines"], "format"),
])
def test_resume_refuses_different_settings(baseline, tmp_path, change, what):
    out = copy_run(baseline, tmp_path)
    args = list(LIMITS)
    if change[0] in args:
        args[args.index(change[0]) + 1] = change[1]
        change = []
    result = drez_run("analyze", RANGE, "--out", out, "--no-progress", "--resume", *args, *change)
    assert result.exit_code == 2
    line, = result.stderr.strip().splitlines()
    assert "different settings" in line and what in line


def test_resume_refuses_other_range_or_rules_version(baseline, tmp_path):
    out = copy_run(baseline, tmp_path)
    result = analyze(out, "--resume", rng="0-38")
    assert result.exit_code == 2 and "range" in result.stderr
    meta = json.load(open(out + ".meta.json"))
    meta["rules_version"] = "solodrez-rules-0"
    json.dump(meta, open(out + ".meta.json", "w"))
    result = analyze(out, "--resume")
    assert result.exit_code == 2 and "rules_version" in result.stderr


def copy_run(src, tmp_path):
    out = str(tmp_path / "r.csv")
    shutil.copy(src, out)
    shutil.copy(src + ".meta.json", out + ".meta.json")
    return out


def test_resume_after_truncation_redoes_nothing_finished(baseline, tmp_path):
    out = copy_run(baseline, tmp_path)
    lines = open(baseline).read().splitlines(keepends=True)
    kept = lines[:16]                                  # header + 15 rows
    with open(out, "w") as f:
        f.write("".join(kept) + lines[16][:5])         # and half a row
    result = analyze(out, "--resume", "--workers", "1")
    assert result.exit_code == 0, result.output
    new = open(out).read().splitlines(keepends=True)
    assert new[:16] == kept                            # finished rows untouched
    rows = data_rows(out)
    assert len(rows) == 40                             # nothing done twice
    assert sorted(map(key, rows)) == sorted(map(key, data_rows(baseline)))


def test_resume_of_a_finished_run_changes_nothing(baseline, tmp_path):
    out = copy_run(baseline, tmp_path)
    result = analyze(out, "--resume")
    assert result.exit_code == 0
    assert open(out).read() == open(baseline).read()


def test_ctrl_c_keeps_finished_rows_then_resume_completes(baseline, tmp_path):
    out = str(tmp_path / "r.csv")
    long_range = "0-999"                               # long enough to interrupt midway
    cmd = [sys.executable, "-m", "drez", "analyze", long_range, "--out", out, "--workers", "1",
           "--chunk-size", "1", *LIMITS]
    # a shell that started the test run in the background ignores SIGINT, and children
    # inherit that: give the run the ordinary Ctrl-C handling a terminal would
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, cwd=os.path.dirname(os.path.dirname(os.path.dirname(
                                os.path.abspath(__file__)))),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 60
    while time.time() < deadline and (not os.path.exists(out) or
                                      open(out).read().count("\n") < 6):
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGINT)                 # Ctrl-C reaches the whole group
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert b"--resume" in err
    partial = data_rows(out)
    assert 5 <= len(partial) < 1000
    result = analyze(out, "--resume", "--workers", "2", rng=long_range)
    assert result.exit_code == 0, result.output
    rows = data_rows(out)
    assert rows[:len(partial)] == partial
    assert sorted(int(r[0]) for r in rows) == list(range(1000))    # each deal exactly once
    first40 = sorted(key(r) for r in rows if int(r[0]) < 40)
    assert first40 == sorted(map(key, data_rows(baseline)))


def test_sigterm_stops_the_workers_too_and_keeps_finished_rows(tmp_path):
    """`kill PID` reaches the main process only: it must stop its workers as Ctrl-C does,
    not leave them running alone until their deal ends."""
    out = str(tmp_path / "r.csv")
    cmd = [sys.executable, "-m", "drez", "analyze", "0-999", "--out", out, "--workers", "2",
           "--chunk-size", "1", *LIMITS]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=os.path.dirname(os.path.dirname(os.path.dirname(
                                os.path.abspath(__file__)))))
    deadline = time.time() + 60
    while time.time() < deadline and (not os.path.exists(out) or
                                      open(out).read().count("\n") < 6):
        time.sleep(0.01)
    workers = children(proc.pid)
    assert workers, "the run has no worker processes"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert b"--resume" in err
    deadline = time.time() + 10
    while time.time() < deadline and any(os.path.exists(f"/proc/{w}") for w in workers):
        time.sleep(0.05)
    assert not [w for w in workers if os.path.exists(f"/proc/{w}")]
    assert 5 <= len(data_rows(out)) < 1000


def test_ctrl_c_while_a_worker_starts_does_not_end_it():
    """A Ctrl-C reaching a worker while it still imports (before its own handler is set)
    must be ignored as later ones are: the worker goes on and stops when told, exit code
    0, instead of dying with a KeyboardInterrupt traceback."""
    import multiprocessing as mp

    from drez.solver.solodrez.batch.runners import _Worker
    w = _Worker(mp.get_context("spawn"), Limits(max_nodes=1000), False, None)
    os.kill(w.proc.pid, signal.SIGINT)          # at once: the child is still starting
    w.give([0])
    assert w.conn.recv()["deal"] == 0
    assert w.conn.recv() is None
    w.stop()
    w.proc.join(timeout=30)
    w.conn.close()
    assert w.proc.exitcode == 0




def test_error_rows_for_exceptions_and_dead_workers(tmp_path):
    from tests.solodrez import batch_helpers
    out = str(tmp_path / "r.csv")
    s = batch.Settings(0, 9, False, 10**6, 30.0, 1 << 20)
    tally = batch.run(s, out, workers=2, chunk_size=3, progress=False,
                      solve_one=batch_helpers.flaky_solve)
    rows = {int(r[0]): r for r in data_rows(out)}
    assert sorted(rows) == list(range(10))
    assert rows[3][1] == "ERROR" and rows[5][1] == "ERROR"
    assert all(rows[n][1] in ("WON", "LOST", "UNKNOWN") for n in rows if n not in (3, 5))
    assert tally.counts["ERROR"] == 2
    log = open(out + ".errors.log").read().splitlines()
    assert sorted(log) == ["deal 3: RuntimeError: boom on purpose",
                           "deal 5: worker process died while solving it (exit code 9)"]


def test_json_lines_format(tmp_path):
    out = str(tmp_path / "r.jsonl")
    result = analyze(out, "--json-lines", "--workers", "1", rng="20-24")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in open(out)]
    assert sorted(r["deal"] for r in rows) == [20, 21, 22, 23, 24]
    for r in rows:
        assert set(batch.FIELDS) <= r.keys() and "limit" in r and "lower_bound" in r


def test_bad_range_is_a_usage_error(tmp_path):
    result = drez_run("analyze", "9-3", "--out", str(tmp_path / "x.csv"))
    assert result.exit_code == 2 and "empty" in result.stderr


def test_dask_local_cluster_gives_the_same_rows(baseline, tmp_path):
    distributed = pytest.importorskip("dask.distributed", reason="dask is not installed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  host="127.0.0.1", protocol="tcp://",
                                  dashboard_address=":0") as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        out = str(tmp_path / "d.csv")
        result = analyze(out, "--dask", cluster.scheduler_address, "--chunk-size", "7")
        assert result.exit_code == 0, result.output
        assert sorted(map(key, data_rows(out))) == sorted(map(key, data_rows(baseline)))
        # resume through dask after losing the tail of the file
        lines = open(out).read().splitlines(keepends=True)
        open(out, "w").write("".join(lines[:11]))
        result = analyze(out, "--dask", cluster.scheduler_address, "--resume")
        assert result.exit_code == 0, result.output
        rows = data_rows(out)
        assert len(rows) == 40
        assert sorted(map(key, rows)) == sorted(map(key, data_rows(baseline)))


# --- report and index ------------------------------------------------------------------

def test_report_numbers_match_the_csv(baseline, tmp_path):
    gz = str(tmp_path / "r.csv.gz")
    with open(baseline, "rb") as src, gzip.open(gz, "wb") as dst:
        dst.write(src.read())
    shutil.copy(baseline + ".meta.json", str(tmp_path / "r.csv.meta.json"))
    index = str(tmp_path / "index.json")
    result = drez_run("report", gz, "--name", "t", "--dir", str(tmp_path), "--index", index)
    assert result.exit_code == 0, result.output
    md = open(tmp_path / "t.md").read()
    assert md == result.stdout
    rows = data_rows(baseline)                                  # recount independently
    won = sum(r[1] == "WON" for r in rows)
    lost = sum(r[1] == "LOST" for r in rows)
    unknown = sum(r[1] in ("UNKNOWN", "ERROR") for r in rows)
    assert f"| WON | {won} |" in md and f"| LOST | {lost} |" in md
    n = won + lost + unknown
    p = won / (won + lost)
    lo = _wilson(won, n)[0]
    hi = _wilson(won + unknown, n)[1]
    assert f"**Winnability: {100 * p:.2f}%**" in md
    assert f"interval {100 * lo:.2f}% \u2013 {100 * hi:.2f}%" in md
    lengths = sorted(int(r[2]) for r in rows if r[1] == "WON")
    assert re.search(rf"\| \| {len(lengths)} \| [\d.,]+ \| {lengths[0]} \|", md)
    for chart in ("lengths", "nodes", "difficulty"):
        assert (tmp_path / f"t-{chart}.png").stat().st_size > 1000
    groups = json.load(open(index))["difficulties"]
    assert sorted(d for v in groups.values() for d in v) == list(range(40))
    for r in rows:
        assert int(r[0]) in groups[r[6]]


def _wilson(k, n, z=1.959963984540054):
    p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return max(0, c - h), min(1, c + h)


def test_report_rejects_files_that_are_not_results(tmp_path):
    bad = tmp_path / "x.csv"
    bad.write_text("a,b\n1,2\n")
    result = drez_run("report", str(bad), "--dir", str(tmp_path))
    assert result.exit_code == 2 and "header" in result.stderr


def test_deal_pick_from_index(tmp_path):
    index = tmp_path / "i.json"
    index.write_text(json.dumps({"difficulties": {"easy": [1, 2, 3], "hard": [40],
                                                  "lost": [9], "unknown": []}}))
    picks = {drez_run("deal", "--pick", "--difficulty", "easy", "--seed", s, "--index",
                      index).stdout for s in range(12)}
    assert picks <= {"1\n", "2\n", "3\n"} and len(picks) > 1
    same = [drez_run("deal", "--pick", "--winnable", "--seed", 5, "--index", index).stdout
            for _ in range(2)]
    assert same[0] == same[1] and int(same[0]) in (1, 2, 3, 40)
    assert drez_run("deal", "--pick", "--difficulty", "hard", "--index", index).stdout == "40\n"
    r = drez_run("deal", "--pick", "--difficulty", "medium", "--index", index)
    assert r.exit_code == 2 and "no medium deal" in r.stderr
    r = drez_run("deal", "--pick", "--winnable", "--difficulty", "lost", "--index", index)
    assert r.exit_code == 2


def test_deal_number_still_prints_only_the_position():
    r = drez_run("deal", "42")
    assert r.exit_code == 0 and r.stdout == str(Position.from_deal(42, settle=False))
    assert drez_run("deal").exit_code == 2
    assert drez_run("deal", "42", "--pick").exit_code == 2
    assert drez_run("deal", "42", "--seed", "3").exit_code == 2


def test_committed_index_picks_a_hard_winnable_deal():
    from drez.solver.solodrez.io.pick import DEFAULT_INDEX
    if not os.path.exists(DEFAULT_INDEX):
        pytest.skip("deals/index.json is not built yet")
    r = drez_run("deal", "--pick", "--difficulty", "hard", "--winnable", "--seed", "1")
    assert r.exit_code == 0 and r.stdout.strip().isdigit()


def test_the_difficulty_help_is_the_grade_table_the_code_uses(monkeypatch):
    """`drez analyze --help` prints the grades from batch's tables, so the help and the
    grading cannot drift apart."""
    from drez.cli.solodrez import analyze
    text = analyze._difficulty_help()
    assert text == analyze.DIFFICULTY_HELP
    for (nodes, name), (length, _) in zip(batch.NODE_GRADES, batch.LENGTH_GRADES):
        assert f"{name:<6}{nodes:>10,}{length:>14}" in text
    assert "easy <= 45, medium <= 48, hard <= 51, expert above" in text
    monkeypatch.setattr(batch, "NODE_GRADES", ((300, "easy"), (6_000, "medium"), (9_999, "hard")))
    assert "easy         300" in analyze._difficulty_help()
    r = CliRunner().invoke(drez, ["analyze", "--help"])
    assert r.exit_code == 0 and "hard     200,000           250" in r.output


def test_the_main_process_compiles_before_it_starts_several_workers(tmp_path, monkeypatch):
    """With a cold cache, two workers compiling at once took 2 min 8 s of CPU where one
    compile in the main process took 1 min 7 s (bench.md); the workers then load it."""
    from drez.solver.solodrez import kernels
    calls = []
    monkeypatch.setattr(kernels, "ensure_compiled", lambda: calls.append("main"))
    result = analyze(str(tmp_path / "r.csv"), "--workers", "2", rng="0-3")
    assert result.exit_code == 0, result.output
    assert calls == ["main"]
    result = analyze(str(tmp_path / "s.csv"), "--workers", "1", rng="0-3")
    assert calls == ["main"]        # one worker compiles for itself, as before
