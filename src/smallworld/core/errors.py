"""Errors raised by the rules core. All are ``ValueError`` subclasses with messages that name
what is wrong.

A refusal's message is a :class:`Refusal`: a ``str`` (the English sentence, what ``str(error)``
and :func:`smallworld.core.explain.explain_illegal` give the CLI and the RL environment) that also
carries its message id (the English sentence with ``{placeholders}``, marked with
:func:`smallworld.core.names.N_` so that ``tools/i18n_catalogue.py`` extracts it) and its
arguments, so that a driver can say it in another language (:meth:`Refusal.to_json`). The core
knows no edition: a race, power, item, piece or Region kind inside an argument is a :class:`Name`
(its kind and id), which the driver names through ``Edition.names(lang)`` or its catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class Name(str):
    """A name inside a refusal's arguments: the English ``str`` with its ``kind`` (``"race"``,
    ``"power"``, ``"item"``, ``"piece"``, ``"symbol"``, ``"terrain"``) and ``id``
    (``Name("item", "aegis-of-aggramar", "Aegis of Aggramar")``). JSON:
    ``{"name": kind, "id": id, "en": english}``."""

    kind: str
    id: str

    def __new__(cls, kind: str, ident: str, english: str) -> Name:
        obj = super().__new__(cls, english)
        obj.kind, obj.id = kind, ident
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (Name, (self.kind, self.id, str(self)))


class Joined(tuple[Any, ...]):
    """A list of argument values said as one, ``sep`` between them (``" + "``, ``", "``).
    JSON: ``{"list": [values], "sep": sep}``."""

    sep: str

    def __new__(cls, items: Sequence[Any], sep: str = ", ") -> Joined:
        obj = super().__new__(cls, items)
        obj.sep = sep
        return obj

    def __str__(self) -> str:
        return self.sep.join(str(x) for x in self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (tuple(self), self.sep))


class Refusal(str):
    """A sentence for players that a driver can translate: the English text (the ``str``), its
    message id ``msgid`` (English with ``{placeholders}``, marked with ``N_``) and ``args``
    (``{placeholder: value}``; a value is an ``int``, a ``str``, a :class:`Name`, a
    :class:`Joined` list or a nested :class:`Refusal`, e.g. a toll's words).

    >>> str(Refusal("costs {cost} VC", cost=3))
    'costs 3 VC'

    Raises:
        KeyError: ``msgid`` names a placeholder that ``args`` lacks.
    """

    msgid: str
    args: Mapping[str, Any]

    def __new__(cls, msgid: str, /, **args: Any) -> Refusal:
        obj = super().__new__(cls, msgid.format(**{k: str(v) for k, v in args.items()}))
        obj.msgid, obj.args = msgid, args
        return obj

    def __reduce__(self) -> tuple[Any, ...]:  # pickled as its message id and arguments
        return (_refusal, (self.msgid, dict(self.args)))

    def to_json(self) -> dict[str, Any]:
        """``{"id": msgid, "args": {name: value}}``, each value as JSON (:func:`arg_json`)."""
        return {"id": self.msgid, "args": {k: arg_json(v) for k, v in self.args.items()}}


def _refusal(msgid: str, args: dict[str, Any]) -> Refusal:
    return Refusal(msgid, **args)


def arg_json(value: Any) -> Any:
    """A refusal argument as JSON: a :class:`Refusal` as ``{"id", "args"}``, a :class:`Name` as
    ``{"name": kind, "id", "en"}``, a :class:`Joined` as ``{"list", "sep"}``, a number or text
    as itself."""
    if isinstance(value, Refusal):
        return value.to_json()
    if isinstance(value, Name):
        return {"name": value.kind, "id": value.id, "en": str(value)}
    if isinstance(value, Joined):
        return {"list": [arg_json(x) for x in value], "sep": value.sep}
    if isinstance(value, bool | int | float):
        return value
    return str(value)


class RulesError(ValueError):
    """Base class of the core's errors.

    ``str(error)`` is English; :attr:`refusal` the same sentence as a :class:`Refusal` when it
    was raised with one (a driver translates it), else ``None``."""

    @property
    def refusal(self) -> Refusal | None:
        """The :class:`Refusal` the error was raised with, or ``None`` (a plain message)."""
        first = self.args[0] if self.args else None
        return first if isinstance(first, Refusal) else None


class ActionSyntaxError(RulesError):
    """An action's text cannot be parsed (e.g. ``"conquer"`` with no Region); raised with a
    :class:`Refusal` saying what is wrong (:attr:`refusal`)."""


class IllegalActionError(RulesError):
    """A well-formed action that the rules do not allow now. The state is unchanged.

    ``str(error)`` is English; :attr:`refusal` the same sentence as a :class:`Refusal` (the
    rules' refusals are all raised with one), else ``None``."""


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
