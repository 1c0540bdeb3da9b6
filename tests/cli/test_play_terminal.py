"""Issue 14, terminal play (and issue 11: a slow hint shows it is working and Ctrl-C stops
the hint, not the game)."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import threading
import time

from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.solodrez.io.records import parse_record
from tests.cli.helpers import DREZ, ROOT
from tests.solodrez.helpers import P, to_engine

ONE_MOVE = ("J1 Q1 R1 B1 N1", "P1", "X1", "X2")
INDEX = os.path.join(ROOT, "deals", "index.json")


def _default_sigint():
    """A run started from a background shell inherits SIGINT ignored; the child must not."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _play(tmp_path, text, *extra, cols=ONE_MOVE):
    path = tmp_path / "pos.txt"
    path.write_text(str(to_engine(P(*cols))))
    return CliRunner().invoke(drez, ["play", str(path), "--no-color", *extra], input=text)


def test_moves_command_counter_and_last_move_marked(tmp_path):
    r = _play(tmp_path, "moves\n3>4\n")
    assert r.exit_code == 0, r.output
    listed = r.output.split("> ", 1)[1].splitlines()[0].split()
    assert "2>1" in listed and "3>4" in listed
    assert "· move 0" in r.output and "· move 1 · last move 3>4" in r.output
    board = r.output.split("last move 3>4")[1]
    assert "*X1" in board and board.count("*") == 1


def test_redraw_in_place_clears_the_screen(tmp_path):
    r = _play(tmp_path, "3>4\n", "--redraw")
    assert r.output.count("\x1b[H\x1b[2J") == 2
    assert "\x1b[H" not in _play(tmp_path, "3>4\n").output


def test_a_win_ends_clearly(tmp_path):
    r = _play(tmp_path, "2>1\n")
    assert "WON in 1 move! Type new for another deal" in r.output
    assert "game left unfinished" not in r.output


def test_quit_offers_to_save_unsaved_moves(tmp_path):
    save = tmp_path / "kept.txt"
    r = _play(tmp_path, f"3>4\nquit\n{save}\n")
    assert r.exit_code == 0 and "save the 1 move first?" in r.output
    rec = parse_record(save.read_text(), str(tmp_path))
    assert [t for _, _, t in rec.moves] == ["3>4"]
    r = _play(tmp_path, "quit\n")               # nothing played: no question
    assert "first?" not in r.output


def test_new_deals_a_fresh_game_by_difficulty(tmp_path):
    with open(INDEX) as f:
        easy = set(json.load(f)["difficulties"]["easy"])
    r = _play(tmp_path, "new easy winnable\nnew 42\nnew impossible\n")
    assert r.exit_code == 0, r.output
    dealt = re.findall(r"(?:^|> )deal ([0-9]+)\.$", r.output, re.M)
    assert len(dealt) == 2 and int(dealt[0]) in easy and dealt[1] == "42"
    assert "'impossible' is not one of" in r.output


def test_slow_hint_says_it_is_working_and_names_the_limit():
    # deal 292: A* needs millions of positions (reports/deals-0-99999/deals-0-99999-optimal.md)
    r = CliRunner().invoke(drez, ["play", "292", "--no-color", "--max-seconds", "1.5"],
                           input="hint\n")
    assert "hint... (Ctrl-C stops it)" in r.stderr
    assert "it reached the time limit, --max-seconds" in r.stdout


def test_ctrl_c_cancels_the_hint_not_the_game():
    p = subprocess.Popen([*DREZ, "play", "292", "--no-color", "--max-seconds", "60"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, bufsize=1, preexec_fn=_default_sigint)
    out, err = [], []

    def reader(stream, sink):
        for chunk in iter(lambda: stream.read(1), ""):
            sink.append(chunk)

    for stream, sink in ((p.stdout, out), (p.stderr, err)):
        threading.Thread(target=reader, args=(stream, sink), daemon=True).start()

    def wait_for(sink, text, timeout=60.0):
        end = time.time() + timeout
        while time.time() < end and text not in "".join(sink):
            time.sleep(0.05)
        return text in "".join(sink)

    try:
        p.stdin.write("hint\n")
        p.stdin.flush()
        assert wait_for(err, "hint... (Ctrl-C stops it)"), err
        started = time.time()
        p.send_signal(signal.SIGINT)                     # stops the hint ...
        assert wait_for(out, "you cancelled it"), out
        assert time.time() - started < 30
        end = time.time() + 30                           # wait for the next prompt
        while time.time() < end and "> " not in "".join(out).split("you cancelled it")[1]:
            time.sleep(0.05)
        time.sleep(0.2)
        p.send_signal(signal.SIGINT)                     # ... and at the prompt, nothing
        assert wait_for(out, "type quit to leave the game"), out
        p.stdin.write("moves\nquit\n")
        p.stdin.close()
        assert p.wait(timeout=60) == 0
    finally:
        if p.poll() is None:
            p.kill()                                     # our own child, stuck: end it
            p.wait()
    text = "".join(out)
    assert "the search stopped (you cancelled it)" in text
    after = text.split("type quit to leave the game")[1]
    assert re.search(r"\b[1-9]>[1-9]\b", after), after      # the game went on: moves listed
    assert "interrupted" not in "".join(err)


# ---- Crapette and Up-and-down at the terminal ------------------------------------------

def _crapette(seed, text, bot="search"):
    return CliRunner().invoke(drez, ["crapette", "play", "--seed", str(seed), "--bot", bot,
                                     "--no-color"], input=text)


def _tables(output: str) -> list[str]:
    """Each drawn table (from the computer's line to the 'you' line)."""
    out, cur = [], None
    for line in output.splitlines():
        if line.startswith("computer ("):
            cur = [line]
        elif cur is not None:
            cur.append(line)
            if line.startswith("you "):
                out.append("\n".join(cur))
                cur = None
    return out


def test_crapette_computer_turn_is_told_with_cards_and_work_spaces_have_owners():
    r = _crapette(5, "switch\n")
    assert r.exit_code == 0, r.output
    turns = r.output.split("computer's turn:")[1:]
    assert turns
    for turn in turns:
        told = [line for line in turn.splitlines() if re.match(r"  \d+\. ", line)]
        assert len(told) >= 1                      # move by move, one line each (issue 39)
        for line in told:
            assert re.search(r"\b(10|[2-9AJQK])[CDHS]\b", line) \
                or "passes" in line or "turns its third pile over" in line, line
    assert re.search(r"^  1 you +: ", r.output, re.M)
    assert re.search(r"^  5 computer: ", r.output, re.M)


def test_crapette_undo_within_the_turn():
    first = _crapette(11, "hint\n", bot="rule")
    move = first.output.split("hint: ")[1].split()[0]
    r = _crapette(11, f"{move}\nundo\nundo\n", bot="rule")
    tables = _tables(r.output)
    assert move[0] in "12345678"                   # a work-space move: it may be taken back
    assert tables[-1] == tables[0] and tables[1] != tables[0] and len(tables) == 3
    assert "nothing to undo in this turn" in r.output


def test_updown_drawn_card_named_and_stop_says_draw():
    r = CliRunner().invoke(drez, ["updown", "play", "--seed", "3", "--bots", "greedy"], input="s\nd\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Nothing in your hand fits on Kd: draw a card (d) (U10)." in r.output
    m = re.search(r"You draw (\w+) from reserve pile 1\.", r.output)
    assert m and f" {m.group(1)}" in r.output.split(m.group(0))[1].split("Your hand:")[1]
    assert "You draw a card" not in r.output


def test_updown_suit_colours_on_request():
    plain = CliRunner().invoke(drez, ["updown", "play", "--seed", "3", "--no-color"],
                               input="quit\n")
    coloured = CliRunner().invoke(drez, ["updown", "play", "--seed", "3", "--color"],
                                  input="quit\n", color=True)
    assert "\x1b[" not in plain.output
    assert "\x1b[31m" in coloured.output and "\x1b[1m" in coloured.output


def test_on_a_terminal_lines_have_history_and_the_board_is_redrawn():
    import pty
    import select
    pid, fd = pty.fork()
    if pid == 0:                                   # the child: drez play on a terminal
        os.environ["NO_COLOR"] = "1"
        os.execv(DREZ[0], [*DREZ, "play", "42"])
    buf = bytearray()

    def read_until(token: bytes, timeout: float) -> bool:
        end = time.time() + timeout
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    buf.extend(os.read(fd, 65536))
                except OSError:
                    return False
            if token in buf:
                return True
        return False

    try:
        assert read_until(b"> ", 60)
        assert buf.count(b"\x1b[H\x1b[2J") == 1    # drawn in place
        os.write(fd, b"moves\r")
        assert read_until(b"3>4", 30)
        listed = buf.count(b"3>4")
        os.write(fd, b"\x1b[A\r")                  # up arrow: the last line again
        end = time.time() + 30
        while buf.count(b"3>4") == listed and time.time() < end:
            read_until(b"\x00", 0.5)
        assert buf.count(b"3>4") > listed
        os.write(fd, b"quit\r")
        read_until(b"\x00", 2)
    finally:
        for _ in range(50):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)          # our own child, stuck: end it
            _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.WEXITSTATUS(status) == 0


# ---- issue 38: keeps pace where it fits ----------------------------------------------

def test_end_of_input_says_the_moves_were_not_saved_and_how_to_keep_them(tmp_path):
    r = _play(tmp_path, "3>4\n")
    assert r.exit_code == 0 and "Traceback" not in r.output
    assert "end of input: game left unfinished" in r.output
    assert "the 1 move played were not saved" in r.output and "save FILE" in r.output
    assert "not saved" not in _play(tmp_path, "3>4\nundo\n").output     # nothing to keep


def test_redo_plays_again_what_undo_took_back(tmp_path):
    r = _play(tmp_path, "redo\n3>4\nundo\nredo\n")
    assert "nothing to redo" in r.output
    assert r.output.count("· move 1 · last move 3>4") == 2
    r = _play(tmp_path, "3>4\nundo\n4>3\nredo\n")      # a new move forgets what was undone
    assert r.output.count("nothing to redo") == 1


def test_each_move_says_whether_the_game_is_still_winnable(tmp_path):
    r = _play(tmp_path, "3>4\n")
    assert "still winnable (a win in" in r.output
    r = _play(tmp_path, "", cols=("X2 J1 R1 Q1 N1 X1 B1 P1",))
    assert r.output.count("lost: no legal move is left. Type undo") == 1


def test_a_series_removed_is_said_in_words(tmp_path):
    r = _play(tmp_path, "2>1\n", cols=("J1 Q1 R1 B1 N1", "P1", "J2 Q2 R2 B2 N2", "P2", "X1", "X2"))
    assert "The series in column 1 is removed." in r.output


def test_new_with_a_number_does_not_take_the_next_command_for_a_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = _play(tmp_path, "3>4\nnew 292\nmoves\n")
    assert not (tmp_path / "moves").exists()
    assert "'moves' is a command, not a file name" in r.output and "deal 292." in r.output
    assert "4>2" in r.output.split("deal 292.", 1)[1]          # `moves` ran on deal 292


def test_ctrl_d_on_a_terminal_offers_to_save_as_quit_does(tmp_path):
    import pty
    import select
    save = tmp_path / "kept.txt"
    pid, fd = pty.fork()
    if pid == 0:                                   # the child: drez play on a terminal
        os.environ["NO_COLOR"] = "1"
        os.execv(DREZ[0], [*DREZ, "play", "42"])
    buf = bytearray()

    def read_until(token: bytes, timeout: float) -> bool:
        end = time.time() + timeout
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    buf.extend(os.read(fd, 65536))
                except OSError:
                    return False
            if token in buf:
                return True
        return False

    try:
        assert read_until(b"> ", 60)
        os.write(fd, b"1>2\r")
        end = time.time() + 120                    # the move shown, its status, the prompt
        while buf.count(b"\n> ") + buf.startswith(b"> ") < 2 and time.time() < end:
            read_until(b"\x00", 0.5)
        os.write(fd, b"\x04")                      # Ctrl-D at the prompt
        assert read_until(b"save the 1 move first?", 60), buf.decode(errors="replace")[-500:]
        os.write(fd, str(save).encode() + b"\r")
        read_until(b"\x00", 5)
    finally:
        for _ in range(100):
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)          # our own child, stuck: end it
            os.waitpid(pid, 0)
        os.close(fd)
    assert "Traceback" not in buf.decode(errors="replace")
    assert parse_record(save.read_text(), str(tmp_path)).label == "deal 42"
