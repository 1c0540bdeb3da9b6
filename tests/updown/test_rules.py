"""Rules tests: each test names the rule of seeds/updown.md it checks."""
import random

import pytest

from drez.solver.updown.actions import CONT, LEAD, START, Action, GameError
from drez.solver.updown.cards import fits, parse_rank, rank_of
from drez.solver.updown.state import LAST, MAX_ACTIONS, deal_shares, new_game
from tests.updown.helpers import card, cards, position

P = lambda r: Action("play", parse_rank(r))   # noqa: E731
STOP, PASS = Action("stop"), Action("pass")


def test_U1_one_pack_of_52_with_four_of_each_rank():
    s = new_game(4, 3)
    assert sorted(s.all_cards()) == list(range(52))
    ranks = [rank_of(c) for c in s.all_cards()]
    assert all(ranks.count(r) == 4 for r in range(13))


@pytest.mark.parametrize("a,b,ok", [
    ("A", "K", True), ("A", "2", True), ("2", "A", True), ("K", "A", True), ("10", "J", True),
    ("10", "9", True), ("7", "7", False), ("7", "9", False), ("A", "Q", False), ("2", "3", True),
])
def test_U2_fit_is_one_rank_up_or_down_on_a_circle(a, b, ok):
    assert fits(parse_rank(a), parse_rank(b)) is ok


def test_U2_engine_offers_both_neighbours_of_the_ace():
    s = position(["Kc 2d 7h As", "3c"], "Ah")
    assert s.legal_actions() == [P("2"), P("K")]


@pytest.mark.parametrize("n", [1, 7, 0])
def test_U3_player_count_outside_2_to_6_is_refused(n):
    with pytest.raises(GameError, match="2 to 6"):
        new_game(n, 1)


def test_U3_play_passes_to_the_next_seat():
    s = position(["5c 9d", "Kc", "Kd"], "4h", turn=2)
    s.piles[2][0] = cards("Ks")
    s.apply(Action("draw", 0))
    assert s.turn == 0 and s.phase == START


@pytest.mark.parametrize("n,share,aside", [(2, 20, 1), (3, 12, 0), (4, 7, 3), (5, 5, 1), (6, 3, 3)])
def test_U4_deal_shares_and_set_aside(n, share, aside):
    assert deal_shares(n) == (share, aside)
    s = new_game(n, 11)
    assert [len(h) for h in s.hands] == [5] * n
    assert len(s.table) == 1
    assert [s.reserve_count(p) for p in range(n)] == [share] * n
    assert len(s.aside) == aside


@pytest.mark.parametrize("n", range(2, 7))
def test_U5_three_piles_as_even_as_possible(n):
    s = new_game(n, 5)
    for ps in s.piles:
        sizes = [len(p) for p in ps]
        assert len(sizes) == 3 and max(sizes) - min(sizes) <= 1
        assert sizes == sorted(sizes, reverse=True)


def test_U6_starter_is_drawn_from_the_seed_or_given():
    assert {new_game(4, seed).starter for seed in range(60)} == {0, 1, 2, 3}
    s = new_game(4, 9, starter=2)
    assert s.starter == 2 and s.turn == 2
    with pytest.raises(GameError):
        new_game(3, 1, starter=3)


def test_U7_same_seed_same_deal_other_seed_other_deal():
    a, b, c = new_game(5, 42), new_game(5, 42), new_game(5, 43)
    assert str(a) == str(b) and a.aside == b.aside and a.starter == b.starter
    assert str(a) != str(c)


def test_U8_a_player_who_can_play_must_play():
    s = position(["5c 9d", "Kc"], "4h", piles=[["2c", "", ""], ["", "", ""]])
    assert s.legal_actions() == [P("5")]
    for bad in (Action("draw", 0), STOP, PASS):
        with pytest.raises(GameError, match="illegal"):
            s.apply(bad)
    assert s.hands[0] == cards("5c 9d")


def test_U9_after_a_card_play_on_or_stop():
    s = position(["5c 6d 9d", "Kc"], "4h")
    s.apply(P("5"))
    assert s.phase == CONT and s.turn == 0
    assert s.legal_actions() == [P("6"), STOP]
    s.apply(P("6"))
    assert s.legal_actions() == [STOP]          # no 5 or 7 left: stop is still declared
    s.apply(STOP)
    assert s.turn == 1 and s.phase == START
    assert s.table == cards("4h 5c 6d")


def test_U9_chain_may_go_up_and_down_again():
    s = position(["5c 5d 6s Kd", "Kc"], "4h")
    for r in ("5", "6", "5"):
        s.apply(P(r))
    assert s.table[-3:] == cards("5c 6s 5d") and s.hands[0] == cards("Kd")


def test_U10_no_fit_draws_from_a_chosen_pile_and_the_turn_passes():
    s = position(["9d Kc", "Qc"], "4h", piles=[["2c 3s", "", "8h 5d"], ["", "", ""]])
    assert s.legal_actions() == [Action("draw", 0), Action("draw", 2)]
    s.apply(Action("draw", 2))                   # top of pile 3 is 5d, which fits 4h
    assert card("5d") in s.hands[0] and s.piles[0][2] == cards("8h")
    assert s.turn == 1 and s.phase == START


def test_U11_no_fit_and_no_reserve_passes():
    s = position(["9d Kc", "Qc"], "4h")
    assert s.legal_actions() == [PASS]
    s.apply(PASS)
    assert s.turn == 1 and s.passes == 1


@pytest.mark.parametrize("piles,taken", [(["2c 3s", "8h 9h", "Jd"], 3), (["", "8h 9h", ""], 2),
                                         (["", "Jd", ""], 1)])
def test_U12_empty_hand_takes_min_3_reserve_cards_and_goes_on(piles, taken):
    s = position(["5c", "Qc"], "4h", piles=[piles, ["", "", ""]])
    before = s.reserve_count(0)
    s.apply(P("5"))
    assert len(s.hands[0]) == taken and s.reserve_count(0) == before - taken
    assert s.turn == 0 and s.phase == CONT and not s.done
    assert s.legal_actions()[-1] == STOP


def test_U12_refill_takes_one_from_each_pile_in_order():
    s = position(["5c", "Qc"], "4h", piles=[["2c 3s", "8h 9h", "Jd"], ["", "", ""]])
    s.apply(P("5"))
    assert sorted(s.hands[0]) == sorted(cards("3s 9h Jd"))


def test_U13_and_U15_first_player_out_wins_and_the_game_stops():
    s = position(["5c", "Qc", "Kd"], "4h")
    s.apply(P("5"))
    assert s.out == [0] and s.winner == 0 and s.done
    assert s.legal_actions() == []
    with pytest.raises(GameError):
        s.apply(STOP)


def test_U13_and_U16_play_on_skips_players_out_and_the_last_holder_loses():
    s = position(["5c", "Qc 7d", "6d"], "4h", ending=LAST)
    s.apply(P("5"))
    assert s.out == [0] and not s.done and s.turn == 1
    s.apply(PASS)                                # Qc, 7d don't fit 5c
    assert s.turn == 2
    s.apply(P("6"))
    assert s.done and s.loser == 1 and s.winner == 0 and s.out == [0, 2]


def test_U14_whole_round_of_passes_gives_the_last_player_a_free_lead():
    s = position(["9d Kc", "Qc 2s", "8s"], "4h", turn=1)
    s.last_player = 0
    for seat in (1, 2, 0):
        assert s.turn == seat and s.legal_actions() == [PASS]
        s.apply(PASS)
    assert s.turn == 0 and s.phase == LEAD
    assert s.legal_actions() == [Action("lead", parse_rank("9")), Action("lead", parse_rank("K"))]
    s.apply(Action("lead", parse_rank("K")))     # unmatched card on 4h: only in a free lead
    assert s.table[-1] == card("Kc") and s.phase == CONT and s.turn == 0


def test_U14_a_draw_breaks_the_round_of_passes():
    s = position(["9d", "Qc", "8s"], "4h", piles=[["", "", ""], ["", "", ""], ["Js", "", ""]])
    s.last_player = 1
    s.apply(PASS)
    s.apply(PASS)
    s.apply(Action("draw", 0))
    assert s.phase == START and s.passes == 0 and s.turn == 0


def test_U14_if_the_last_player_is_out_the_next_player_still_in_leads():
    s = position(["5c", "9d", "Kc 2s", "Qc"], "4h", ending=LAST)
    s.apply(P("5"))                               # seat 0 out, last player to play
    assert s.out == [0] and s.turn == 1
    for seat in (1, 2, 3):
        assert s.turn == seat
        s.apply(PASS)
    assert s.phase == LEAD and s.turn == 1


def test_U14_no_card_played_yet_the_starter_leads():
    s = position(["9d", "Qc", "8s"], "4h", turn=2)
    for _ in range(3):
        s.apply(PASS)
    assert s.phase == LEAD and s.turn == 2


def test_U17_a_game_past_the_bound_is_an_error():
    s = position(["9d", "Qc"], "4h")
    s.n_actions = MAX_ACTIONS
    with pytest.raises(GameError, match="U17"):
        s.apply(PASS)


@pytest.mark.parametrize("n", range(2, 7))
def test_U17_random_games_end_well_within_the_bound(n):
    for seed in range(100):
        s = new_game(n, seed, ending=LAST if seed % 2 else "first")
        rng = random.Random(seed)
        while not s.done:
            s.apply(rng.choice(s.legal_actions()))
        assert s.n_actions <= 3 * 52 + 6 * 53


def test_U18_view_shows_own_hand_sizes_and_table_only():
    s = position(["5c 9d", "Kc Qd Jh"], "4h", piles=[["2c", "3c 3d", ""], ["", "As", ""]])
    v = s.view(1)
    assert v.hand == tuple(sorted(cards("Kc Qd Jh")))
    assert v.hand_sizes == (2, 3) and v.pile_sizes == ((1, 2, 0), (0, 1, 0))
    assert v.table_card == card("4h") and v.legal == ()      # not seat 1's move
    assert v.cards_seen() == set(cards("Kc Qd Jh 4h"))
    assert s.view(0).legal == (P("5"),)


def test_action_text_round_trip():
    for a in (P("10"), Action("lead", 12), Action("draw", 2), STOP, PASS):
        assert Action.from_text(str(a)) == a
    with pytest.raises(ValueError, match="'fly 3'"):
        Action.from_text("fly 3")
    s = new_game(3, 11)                 # the parser the terminal uses reads the same text
    for _ in range(30):
        for a in s.legal_actions():
            assert s.parse_action(str(a)) == a
        s.apply(s.legal_actions()[0])


def test_ismcts_returns_legal_actions_and_its_tree_counts_add_up():
    """The ISMCTS player only ever returns one of view.legal, and every iteration visits
    exactly one root child."""
    from drez.solver.updown.ismcts import ISMCTSBot
    from drez.solver.updown.sim import make_bot
    bot = ISMCTSBot(iterations=30)
    for seed in range(3):
        s = new_game(3, seed)
        rng = random.Random(seed)
        while not s.done:
            v = s.view(s.turn)
            if len(v.legal) > 1 and v.legal[0].kind != "draw" and s.turn == 0:
                root = bot.search(v, rng)
                assert sum(ch.visits for (p, _), ch in root.children.items() if p == 0) == 30
                a = bot.choose(v, rng)
                assert a in v.legal
            else:
                a = make_bot("greedy").choose(v, rng) if len(v.legal) > 1 else v.legal[0]
            s.apply(a)
