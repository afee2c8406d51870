"""Words for people: names of boards, Regions, races, powers and items, action and toll words.

These read the game's edition and its abilities' declarations (:mod:`smallworld.core.meta`);
nothing here knows a rule. The chronicle of a game is :mod:`smallworld.web.chronicle`, rendered
from the engine's events.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from smallworld.boards import BoardError, load_face
from smallworld.boards.classic import load_map_by_id
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, TollWords
from smallworld.core.names import N_
from smallworld.core.state import State
from smallworld.web.i18n import region_name
from smallworld.web.speech import _, current


def _name(kind: str, ident: str | None) -> str:
    """The display name of race, power or item ``ident`` in any installed edition (the ids of
    the editions never clash in meaning: classic Ratmen are nobody else's); the id itself, or
    ``"?"``, when none has it."""
    if not ident:
        return "?"
    from smallworld.core import edition as core_editions

    return _names_by_id(tuple(core_editions.names()), kind).get(ident, ident)


@cache
def _names_by_id(editions: tuple[str, ...], kind: str) -> dict[str, str]:
    """Every id of ``kind`` in ``editions`` -> its display name, the first edition's first
    (made once per set of installed editions: :func:`_name` ran through every edition's table
    for each argument of each action offered, issue #36 point 9)."""
    from smallworld.core import edition as core_editions

    out: dict[str, str] = {}
    for name in editions:
        for ident, entry in getattr(core_editions.get(name), kind).items():
            out.setdefault(ident, str(entry.name))
    return out


@cache
def board_name(face_id: str) -> str:
    """The name printed on a board face or a classic map (``"L1"`` -> ``"Elwynn Reach"``);
    the id itself when no such face exists (an imported record's unknown board)."""
    for load in (load_face, load_map_by_id):
        try:
            return str(load(face_id).name)
        except BoardError:  # not this kind of board
            continue
    return face_id


def named(s: State, kind: str, ident: str | None) -> str:
    """The display name of ``ident`` in ``kind`` (``"races"``, ``"powers"``, ``"items"``): the
    game's edition's first, then any edition's (:func:`_name`)."""
    table = getattr(s.spec.edition, kind)
    if ident in table:
        return str(table[ident].name)
    return _name(kind, ident)


def race_name(race: str | None) -> str:
    return _name("races", race)


def power_name(power: str | None) -> str:
    return _name("powers", power)


def item_name(item: str | None) -> str:
    return _name("items", item)


def neutral_name(s: State) -> str:
    """The edition's neutral tokens for people: "the Murlocs" (R-SET-3), "the Lost Tribes"."""
    piece = s.spec.edition.neutral_piece
    return "the Murlocs" if piece == "murloc" else "the " + piece.replace("-", " ").title() + "s"


def region_label(s: State, r: int, lang: str | None = None) -> str:
    """Region ``r``'s name as players say it, in ``lang`` (default: the language spoken,
    :func:`smallworld.web.speech.current`); its board id goes in the entry's ``detail``."""
    return region_name(lang or current(), s.spec.names[r])


def pretty_arg(s: State, arg: Any) -> str:
    """An action argument for people: Region ids get their names, slugs their display names."""
    text = str(arg)
    if text in s.spec.index:
        return region_label(s, s.spec.index[text])
    for kind in ("races", "powers", "items"):
        name = named(s, kind, text)
        if name != text:
            return name
    return text


#: the words of the actions no ability declares (the core's own)
CORE_PHRASES: dict[str, str] = {"done": N_("Done placing")}


def declared_action(ed: Any, kind: str) -> tuple[ActionSpec, Ability] | None:
    """The first declaration of action ``kind`` among edition ``ed``'s abilities (their
    ``action_specs``, :mod:`smallworld.core.meta`) with the ability declaring it, or ``None``."""
    for ability in ed.abilities():
        for spec in ability.action_specs:
            if spec.kind == kind:
                return spec, ability
    return None


def action_words(s: State, a: Action, names: list[str] | None = None, *,
                 button: bool = False) -> tuple[str, Ability | None] | None:
    """Action ``a`` in player words (``button``: the button's words) with the ability whose
    summary explains it: from the declarations of the game's edition
    (:meth:`~smallworld.core.meta.ActionSpec.words`), else the core's words
    (:data:`CORE_PHRASES`); ``None`` when nothing words it. ``names``: the arguments as people
    say them (default :func:`pretty_arg`)."""
    if names is None:
        names = [pretty_arg(s, x) for x in a.args]
    found = declared_action(s.spec.edition, a.kind)
    if found is not None:
        text = found[0].words(tuple(str(x) for x in a.args), tuple(names), s.spec.seats, button=button, tr=_)
        if text is not None:
            return text, found[1]
    if a.kind in CORE_PHRASES:
        return _(CORE_PHRASES[a.kind]), None
    return None


def _toll_words(s: State, key: str) -> tuple[TollWords, Ability] | None:
    """The declared words of toll ``key`` (:class:`~smallworld.core.meta.TollWords`) in the
    game's edition, with the ability declaring them."""
    for ability in s.spec.edition.abilities():
        for words in ability.toll_words:
            if words.matches(key):
                return words, ability
    return None


def toll_phrase(s: State, key: str) -> str:
    """A toll in words (RULES §8), from the declaring ability's ``toll_words``:
    ``"marsh-L1.4"`` -> ``"the Marshdweller toll for Goldshire Fields"``; ``"a toll"`` when no
    ability declares it."""
    found = _toll_words(s, key)
    if found is None:
        return _("a toll")
    words = found[0]
    region = pretty_arg(s, key[len(words.key):]) if words.per_region else ""
    return _(words.pay).format(region=region)


def pretty_action(s: State, a: Action) -> str:
    """An ability's action in words: ``"objective L1.4"`` -> ``"Place a Military Objective in
    Goldshire Fields"`` (the declared words, :func:`action_words`), else ``"Kind · Goldshire
    Fields"``."""
    words = action_words(s, a)
    if words is not None:
        return words[0]
    head = a.kind.replace("-", " ").replace("_", " ").capitalize()
    if not a.args:
        return head
    return head + " · " + ", ".join(pretty_arg(s, x) for x in a.args)
