"""Actions: small value objects with a text notation that round-trips.

An :class:`Action` is ``(kind, args)``; its text is the kind followed by its arguments separated
by spaces. Arguments are Region notations (``L1.4``), slugs (``trolls``) or integers.

Player actions of the core:

======================  ==========================================================  ==========
text                    meaning                                                     rule
======================  ==========================================================  ==========
``pick K``              take the combo at position K (0–5), paying K VC             R-PICK-2
``expand``              play this turn with the Active race                         R-DEC-1
``decline``             put the Active race In Decline                              R-DEC-1
``abandon L1.4``        empty one of your Regions before your first conquest        R-TROOP-2
``conquer L1.4``        conquer; with too few tokens it is the final conquest       R-CONQ-*
``pay KEY``             pay a toll before a conquest (Harmony, Marshdweller, Aegis) §8
``end``                 stop conquering                                             R-CONQ-9
``redeploy L1.4 N``     place N tokens from hand in one of your Regions             R-TROOP-3
======================  ==========================================================  ==========

Chance actions (the chance player, RULES §15): ``banner RACE``, ``badge POWER`` (a new combo is
revealed), ``roll N`` (reinforcement die), ``item ITEM`` (a face-down item is revealed).
Abilities add their own kinds (:attr:`smallworld.core.ability.Ability.action_kinds`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from smallworld.core.errors import ActionSyntaxError, Refusal
from smallworld.core.names import N_

_TOKEN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.\-_']*$")

#: core kinds -> number of arguments
CORE_KINDS: dict[str, int] = {
    "pick": 1, "expand": 0, "decline": 0, "abandon": 1, "conquer": 1, "pay": 1, "end": 0,
    "redeploy": 2, "banner": 1, "badge": 1, "roll": 1, "item": 1,
}
CHANCE_KINDS = frozenset({"banner", "badge", "roll", "item"})


class Action(NamedTuple):
    """One action. ``Action("conquer", ("L1.4",))``; ``str(a)`` gives ``"conquer L1.4"``."""

    kind: str
    args: tuple[str | int, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    @property
    def text(self) -> str:
        """The text notation (same as ``str(action)``)."""
        return str(self)


def parse_action(text: str) -> Action:
    """Parse the text notation of an action.

    >>> parse_action("redeploy L1.4 2")
    Action(kind='redeploy', args=('L1.4', 2))
    >>> str(parse_action("  conquer   L2.7 "))
    'conquer L2.7'

    Raises:
        ActionSyntaxError: empty text, a bad word, or a core kind with the wrong number of
            arguments (its message a :class:`~smallworld.core.errors.Refusal`: English, and its
            message id for a driver that says it in another language).
    """
    if not isinstance(text, str):
        raise ActionSyntaxError(Refusal(N_("an action must be text, not {type}"), type=type(text).__name__))
    words = text.split()
    if not words:
        raise ActionSyntaxError(Refusal(N_("empty action")))
    for w in words:
        if not _TOKEN.match(w):
            raise ActionSyntaxError(Refusal(N_("bad word {word} in action {action}"), word=repr(w), action=repr(text)))
    kind = words[0].lower()
    args: list[str | int] = []
    for w in words[1:]:
        args.append(int(w) if w.isdigit() else w)
    want = CORE_KINDS.get(kind)
    if want is not None and len(args) != want:
        msgid = (N_("{kind} takes 1 argument, got {got} in {action}") if want == 1
                 else N_("{kind} takes {want} arguments, got {got} in {action}"))
        raise ActionSyntaxError(Refusal(msgid, kind=repr(kind), want=want, got=len(args), action=repr(text)))
    return Action(kind, tuple(args))


def as_action(a: Action | str) -> Action:
    """Accept an :class:`Action` or its text."""
    if isinstance(a, Action):
        return a
    if isinstance(a, tuple) and len(a) == 2 and isinstance(a[0], str):
        return Action(a[0], tuple(a[1]))
    return parse_action(a)
