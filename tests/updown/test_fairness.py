"""Issue 39, fair play at the terminal: undo up to the end of the turn, suggestions that
never play or change the game, hints from the strongest player, every hand shown at the end
of a game (so a match's loser is explained), the strongest player by default."""
import random
import re

from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.updown.actions import STOP
from drez.solver.updown.cards import rank_text
from drez.solver.updown.hints import hint
from drez.solver.updown.sim import make_bot
from drez.solver.updown.state import new_game


def run(*args, input=None):
    return CliRunner().invoke(drez, ["updown", *args], input=input)


def _last_card_that_fits():
    """A play seed where seat 0 starts and has a card after which nothing else fits."""
    for seed in range(300):
        s = new_game(2, random.Random(f"updown-play/{seed}"))
        if s.starter != 0:
            continue
        for a in s.legal_actions():
            t = s.clone(record=True)
            t.apply(a)
            if a.kind == "play" and t.turn == 0 and t.legal_actions() == [STOP]:
                return seed, rank_text(a.arg)
    raise AssertionError("no seed found")


def test_u9_a_card_after_which_nothing_fits_can_still_be_taken_back():
    """U9: stopping is declared, so the turn is not over after the last card that fits; the
    person may take it back (no card was seen) and play on."""
    seed, rank = _last_card_that_fits()
    r = run("play", "--seed", str(seed), "--no-color", input=f"{rank}\nundo\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Nothing more fits: s to stop, or undo." in r.output
    assert "taken back" in r.output and "nothing to undo" not in r.output
    hands = [line for line in r.output.splitlines() if line.startswith("Your hand:")]
    assert hands[0] == hands[-1] and hands[1] != hands[0]
    r = run("play", "--seed", str(seed), "--no-color", input=f"{rank}\ns\nundo\nquit\n")
    assert "You stop." in r.output and "nothing to undo in this turn" in r.output


def test_g_suggests_the_greedy_move_without_playing_it():
    seed, _ = _last_card_that_fits()
    r = run("play", "--seed", str(seed), "--no-color", input="g\nquit\n")
    assert r.exit_code == 0, r.output
    assert re.search(r"^> greedy would play: play \S+$", r.output, re.M)
    assert "You play" not in r.output


def test_hint_is_the_best_players_choice_from_the_persons_view_only():
    """The hint is what `best` chooses from the person's view with the same random source;
    the view holds no other hand (U18), so neither can the hint read one."""
    checked = 0
    for seed in range(8):
        s = new_game(2, seed)
        bots = [make_bot("greedy"), make_bot("greedy")]
        while not s.done and checked < 60:
            view = s.view(s.turn)
            if len(view.legal) > 1:
                assert hint(view, random.Random(seed)) == make_bot("best").choose(view, random.Random(seed))
                checked += 1
            s.apply(bots[s.turn].choose(view, random.Random(0)))
    assert checked >= 60


def test_hints_and_suggestions_never_change_what_the_computer_does():
    plain = run("play", "--seed", "7", "--no-color", input="auto\n" * 300)
    hinted = run("play", "--seed", "7", "--no-color", input="hint\ng\nauto\n" * 300)
    assert plain.exit_code == hinted.exit_code == 0
    assert "hint: " in hinted.output and "greedy would play: " in hinted.output
    theirs = [[line for line in r.output.splitlines() if line.startswith("Seat 1")]
              for r in (plain, hinted)]
    assert theirs[0] and theirs[0] == theirs[1]


def test_play_defaults_to_the_strongest_player():
    r = run("play", "--seed", "3", "--no-color", input="quit\n")
    assert "seat 1: best." in r.output


def _blocks(output: str) -> list[str]:
    return output.split("\ngame ")[1:]


def test_u19_every_hand_is_shown_at_the_end_and_the_loser_holds_the_most():
    """After each game of a match the hands and cards left are shown; the loser named is one
    holding the most cards left (U19), and no game after the last is announced."""
    r = run("match", "--seats", "greedy,random,greedy", "--games", "3", "--seed", "5")
    assert r.exit_code == 0, r.output
    games = re.findall(r"Cards left \(hand \+ reserve\):\n((?:  .*\n)+)game (\d): (.*)", r.output)
    assert len(games) == 3
    for table, _, result in games:
        left = dict(re.findall(r"^  (seat \d \(\w+\)): (\d+) \(hand", table, re.M))
        loser = re.search(r"(seat \d \(\w+\)) loses", result).group(1)
        assert int(left[loser]) == max(map(int, left.values())) > 0
    assert r.output.count("the next game") == 2
    assert "game 3: " in r.output and "the next game" not in r.output.split("game 3: ")[-1]


def test_a_person_sees_every_hand_at_the_end_of_play():
    r = run("play", "--seed", "5", "--no-color", input="auto\n" * 400)
    assert r.exit_code == 0, r.output
    end = r.output.split("Cards left (hand + reserve):")[1]
    assert re.search(r"^  you: \d+ \(hand ", end, re.M)
    assert re.search(r"^  seat 1 \(best\): \d+ \(hand ", end, re.M)
