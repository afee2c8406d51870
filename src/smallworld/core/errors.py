"""Errors raised by the rules core. All are ``ValueError`` subclasses with messages that name
what is wrong."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of the core's errors."""


class ActionSyntaxError(RulesError):
    """An action's text cannot be parsed (e.g. ``"conquer"`` with no Region)."""


class IllegalActionError(RulesError):
    """A well-formed action that the rules do not allow now. The state is unchanged."""


class ChangeError(RulesError):
    """A state change asked of :mod:`smallworld.core.changes` that would break a count (a seat
    below 0 VC, an exhausted supply, a Region without the pieces taken): a bug in the caller."""


class ScenarioError(RulesError):
    """A scenario file is malformed or describes an impossible position."""


class ReplayError(RulesError):
    """A game record cannot be replayed. ``index`` is the 0-based position of the first bad
    action (``None`` when the header is at fault), ``action`` its text."""

    def __init__(self, message: str, index: int | None = None, action: str | None = None):
        super().__init__(message)
        self.index = index
        self.action = action
