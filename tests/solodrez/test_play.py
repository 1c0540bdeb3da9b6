"""`drez play` driven through piped input."""
from __future__ import annotations

from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.solodrez.io.records import parse_record
from tests.solodrez.helpers import P, to_engine


def _play(tmp_path, cols, text):
    path = tmp_path / "pos.txt"
    path.write_text(str(to_engine(P(*cols))))
    return CliRunner().invoke(drez, ["play", str(path), "--no-color"], input=text)


ONE_MOVE = ("J1 Q1 R1 B1 N1", "P1", "X1", "X2")


def test_play_a_winning_move_announces_the_win(tmp_path):
    r = _play(tmp_path, ONE_MOVE, "2>1\n")
    assert r.exit_code == 0, r.output
    assert "WON in 1 move!" in r.output


def test_illegal_input_gets_one_line_and_the_game_goes_on(tmp_path):
    r = _play(tmp_path, ONE_MOVE, "1>1\nfoo\n3>2\n2>1\n")
    assert r.exit_code == 0
    assert "onto itself" in r.output and "'foo' is not a move" in r.output
    assert "WON in 1 move!" in r.output


def test_undo_hint_solve_and_save(tmp_path):
    save = tmp_path / "game.txt"
    r = _play(tmp_path, ONE_MOVE, f"3>4\nundo\nundo\nhint\nsolve\n3>4\nsave {save}\nquit\n")
    assert r.exit_code == 0, r.output
    assert "nothing to undo" in r.output
    assert "play 2>1" in r.output and "1 move wins (shortest): 2>1" in r.output
    assert "saved 1 move to" in r.output
    rec = parse_record(save.read_text(), str(tmp_path))
    assert len(rec.moves) == 1 and rec.moves[0][2] == "3>4"
    r = CliRunner().invoke(drez, ["review", str(save)])
    assert r.exit_code == 0 and "summary: 1 move played" in r.output


def test_blocked_positions_are_announced(tmp_path):
    r = _play(tmp_path, ("J1 Q1 N1 R1 X1 B1", "X2 P1"), "quit\n")
    assert "lost: every move goes round in circles" in r.output
    r = _play(tmp_path, ("X2 J1 R1 Q1 N1 X1 B1 P1",), "")
    assert "lost: no legal move is left" in r.output


def test_play_a_deal_number_and_end_of_input():
    r = CliRunner().invoke(drez, ["play", "42", "--no-color"], input="")
    assert r.exit_code == 0 and r.output.startswith("deal 42.")
