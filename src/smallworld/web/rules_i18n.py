"""The rules pages in the reader's language (issue 31): each block of the Markdown is a message.

The design is Sphinx's (sphinx-intl): the English Markdown stays the one source of truth, and
every block of it that a reader sees (a heading's words, a paragraph, a list item's paragraph, a
table cell: markdown-it's ``inline`` tokens) is one message of the ordinary gettext catalogues,
``locales/<lang>/LC_MESSAGES/messages.po``. Its msgid is the block's Markdown with the spacing of
its lines collapsed (``**Ruling**: see [R-CONQ-3](#R-CONQ-3).``); its translation is Markdown in
the language, so emphasis and links (rule IDs as link targets) are the translator's to place.
Each page renders every block in the chosen language and falls back to the English block where a
translation is missing, so a page never breaks when the English changes: the changed block shows
in English until ``tools/i18n_catalogue.py update`` brings it to the translators.

- **One catalogue, kept apart**: the blocks carry the message context :data:`CONTEXT`
  (``msgctxt "rules"``). ``/api/i18n``, which gives each page's scripts their messages, leaves
  that context out (about 70 KB per language the game pages never show).
- **Anchors do not move**: a heading's ``{#R-CONQ-3}`` is taken out of its words before they are
  looked up (:func:`smallworld.web.rules_pages._heading_ids`), so every language has the same
  ``id`` and the game's links and the Guide land on the same heading.
- **Names come from the editions**: a block that is exactly a race, power, item or faction
  name (a card's heading, a table's cell) is not a message; it shows the edition's own name in
  the language (:meth:`smallworld.core.edition.Edition.names`, the rulebooks' names), so names
  have one source. Neither is a block without letters (a number) or a rule ID alone.
- **Extraction**: ``tools/i18n_catalogue.py`` lists the blocks with :func:`messages`, the same
  markdown-it pass the page renders with, so what is extracted is what is shown.
- **A fourth language** is one more ``.po`` file: nothing here names a language.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from functools import cache
from typing import Any

from markdown_it.rules_core import StateCore

from smallworld.core import edition as core_editions
from smallworld.web import i18n

#: the message context of the rules' blocks (``msgctxt``), kept out of ``/api/i18n``
CONTEXT = i18n.RULES_CONTEXT
#: a block worth translating holds a letter
_WORD = re.compile(r"[^\W\d_]")
#: a block that is a rule ID alone (a heading "C-R-AMAZONS-2"): the same in every language
_RULE_ID = re.compile(r"[RC](?:-[A-Z]+)+-\d+")


def block_key(content: str) -> str:
    """A block's msgid: its Markdown with each run of spacing (line ends too) made one space."""
    return " ".join(content.split())


@cache
def catalogue(lang: str) -> dict[tuple[str | None, str], str]:
    """``(context, msgid) -> translation`` of ``lang``'s catalogue (translated, not fuzzy,
    singular messages); empty for English and for a language without a catalogue."""
    if lang == i18n.SOURCE or lang not in i18n.languages():
        return {}
    out: dict[tuple[str | None, str], str] = {}
    for m in i18n.read_catalogue(lang):
        if isinstance(m.id, str) and m.id and m.string and not m.fuzzy and isinstance(m.string, str):
            out[(m.context, m.id)] = m.string
    return out


def gettext(lang: str, msgid: str) -> str:
    """``msgid`` (a message without context) in ``lang``; as written when untranslated."""
    return catalogue(lang).get((None, msgid)) or msgid


@cache
def names_map(edition: str, lang: str) -> dict[str, str]:
    """The edition's English names -> its names in ``lang`` (races, powers, items, factions);
    English -> English where the language lacks one. (Pieces are messages: a table's "Murlocs"
    or "Troll Lair" is a word of the rules as much as a name.)"""
    ed = core_editions.get(edition)
    local = ed.names(lang if lang in ed.languages() else i18n.SOURCE)
    english = ed.names(i18n.SOURCE)
    out: dict[str, str] = {}
    for kind in ("races", "powers", "items", "factions"):
        for ident, name in english.get(kind, {}).items():
            out[name] = local[kind].get(ident, name)
    return out


def translate_blocks(state: StateCore) -> None:
    """markdown-it core rule (after the headings' anchors are taken out, before the inline
    pass): each block in ``state.env["lang"]``, names from ``state.env["edition"]``'s tables.
    With ``state.env["messages"]`` a list, each block that is a message is appended to it as
    ``(line, msgid)`` (extraction)."""
    env: MutableMapping[str, Any] = state.env
    lang = env.get("lang", i18n.SOURCE)
    edition = env.get("edition")
    names = names_map(edition, lang) if edition else {}
    found = env.get("messages")
    table = catalogue(lang)
    for tok in state.tokens:
        if tok.type != "inline":
            continue
        key = block_key(tok.content)
        if not _WORD.search(key) or _RULE_ID.fullmatch(key):
            continue
        if key in names:
            tok.content = names[key]
            continue
        if found is not None:
            found.append(((tok.map[0] + 1) if tok.map else 0, key))
        text = table.get((CONTEXT, key))
        if text:
            tok.content = text


__all__ = ["CONTEXT", "block_key", "catalogue", "gettext", "names_map", "translate_blocks"]
