"""The games' protocol (solver/common/protocol.py): every game's state answers it, every
legal action's text reads back to the action, and the errors are the common kinds."""
from __future__ import annotations

import random

import pytest

from drez.solver.common.protocol import BadActionText, GameRuleError, GameState, IllegalAction


def _states():
    from drez.solver.crapette.state import new_game as crapette_game
    from drez.solver.solodrez.rules.position import Position
    from drez.solver.solodrez.state import GameState as Solodrez
    from drez.solver.updown.state import new_game as updown_game
    return {"solodrez": lambda: Solodrez(Position.from_deal(42)),
            "updown": lambda: updown_game(3, 7),
            "crapette": lambda: crapette_game(5)}


@pytest.mark.parametrize("game", ["solodrez", "updown", "crapette"])
def test_a_game_played_through_the_protocol_reads_back_every_action(game):
    state = _states()[game]()
    assert isinstance(state, GameState)
    rng = random.Random(game)
    for _ in range(40):
        if state.done:
            break
        legal = list(state.legal_actions())
        assert legal
        for action in legal:
            assert state.parse_action(state.action_text(action)) == action
        assert state.view(state.to_move) is not None
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("game,bad", [("solodrez", "4>"), ("updown", "fly"), ("crapette", "zz")])
def test_unreadable_text_is_bad_action_text(game, bad):
    state = _states()[game]()
    with pytest.raises(BadActionText):
        state.parse_action(bad)


def _solodrez_illegal(state) -> str:
    legal = {(m.src, m.dst) for m in state.legal_actions()}
    return next(f"{s + 1}>{d + 1}" for s in range(9) for d in range(9)
                if s != d and state.view().columns[s] and (s, d) not in legal)


@pytest.mark.parametrize("game,illegal", [("solodrez", None), ("updown", "pass"),
                                          ("crapette", "1-1")])
def test_illegal_actions_are_illegal_action_and_change_nothing(game, illegal):
    state = _states()[game]()
    illegal = illegal or _solodrez_illegal(state)
    before = [state.action_text(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction):
        state.parse_action(illegal)
    assert [state.action_text(a) for a in state.legal_actions()] == before


def test_every_game_error_is_a_value_error_of_the_common_kinds():
    from drez.solver.crapette.actions import IllegalMove, MoveTextError
    from drez.solver.solodrez.rules.moves import AmbiguousMoveError, IllegalMoveError, MoveSyntaxError
    from drez.solver.updown.actions import ActionTextError, GameError, IllegalActionError
    assert issubclass(GameRuleError, ValueError)
    for kind in (MoveTextError, MoveSyntaxError, AmbiguousMoveError, ActionTextError):
        assert issubclass(kind, BadActionText)
    for kind in (IllegalMove, IllegalMoveError, IllegalActionError):
        assert issubclass(kind, IllegalAction)
    assert issubclass(IllegalActionError, GameError)
