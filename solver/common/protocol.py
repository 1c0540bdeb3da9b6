"""The shape every game shares: a state, its legal actions, apply, one seat's view, and
action text both ways; and the error kinds every game's own errors subclass.

Each game folder (solver/solodrez, solver/updown, solver/crapette) has the same module
names: ``cards`` (card values and text), ``state`` (the game state, implementing
``GameState`` below), ``actions`` (action values and their text both ways), ``view`` (what
one seat may see); the two-player games add ``bots``, ``sim`` and ``match``.  The terminal
``play`` commands and the tests read and write actions only through ``parse_action`` and
``action_text``, so a front end that knows this protocol can drive any of the games.

Errors are ``ValueError`` subclasses, one class per kind, so callers catch one kind for
every game and never test a message: ``BadActionText`` for text that names no action,
``IllegalAction`` for an action the rules do not allow now.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


class GameRuleError(ValueError):
    """Base of the error kinds below; the message is one line naming the bad input."""


class BadActionText(GameRuleError):
    """Text that does not name an action of the game (unreadable, or ambiguous)."""


class IllegalAction(GameRuleError):
    """An action the rules do not allow in the current state; the message says why."""


@runtime_checkable
class GameState(Protocol):
    """One game in play, as front ends and tests drive it.

    ``apply`` changes the state in place (Solodrez's adapter keeps its immutable position
    inside); ``view(seat)`` holds only what that seat may see.
    """

    @property
    def to_move(self) -> int:
        """The seat whose action is next (always 0 in a one-player game)."""
        ...

    @property
    def done(self) -> bool:
        """True once the game has ended (no action is legal any more)."""
        ...

    def legal_actions(self) -> Sequence[Any]:
        """Every legal action of the seat to move; empty when the game is over."""
        ...

    def apply(self, action: Any) -> None:
        """Make ``action``; raises IllegalAction (state unchanged) when it is not legal."""
        ...

    def view(self, seat: int) -> Any:
        """What ``seat`` may see of the game, and nothing more."""
        ...

    def action_text(self, action: Any) -> str:
        """The text of ``action`` in the current state; ``parse_action`` reads it back."""
        ...

    def parse_action(self, text: str) -> Any:
        """The legal action ``text`` names; BadActionText if it names none, IllegalAction
        if it names one the rules do not allow now."""
        ...
