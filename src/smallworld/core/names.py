"""Names of an edition's races, powers, items and pieces in other languages.

An edition package keeps a ``names.toml`` beside its data (one table per language, one line per
name: ``race.blood-elves = "Elfi del Sangue"``, or an inline table with ``name``, ``plural`` and
``from_rulebook = false`` for a plain translation that no rulebook prints) and gives
:func:`read_names` of it to its :class:`~smallworld.core.edition.Edition` as ``translations``;
drivers read them through :meth:`Edition.names(lang) <smallworld.core.edition.Edition.names>`.
English names stay where they are (the edition's data and the pieces' declarations).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

#: what a name may be of: races, Special Powers, Artifacts and Legendary Places, limited pieces,
#: the edition's title (id: the edition's name), factions or sides (R-SCORE-3, R-TEAM-1) and
#: board faces or maps (id: the face's, ``"L1"``, ``"C2"``)
KINDS = ("race", "power", "item", "piece", "title", "faction", "board")

_LANG = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")


@dataclass(frozen=True)
class LocalName:
    """One name in one language.

    Attributes:
        kind: one of :data:`KINDS`.
        id: the id in the edition's tables (``"blood-elves"``; a title's id is the edition name).
        lang: the language code (``"it"``, ``"ko"``).
        name: the name (``"Elfi del Sangue"``).
        plural: the name for several (pieces: ``"Montagne"``); ``name`` when the same.
        from_rulebook: printed in that language's rulebook; False for a plain translation.
    """

    kind: str
    id: str
    lang: str
    name: str
    plural: str
    from_rulebook: bool = True


def N_(message: str) -> str:
    """Mark ``message`` (English words shown to players later, e.g. a bot level's description)
    for the message catalogues: ``tools/i18n_catalogue.py`` extracts it, the page translates it
    where it shows it. Returns ``message`` unchanged."""
    return message


def read_names(text: str, where: str = "names.toml") -> dict[str, dict[str, LocalName]]:
    """The names of a ``names.toml`` text: ``{lang: {"kind:id": LocalName}}``.

    Raises:
        ValueError: not TOML, a language code that is not one (``"it"``, ``"pt_BR"``), an
            unknown kind, a value that is neither a string nor a table with a ``name``, or an
            unknown key in such a table; the message names ``where`` and the line's key.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{where}: {e}") from None
    out: dict[str, dict[str, LocalName]] = {}
    for lang, kinds in data.items():
        if not _LANG.fullmatch(lang) or not isinstance(kinds, dict):
            raise ValueError(f"{where}: [{lang}] is not a language table ([it], [ko], [pt_BR])")
        table = out.setdefault(lang, {})
        for kind, ids in kinds.items():
            if kind not in KINDS or not isinstance(ids, dict):
                raise ValueError(f"{where}: [{lang}] {kind}: not one of {', '.join(KINDS)}")
            for ident, value in ids.items():
                table[f"{kind}:{ident}"] = _entry(kind, ident, lang, value, f"{where}: [{lang}] {kind}.{ident}")
    return out


def _entry(kind: str, ident: str, lang: str, value: Any, where: str) -> LocalName:
    if isinstance(value, str):
        value = {"name": value}
    if not isinstance(value, dict) or not isinstance(value.get("name"), str) or not value["name"].strip():
        raise ValueError(f"{where}: give a name (a string, or a table with name = \"...\")")
    extra = set(value) - {"name", "plural", "from_rulebook"}
    if extra:
        raise ValueError(f"{where}: unknown key(s) {', '.join(sorted(extra))} (name, plural, from_rulebook)")
    plural = value.get("plural", value["name"])
    rulebook = value.get("from_rulebook", True)
    if not isinstance(plural, str) or not isinstance(rulebook, bool):
        raise ValueError(f"{where}: plural is a string and from_rulebook true or false")
    return LocalName(kind, ident, lang, value["name"], plural, rulebook)


__all__ = ["KINDS", "LocalName", "N_", "read_names"]
