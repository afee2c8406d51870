"""Quick-reference cards of the races, Special Powers and items, as Markdown pages of the
documentation site (``docs/rules/races.md``, ``powers.md``, ``items.md``, generated when the
site is built; see ``tools/docs_hooks.py``).

This is the one place that reads ability metadata for documents: what each ability declares on
its class (:mod:`smallworld.core.meta`: the plain-words ``summary``, its ``pieces``), the
``rule`` it implements and the ``id`` from :mod:`smallworld.content.registry`, and names and
numbers from :mod:`smallworld.content.data`.
"""

from __future__ import annotations

from dataclasses import dataclass

from smallworld.content import registry
from smallworld.content.data import ITEMS, POWERS, RACES

RULES_PAGE = "swow.md"
"""The page of ``docs/rules/`` that holds the full rules, with one heading per race, power and
item (anchor :func:`rule_anchor`)."""

_FACTION = {"alliance": "Alliance", "horde": "Horde", "neutral": "Neutral"}
_ITEM_KIND = {"artifact": "Artifact", "place": "Legendary Place"}


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


def _pieces(ab: object) -> list[tuple[str, str]]:
    """The ``("Pieces", "Wisp Wall")`` fact of an ability that declares pieces, else none."""
    names = [p.name for p in getattr(ab, "pieces", ())]
    return [("Pieces", ", ".join(names))] if names else []


def _entries() -> list[Card]:
    out = []
    for ident, ab in sorted(registry.RACE_ABILITIES.items()):
        d = RACES[ident]
        out.append(Card("race", ident, d.name, ab.summary, ab.rule, (
            ("Banner", f"{d.value} tokens"), ("In the box", f"{d.in_box} tokens"),
            *((("Faction", _FACTION[d.faction]),) if d.faction else ()), *_pieces(ab))))
    for ident, ab in sorted(registry.POWER_ABILITIES.items()):
        p = POWERS[ident]
        facts = [("Badge", f"{p.value} tokens")]
        if ab.lasts_in_decline:
            facts.append(("In Decline", "keeps working"))
        facts += _pieces(ab)
        out.append(Card("power", ident, p.name, ab.summary, ab.rule, tuple(facts)))
    for ident, ab in sorted(registry.ITEM_ABILITIES.items()):
        i = ITEMS[ident]
        out.append(Card("item", ident, i.name, ab.summary, ab.rule, (("Kind", _ITEM_KIND[i.kind]),)))
    return out


_PAGES = {
    "race": ("races.md", "Races", ("The 16 races of Small World of Warcraft. A combo's tokens "
                                   "are its banner value plus its badge value ([R-PICK-3](swow.md#R-PICK-3)).")),
    "power": ("powers.md", "Special Powers", "The 20 Special Power badges."),
    "item": ("items.md", "Artifacts and Legendary Places", ("The 5 Artifacts and 7 Legendary "
             "Places, one face down on each board at the start ([R-SET-4](swow.md#R-SET-4)).")),
}


def card_pages() -> dict[str, str]:
    """The three card pages: ``{"races.md": markdown, "powers.md": ..., "items.md": ...}``.

    Each card is a heading with the id as anchor (``races.md#night-elves``), its numbers, its
    one-line summary and a link to its full rule on :data:`RULES_PAGE`.
    """
    cards = _entries()
    pages = {}
    for kind, (name, title, intro) in _PAGES.items():
        lines = [
            f"# {title}", "",
            "<!-- Generated from the game's data by smallworld.content.cards: do not edit. -->", "",
            f"{intro} Each card links to the full rule.", "",
        ]
        for c in (c for c in cards if c.kind == kind):
            facts = " · ".join(f"**{label}** {value}" for label, value in c.facts)
            lines += [
                f"## {c.name} {{#{c.id}}}", "",
                facts, "",
                c.summary, "",
                f"Full rule: [{c.name}]({RULES_PAGE}#{rule_anchor(kind, c.id)})", "",
            ]
        pages[name] = "\n".join(lines)
    return pages
