"""Rules tests: each test names the rule of seeds/crapette.md it checks."""
import random

import pytest

from drez.solver.crapette.cards import deck, rank
from drez.solver.crapette.state import (
    HOME,
    PASS,
    TURN_MOVE_LIMIT,
    WORK,
    GameState,
    IllegalMove,
    Move,
    deal,
    end_move,
    first_player,
    flip_move,
    new_game,
    reserve,
    stock,
    waste,
)
from tests.crapette.helpers import cards, face_up, table

H1, H2 = HOME[0], HOME[1]


def all_cards(state):
    return [c for pile in state.piles for c in pile]


def test_c1_two_full_packs():
    """C1: 104 distinct cards, 52 of each pack."""
    g = new_game(3)
    cs = all_cards(g)
    assert sorted(cs) == list(range(104))
    assert sum(deck(c) for c in cs) == 52


@pytest.mark.parametrize("seed", [0, 1, 99])
def test_c2_layout(seed):
    """C2: 13 reserve, 35 stock, one card per work space from the right pack, empty rest."""
    g = new_game(seed)
    for p in (0, 1):
        assert len(g.piles[reserve(p)]) == 13
        assert len(g.piles[stock(p)]) == 35
        assert g.piles[waste(p)] == []
        for w in range(4 * p, 4 * p + 4):
            assert len(g.piles[w]) == 1 and deck(g.piles[w][0]) == p
        assert all(deck(c) == p for c in g.piles[reserve(p)] + g.piles[stock(p)])
    assert all(g.piles[h] == [] for h in HOME)


def test_c2_deal_fixed_by_seed():
    """C2: same seed, same deal; another seed, another deal."""
    assert new_game(5).piles == new_game(5).piles
    assert new_game(5).piles != new_game(6).piles


def test_c3_higher_reserve_top_starts():
    """C3: the higher second-pile top starts, Ace low."""
    g = table(reserve0="KS AH", reserve1="QS KD", work=dict.fromkeys(range(8), "5S"))
    assert first_player(g.piles, random.Random(0)) == 1
    g = table(reserve0="2C", reserve1="AC", work=dict.fromkeys(range(8), "5S"))
    assert first_player(g.piles, random.Random(0)) == 0


def test_c3_tie_goes_to_work_cards_then_rng():
    """C3: equal tops -> work cards in deal order; full tie -> the random source."""
    w = {0: "5S", 1: "9H", 2: "2C", 3: "2C", 4: "5D", 5: "TH", 6: "KC", 7: "AC"}
    g = table(reserve0="7S", reserve1="7H", work=w)
    assert first_player(g.piles, random.Random(0)) == 1      # W2 9 < W6 T
    tie = table(reserve0="7S", reserve1="7H", work=dict.fromkeys(range(8), "5S"))
    starters = {first_player(tie.piles, random.Random(s)) for s in range(20)}
    assert starters == {0, 1}


def test_c4_available_cards_only():
    """C4: own second/first-pile tops and work tops move; own third pile and others' piles do not."""
    g = table(stock0="2C 3D", reserve0="4S AH", waste0="AS", reserve1="5H", waste1="9C",
              stock1="AC", home={0: "AD"})
    assert g.check(Move(reserve(0), H2)) is None            # AH from second pile
    assert g.check(Move(waste(0), H2)) is not None          # own third pile: never
    assert g.check(Move(stock(1), H2)) is not None          # opponent's first pile
    assert g.check(Move(H1, H2)) is not None                # cards never leave home
    assert g.check(Move(stock(0), WORK[0])) is None          # first-pile top (3D) to empty space


def test_c5_home_piles():
    """C5: Ace on empty, same suit one up from either pack; wrong suit/rank refused."""
    g = table(reserve0="2H'", stock0="3H", work={0: "2S", 1: "AC"}, home={0: "AH"})
    assert g.check(Move(reserve(0), H1)) is None            # 2H of pack 1 on AH of pack 0
    assert g.check(Move(WORK[0], H1)) is not None           # 2S on AH
    assert g.check(Move(stock(0), H1)) is not None          # 3H on AH
    assert g.check(Move(WORK[1], H2)) is None               # Ace on empty home pile
    assert g.check(Move(stock(0), H2)) is not None          # non-Ace on empty home pile
    g.play(Move(reserve(0), H1))
    g.play(Move(stock(0), H1))
    assert [rank(c) for c in g.piles[H1]] == [1, 2, 3]


def test_c6_work_spaces():
    """C6: one rank lower in the other colour; empty space takes any card."""
    g = table(work={0: "8S", 1: "7H", 2: "7C"}, reserve0="KD", stock0="7D")
    assert g.check(Move(WORK[1], WORK[0])) is None          # red 7 on black 8
    assert g.check(Move(WORK[2], WORK[0])) is not None      # black 7 on black 8
    assert g.check(Move(WORK[0], WORK[1])) is not None      # 8 on 7: ascending
    assert g.check(Move(reserve(0), WORK[5])) is None       # any card to an empty space
    assert g.check(Move(stock(0), WORK[0])) is None


def test_c7_loading_the_opponent():
    """C7: same suit one up or down onto the opponent's second/third pile; no wrap; not empty."""
    g = table(reserve0="QS", stock0="TS", work={0: "AH", 1: "2H"}, reserve1="JS", waste1="KH")
    assert g.check(Move(reserve(0), reserve(1))) is None     # QS on JS
    assert g.check(Move(stock(0), reserve(1))) is None       # TS on JS
    assert g.check(Move(WORK[0], waste(1))) is not None      # AH on KH: no wrap
    assert g.check(Move(WORK[1], waste(1))) is not None      # 2H on KH
    g2 = table(reserve0="QS", stock0="TS", reserve1="JS")
    assert g2.check(Move(reserve(0), waste(1))) == "an empty pile of the opponent cannot be loaded"
    assert g2.check(Move(stock(0), reserve(0))) is not None  # never one's own piles


def test_c8_any_number_of_moves_and_may_end_anytime():
    """C8: several moves in one turn; ending the turn is legal while moves remain."""
    g = table(reserve0="AS AH", stock0="5C", work={0: "2S"})
    assert end_move(0) in g.legal_moves()
    g.play(Move(reserve(0), H1))                             # AH
    g.play(Move(reserve(0), H2))                             # AS
    g.play(Move(WORK[0], H2))                                # 2S on AS
    assert g.to_move == 0 and g.moves_in_turn == 3


def test_c9_ending_the_turn():
    """C9: first-pile top goes onto own third pile and the opponent moves."""
    g = table(stock0="2C 3D", reserve0="KS", reserve1="KH", stock1="4C")
    g.play(end_move(0))
    assert g.piles[waste(0)] == cards("3D") and g.piles[stock(0)] == cards("2C")
    assert g.to_move == 1 and g.turn == 1


def test_c10_turning_the_third_pile_over():
    """C10: not shuffled, first card onto the third pile becomes the top; turn goes on."""
    g = table(waste0="2C 3D 4H", reserve0="KS", reserve1="KH", stock1="9C")
    assert g.legal_moves()[-1] == flip_move(0)
    assert "first pile is empty" in g.check(end_move(0))
    g.play(flip_move(0))
    assert g.piles[stock(0)][-1] == cards("2C")[0]
    assert g.piles[stock(0)] == cards("4H 3D 2C") and g.piles[waste(0)] == []
    assert g.to_move == 0
    g.play(end_move(0))
    assert g.piles[waste(0)] == cards("2C") and g.to_move == 1


def test_c11_passing():
    """C11: pass only with first and third piles empty; it ends the turn."""
    g = table(reserve0="KS", stock1="4C", reserve1="KH")
    assert g.legal_moves()[-1] == PASS
    g.play(PASS)
    assert g.to_move == 1
    assert g.check(PASS) is not None                         # player 1 has a first pile


def test_c12_move_limit():
    """C12: after the move limit only the turn-ending move stays legal."""
    g = table(stock0="2C", reserve0="KS", work={0: "5H"}, reserve1="KH")
    for i in range(TURN_MOVE_LIMIT):
        g.play(Move(WORK[i % 2], WORK[(i + 1) % 2]))
    assert g.legal_moves() == [end_move(0)]
    assert g.check(Move(WORK[0], WORK[1])) is not None


def test_c13_win_at_once():
    """C13: emptying first, second and third piles wins in the middle of the turn."""
    g = table(reserve0="AS", reserve1="KH", stock1="2C")
    g.play(Move(reserve(0), H1))
    assert g.result is not None and g.result.winner == 0
    assert g.legal_moves() == []
    with pytest.raises(IllegalMove):
        g.play(end_move(1))


def test_c14_both_pass_is_a_draw_scored_by_cards():
    """C14: two passes in succession draw; fewer cards left wins on points."""
    g = table(reserve0="KS", reserve1="KH QH")
    g.play(PASS)
    assert g.result is None
    g.play(PASS)
    assert g.result.winner is None and g.result.cards_left == (1, 2)
    assert g.result.points_winner == 0


def _pass_then_play_table():
    """Player 0 is stuck; player 1 can put 3D on W1's 4S, which gives 0 the move 2S-W1."""
    full = dict.fromkeys(range(1, 8), "2H")
    return table(reserve0="KS 2S", reserve1="KH 3D", work={0: "4S", **full})


def test_c14_pass_after_a_move_is_no_draw():
    """C11, C14: p0 passes stuck, p1 moves a card then passes: no draw, and p0 has a move."""
    g = _pass_then_play_table()
    assert g.legal_moves() == [PASS]
    g.play(PASS)
    g.play(Move(reserve(1), WORK[0]))
    g.play(PASS)
    assert g.result is None and g.to_move == 0
    assert Move(reserve(0), WORK[0]) in g.legal_moves()
    g.play(Move(reserve(0), WORK[0]))
    assert g.piles[WORK[0]] == cards("4S 3D 2S")


def test_c14_idle_passes_after_a_move_draw():
    """C14: after a turn that moved a card, two turns in a row with no card moved draw."""
    g = _pass_then_play_table()
    g.play(PASS)
    g.play(Move(reserve(1), WORK[0]))
    g.play(PASS)
    assert Move(reserve(0), WORK[0]) in g.legal_moves() and g.check(PASS) is None
    g.play(PASS)                       # p0 passes although 2S-W1 is legal: no card moved
    assert g.result is None
    g.play(PASS)
    assert g.result is not None and g.result.winner is None
    assert g.result.reason == "both players passed"
    while g.history:                   # undo restores the count exactly
        g.undo()
    assert g.passes == 0 and g.result is None


def test_c14_quiet_turns_draw():
    """C14: 200 turns with no card reaching a home pile draw the game."""
    g = table(stock0="KS " * 150, stock1="KH " * 150, reserve0="QS", reserve1="QH")
    for _t in range(199):
        g.play(g.turn_end_move())
        assert g.result is None
    g.play(g.turn_end_move())
    assert g.result is not None and g.result.winner is None
    assert "200" in g.result.reason


def test_c14_home_move_resets_quiet_count():
    """C14: a card reaching a home pile restarts the 200-turn count."""
    g = table(stock0="KS " * 150, stock1="KH " * 150, reserve0="QS", reserve1="QH", work={0: "AC"})
    for _ in range(150):
        g.play(g.turn_end_move())
    g.play(Move(WORK[0], H1))
    g.play(g.turn_end_move())
    assert g.quiet == 0


def test_c15_stop_takes_back_the_turn():
    """C15: a non-home move while a home move exists is a fault; stop undoes the turn and passes it."""
    g = table(stop_rule=True, reserve0="KD AS", stock0="5C 9H", work={0: "TS"}, stock1="3D",
              reserve1="QC")
    before = [list(p) for p in g.piles]
    assert not g.can_stop
    g.play(Move(stock(0), WORK[0]))                          # 9H on TS, leaving AS
    assert g.fault and g.can_stop
    assert g.call_stop() == 1
    assert g.piles == before and g.to_move == 1


def test_c15_stop_after_the_turn_ended():
    """C15: stop may be called before the caller's first move of the next turn."""
    g = table(stop_rule=True, reserve0="KD AS", stock0="5C 9H", stock1="3D 4D", reserve1="QC")
    before = [list(p) for p in g.piles]
    g.play(end_move(0))                                      # ended the turn leaving AS
    assert g.to_move == 1 and g.can_stop
    g.call_stop()
    assert g.piles == before and g.to_move == 1
    g2 = table(stop_rule=True, reserve0="KD AS", stock0="5C 9H", stock1="3D 4D", reserve1="QC")
    g2.play(end_move(0))
    g2.play(end_move(1))
    assert not g2.can_stop                                   # too late


def test_c15_no_fault_no_stop_and_rule_off():
    """C15: home moves first is no fault; without the rule stop is refused."""
    g = table(stop_rule=True, reserve0="KD AS", stock0="5C 9H", stock1="3D", reserve1="QC")
    g.play(Move(reserve(0), H1))
    g.play(end_move(0))
    assert not g.can_stop
    with pytest.raises(IllegalMove):
        g.call_stop()
    off = table(reserve0="KD AS", stock0="5C 9H", stock1="3D", reserve1="QC")
    off.play(end_move(0))
    with pytest.raises(IllegalMove, match="not in use"):
        off.call_stop()


def test_c16_view_holds_face_up_cards_only():
    """C16: the view shows exactly the face-up cards; hidden-card shuffles leave it unchanged."""
    rng = random.Random(4)
    g = new_game(8)
    for _ in range(60):
        g.do(rng.choice(g.legal_moves()))
    for p in (0, 1):
        v = g.view(p)
        assert v.cards() == face_up(g)
        assert len(v.unknown()) == 104 - len(face_up(g))
        # swap two face-down cards: the view must not change
        hidden = [(i, j) for i in (stock(0), reserve(0), stock(1), reserve(1))
                  for j in range(len(g.piles[i]) - 1)]
        (a, ai), (b, bi) = hidden[0], hidden[-1]
        g.piles[a][ai], g.piles[b][bi] = g.piles[b][bi], g.piles[a][ai]
        assert g.view(p) == v
        s = GameState.from_view(v)
        assert s.legal_moves() == g.legal_moves()
        assert sum(c == -1 for pile in s.piles for c in pile) == 104 - len(face_up(g))


def test_do_undo_round_trip():
    """C8-C11: undoing every move of a random game restores the deal and bookkeeping exactly."""
    rng = random.Random(1)
    g = deal(random.Random(2))
    start = [list(p) for p in g.piles]
    n = 0
    while g.result is None and n < 3000:
        g.do(rng.choice(g.legal_moves()))
        n += 1
    while g.history:
        g.undo()
    assert g.piles == start and g.turn == 0 and g.to_move == g.starter and g.result is None


def test_generated_moves_pass_the_rule_check():
    """C4-C11: every move legal_moves offers is accepted by check()."""
    rng = random.Random(5)
    for seed in range(5):
        g = new_game(seed)
        for _ in range(300):
            moves = g.legal_moves()
            if not moves:
                break
            for m in moves:
                assert g.check(m) is None, m
            g.do(rng.choice(moves))


def test_legal_moves_equal_the_reference_and_first_home_move_agrees():
    """Engine notes: the fast ``legal_moves`` lists exactly the reference version's moves, in
    order, and ``first_home_move`` is its first home move, over thousands of positions
    (random games, some with face-down cards shown HIDDEN as a player's view has them)."""
    from tests.crapette.helpers import reference_legal_moves
    rng = random.Random(8)
    checked = 0
    for seed in range(12):
        g = new_game(seed)
        for _ in range(400):
            for s in (g, GameState.from_view(g.view(g.to_move))):
                moves = s.legal_moves()
                assert moves == reference_legal_moves(s)
                assert s.first_home_move() == next((m for m in moves if m.dst in HOME), None)
                checked += 1
            if g.result is not None:
                break
            moves = g.legal_moves()
            home = g.first_home_move()
            g.do(home if home is not None and rng.random() < 0.7 else rng.choice(moves))
    assert checked > 5000
