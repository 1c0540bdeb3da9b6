"""The layer both front ends share (solver/solodrez/io/): one error class per kind of bad
input, each a ValueError naming the input; the readers; the results as frozen values."""
from __future__ import annotations

import dataclasses

import pytest

from drez.solver.solodrez.hints import Hint, MoveResult, hint_from_result
from drez.solver.solodrez.io import errors
from drez.solver.solodrez.io.inputs import (
    load_position,
    parse_deal_number,
    play_moves,
    play_until_unplayable,
    read_move,
    read_position,
)
from drez.solver.solodrez.io.pick import pick_deal
from drez.solver.solodrez.io.records import read_record
from drez.solver.solodrez.review import Review, Step
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import WON, Result
from drez.solver.solodrez.search.status import Limit


def test_every_kind_of_bad_input_is_its_own_value_error():
    kinds = [errors.UnreadableInputError, errors.DealNumberError, errors.PositionInputError,
             errors.NotAMoveError, errors.UnplayableMoveError, errors.RecordError,
             errors.DealIndexError, errors.PickError]
    for kind in kinds:
        assert issubclass(kind, errors.InputError) and issubclass(kind, ValueError)


@pytest.mark.parametrize("text, kind, words", [
    ("-3", errors.DealNumberError, "deal number -3 is outside"),
    ("x1", errors.DealNumberError, "'x1' is not a deal number"),
    (str(2 ** 64), errors.DealNumberError, "is outside 0.."),
])
def test_deal_numbers(text, kind, words):
    with pytest.raises(kind, match=words):
        parse_deal_number(text)
    assert parse_deal_number("42") == 42


def test_positions_moves_and_records_name_what_is_wrong(tmp_path):
    pos, label = load_position("42")
    assert label == "deal 42" and pos == Position.from_deal(42)
    with pytest.raises(errors.PositionInputError, match=r"^here: "):
        read_position("nonsense\n", "here")
    with pytest.raises(errors.NotAMoveError, match=r"^move: .*onto itself") as e:
        read_move(pos, "1>1")
    assert e.value.number is None and "onto itself" in e.value.reason
    with pytest.raises(errors.NotAMoveError, match=r"^move 2: "):
        play_moves(pos, [pos.legal_moves()[0].text(), "1>1"])
    first = pos.legal_moves()[0]
    illegal = next(f"{s}>{d}" for s in range(1, 10) for d in range(1, 10)
                   if s != d and not any(m.src == s - 1 and m.dst == d - 1
                                         for m in pos.play(first).legal_moves()))
    after, played, unplayable = play_until_unplayable(pos, [first.text(), illegal, "1>1"])
    assert played == [first] and after == pos.play(first)
    assert isinstance(unplayable, errors.UnplayableMoveError) and unplayable.number == 2
    with pytest.raises(errors.UnplayableMoveError, match=r"^move 2: "):
        play_moves(pos, [first.text(), illegal])
    with pytest.raises(errors.RecordError, match=r"^game.txt: line 2: move 1: ") as e:
        read_record("deal 42\n1>1\n", "game.txt")
    assert e.value.line == 2
    with pytest.raises(errors.UnreadableInputError, match=r"^record: 'position PATH' names a file"):
        read_record("position start.txt\n", "record", base_dir=None)
    with pytest.raises(errors.UnreadableInputError, match="cannot read"):
        load_position(str(tmp_path / "missing"))


def test_picks_the_index_cannot_answer(tmp_path):
    with pytest.raises(errors.PickError, match="difficulty must be one of"):
        pick_deal("impossible", False, None, None)
    with pytest.raises(errors.DealIndexError, match="no deal index at"):
        pick_deal(None, False, None, str(tmp_path / "none.json"))
    index = tmp_path / "index.json"
    index.write_text('{"difficulties": {"easy": [5], "lost": [7]}}')
    with pytest.raises(errors.PickError, match="exclude each other"):
        pick_deal("lost", True, None, str(index))
    with pytest.raises(errors.PickError, match="has no hard deal"):
        pick_deal("hard", False, None, str(index))
    assert pick_deal(None, True, 0, str(index)) == 5


def test_results_are_frozen_values_built_with_keywords():
    r = Result(verdict=WON)
    for value in (r, Hint(verdict=WON)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.limit = Limit.TIME
    assert dataclasses.replace(r, limit=Limit.TIME).limit == "time" and r.limit is None
    for cls in (Result, Hint, MoveResult, Step, Review):
        assert cls.__dataclass_params__.frozen, cls
        with pytest.raises(TypeError):
            cls(WON)


def test_a_win_not_proven_shortest_with_no_named_limit_says_unproven():
    pos = Position.from_deal(42)
    move = pos.legal_moves()[0]
    h = hint_from_result(pos, Result(verdict=WON, moves=[move, move], lower_bound=1))
    assert h.limit is Limit.UNPROVEN and h.distance is None and h.at_most == 2
    assert h.move == move and h.after == pos.play(move)
    named = hint_from_result(pos, Result(verdict=WON, moves=[move], limit=Limit.TIME))
    assert named.limit is Limit.TIME
