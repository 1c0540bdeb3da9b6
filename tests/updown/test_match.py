"""U19: Up-and-down matches (the loser starts the next game); `drez updown match`."""
import re

from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.updown.match import Match, bot_match, game_loser
from drez.solver.updown.state import FIRST, LAST, new_game


def finish(state, pick=lambda legal: legal[0]):
    while not state.done:
        state.apply(pick(state.legal_actions()))
    return state


def test_U19_loser_is_the_other_player_at_two_and_the_last_holder_under_U16():
    for seed in range(20):
        s = finish(new_game(2, seed))
        assert game_loser(s) == 1 - s.winner
        s = finish(new_game(4, seed, ending=LAST))
        assert game_loser(s) == s.loser and s.loser not in s.out


def test_U19_loser_under_U15_holds_the_most_cards_ties_after_the_winner():
    for seed in range(40):
        s = finish(new_game(4, seed, ending=FIRST))
        loser = game_loser(s)
        most = max(s.cards_left(p) for p in range(4) if p != s.winner)
        assert loser != s.winner and s.cards_left(loser) == most
        ahead = [(s.winner + k) % 4 for k in range(1, 4)]
        tied = [p for p in ahead if s.cards_left(p) == most]
        assert loser == tied[0]


def test_U19_each_game_is_started_by_the_previous_loser_and_repeats_from_the_seed():
    m = bot_match(["greedy", "random", "greedy"], 6, seed=3)
    assert len(m.played) == 6
    for before, after in zip(m.played, m.played[1:]):
        assert after[0] == before[2]
    assert sum(m.wins) == 6 and sum(m.losses) == 6
    assert bot_match(["greedy", "random", "greedy"], 6, seed=3).played == m.played
    assert Match(3, 6, seed=3).deal().starter == m.played[0][0]


def test_U19_cli_match_between_computers_matches_the_engine():
    r = CliRunner().invoke(drez, ["updown", "match", "--seats", "greedy,random", "--games", "4",
                                  "--seed", "5"])
    assert r.exit_code == 0, r.output
    m = bot_match(["greedy", "random"], 4, seed=5)
    last = re.findall(r"games won: seat 0 \(greedy\) (\d+), seat 1 \(random\) (\d+)", r.output)[-1]
    assert list(map(int, last)) == m.wins
    starts = re.findall(r"game \d of 4: seat (\d)", r.output)
    assert list(map(int, starts)) == [g[0] for g in m.played]


def test_U19_cli_match_with_a_person_and_bad_seats():
    r = CliRunner().invoke(drez, ["updown", "match", "--seats", "human,greedy", "--seed", "1",
                                  "--games", "2"], input="g\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Your hand:" in r.output and "match left after 0 games" in r.output
    r = CliRunner().invoke(drez, ["updown", "match", "--seats", "human"])
    assert r.exit_code == 2 and "--seats" in r.output
    r = CliRunner().invoke(drez, ["updown", "match", "--seats", "human,wizard"])
    assert r.exit_code == 2 and "wizard" in r.output


def test_U19_cli_match_names_the_drawn_card_and_ends_on_end_of_input():
    """A match plays as `drez updown play` does: your draw is told with the card drawn, and
    input ending leaves the match with the same message as every game."""
    r = CliRunner().invoke(drez, ["updown", "match", "--seats", "human,greedy", "--seed", "4",
                                  "--no-color"], input="3\n4\ns\nd\n")
    assert r.exit_code == 0, r.output
    assert "You draw 10s from reserve pile 1." in r.output
    assert "You draw a card" not in r.output
    assert "end of input: game left unfinished" in r.output
    assert "match left after 0 games" in r.output
    assert "game 1 of 5: you start." in r.output
