"""C19: Crapette matches, scores carried over by cards left; `drez crapette match`."""
import re

from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.crapette.match import bot_match, game_points, points_left
from drez.solver.crapette.sim import make_bot
from drez.solver.crapette.state import PASS, Move, reserve
from tests.crapette.helpers import table


def test_c19_winner_scores_the_losers_cards_second_pile_double():
    """C19: one point per first- and third-pile card of the loser, two per second-pile card."""
    g = table(reserve0="AS", stock1="KH QH 2C", waste1="3D 4D", reserve1="5C 6C 7C 8C")
    assert points_left(g, 1) == 3 + 2 + 2 * 4
    g.play(Move(reserve(0), 8))
    assert g.result.winner == 0
    assert game_points(g) == (13, 0)


def test_c19_a_draw_scores_the_difference_for_the_player_ahead():
    """C19: in a drawn game the player with fewer points left scores the difference."""
    g = table(reserve0="KS", reserve1="KH QH JH")
    g.play(PASS)
    g.play(PASS)
    assert g.result.winner is None
    assert game_points(g) == (2 * 3 - 2, 0)
    level = table(reserve0="KS", reserve1="KH")
    level.play(PASS)
    level.play(PASS)
    assert game_points(level) == (0, 0)


def test_c19_bot_match_totals_carry_over_and_repeat_from_the_seed():
    """C19: the match score is the sum of the games' points; the same seed gives the same match."""
    m = bot_match(("rule", "random"), 3, seed=4, make_bot=make_bot)
    assert len(m.played) == 3 and m.over
    assert m.scores == [sum(pts[p] for _, pts, _ in m.played) for p in (0, 1)]
    assert all(w is None or pts[1 - w] == 0 for w, pts, _ in m.played)
    assert bot_match(("rule", "random"), 3, seed=4, make_bot=make_bot).played == m.played
    assert m.leader == 0 and m.scores[0] > 0


def test_c19_cli_match_between_computers_matches_the_engine():
    """`drez crapette match` with two computer seats reports the engine's match score."""
    r = CliRunner().invoke(drez, ["crapette", "match", "--seats", "rule,random", "--games", "3",
                                  "--seed", "4"])
    assert r.exit_code == 0, r.output
    m = bot_match(("rule", "random"), 3, seed=4, make_bot=make_bot)
    scores = re.findall(r"match score (\d+)-(\d+)", r.output)
    assert len(scores) == 3 and tuple(map(int, scores[-1])) == tuple(m.scores)
    assert f"wins the match {m.scores[0]}-{m.scores[1]}" in r.output


def test_c19_cli_match_human_seat_quits_cleanly_and_bad_seats_exit_2():
    """A person may leave a match (no traceback); an unknown seat is one line, exit 2."""
    r = CliRunner().invoke(drez, ["crapette", "match", "--seats", "human,rule", "--seed", "3",
                                  "--no-color"], input="nonsense\nquit\n")
    assert r.exit_code == 0, r.output
    assert "no: cannot read 'nonsense'" in r.output and "match left after 0 games" in r.output
    r = CliRunner().invoke(drez, ["crapette", "match", "--seats", "human,chess"])
    assert r.exit_code == 2 and "chess" in r.output


def test_c19_cli_match_tells_the_computer_turn_in_words_like_play():
    """A match plays as `drez crapette play` does: the computer's turn told with its cards,
    work spaces labelled by owner, the same end-of-input message; here the computer is
    player 0, so the words follow the seat."""
    r = CliRunner().invoke(drez, ["crapette", "match", "--seats", "rule,human", "--seed", "3",
                                  "--no-color"], input="switch\n")
    assert r.exit_code == 0, r.output
    assert "computer's turn:" in r.output and "from its second pile" in r.output
    assert re.search(r"^  1 computer: ", r.output, re.M) and re.search(r"^  5 you +: ", r.output, re.M)
    assert "end of input: game left unfinished" in r.output
    assert "match left after 0 games" in r.output
