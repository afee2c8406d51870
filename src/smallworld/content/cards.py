"""Quick-reference cards of the races, Special Powers and items, as Markdown pages of the
documentation site (``docs/rules/races.md``, ``powers.md``, ``items.md``, generated when the
site is built; see ``tools/docs_hooks.py``).

This is the one place that reads ability metadata for documents: what each ability declares on
its class (:mod:`smallworld.core.meta`: the plain-words ``summary``, its ``pieces``), the
``rule`` it implements and the ``id`` from :mod:`smallworld.content.registry`, and names and
numbers from :mod:`smallworld.content.data`.

The pages speak English unless given :class:`CardWords` (the rules pages served in the app pass
the reader's language: names from the edition's tables, summaries and the cards' own words, marked
``N_`` here, from the message catalogues).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from smallworld.content import registry
from smallworld.content.data import ITEMS, POWERS, RACES
from smallworld.core.names import N_

RULES_PAGE = "swow.md"
"""The page of ``docs/rules/`` that holds the full rules, with one heading per race, power and
item (anchor :func:`rule_anchor`)."""

_FACTION = {"alliance": "Alliance", "horde": "Horde", "neutral": "Neutral"}
_ITEM_KIND = {"artifact": N_("Artifact"), "place": N_("Legendary Place")}


def _english_tokens(n: int) -> str:
    return f"{n} token" if n == 1 else f"{n} tokens"


@dataclass(frozen=True)
class CardWords:
    """The words of the card pages in one language (English by default).

    Attributes:
        text: a label or sentence of this module (marked ``N_``) -> the same in the language.
        tokens: a number of tokens -> ``"5 tokens"`` in the language (its plural forms).
        name: ``(kind, id, english)`` -> the name in the language; ``kind`` is ``"race"``,
            ``"power"``, ``"item"``, ``"faction"`` or ``"piece"``.
        summary: ``(kind, id, english)`` -> the ability's summary in the language.
    """

    text: Callable[[str], str] = str
    tokens: Callable[[int], str] = _english_tokens
    name: Callable[[str, str, str], str] = lambda kind, ident, english: english
    summary: Callable[[str, str, str], str] = lambda kind, ident, english: english


@dataclass(frozen=True)
class Card:
    """One race, power or item as a card: ``facts`` are short ``(label, value)`` pairs."""

    kind: str
    id: str
    name: str
    summary: str
    rule: str
    facts: tuple[tuple[str, str], ...]


def rule_anchor(kind: str, ident: str) -> str:
    """The anchor of the full rule of a race, power or item on :data:`RULES_PAGE`:
    ``rule_anchor("race", "night-elves") == "race-night-elves"``.

    Raises:
        ValueError: ``kind`` is not ``"race"``, ``"power"`` or ``"item"``.
    """
    if kind not in ("race", "power", "item"):
        raise ValueError(f"kind must be race, power or item, not {kind!r}")
    return f"{kind}-{ident}"


def _pieces(ab: object, w: CardWords) -> list[tuple[str, str]]:
    """The ``("Pieces", "Wisp Wall")`` fact of an ability that declares pieces, else none."""
    names = [w.name("piece", p.id, p.name) for p in getattr(ab, "pieces", ())]
    return [(w.text(N_("Pieces")), ", ".join(names))] if names else []


def _entries(w: CardWords) -> list[Card]:
    out = []
    for ident, ab in sorted(registry.RACE_ABILITIES.items()):
        d = RACES[ident]
        faction = ((w.text(N_("Faction")), w.name("faction", d.faction, _FACTION[d.faction])),) if d.faction else ()
        out.append(Card("race", ident, w.name("race", ident, d.name), w.summary("race", ident, ab.summary), ab.rule, (
            (w.text(N_("Banner")), w.tokens(d.value)), (w.text(N_("In the box")), w.tokens(d.in_box)),
            *faction, *_pieces(ab, w))))
    for ident, ab in sorted(registry.POWER_ABILITIES.items()):
        p = POWERS[ident]
        facts = [(w.text(N_("Badge")), w.tokens(p.value))]
        if ab.lasts_in_decline:
            facts.append((w.text(N_("In Decline")), w.text(N_("keeps working"))))
        facts += _pieces(ab, w)
        out.append(Card("power", ident, w.name("power", ident, p.name), w.summary("power", ident, ab.summary),
                        ab.rule, tuple(facts)))
    for ident, ab in sorted(registry.ITEM_ABILITIES.items()):
        i = ITEMS[ident]
        out.append(Card("item", ident, w.name("item", ident, i.name), w.summary("item", ident, ab.summary), ab.rule,
                        ((w.text(N_("Kind")), w.text(_ITEM_KIND[i.kind])),)))
    return out


_PAGES = {
    "race": ("races.md", N_("Races"), N_("The 16 races of Small World of Warcraft. A combo's tokens "
                                         "are its banner value plus its badge value ([R-PICK-3](swow.md#R-PICK-3)).")),
    "power": ("powers.md", N_("Special Powers"), N_("The 20 Special Power badges.")),
    "item": ("items.md", N_("Artifacts and Legendary Places"), N_("The 5 Artifacts and 7 Legendary "
             "Places, one face down on each board at the start ([R-SET-4](swow.md#R-SET-4)).")),
}


_EACH_LINKS = N_("Each card links to the full rule.")
_FULL_RULE = N_("Full rule: {link}")


def card_pages(**words: Callable[..., str]) -> dict[str, str]:
    """The three card pages: ``{"races.md": markdown, "powers.md": ..., "items.md": ...}``, in
    English, or in a language given by the functions of :class:`CardWords` as keywords
    (``card_pages(text=..., tokens=..., name=..., summary=...)``, any of them; the drivers
    reach this through ``Edition.card_pages`` and import nothing of this package).

    Each card is a heading with the id as anchor (``races.md#night-elves``), its numbers, its
    one-line summary and a link to its full rule on :data:`RULES_PAGE`.

    Raises:
        TypeError: a keyword that is not a field of :class:`CardWords`.
    """
    w = CardWords(**words)
    cards = _entries(w)
    pages = {}
    for kind, (name, title, intro) in _PAGES.items():
        anchor = re.sub(r"[^a-z]+", "-", title.lower())  # the English title's: the same in every language
        lines = [
            f"# {w.text(title)} {{#{anchor}}}", "",
            "<!-- Generated from the game's data by smallworld.content.cards: do not edit. -->", "",
            f"{w.text(intro)} {w.text(_EACH_LINKS)}", "",
        ]
        for c in (c for c in cards if c.kind == kind):
            facts = " · ".join(f"**{label}** {value}" for label, value in c.facts)
            link = f"[{c.name}]({RULES_PAGE}#{rule_anchor(kind, c.id)})"
            lines += [
                f"## {c.name} {{#{c.id}}}", "",
                facts, "",
                c.summary, "",
                w.text(_FULL_RULE).replace("{link}", link), "",
            ]
        pages[name] = "\n".join(lines)
    return pages
