"""Solodrez deals and text: golden deals (S3, S12), the text format (S16) and the
validation messages for text that is not a position (S15)."""
import os
import random

import pytest

from drez.solver.solodrez.rules.deals import deal_columns, splitmix64
from drez.solver.solodrez.rules.position import Position, PositionError
from tests.solodrez.helpers import DATA, P, biased_game, fast_reference, ref, to_engine, to_ref

GOLDEN = (0, 1, 2, 42, 259, 2 ** 64 - 1)


def golden_deals():
    """{n: text of deal n} from tests/solodrez/data/deals.txt."""
    lines = open(os.path.join(DATA, "deals.txt")).read().split("\n")
    out = {}
    for i, line in enumerate(lines):
        if line.startswith("# deal "):
            out[int(line.split()[2])] = "\n".join(lines[i + 1:i + 10]) + "\n"
    return out


def test_S3_golden_file_holds_the_pinned_deals():
    assert sorted(golden_deals()) == sorted(GOLDEN)


@pytest.mark.parametrize("n", GOLDEN)
def test_S3_deal_text_matches_golden_file_in_both_implementations(n):
    """S3: deal n as dealt, from the engine (Position.from_deal(settle=False)) and from the
    reference, is exactly the pinned text."""
    text = golden_deals()[n]
    engine_text = str(Position.from_deal(n, settle=False))
    ref_text = "\n".join(" ".join(col) for col in ref.deal(n)) + "\n"
    assert engine_text == text
    assert ref_text == text
    assert [len(line.split()) for line in text.splitlines()] == [7, 7, 6, 6, 6, 6, 6, 6, 6]


def test_S3_splitmix64_known_first_output():
    """S3: the first splitmix64 output from state 0 is the published 0xE220A8397B1DCDAF."""
    assert splitmix64(0)[1] == 0xE220A8397B1DCDAF


def test_S3_many_deals_agree_with_reference():
    """S3: the engine's deals equal the reference's for a spread of deal numbers."""
    rng = random.Random(3)
    for n in list(range(200)) + [rng.getrandbits(64) for _ in range(200)]:
        assert to_ref(Position(deal_columns(n))) == ref.deal(n)


def test_S3_deal_number_out_of_range():
    with pytest.raises(ValueError):
        Position.from_deal(2 ** 64)
    with pytest.raises(ValueError):
        Position.from_deal(-1)


def test_S12_deal_259_is_printed_as_dealt_and_settled_on_reading():
    """S12: the golden text of deal 259 still shows the series J9 Q9 R3 B5 N1 P2 in
    column 9; reading it removes the series."""
    text = golden_deals()[259]
    assert text.splitlines()[8] == "J9 Q9 R3 B5 N1 P2"
    assert to_ref(Position.parse(text)) == ref.settle(ref.deal(259))
    assert str(Position.parse(text, settle=False)) == text


# ----------------------------------------------------------------------------- S16 text

@pytest.fixture(scope="module")
def positions():
    rng = random.Random(16)
    out = []
    with fast_reference():
        for n in range(12):
            out += biased_game(n, rng, 40, 0.9 if n % 2 else 0.0)
    return out


def test_S16_format_then_parse_is_the_identity(positions):
    """S16: str() then Position.parse gives the same position back, and the text is nine
    lines of the cards bottom to top separated by single spaces."""
    assert len(positions) > 300
    for p in positions:
        pos = to_engine(p)
        text = str(pos)
        assert text == "\n".join(" ".join(col) for col in p) + "\n"
        assert Position.parse(text) == pos
        assert str(Position.parse(text)) == text


def test_S16_comments_and_blank_lines():
    """S16: lines starting with # are skipped; an empty line is an empty column; spacing
    inside a line does not matter."""
    p = ref.settle(ref.deal(5))
    cols = [" ".join(col) for col in p]
    text = "# a comment\n" + "\n".join("  " + c.replace(" ", "   ") for c in cols[:4])
    text += "\n# another\n" + "\n".join(cols[4:]) + "\n"
    assert to_ref(Position.parse(text)) == p
    won = Position.parse("\n" * 9)
    assert won.is_won() and str(won) == "\n" * 9


def test_S16_text_of_a_position_with_empty_columns_round_trips():
    p = P("J1 Q1 R1 B1 N1 P1 X1", "", "", "", "", "", "", "", "X2")
    pos = to_engine(p)
    assert str(pos) == "J1 Q1 R1 B1 N1 P1 X1\n\n\n\n\n\n\n\nX2\n"
    assert Position.parse(str(pos)) == pos


def test_S13_won_text_clears_the_neutrals():
    """S13: a text with only the neutrals left is the won position."""
    pos = Position.parse("X1\n\n\nX2\n\n\n\n\n\n")
    assert pos.is_won() and to_ref(pos) == P()


# ----------------------------------------------------------------------- S15 validation

DEAL0 = golden_deals()[0].splitlines()


def with_lines(lines):
    return "\n".join(lines) + "\n"


def test_S15_unknown_card_names_it_with_its_line():
    lines = ["# deal 0, one card misspelt"] + DEAL0
    lines[4] = lines[4].replace(lines[4].split()[2], "Z5")
    with pytest.raises(PositionError) as err:
        Position.parse(with_lines(lines))
    msg = str(err.value)
    assert "'Z5'" in msg and "line 5" in msg and "column 4" in msg
    assert "\n" not in msg


def test_S15_card_twice_names_both_columns():
    lines = list(DEAL0)
    twice = lines[1].split()[0]                 # a card of column 2, written again in column 7
    victim = lines[6].split()
    victim[0] = twice
    lines[6] = " ".join(victim)
    with pytest.raises(PositionError) as err:
        Position.parse(with_lines(lines))
    msg = str(err.value)
    assert msg.startswith(f"{twice} appears twice") and "2" in msg and "7" in msg
    assert "columns 2 and 7" in msg


def test_S15_card_twice_in_the_same_column():
    lines = list(DEAL0)
    cards = lines[2].split()
    cards[1] = cards[0]
    lines[2] = " ".join(cards)
    with pytest.raises(PositionError, match=rf"^{cards[0]} appears twice, in column 3$"):
        Position.parse(with_lines(lines))


def test_S15_unequal_rank_counts():
    """S15: one Pawn removed: '8 Pawns but 9 <rank>s'."""
    lines = list(DEAL0)
    for i, line in enumerate(lines):
        cards = line.split()
        pawns = [c for c in cards if c[0] == "P"]
        if pawns:
            cards.remove(pawns[0])
            lines[i] = " ".join(cards)
            break
    with pytest.raises(PositionError) as err:
        Position.parse(with_lines(lines))
    msg = str(err.value)
    assert msg.startswith("8 Pawns but 9 ") and "equally often" in msg


def test_S15_a_removed_series_leaves_equal_counts():
    """S15: after series are removed, 8 of every rank is a position."""
    p = ref.settle(ref.deal(259))
    assert sum(ref.real_card_count((col,)) for col in p) == 48
    assert to_ref(Position.parse(with_lines([" ".join(c) for c in p]))) == p


def test_S15_missing_neutral_is_named():
    lines = [" ".join(c for c in line.split() if c != "X2") for line in DEAL0]
    with pytest.raises(PositionError, match=r"^neutral X2 is missing"):
        Position.parse(with_lines(lines))


def test_S15_fewer_than_nine_lines():
    with pytest.raises(PositionError, match=r"^only 8 column lines"):
        Position.parse(with_lines(DEAL0[:8]))


def test_S15_more_than_nine_lines():
    with pytest.raises(PositionError, match=r"more than nine columns"):
        Position.parse(with_lines(DEAL0 + ["P9"]))


def test_S15_messages_agree_with_reference_on_validity():
    """S15: every broken text above is also rejected by reference.validate."""
    good = tuple(tuple(line.split()) for line in DEAL0)
    assert ref.validate(good) is None
    twice = list(good)
    twice[6] = (good[1][0],) + good[6][1:]
    assert ref.validate(tuple(twice)) is not None
    no_x2 = tuple(tuple(c for c in col if c != "X2") for col in good)
    assert ref.validate(no_x2) is not None


# ----------------------------------------------------------------------- S17 notation

def test_S17_move_notation_names_the_count_only_when_needed():
    """S17: `1>2` when one run length is legal; `1>2:2` required when [X] and [B, X] both
    can go from column 1 onto column 2 (S10); JSON is 1-based with the count."""
    from drez.solver.solodrez.rules.moves import Move, MoveError, move_text, resolve_move
    pos = Position.parse("P9 Q1 B1 X1\nJ2 X2\nJ1 Q2 R1 B2 N1 P1\n\nN2 R2\n\n\n\n\n")
    assert ref.validate(to_ref(pos)) is None
    legal = pos.legal_moves()
    assert sorted(m.cards for m in legal if m.src == 0 and m.dst == 1) == [1, 2]
    with pytest.raises(MoveError, match=r"1>2:1 or 1>2:2"):
        resolve_move(legal, "1>2")
    assert resolve_move(legal, "1>2:2") == Move(0, 1, 2)
    assert move_text(legal, Move(0, 1, 2)) == "1>2:2"
    assert Move(0, 1, 2).json() == {"from": 1, "to": 2, "cards": 2}
    single = Move(4, 0, 1)                       # [R2] onto X1: the only run of 5 onto 1
    assert single in legal and move_text(legal, single) == "5>1"
    assert resolve_move(legal, "5>1") == single == resolve_move(legal, "5>1:1")
    with pytest.raises(MoveError):
        resolve_move(legal, "1>1")
    with pytest.raises(MoveError):
        resolve_move(legal, "1>2:3")


def test_S17_move_errors_have_one_class_per_kind_and_text_round_trips():
    """MoveSyntaxError (not a move), IllegalMoveError (not allowed here), AmbiguousMoveError
    (the count is needed), all MoveError and ValueError; Move.from_text inverts text();
    Position.play refuses an illegal move with IllegalMoveError."""
    from drez.solver.solodrez.rules.moves import (
        AmbiguousMoveError,
        IllegalMoveError,
        Move,
        MoveError,
        MoveSyntaxError,
        resolve_move,
    )
    pos = Position.parse("P9 Q1 B1 X1\nJ2 X2\nJ1 Q2 R1 B2 N1 P1\n\nN2 R2\n\n\n\n\n")
    legal = pos.legal_moves()
    for text in ("x", "1>1", "0>3", "1>2:0", "1>2:100"):
        with pytest.raises(MoveSyntaxError):
            resolve_move(legal, text)
    for text in ("1>2:3", "4>1"):
        with pytest.raises(IllegalMoveError):
            resolve_move(legal, text)
    with pytest.raises(AmbiguousMoveError):
        resolve_move(legal, "1>2")
    assert issubclass(AmbiguousMoveError, MoveError) and issubclass(MoveError, ValueError)
    for m in legal:
        assert Move.from_text(m.text()) == m and Move.from_text(str(m)) == m
    with pytest.raises(MoveSyntaxError):
        Move.from_text("1>2")
    with pytest.raises(IllegalMoveError):
        pos.play(Move(3, 0, 1))


def test_move_unpack_inverts_pack_for_every_move_and_int_type():
    """Move.unpack and unpack_all (which share one Move per packed value) give back the
    move that was packed, with plain int fields, whether the packed form is an int or a
    numpy int64, first time or later."""
    import numpy as np

    from drez.solver.solodrez.rules.moves import Move
    moves = [Move(s, d, k) for s in range(9) for d in range(9) if s != d for k in (1, 7, 22)]
    random.Random(7).shuffle(moves)
    for i, m in enumerate(moves):
        packed = np.int64(m.pack()) if i % 2 else m.pack()
        for got in (Move.unpack(packed), Move.unpack(int(packed))):
            assert got == m and all(type(v) is int for v in (got.src, got.dst, got.cards))
    packed = np.array([m.pack() for m in moves], np.int64)
    assert Move.unpack_all(packed.tolist()) == moves == Move.unpack_all(list(packed))
