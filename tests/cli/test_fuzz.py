"""Fuzzing every command's input paths: random bytes, mutations of valid positions, game
records, move lists and options.  Whatever comes in, a command either accepts it (and then
the input was valid) or refuses it with exit status 2 and one short line on stderr; it
never shows a traceback and never changes a file that was there before."""
from __future__ import annotations

import hashlib
import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drez.cli.main import drez
from drez.solver.solodrez.io.errors import RecordError
from drez.solver.solodrez.io.records import parse_record
from drez.solver.solodrez.rules.cards import card_name
from drez.solver.solodrez.rules.position import Position, PositionError

FUZZ = settings(max_examples=int(os.environ.get("DREZ_FUZZ_EXAMPLES", "60")), deadline=None,
                database=None, derandomize="DREZ_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
FAST = ["--max-seconds", "0.2", "--max-nodes", "20000", "--max-memory", "16M"]
CARDS = [card_name(c) for c in range(56)]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """A folder with files that no fuzzed command may change."""
    d = tmp_path_factory.mktemp("fuzz")
    (d / "keep.txt").write_text("not a position\n")
    (d / "keep.md").write_text("# my own notes\n")
    (d / "deal42.txt").write_text(str(Position.from_deal(42, settle=False)))
    (d / "results.csv").write_text("deal,verdict,length,optimal,nodes,seconds,difficulty\n"
                                   "0,WON,40,0,100,0.0100,easy\n")
    return d


def _snapshot(d) -> dict:
    out = {}
    for root, _, files in os.walk(d):
        for name in files:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                out[path] = hashlib.sha256(f.read()).hexdigest()
    return out


def run(workdir, args, stdin=None):
    """Invoke drez in workdir; check no traceback, no changed file, and the exit rule."""
    before = _snapshot(workdir)
    cwd = os.getcwd()
    os.chdir(workdir)
    try:
        r = CliRunner().invoke(drez, args, input=stdin)
    finally:
        os.chdir(cwd)
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
    assert "Traceback" not in r.output, (args, r.output)
    after = _snapshot(workdir)
    assert {p: h for p, h in after.items() if p in before} == before, args
    if r.exit_code == 2:
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and len(lines[0]) < 400, (args, r.stderr)
        assert lines[0].startswith("drez"), (args, r.stderr)
    return r


def _valid_position(text) -> bool:
    try:
        Position.parse(text if isinstance(text, str) else text.decode("utf-8-sig"))
        return True
    except (PositionError, UnicodeDecodeError):
        return False


def _valid_record(text: str) -> bool:
    try:
        parse_record(text)
        return True
    except RecordError:
        return False


POSITION_COMMANDS = [["show", "-"], ["moves", "-"], ["solve", "-", *FAST],
                     ["hint", "-", *FAST], ["apply", "-", "1>2"], ["verify", "-", "1>2"]]


@FUZZ
@given(data=st.binary(max_size=600), which=st.sampled_from(POSITION_COMMANDS))
def test_random_bytes_as_a_position(workdir, data, which):
    r = run(workdir, which, stdin=data)
    if not _valid_position(data):
        assert r.exit_code == 2


@st.composite
def mutated_deal(draw):
    """The text of a deal with one change that always makes it invalid."""
    n = draw(st.integers(0, 10**6))
    lines = [line.split() for line in str(Position.from_deal(n, settle=False)).splitlines()]
    kind = draw(st.sampled_from(["drop", "duplicate", "garbage", "tenth line", "bad byte"]))
    col = draw(st.integers(0, 8))
    while not lines[col]:
        col = (col + 1) % 9
    i = draw(st.integers(0, len(lines[col]) - 1))
    if kind == "drop":
        del lines[col][i]
    elif kind == "duplicate":
        other = draw(st.integers(0, 8))
        lines[other].append(lines[col][i])
    elif kind == "garbage":
        word = draw(st.text(min_size=1, max_size=6).filter(
            lambda w: w.strip() == w and " " not in w and w.upper() not in CARDS
            and w.split() == [w]))
        lines[col][i] = word
    elif kind == "tenth line":
        lines.append([draw(st.sampled_from(CARDS))])
    text = "\n".join(" ".join(c) for c in lines) + "\n"
    if kind == "bad byte":
        cut = draw(st.integers(0, len(text)))
        return text.encode()[:cut] + b"\xff" + text.encode()[cut:]
    return text.encode()


@FUZZ
@given(data=mutated_deal(), which=st.sampled_from(POSITION_COMMANDS + [["play", "-"]]))
def test_mutated_positions_are_refused(workdir, data, which):
    path = os.path.join(workdir, "mutated.txt")
    with open(path, "wb") as f:
        f.write(data)
    try:
        args = [which[0], path, *which[2:]]
        r = run(workdir, args, stdin="quit\n")
        assert r.exit_code == 2, (data, r.output)
    finally:
        os.remove(path)


MOVE_TEXT = st.one_of(
    st.text(max_size=8),
    st.builds(lambda a, b: f"{a}>{b}", st.integers(-2, 12), st.integers(-2, 12)),
    st.builds(lambda a, b, k: f"{a}>{b}:{k}", st.integers(0, 10), st.integers(0, 10),
              st.integers(-1, 120)))


@FUZZ
@given(moves=st.lists(MOVE_TEXT, min_size=1, max_size=4),
       which=st.sampled_from(["apply", "verify"]))
def test_random_move_lists(workdir, moves, which):
    r = run(workdir, [which, "42", "--", *moves])
    assert r.exit_code in (0, 1, 2)
    if which == "apply":
        assert r.exit_code in (0, 2)


@FUZZ
@given(lines=st.lists(st.one_of(MOVE_TEXT, st.sampled_from(
    ["deal 42", "deal", "deal x", "position", "position nowhere.txt", "# note", ""])),
    max_size=6), head=st.sampled_from(["deal 42\n", "deal 7\n", "", "position\n"]))
def test_random_game_records(workdir, lines, head):
    text = head + "\n".join(lines) + "\n"
    r = run(workdir, ["review", "-", *FAST], stdin=text)
    if not _valid_record(text):
        assert r.exit_code == 2, (text, r.output)
    else:
        assert r.exit_code in (0, 3)


WORD = st.one_of(st.text(max_size=10), st.sampled_from(
    ["-1", "nan", "inf", "-0", "1e400", "1T", "2GiB", "0", "99999999999999999999999", " 42",
     "4_2", "+5", "٤٢", "0x10", "1.5", ""]))


@FUZZ
@given(option=st.sampled_from(["--max-memory", "--max-seconds", "--max-nodes"]), value=WORD,
       command=st.sampled_from(["solve", "hint"]))
def test_random_limit_options(workdir, option, value, command):
    r = run(workdir, [command, "keep.txt", option, value])
    assert r.exit_code == 2     # keep.txt is not a position, so nothing may pass


@FUZZ
@given(value=WORD, command=st.sampled_from(
    [["deal"], ["solve"], ["show"], ["analyze", "--out", "new.csv"], ["deal", "--seed"],
     ["report", "results.csv", "--name"], ["report", "results.csv", "--index"],
     ["report", "results.csv", "--dir"], ["updown", "simulate", "--games", "3", "--players"],
     ["crapette", "simulate", "--games", "2", "--bots"]]))
def test_random_option_and_argument_values(workdir, value, command):
    if value.startswith("-") and command[-1] != "--seed":
        value = value[1:] or "x"
    args = [*command, value]
    if command[0] == "analyze":
        args = ["analyze", value, "--out", "new.csv", "--no-progress", "--max-seconds", "1"]
    if command[0] == "report":
        args = [*args, "--no-charts"]
    if command[0] == "solve":
        args = [*args, *FAST]
    r = run(workdir, args)
    for leftover in ("new.csv", "new.csv.meta.json"):
        path = os.path.join(workdir, leftover)
        if r.exit_code == 2:
            assert not os.path.exists(path), (args, r.output)
        elif os.path.exists(path):
            os.remove(path)
    created = [p for p in os.listdir(workdir) if p not in
               ("keep.txt", "keep.md", "deal42.txt", "results.csv")]
    for p in created:               # a report or index the command was allowed to write
        full = os.path.join(workdir, p)
        if os.path.isdir(full):
            import shutil
            shutil.rmtree(full)
        else:
            os.remove(full)


PLAY_WORDS = st.sampled_from(["undo", "moves", "board", "help", "new 7", "new hard", "save",
                              "save keep.txt", "n", "new nonsense", "1>2", "9>1", "4>7:3",
                              "", "#", "hint"])
GAME_LINES = st.lists(st.one_of(PLAY_WORDS, MOVE_TEXT, st.text(max_size=12)), max_size=6)


def _one_line(text: str) -> str:
    return " ".join(text.splitlines())


@FUZZ
@given(lines=GAME_LINES)
def test_random_lines_at_the_solodrez_prompt(workdir, lines):
    # never 'y': that would rightly let `save keep.txt` replace a file
    lines = [line for line in lines if line.strip().lower() not in ("y", "yes")]
    text = "\n".join(_one_line(line) for line in lines) + "\nquit\n\n"
    r = run(workdir, ["play", "42", "--no-color", "--max-seconds", "0.3"], stdin=text)
    assert r.exit_code == 0, r.output


@FUZZ
@given(lines=GAME_LINES, game=st.sampled_from([["updown", "play", "--seed", "3"],
                                               ["crapette", "play", "--seed", "3",
                                                "--bot", "rule", "--no-color"]]))
def test_random_lines_at_the_other_prompts(workdir, lines, game):
    text = "\n".join(_one_line(line) for line in lines if line != "hint") + "\n"
    r = run(workdir, game, stdin=text)
    assert r.exit_code == 0, r.output


NUMBERS = st.one_of(st.text(alphabet="0123456789", min_size=1, max_size=6000),
                    st.builds(lambda a, b: f"{a}-{b}", st.text(alphabet="0123456789-", max_size=30),
                              st.text(alphabet="0123456789", max_size=5000)))


@FUZZ
@given(number=NUMBERS, command=st.sampled_from(
    [["deal"], ["show"], ["moves"], ["analyze"], ["bench", "--deals"], ["hint"],
     ["verify"], ["apply"]]))
def test_numbers_of_any_length_in_every_numeric_input(workdir, number, command):
    """Deal numbers, ranges and deal lists of any length (int() stops at 4,300 digits):
    accepted, or one short line and exit 2; never a traceback."""
    if command == ["analyze"]:
        args = ["analyze", number, "--out", "new.csv", "--no-progress", *FAST]
    elif command[0] in ("verify", "apply"):
        args = [*command, number, "1>2"]
    elif command[0] in ("hint", "bench"):
        args = [*command, number, *FAST]
    else:
        args = [*command, number]
    if command[0] in ("analyze", "bench") and len(number.lstrip("0")) < 6 and "-" not in number:
        return                          # a real run of many deals: not what this test is for
    r = run(workdir, args)
    for leftover in ("new.csv", "new.csv.meta.json"):
        if os.path.exists(os.path.join(workdir, leftover)):
            os.remove(os.path.join(workdir, leftover))
    assert r.exit_code in (0, 1, 2, 3), (args[:2], r.output[-300:])


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(),
              st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(["difficulties", "easy", "hard",
                                                             "lost", "x"]), inner, max_size=4)),
    max_leaves=12)


@FUZZ
@given(index=json_values, difficulty=st.sampled_from([[], ["--difficulty", "easy"],
                                                       ["--winnable"]]))
def test_any_json_as_a_deal_index(workdir, index, difficulty):
    """A deal index of any shape: a deal number it really holds, or one line and exit 2."""
    import json as _json
    path = os.path.join(workdir, "idx.json")
    with open(path, "w") as f:
        _json.dump(index, f)
    try:
        r = run(workdir, ["deal", "--pick", "--index", "idx.json", *difficulty])
    finally:
        os.remove(path)
    if r.exit_code == 0:
        n = int(r.output.split()[0]) if r.output.split()[0].isdigit() else None
        groups = index["difficulties"]
        assert any(n in deals for deals in groups.values()), (index, r.output)
