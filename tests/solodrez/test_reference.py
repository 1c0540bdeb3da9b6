"""Tests of the pure-Python reference (tests/solodrez/reference.py) against the rulings in
/work/shared/rules/solodrez.md. Each test names the ruling it checks. Expected values are
hand-derived from the rulings, never computed with the reference itself."""

import itertools
import random

import pytest

from tests.solodrez import reference as ref


def P(*cols):
    """Position from up to 9 columns given as space-separated strings (bottom to top)."""
    cols = [tuple(c.split()) for c in cols]
    cols += [()] * (9 - len(cols))
    assert len(cols) == 9
    return tuple(cols)


def can_move(run, dest, blocker=True):
    """Is putting ``run`` (space-separated, bottom to top) on column ``dest`` legal?
    The run sits on top of a blocker card in column 0 so it is not a whole column."""
    src = ("J9 " + run) if blocker else run
    pos = P(src, dest)
    k = len(run.split())
    return (0, 1, k) in ref.legal_moves(pos)


# --------------------------------------------------------------------------- deck / deal

def test_splitmix64_first_output_for_seed_0():
    # Deal numbers, step 2: well-known first splitmix64 output for state 0.
    assert next(ref.splitmix64(0)) == 0xE220A8397B1DCDAF


def test_deck_order_before_shuffling():
    # Deal numbers, step 1: J1..J9, Q1..Q9, R1..R9, B1..B9, N1..N9, P1..P9, X1, X2.
    assert len(ref.ALL_CARDS) == 56
    assert ref.ALL_CARDS[0] == "J1" and ref.ALL_CARDS[8] == "J9"
    assert ref.ALL_CARDS[9] == "Q1" and ref.ALL_CARDS[53] == "P9"
    assert ref.ALL_CARDS[54:] == ("X1", "X2")


@pytest.mark.parametrize("n", [0, 1, 2, 42, 12345, 2**63, 2**64 - 1])
def test_deal_structure(n):
    # Layout: columns 1 and 2 hold 7 cards, columns 3-9 hold 6; all 56 cards, once each.
    d = ref.deal(n)
    assert [len(c) for c in d] == [7, 7, 6, 6, 6, 6, 6, 6, 6]
    cards = [c for col in d for c in col]
    assert sorted(cards) == sorted(ref.ALL_CARDS)
    assert d == ref.deal(n)  # deterministic
    assert ref.validate(d) is None


def test_deals_differ():
    # Deal numbers: different n give (practically always) different layouts.
    assert len({ref.deal(n) for n in range(50)}) == 50


def test_deal_number_range():
    # Deal numbers: 0 <= n < 2^64.
    with pytest.raises(ValueError):
        ref.deal(2**64)
    with pytest.raises(ValueError):
        ref.deal(-1)


def test_dealt_complete_series_kept_by_deal_removed_by_settle():
    # Facts: a deal can contain a complete series; removed at once before the first move;
    # `drez deal N` still prints the deal as dealt.
    for n in range(200_000):
        d = ref.deal(n)
        series_cols = [i for i, c in enumerate(d) if ref.is_complete_series(c)]
        if series_cols:
            break
    else:
        pytest.fail("no dealt complete series found in 200000 deals")
    for i in series_cols:
        assert [c[0] for c in d[i]] == list("JQRBNP")  # dealt as is
    s = ref.settle(d)
    for i in range(9):
        assert s[i] == (() if i in series_cols else d[i])


# --------------------------------------------------------------------------- real cards

def test_real_card_rank_t_accepts_t_minus_1():
    # Moves 2: a real card of rank t accepts a run whose first card plays t-1.
    assert can_move("Q1", "J1")
    assert can_move("R1", "Q2")
    assert can_move("P1", "N2")
    assert not can_move("R1", "J1")
    assert not can_move("J1", "Q1")
    assert not can_move("Q1", "Q2")  # same rank
    assert can_move("Q1 R1 B1", "J1")  # colour does not matter
    assert not can_move("R1 B1", "J1")


def test_run_must_be_ordered():
    # Moves 1: each card's rank exactly one below the card before it.
    assert can_move("R1 B2 N3 P4", "Q5")
    assert not can_move("R1 N2", "Q5")  # gap
    assert not can_move("B1 R2", "Q5")  # rising
    assert not can_move("R1 R2", "Q5")  # equal


def test_nothing_on_a_pawn():
    # Moves 2: nothing is ever placed on a Pawn (not even a neutral).
    pos = P("P1", "X1", "N1", "Q1", "J1", "R1 B1", "X2 P2")
    moves = ref.legal_moves(pos)
    assert moves  # there are moves, just none onto a Pawn
    assert all(not pos[d] or pos[d][-1][0] != "P" for (_, d, _) in moves)
    assert not can_move("X1", "P1")
    assert not can_move("X1 X2", "P1")


def test_empty_column_accepts_only_joker_playing_first_card():
    # Moves 2: an empty column accepts only a real Joker or a neutral playing Joker.
    assert can_move("J1", "")
    assert can_move("J1 Q1 R1", "")
    assert not can_move("Q1", "")
    assert not can_move("P1", "")
    assert can_move("X1", "")  # neutral plays Joker
    assert can_move("X1 Q1", "")  # X plays Joker
    assert not can_move("X1 R1", "")  # X would have to play Queen
    assert can_move("X1 X2", "")  # Joker, Queen
    assert can_move("J1 X1 R1", "")


def test_whole_column_onto_empty_column_is_listed():
    # Facts: moving a whole column onto an empty column is legal.
    pos = P("J1 Q1", "B1")
    moves = ref.legal_moves(pos)
    assert all((0, d, 2) in moves for d in range(2, 9))
    assert (0, 1, 1) not in moves and (1, 0, 1) not in moves
    assert moves == sorted(moves)


# --------------------------------------------------------------------------- neutrals

def test_x_b_n_plays_rook():
    # Neutral cards: in [X, B, N] the neutral plays Rook, so the run goes only onto a Queen
    # or a neutral.
    assert can_move("X1 B1 N1", "Q1")
    assert can_move("X1 B1 N1", "X2")
    assert not can_move("X1 B1 N1", "J1")
    assert not can_move("X1 B1 N1", "R1")
    assert not can_move("X1 B1 N1", "B2")
    assert not can_move("X1 B1 N1", "")
    assert not can_move("X1 B1 N1", "P1")


def test_b_x_p_plays_knight():
    # Neutral cards: in [B, X, P] the neutral plays Knight.
    assert can_move("B1 X1 P1", "R1")
    assert can_move("B1 X1 P1", "X2")
    assert not can_move("B1 X1 P1", "Q1")
    assert not can_move("B1 X1 N1", "R1")  # X cannot be between Bishop and Knight


def test_p_x_and_x_j_not_ordered():
    # Neutral cards: [P, X] and [X, J] are not ordered — they go nowhere.
    for dest in ["", "J1", "Q1", "R1", "B1", "N1", "X2"]:
        assert not can_move("P1 X1", dest)
        assert not can_move("X1 J1", dest)
    # ...but each part alone can move.
    assert can_move("X1", "N1")
    assert can_move("J1", "")


def test_single_neutral_plays_any_rank():
    # Neutral cards: a run made only of neutrals may start at any rank keeping every role
    # between Pawn and Joker (one card: Joker..Pawn).
    for dest in ["", "J1", "Q1", "R1", "B1", "N1", "X2"]:
        assert can_move("X1", dest), dest
    assert not can_move("X1", "P1")


def test_two_neutrals_run():
    # Neutral cards: two neutrals play r, r-1 with both roles in Pawn..Joker, so the first
    # plays Joker..Knight.
    assert can_move("X1 X2", "")  # J, Q
    assert can_move("X1 X2", "J1")  # Q, R
    assert can_move("X1 X2", "B1")  # N, P
    assert not can_move("X1 X2", "N1")  # P, then nothing below Pawn
    assert not can_move("X1 X2", "P1")
    assert can_move("X1 X2 P1", "R1")  # X=B, X=N, P
    assert not can_move("X1 X2 P1", "Q1")


def test_neutral_destination_accepts_up_to_queen():
    # Moves 2: a neutral on top accepts a first card playing any rank up to Queen,
    # regardless of the cards beneath it; never a Joker-headed run.
    for run in ["Q1", "R1", "B1", "N1", "P1", "Q1 R1 B1", "X2 R1"]:
        assert can_move(run, "X1"), run
        assert can_move(run, "P9 X1"), run  # a Pawn beneath the neutral does not matter
        assert can_move(run, "J8 X1"), run
    assert not can_move("J1", "X1")
    assert not can_move("J1 Q1", "X1")
    assert not can_move("X2 Q1", "X1")  # X2 would have to play Joker


def test_neutral_role_lasts_one_move():
    # Neutral cards: a neutral's role lasts for that move only. X played Pawn when put on a
    # Knight; afterwards a Queen may go on it.
    pos = P("J1 Q1 R1 B1 N1", "X1", "Q2")
    pos = ref.apply(pos, (1, 0, 1))
    assert pos[0][-1] == "X1"
    assert (2, 0, 1) in ref.legal_moves(pos)
    pos2 = ref.apply(pos, (2, 0, 1))
    assert pos2[0][-2:] == ("X1", "Q2")


# --------------------------------------------------------------------------- series removal

def test_series_completed_in_destination_is_removed():
    # Removing a series: removed at once; the column becomes empty.
    pos = P("J1 Q2 R3 B4 N5", "Q6 P7", "X1", "X2", "J2")
    after = ref.apply(pos, (1, 0, 1))
    assert after == P("", "Q6", "X1", "X2", "J2")


def test_series_completed_in_source_is_removed():
    # Facts: moving X off J Q R B N P X completes that column.
    pos = P("J1 Q1 R1 B1 N1 P1 X1", "Q2", "X2")
    after = ref.apply(pos, (0, 1, 1))
    assert after == P("", "Q2 X1", "X2")


@pytest.mark.parametrize("col", [
    "J1 Q1 R1 B1 N1 P1 X1",  # a neutral on top
    "X1 J1 Q1 R1 B1 N1 P1",  # a neutral beneath
    "J1 Q1 R1 X1 N1 P1",  # a neutral playing Bishop is not a real Bishop
    "J1 Q1 R1 B1 N1 X1",
    "N2 J1 Q1 R1 B1 N1 P1",  # a card beneath the Joker
    "J1 Q1 R1 B1 N1",  # incomplete
    "P1 N1 B1 R1 Q1 J1",  # wrong order
])
def test_not_a_complete_series(col):
    # Removing a series: exactly the six real cards, nothing else.
    pos = P(col, "J5 Q5")
    assert ref.settle(pos) == pos


def test_settle_removes_all_series_and_is_idempotent():
    pos = P("J1 Q1 R1 B1 N1 P1", "J2 Q2 R2 B2 N2 P2", "J3 Q3", "X1", "X2")
    s = ref.settle(pos)
    assert s == P("", "", "J3 Q3", "X1", "X2")
    assert ref.settle(s) == s


def test_neutrals_removed_when_no_real_card_left():
    # End of the game: won when no real card is left; the neutrals are then removed too.
    pos = P("J1 Q1 R1 B1 N1", "P1", "X1", "", "X2")
    after = ref.apply(pos, (1, 0, 1))
    assert after == P()
    assert ref.is_won(after)
    assert ref.is_won(P("X1", "X2"))
    assert ref.settle(P("X1", "X2")) == P()
    assert not ref.is_won(P("P1", "X1", "X2"))


# --------------------------------------------------------------------------- 22-card column

def test_22_card_column_by_legal_moves():
    # Facts: a column can hold up to 22 cards (a Joker dealt on top of a 7-card column,
    # then Q R B N X Q R B N X Q R B N P).
    feed = ["Q2", "R2", "B2", "N2", "X1", "Q3", "R3", "B3", "N3", "X2", "Q4", "R4", "B4", "N4", "P2"]
    used = set(feed) | {"P1", "N1", "B1", "R1", "Q1", "J2", "J1"}
    rest = [c for c in ref.ALL_CARDS if c not in used]
    chunks = [" ".join(rest[i:i + 5]) for i in range(0, len(rest), 5)]
    assert len(chunks) == 7
    pos = P("P1 N1 B1 R1 Q1 J2 J1", " ".join(reversed(feed)), *chunks)
    assert ref.validate(pos) is None
    assert ref.settle(pos) == pos
    for _ in feed:
        pos = ref.apply(pos, (1, 0, 1))
    assert len(pos[0]) == 22
    assert [c[0] for c in pos[0][6:]] == list("JQRBNXQRBNXQRBNP")
    assert ref.validate(pos) is None
    assert not any(d == 0 for (_, d, _) in ref.legal_moves(pos))  # topped by a Pawn


# --------------------------------------------------------------------------- apply / verify

def test_apply_rejects_illegal_move():
    pos = P("J1 Q1", "R1")
    with pytest.raises(ValueError):
        ref.apply(pos, (0, 1, 1))  # Queen on a Rook
    with pytest.raises(ValueError):
        ref.apply(pos, (0, 0, 1))  # same column
    with pytest.raises(ValueError):
        ref.apply(pos, (2, 1, 1))  # empty source
    with pytest.raises(ValueError):
        ref.apply(pos, (0, 2, 3))  # more cards than the column holds
    assert ref.apply(pos, (1, 0, 1)) == P("J1 Q1 R1")


def test_apply_keeps_run_order():
    pos = P("N5 J1 Q2 R3", "J4")
    assert ref.apply(pos, (0, 1, 2)) == P("N5 J1", "J4 Q2 R3")


def test_verify_accepts_win_and_rejects_bad_sequences():
    # End of the game / moves: a hand-checked two-move win.
    pos = P("J1 Q1 R1 B1", "N1", "P1", "X1", "X2")
    assert ref.verify(pos, [(1, 0, 1), (2, 0, 1)]) == (True, "")
    ok, why = ref.verify(pos, [(1, 0, 1), (3, 0, 1), (2, 0, 1)])
    # step 2 (X onto N) is legal; step 3 (P onto X) legal; but the end is not won
    assert not ok and "won" in why
    ok, why = ref.verify(pos, [(1, 0, 1), (2, 1, 1)])  # step 2: P onto an empty column
    assert not ok and "step 2" in why
    ok, why = ref.verify(pos, [(2, 0, 1)])  # step 1: P onto a Bishop
    assert not ok and "step 1" in why
    ok, why = ref.verify(pos, [(1, 0, 1)])
    assert not ok and "won" in why
    assert ref.verify(P(), []) == (True, "")
    # a move after the win is illegal (the table is empty)
    ok, why = ref.verify(pos, [(1, 0, 1), (2, 0, 1), (3, 4, 1)])
    assert not ok and "step 3" in why


def test_verify_starts_from_settled_position():
    # Facts: a dealt complete series is removed before the first move.
    pos = P("J1 Q1 R1 B1 N1 P1", "X1", "X2")
    assert ref.verify(pos, []) == (True, "")


# --------------------------------------------------------------------------- canonical / search

def test_canonical_ignores_column_order_and_colours():
    a = P("J1 Q2", "X1", "", "B3")
    b = P("", "B7", "X2", "J5 Q9")
    assert ref.canonical(a) == ref.canonical(b)
    assert ref.canonical(a) != ref.canonical(P("J1 Q2", "X1", "", "B3 N1"))
    assert ref.canonical(a) != ref.canonical(P("Q2 J1", "X1", "", "B3"))


def test_shortest_distance_hand_checked():
    # End of the game: 0 if already won; the two-move win above is shortest.
    assert ref.shortest_distance(P()) == 0
    assert ref.shortest_distance(P("X1", "X2")) == 0
    assert ref.shortest_distance(P("J1 Q1 R1 B1 N1 P1", "X1", "X2")) == 0
    assert ref.shortest_distance(P("J1 Q1 R1 B1 N1", "P1", "X1", "X2")) == 1
    assert ref.shortest_distance(P("J1 Q1 R1 B1", "N1", "P1", "X1", "X2")) == 2


def test_blocked_position_is_lost():
    # End of the game: no legal move and real cards left is lost. Every column topped by a
    # Pawn, no empty column, no neutral on top.
    cols = [f"Q{i} J{i} R{i} B{i} N{i} P{i}" for i in range(1, 10)]
    cols[0] = "X1 " + cols[0]
    cols[1] = "X2 " + cols[1]
    pos = P(*cols)
    assert ref.validate(pos) is None
    assert ref.legal_moves(pos) == []
    assert ref.shortest_distance(pos) == "LOST"


def test_circling_position_is_lost():
    # End of the game: a position whose only moves go round in circles is lost. Seven
    # columns topped by Pawns (nothing can go on them, and no run under a Pawn starts with
    # a Joker or Queen), one empty column, and a lone Joker that can only shuttle between
    # its column and the empty one.
    pos = P("J1 J2 J3 J4 J5 J6 J7 J8 P1",
            "Q1 Q2 Q3 Q4 Q5 Q6 Q7 Q8 Q9 P2",
            "R1 R2 R3 R4 R5 R6 R7 R8 R9 P3",
            "B1 B2 B3 B4 B5 B6 B7 B8 B9 P4",
            "N1 N2 N3 N4 N5 N6 N7 N8 N9 P5",
            "X1 X2 P6",
            "P8 P9 P7",
            "",
            "J9")
    assert ref.validate(pos) is None
    assert ref.legal_moves(pos) == [(8, 7, 1)]
    back = ref.apply(pos, (8, 7, 1))
    assert ref.legal_moves(back) == [(7, 8, 1)]
    assert ref.canonical(back) == ref.canonical(pos)
    assert ref.shortest_distance(pos) == "LOST"
    assert ref.perft(pos, 3) == [1, 1, 1]


def test_shortest_distance_node_limit():
    pos = ref.settle(ref.deal(0))
    assert ref.shortest_distance(pos, max_nodes=50) is None


def test_perft_consistency():
    pos = P("J1 Q1 R1 B1", "N1", "P1", "X1", "X2")
    counts = ref.perft(pos, 3)
    assert len(counts) == 3
    assert counts == sorted(counts)
    succ = {ref.canonical(ref.apply(pos, m)) for m in ref.legal_moves(pos)}
    assert counts[0] == len(succ | {ref.canonical(pos)})
    assert ref.perft(pos, 0) == []
    # a blocked position never grows
    assert ref.perft(P("J1 P1", "J2 P2", "J3 P3", "J4 P4", "J5 P5", "J6 P6", "J7 P7",
                       "J8 P8", "J9 P9"), 2) == [1, 1]


def test_random_playout_follows_legal_moves():
    rng = random.Random(1234)
    seq = ref.random_playout(7, rng, 40)
    assert seq[0] == ref.settle(ref.deal(7))
    assert 1 <= len(seq) <= 41
    for a, b in itertools.pairwise(seq):
        assert ref.validate(b) is None
        assert ref.settle(b) == b
        assert b in [ref.apply(a, m) for m in ref.legal_moves(a)]
    # a blocked start stops at once
    blocked = P(*[f"Q{i} J{i} R{i} B{i} N{i} P{i}" for i in range(1, 10)])
    assert ref.random_playout(blocked, rng, 10) == [blocked]


# --------------------------------------------------------------------------- validate

def test_validate_positions_in_the_middle_of_a_game():
    # Positions in the middle of a game.
    full = ref.deal(3)
    assert ref.validate(full) is None
    # after one series removed: 8 of each rank, any colours
    pos = P("J9 Q9 R9 B9 N9 P9 X1", "X2", *[
        f"Q{i} J{i} R{i} B{i} N{i} P{i}" for i in range(2, 9)])
    # colours 2..9 present for every rank, colour 1 gone with the removed series
    assert ref.validate(pos) is None
    # won: neutrals may be gone
    assert ref.validate(P()) is None


def test_validate_doubled_card():
    d = list(ref.deal(5))
    card = d[0][0]
    d[3] = d[3] + (card,)
    msg = ref.validate(tuple(d))
    assert msg is not None and card in msg and "1" in msg and "4" in msg


def test_validate_missing_card_and_rank_count():
    d = list(ref.deal(5))
    card = d[4][-1]
    d[4] = d[4][:-1]
    msg = ref.validate(tuple(d))
    assert msg is not None and card in msg and f"rank {card[0]}" in msg


def test_validate_missing_neutral():
    msg = ref.validate(P("J1 Q1 R1 B1 N1 P1", "X1"))
    assert msg is not None and "X2" in msg
    assert ref.validate(P("J1 Q1 R1 B1 N1 P1", "X1", "X2")) is None


def test_validate_unknown_card():
    msg = ref.validate(P("J1 Z3", "X1", "X2"))
    assert msg is not None and "Z3" in msg
