"""Issue 14, second part: consistent, precise messages and one JSON vocabulary."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.solodrez.rules.position import Position
from tests.cli.helpers import DREZ, one_error_line
from tests.solodrez import reference as ref


def _default_sigint():
    """A run started from a background shell inherits SIGINT ignored; the child must not."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _invoke(args, **kw):
    return CliRunner().invoke(drez, args, **kw)


@pytest.mark.parametrize("text", ["4_2", "+5", " 42", "٤٢", "42 ", "0x2a", "4.2"])
def test_one_deal_number_parser_digits_only(text, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in (["deal", text], ["solve", text], ["show", text]):
        r = _invoke(command)
        assert r.exit_code == 2 and one_error_line(r.stderr), (command, r.output)
        assert "not a deal number" in r.stderr and "digits 0-9" in r.stderr
    r = _invoke(["analyze", text, "--out", str(tmp_path / "r.csv")])
    assert r.exit_code == 2 and not (tmp_path / "r.csv").exists()


def test_negative_deal_number_says_out_of_range():
    for command in (["deal", "-1"], ["solve", "-7"], ["show", "-3"]):
        r = _invoke(command)
        assert r.exit_code == 2 and one_error_line(r.stderr)
        assert "outside 0.." in r.stderr and "No such option" not in r.stderr


def test_a_file_named_like_a_number_does_not_shadow_the_deal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "42").write_text(str(Position.from_deal(7, settle=False)))
    deal42 = _invoke(["moves", "42", "--json"])
    assert json.loads(deal42.output)["deal"] == 42
    as_file = _invoke(["moves", "./42", "--json"])
    assert "deal" not in json.loads(as_file.output)
    assert json.loads(as_file.output)["moves"] == json.loads(_invoke(["moves", "7", "--json"])
                                                             .output)["moves"]


def test_verify_malformed_move_exits_2_and_columns_are_1_to_9():
    for move, words in (("0>3", "columns are numbered 1-9"), ("1>10", "columns are numbered 1-9"),
                        ("1>1", "onto itself"), ("x", "is not a move")):
        for command in ("verify", "apply"):
            r = _invoke([command, "42", move])
            assert r.exit_code == 2 and one_error_line(r.stderr), (command, move, r.output)
            assert words in r.stderr
    legal_but_not_winning = _invoke(["verify", "42", "9>1"])
    assert legal_but_not_winning.exit_code == 1


def test_bom_and_lowercase_cards_are_accepted(tmp_path):
    text = str(Position.from_deal(42, settle=False))
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.lower().encode())
    r = _invoke(["moves", str(path), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["moves"] == json.loads(_invoke(["moves", "42", "--json"])
                                                       .output)["moves"]
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("J1", "Z1"))
    r = _invoke(["show", str(bad)])
    assert r.exit_code == 2 and "cards are written like J1" in r.stderr


@pytest.mark.parametrize("size", ["64MiB", "64mb", "64M", "0.5G", "1GiB", "67108864"])
def test_max_memory_units(size):
    r = _invoke(["solve", "11", "--max-memory", size, "--json"])
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("option,value,words", [
    ("--max-memory", "3X", "K, M, G or T"), ("--max-memory", "nan", "is not a size"),
    ("--max-memory", "1000T", "more than this machine's memory"),
    ("--max-memory", "10K", "too small"),
    ("--max-seconds", "nan", "not a time limit"), ("--max-seconds", "inf", "not a time limit"),
    ("--max-seconds", "1e300", "not a time limit"), ("--max-nodes", "0", "--max-nodes"),
    ("--max-nodes", str(10 ** 15), "--max-nodes")])
def test_absurd_limits_are_refused(option, value, words):
    r = _invoke(["solve", "11", option, value])
    assert r.exit_code == 2 and one_error_line(r.stderr) and words in r.stderr, r.stderr


def test_drez_alone_prints_usage_without_error_and_version():
    p = subprocess.run(DREZ, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and "Usage:" in p.stdout and "error" not in (p.stdout + p.stderr)
    r = _invoke(["--version"])
    assert r.exit_code == 0 and r.output.startswith("drez ")


def test_no_color_and_colour_only_on_request(monkeypatch):
    r = _invoke(["show", "42", "--color"])
    assert "\x1b[" in r.output
    monkeypatch.setenv("NO_COLOR", "1")
    from drez.cli.solodrez.render import use_color
    assert use_color(None) is False and use_color(True) is True
    r = _invoke(["show", "42"])
    assert "\x1b[" not in r.output


def test_plurals_and_words_for_blocks(tmp_path):
    one = Position.parse("J1 Q1 R1 B1 N1\nP1\nX1\nX2\n\n\n\n\n\n")
    path = tmp_path / "one.txt"
    path.write_text(str(one))
    assert "WON in 1 move (" in _invoke(["solve", str(path)]).output
    assert "WIN: 1 legal move win" in _invoke(["verify", str(path), "2>1"]).output
    lost = Position.parse("X2 J1 R1 Q1 N1 X1 B1 P1\n\n\n\n\n\n\n\n\n")
    path.write_text(str(lost))
    r = _invoke(["hint", str(path)])
    assert "lost: no legal move is left" in r.output and "no-moves" not in r.output


def test_end_of_input_at_a_prompt_is_the_same_in_all_three_games():
    for args in (["play", "42", "--no-color"], ["updown", "play", "--seed", "1"],
                 ["crapette", "play", "--seed", "1", "--no-color"]):
        r = _invoke(args, input="")
        assert r.exit_code == 0, (args, r.output)
        assert r.output.rstrip().endswith("end of input: game left unfinished"), args


def test_ctrl_c_on_analyze_prints_one_message(tmp_path):
    out = tmp_path / "r.csv"
    p = subprocess.Popen([*DREZ, "analyze", "0-100000", "--out", str(out), "--workers", "2"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True, preexec_fn=_default_sigint)
    deadline = time.time() + 60
    while time.time() < deadline and (not out.exists() or out.stat().st_size < 100):
        time.sleep(0.2)
    os.killpg(p.pid, signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130
    assert err.strip().splitlines() == [
        f"drez analyze: stopped; every finished row is in {out}; rerun with --resume to continue"]


# ---- JSON ------------------------------------------------------------------------------

SHARED = {"verdict", "length", "optimal", "lower_bound", "nodes", "seconds", "limit"}


def test_json_vocabulary_is_shared(tmp_path):
    solve = json.loads(_invoke(["solve", "11", "--json"]).output)
    hint = json.loads(_invoke(["hint", "11", "--json", "--max-seconds", "20"]).output)
    moves = json.loads(_invoke(["moves", "11", "--json"]).output)
    out = tmp_path / "r.jsonl"
    r = _invoke(["analyze", "11", "--out", str(out), "--json-lines", "--no-progress"])
    assert r.exit_code == 0, r.output
    row = json.loads(out.read_text())
    for obj in (solve, hint, row):
        assert obj.keys() >= SHARED, obj
        assert obj["deal"] == 11 and obj["verdict"] == "WON"
    assert moves["deal"] == 11 and {"moves"} <= moves.keys()
    assert row["error"] is None
    assert solve["length"] == len(solve["moves"]) == row["length"]
    assert hint["length"] == hint["distance"] and hint["optimal"] and hint["proven"]
    assert set(hint["move"]) == set(solve["moves"][0]) == set(moves["moves"][0])
    ok, why = ref.verify(ref.deal(11), [(m["from"] - 1, m["to"] - 1, m["cards"])
                                        for m in solve["moves"]])
    assert ok, why
    from_file = json.loads(_invoke(["solve", "-", "--json"],
                                   input=str(Position.from_deal(11))).output)
    assert "deal" not in from_file


def test_apply_and_verify_json():
    solve = json.loads(_invoke(["solve", "11", "--json"]).output)
    texts = [f"{m['from']}>{m['to']}:{m['cards']}" for m in solve["moves"]]
    v = _invoke(["verify", "11", *texts, "--json"])
    assert v.exit_code == 0
    got = json.loads(v.output)
    assert got == {"deal": 11, "win": True, "moves": solve["moves"], "length": len(texts),
                   "illegal": None, "error": None}
    v = _invoke(["verify", "11", texts[0], texts[0], "--json"])
    got = json.loads(v.output)
    assert v.exit_code == 1 and got["win"] is False and got["illegal"] in (2, None)
    a = _invoke(["apply", "11", *texts[:3], "--json"])
    got = json.loads(a.output)
    assert got["length"] == 3 and got["moves"] == solve["moves"][:3] and not got["won"]
    assert Position.parse(got["position"]) == Position.parse(_invoke(["apply", "11", *texts[:3]])
                                                             .output)


def test_json_lines_error_rows_carry_the_error(tmp_path, monkeypatch):
    from drez.solver.solodrez import batch
    row = batch.error_row(5, "boom")
    assert row["error"] == "boom" and {"limit", "lower_bound"} <= row.keys()
    assert json.loads(batch.format_row(row, "jsonl"))["error"] == "boom"


def test_review_names_the_record_line_even_inside_a_position():
    text = "# my game\nposition\nJ1 Q1\n\nZ9\n" + "\n" * 6 + "1>2\n"
    r = _invoke(["review", "-"], input=text)
    assert r.exit_code == 2 and one_error_line(r.stderr)
    assert "line 5:" in r.stderr and "'Z9'" in r.stderr
    r = _invoke(["review", "-"], input="deal 4\n\n1>2\n9>9\n")
    assert r.exit_code == 2 and "line 4: move 2:" in r.stderr


def test_progress_bars_only_on_a_terminal(tmp_path):
    runs = [["analyze", "0-2", "--out", str(tmp_path / "r.csv"), "--workers", "1"],
            ["updown", "simulate", "--games", "20", "--workers", "1"],
            ["crapette", "simulate", "--games", "2", "--workers", "1", "--bots", "rule,rule"]]
    for args in runs:
        r = _invoke(args)
        assert r.exit_code == 0, (args, r.output)
        assert "%|" not in r.stderr and "it/s" not in r.stderr, (args, r.stderr)
    r = _invoke(["analyze", "3", "--out", str(tmp_path / "p.csv"), "--workers", "1",
                 "--progress"])
    assert "%|" in r.stderr          # asked for: shown even off a terminal


def test_max_nodes_1_stores_at_most_one_position():
    """--max-nodes bounds the positions of the whole solve, every stage included."""
    for extra in ([], ["--optimal"]):
        r = _invoke(["solve", "42", "--json", "--max-nodes", "1", *extra])
        out = json.loads(r.output)
        assert r.exit_code == 3 and out["verdict"] == "UNKNOWN" and out["limit"] == "nodes"
        assert out["nodes"] == 1
