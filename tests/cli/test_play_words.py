"""The command table the three `play` commands share (cli/repl.py): the same words for
help, quit, undo, hint and moves in every game."""
from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from drez.cli.repl import QUIT, Command, CommandTable, shared_commands
from drez.solver.updown.cards import rank_text
from drez.solver.updown.state import new_game

GAMES = {"solodrez": ["play", "42", "--no-color", "--max-seconds", "1"],
         "updown": ["updown", "play", "--seed", "3", "--bots", "greedy", "--no-color"],
         "crapette": ["crapette", "play", "--seed", "3", "--bot", "rule", "--no-color"]}


def _run(game: str, text: str, word: str = ""):
    """The output of `play` on `text`, with Crapette's echo of `word` blanked (piped input
    is echoed there)."""
    r = CliRunner().invoke(drez, GAMES[game], input=text)
    assert r.exit_code == 0, r.output
    return r.output.replace(f"> {word}\n", "> \n") if word else r.output


def test_the_table_finds_words_and_aliases_and_plays_the_rest():
    said = []
    table = CommandTable(shared_commands(*(lambda arg, k=k: said.append((k, arg)) for k in range(4)),
                                         moves=lambda arg: QUIT)
                         + [Command("new", "a new deal", lambda arg: said.append(("new", arg)))],
                         lambda line: said.append(("move", line)), move_words=("q",))
    table.run("?")
    table.run("H")
    table.run("exit")
    table.run("new hard  ")
    table.run("q")
    assert table.run("moves") == QUIT
    assert said == [(0, ""), (0, ""), (1, ""), ("new", "hard"), ("move", "q")]
    lines = table.help_text("how to move").splitlines()
    assert lines[:2] == ["how to move", "commands:"]
    assert [line.split()[0] for line in lines[2:]] == ["help,", "quit,", "undo", "hint", "moves", "new"]
    assert lines[2].split()[:3] == ["help,", "?,", "h"] and lines[3].split()[:2] == ["quit,", "exit"]
    with pytest.raises(ValueError):
        CommandTable([Command("a", "", print), Command("b", "", print, ("a",))], print)


@pytest.mark.parametrize("game", ["solodrez", "updown", "crapette"])
def test_help_words_say_the_same_in_every_game(game):
    outs = [_run(game, f"{word}\nquit\n", word) for word in ("help", "?", "h")]
    assert outs[0] == outs[1] == outs[2]


@pytest.mark.parametrize("game", ["solodrez", "crapette"])
def test_q_quits(game):
    assert _run(game, "q\nmoves\n", "q") == _run(game, "quit\nmoves\n", "quit")


@pytest.mark.parametrize("game,listed", [("solodrez", r"^> (\d>\d(:\d+)? ?)+$"),
                                         ("updown", r"^> Legal: draw 1, draw 2, draw 3$"),
                                         ("crapette", r"^moves: (\S+ )+switch$")])
def test_moves_lists_the_legal_moves(game, listed):
    assert re.search(listed, _run(game, "moves\nquit\n"), re.M)


def test_updown_hint_names_a_legal_action_and_q_is_the_queen():
    out = _run("updown", "hint\nq\nquit\n")
    assert "hint: draw 1" in out
    assert "You hold no Q." in out and "You quit." in out


def _seat0_can_play():
    for seed in range(200):
        state = new_game(2, random.Random(f"updown-play/{seed}"))
        plays = [a for a in state.legal_actions() if a.kind == "play"]
        if state.starter == 0 and plays:
            return seed, rank_text(plays[0].arg)
    raise AssertionError("no seed found")


def test_updown_undo_takes_back_a_card_of_this_turn():
    seed, rank = _seat0_can_play()
    r = CliRunner().invoke(drez, ["updown", "play", "--seed", str(seed), "--no-color"],
                           input=f"{rank}\nundo\nundo\nquit\n")
    assert r.exit_code == 0, r.output
    hands = [line for line in r.output.splitlines() if "Your hand:" in line]
    assert "taken back" in r.output and "nothing to undo in this turn" in r.output
    assert hands[0] == hands[-1] and hands[1] != hands[0]


def test_an_unknown_command_lists_the_commands_one_a_line(tmp_path):
    r = CliRunner().invoke(drez, ["play", "42", "--no-color"], input="frobnicate\n")
    lines = r.output.splitlines()
    assert "commands:" in lines
    listed = [ln for ln in lines if ln.startswith("  ")]
    assert any(ln.split()[0] == "redo" for ln in listed) and any(ln.startswith("  undo") for ln in listed)
