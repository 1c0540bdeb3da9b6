"""Issue 14, first part: input paths that crashed or lost data now give one line on
stderr, exit 2, and leave every file as it was."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from tests.cli.helpers import DREZ, one_error_line

CLOSED_STDIN = [["show", "-"], ["moves", "-"], ["solve", "-"], ["hint", "-"],
                ["apply", "-", "1>2"], ["verify", "-", "1>2"], ["review", "-"], ["play", "-"],
                ["play", "42"], ["updown", "play"], ["crapette", "play"],
                ["updown", "match"], ["crapette", "match"]]


def test_closed_standard_input_is_one_line_exit_2():
    procs = [(args, subprocess.Popen([*DREZ, *args], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     preexec_fn=lambda: os.close(0)))
             for args in CLOSED_STDIN]
    for args, p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 2, (args, out, err)
        assert one_error_line(err) and "standard input is closed" in err, (args, err)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["deal", "42"], ["solve", "42"], ["moves", "42", "--json"]])
def test_output_to_a_full_disk_is_one_line(args):
    with open("/dev/full", "w") as full:
        p = subprocess.run([*DREZ, *args], stdout=full, stderr=subprocess.PIPE, text=True,
                           timeout=120)
    assert p.returncode == 2 and one_error_line(p.stderr), p.stderr
    assert "No space left on device" in p.stderr


def _invoke(args, **kw):
    return CliRunner().invoke(drez, args, **kw)


def test_analyze_refuses_an_out_it_cannot_write_and_leaves_nothing(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    for out in (tmp_path / "missing" / "x.csv", afile / "x.csv", tmp_path):
        r = _invoke(["analyze", "0-3", "--out", str(out), "--no-progress"])
        assert r.exit_code == 2 and one_error_line(r.stderr), r.output
    assert sorted(os.listdir(tmp_path)) == ["afile"]
    if os.path.exists("/dev/full") and not os.path.exists("/dev/full.meta.json"):
        r = _invoke(["analyze", "0-3", "--out", "/dev/full", "--no-progress"])
        assert r.exit_code == 2 and "not a regular file" in r.stderr
        assert not os.path.exists("/dev/full.meta.json")


def test_analyze_dask_failed_start_leaves_nothing(tmp_path, monkeypatch):
    pytest.importorskip("dask.distributed")
    from drez.cli.solodrez import analyze
    monkeypatch.setattr(analyze, "DASK_CONNECT_TIMEOUT", "1s")
    out = tmp_path / "r.csv"
    for address in ("garbage", "tcp://127.0.0.1:1"):
        r = _invoke(["analyze", "0-3", "--out", str(out), "--dask", address, "--no-progress"])
        assert r.exit_code == 2 and one_error_line(r.stderr), r.output
        assert "Traceback" not in r.output
        assert os.listdir(tmp_path) == []


def test_updown_simulate_names_the_game_a_guard_stopped(monkeypatch):
    import drez.solver.updown.state as state
    monkeypatch.setattr(state, "MAX_ACTIONS", 30)
    r = _invoke(["updown", "simulate", "--games", "5", "--workers", "1", "--seed", "4",
                 "--no-progress"])
    assert r.exit_code == 2 and one_error_line(r.stderr), r.output
    assert "game 0 of seed 4" in r.stderr and "30 actions" in r.stderr


def _results(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("deal,verdict,length,optimal,nodes,seconds,difficulty\n"
                    "0,WON,40,0,100,0.0100,easy\n1,LOST,,0,50,0.0100,lost\n")
    return path


def test_report_never_overwrites_a_foreign_file_nor_leaves_dir(tmp_path):
    results = _results(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    notes = out / "notes.md"
    notes.write_text("# my notes\n")
    index = tmp_path / "index.json"
    index.write_text('{"something": "else"}\n')
    cases = [["--name", "notes"], ["--name", "../x"], ["--name", ""], ["--name", ".hidden"],
             ["--index", str(index)]]
    for extra in cases:
        r = _invoke(["report", str(results), "--dir", str(out), "--no-charts", *extra])
        assert r.exit_code == 2 and one_error_line(r.stderr), (extra, r.output)
    assert notes.read_text() == "# my notes\n" and index.read_text() == '{"something": "else"}\n'
    assert sorted(os.listdir(out)) == ["notes.md"] and not (tmp_path / "x.md").exists()
    # its own report and index are replaced, as before
    for _ in range(2):
        r = _invoke(["report", str(results), "--dir", str(out), "--no-charts",
                     "--index", str(tmp_path / "new-index.json")])
        assert r.exit_code == 0, r.output
    assert (out / "r.md").read_text().startswith("# Solodrez deal analysis: r")


def test_report_dir_that_cannot_be_made_is_one_line(tmp_path):
    results = _results(tmp_path)
    r = _invoke(["report", str(results), "--dir", str(results / "sub"), "--no-charts"])
    assert r.exit_code == 2 and one_error_line(r.stderr), r.output


def test_report_names_the_line_and_field(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("deal,verdict,length,optimal,nodes,seconds,difficulty\n"
                    "0,WON,40,0,100,0.0100,easy\n1,WON,40,0,many,0.01,easy\n")
    r = _invoke(["report", str(path), "--dir", str(tmp_path / "o"), "--no-charts"])
    assert r.exit_code == 2 and one_error_line(r.stderr)
    assert "line 3" in r.stderr and "'nodes'" in r.stderr and "many" in r.stderr


def test_play_save_asks_before_replacing_a_file(tmp_path):
    game = tmp_path / "game.txt"
    game.write_text("precious\n")
    r = _invoke(["play", "42", "--no-color"], input=f"1>2\nsave {game}\nn\nquit\n\n")
    assert "exists; replace it?" in r.output and "not saved" in r.output
    assert game.read_text() == "precious\n"
    r = _invoke(["play", "42", "--no-color"], input=f"save {game}\ny\nquit\n")
    assert "saved 0 moves" in r.output and game.read_text().startswith("deal 42")
    r = _invoke(["play", "42", "--no-color"], input="save /dev/null\ny\nquit\n")
    assert "not a regular file" in r.output and os.path.exists("/dev/null")


def test_oversized_input_is_refused_at_once(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"J1 " * (20 << 20))
    start = time.perf_counter()
    for args, kw in ((["show", str(big)], {}), (["review", str(big)], {}),
                     (["show", "-"], {"input": big.read_bytes()})):
        r = _invoke(args, **kw)
        assert r.exit_code == 2 and "larger than 1 MiB" in r.stderr, r.output
    assert time.perf_counter() - start < 10


def test_closed_stdin_message_comes_from_one_place():
    # the in-process view of the same rule: no stdin object at all
    saved = sys.stdin
    try:
        from drez.cli.solodrez import inputs
        sys.stdin = None
        with pytest.raises(inputs.BadInput):
            inputs.stdin_lines()
    finally:
        sys.stdin = saved


HUGE = "7" * 5000       # past int()'s 4,300-digit limit: never converted whole


@pytest.mark.parametrize("args", [["deal", HUGE], ["show", HUGE], ["solve", HUGE],
                                  ["hint", HUGE], ["moves", HUGE], ["verify", HUGE, "1>2"],
                                  ["apply", HUGE, "1>2"], ["bench", "--deals", HUGE],
                                  ["play", HUGE]])
def test_a_deal_number_of_thousands_of_digits_is_one_short_line(args):
    r = _invoke(args, input="quit\n")
    assert r.exit_code == 2 and one_error_line(r.stderr), (args[0], r.output[-300:])
    assert "outside 0..18446744073709551615" in r.stderr and len(r.stderr) < 300


@pytest.mark.parametrize("deals", ["0-18446744073709551615", "0-999999999999", f"0-{HUGE}",
                                   f"{HUGE}-{HUGE}"])
def test_a_range_no_run_can_hold_is_refused_and_writes_nothing(tmp_path, deals):
    out = tmp_path / "r.csv"
    r = _invoke(["analyze", deals, "--out", str(out)])
    assert r.exit_code == 2 and one_error_line(r.stderr), r.output[-300:]
    assert len(r.stderr) < 300 and os.listdir(tmp_path) == []


def test_a_record_of_a_huge_deal_number_is_one_line(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text(f"deal {HUGE}\n1>2\n")
    r = _invoke(["review", str(record)])
    assert r.exit_code == 2 and one_error_line(r.stderr) and "line 1" in r.stderr
    assert len(r.stderr) < 300


def test_closed_standard_output_is_one_line_exit_2():
    for args in (["deal", "42"], ["solve", "42"], ["--help"]):
        p = subprocess.run([*DREZ, *args], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True, timeout=120, preexec_fn=lambda: os.close(1))
        assert p.returncode == 2, (args, p.stderr)
        assert one_error_line(p.stderr) and "standard output is closed" in p.stderr, p.stderr


def test_a_second_run_on_a_locked_output_is_refused_and_touches_nothing(tmp_path):
    from drez.solver.solodrez.batch import lock_output
    out = tmp_path / "r.csv"
    out.write_text("deal,verdict\n")               # whatever the running run has so far
    held = lock_output(str(out))                    # the other run, still going
    try:
        for extra in ([], ["--resume"]):
            r = _invoke(["analyze", "0-9", "--out", str(out), *extra])
            assert r.exit_code == 2 and one_error_line(r.stderr), r.output
            assert "being written by another run" in r.stderr
            assert out.read_text() == "deal,verdict\n" and sorted(os.listdir(tmp_path)) == ["r.csv"]
    finally:
        os.close(held)
    r = _invoke(["analyze", "0-9", "--out", str(tmp_path / "s.csv")])
    assert r.exit_code == 0, r.output                # the lock is the file's, not the folder's


def test_two_runs_started_together_on_one_file_leave_each_deal_once(tmp_path):
    out = tmp_path / "two.csv"
    cmd = [*DREZ, "analyze", "0-299", "--out", str(out), "--workers", "1", "--no-progress"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    results = [p.communicate(timeout=600) for p in procs]
    codes = sorted(p.returncode for p in procs)
    assert codes == [0, 2], results
    loser = next(err for p, (_, err) in zip(procs, results) if p.returncode == 2)
    # refused by the lock while the other runs, or (if it started late) by the finished file
    assert one_error_line(loser), loser
    assert "being written by another run" in loser or "already exists" in loser, loser
    rows = out.read_text().splitlines()[1:]
    assert sorted(int(r.split(",")[0]) for r in rows) == list(range(300))
    assert os.path.exists(str(out) + ".meta.json")


@pytest.mark.parametrize("args", [["show", "42", "--svg"], ["solve", "42", "--html"]])
def test_a_named_output_replaces_only_a_writable_regular_file(tmp_path, args):
    ro = tmp_path / "ro.out"
    ro.write_text("precious")
    ro.chmod(0o444)
    fifo = tmp_path / "fifo.out"
    os.mkfifo(fifo)
    folder = tmp_path / "dir.out"
    folder.mkdir()
    loop = tmp_path / "loop.out"
    loop.symlink_to(loop)
    for bad in (ro, fifo, folder, loop):
        r = _invoke([*args, str(bad)])
        assert r.exit_code == 2 and one_error_line(r.stderr), (bad, r.output)
    assert ro.read_text() == "precious" and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert loop.is_symlink() and sorted(p.name for p in tmp_path.iterdir()) == [
        "dir.out", "fifo.out", "loop.out", "ro.out"]           # no temporary file left
    private = tmp_path / "private.out"
    private.write_text("old")
    private.chmod(0o600)
    link = tmp_path / "link.out"
    link.symlink_to(private.name)
    r = _invoke([*args, str(link)])
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and private.read_text() != "old"     # written through the link
    assert stat.S_IMODE(private.stat().st_mode) == 0o600            # its mode kept


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_device_is_never_replaced_by_a_named_output():
    r = _invoke(["show", "42", "--svg", "/dev/full"])
    assert r.exit_code == 2 and "not a regular file" in r.stderr
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


@pytest.mark.parametrize("index", ['{"difficulties": []}', '{"difficulties": {"easy": null}}',
                                   '"abc"', "null", '{"difficulties": {"easy": [-5]}}',
                                   '{"difficulties": {"easy": [1e400]}}',
                                   '{"difficulties": {"easy": [[1]]}}',
                                   '{"difficulties": {"easy": "abc"}}',
                                   '{"difficulties": {"easy": [true]}}', "[" * 30000])
def test_a_malformed_deal_index_is_one_line_never_a_pick(tmp_path, index):
    path = tmp_path / "index.json"
    path.write_text(index)
    r = _invoke(["deal", "--pick", "--difficulty", "easy", "--index", str(path)])
    assert r.exit_code == 2 and one_error_line(r.stderr) and r.stdout == "", r.output
    assert "deal index" in r.stderr


def test_endless_inputs_are_refused_within_a_bounded_read():
    for args in (["report", "/dev/zero", "--no-charts"], ["deal", "--pick", "--index", "/dev/zero"]):
        p = subprocess.run([*DREZ, *args], capture_output=True, text=True, timeout=120)
        assert p.returncode == 2 and one_error_line(p.stderr), (args, p.stderr[-300:])


@pytest.mark.parametrize("sidecar", ["[]", '"x"', "null", "{", "{}"])
def test_a_malformed_sidecar_is_one_line_and_the_run_is_kept(tmp_path, sidecar):
    out = tmp_path / "r.csv"
    assert _invoke(["analyze", "0-3", "--out", str(out)]).exit_code == 0
    rows = out.read_text()
    meta = tmp_path / "r.csv.meta.json"
    meta.write_text(sidecar)
    r = _invoke(["analyze", "0-3", "--out", str(out), "--resume"])
    assert r.exit_code == 2 and one_error_line(r.stderr) and "settings file" in r.stderr
    assert out.read_text() == rows and meta.read_text() == sidecar


def test_resume_over_a_file_that_is_not_text_keeps_it(tmp_path):
    out = tmp_path / "pic.png"
    out.write_bytes(b"\xff\xfe\x00\x89PNG binary")
    r = _invoke(["analyze", "0-3", "--out", str(out), "--resume"])
    assert r.exit_code == 2 and one_error_line(r.stderr)
    assert out.read_bytes() == b"\xff\xfe\x00\x89PNG binary"


def test_a_fresh_run_never_replaces_a_sidecar_it_did_not_write(tmp_path):
    meta = tmp_path / "r.csv.meta.json"
    meta.write_text('{"mine": 1}\n')
    r = _invoke(["analyze", "0-3", "--out", str(tmp_path / "r.csv")])
    assert r.exit_code == 2 and one_error_line(r.stderr) and "not this run's" in r.stderr
    assert meta.read_text() == '{"mine": 1}\n' and os.listdir(tmp_path) == ["r.csv.meta.json"]


def test_an_out_that_is_a_symlink_loop_is_refused_and_kept(tmp_path):
    loop = tmp_path / "loopA"
    loop.symlink_to(loop.name)
    r = _invoke(["analyze", "0-3", "--out", str(loop)])
    assert r.exit_code == 2 and one_error_line(r.stderr) and "symlink" in r.stderr
    assert loop.is_symlink() and os.listdir(tmp_path) == ["loopA"]


def test_a_report_replaces_its_own_pictures_and_no_one_elses(tmp_path):
    pytest.importorskip("matplotlib")
    results = tmp_path / "r.csv"
    assert _invoke(["analyze", "0-29", "--out", str(results)]).exit_code == 0
    rep = tmp_path / "rep"
    args = ["report", str(results), "--dir", str(rep), "--name", "r", "--pictures", "2"]
    first = _invoke(args)
    assert first.exit_code == 0, first.output
    pictures = sorted(p.name for p in rep.iterdir())
    assert "r-lengths.png" in pictures and sum(p.endswith(".svg") for p in pictures) == 2
    assert _invoke(args).exit_code == 0                      # its own files: replaced
    assert sorted(p.name for p in rep.iterdir()) == pictures
    other = tmp_path / "other"
    other.mkdir()
    (other / "r-lengths.png").write_bytes(b"someone else's chart")
    r = _invoke(["report", str(results), "--dir", str(other), "--name", "r"])
    assert r.exit_code == 2 and one_error_line(r.stderr) and "r-lengths.png" in r.stderr
    assert os.listdir(other) == ["r-lengths.png"]
    assert (other / "r-lengths.png").read_bytes() == b"someone else's chart"
