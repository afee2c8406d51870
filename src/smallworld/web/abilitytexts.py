"""The ability texts in the reader's language: each race's, power's, item's and Legendary Place's
summary, and each piece's effect, as their abilities declare them (``summary = N_("...")``,
``Piece(..., N_("..."))`` in ``smallworld.content`` and ``smallworld.classic``: one fact in one
place), translated by the ``.po`` catalogues (the Italian and Korean cards' own words where the
rulebooks print them).

The pages translate the English summary of ``/api/meta`` with ``t()``; the server's pages (the
rules pages' cards, :mod:`smallworld.web.rules_pages`) call :func:`summary_in`.
"""

from __future__ import annotations

from smallworld.core import edition as core_editions
from smallworld.web import speech

KINDS = ("race", "power", "item")


def summary_in(edition: str, kind: str, ident: str, lang: str) -> str:
    """The summary of ``edition``'s ``kind`` ``ident`` in ``lang`` (``"it"``, ``"ko"``; English
    for ``"en"``, for a language without a catalogue and for a summary not yet translated);
    ``""`` for an id without an ability.

    >>> summary_in("swow", "race", "trolls", "en")
    'Non-empty Regions cost 1 fewer token.'

    Raises:
        KeyError: an unknown edition, or ``kind`` not one of :data:`KINDS`.
    """
    if kind not in KINDS:
        raise KeyError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    if edition not in core_editions.names():
        raise KeyError(f"unknown edition {edition!r}")
    ed = core_editions.get(edition)
    table = {"race": ed.race_abilities, "power": ed.power_abilities, "item": ed.item_abilities}[kind]
    ability = table.get(ident)
    if ability is None or not ability.summary:
        return ""
    with speech.speaking(lang):
        return speech._(ability.summary)


__all__ = ["KINDS", "summary_in"]
