"""The chronicle of a game (the log people read) and its coins ledger, made of the engine's
events (:mod:`smallworld.core.events`); nothing here knows a rule or a step.

:class:`Logbook` is fed each action's events (:meth:`Logbook.add`) and keeps, for each event
that has words (:class:`smallworld.web.eventwords.Words`), an entry holding **the event itself**
(its kind and arguments), never a sentence; an event without words (``lost``, ``coins``, a
piece placed, a banner drawn) makes no entry. Each page reads the entries in its reader's
language (:meth:`Logbook.visible`, :meth:`Logbook.page_entry`): two seats of one game, and a
replay, read the same events each in their own words; a line is rendered once per entry and
language. Entries are plain dicts::

    {"i": 12, "at": 57, "kind": "conquer", "event": "conquered", "seat": 0, "private": None,
     "round": 2, "detail": "conquer L1.1", "ev": {"kind": "conquered", "seat": 0, ...}}

``at`` is the index of the action in the record; ``kind`` the entry's kind for the page (its
CSS class; the toasts and the die read ``score`` and ``die``); ``event`` the event it renders
(``ev``); ``private`` a seat when only that seat (and its teammates) may read the entry (a
scoring reveals coins, R-SCORE-4); ``None`` means public. ``detail`` is the action in notation.
A page's copy (:meth:`Logbook.page_entry`) has ``text`` in its language instead of ``ev``, and
what the page draws itself: ``roll``/``success`` (the die), a scoring's ``lines`` (``[label,
n]``, labels in the language), ``total`` and ``sources`` (coins by :data:`SOURCE_NAMES`), a
redeployment's ``where`` (the Region's name) and ``n``.
"""

from __future__ import annotations

from typing import Any

from smallworld.core.state import State
from smallworld.web.eventwords import QUIET_DRAWS, TEMPLATES, Words
from smallworld.web.i18n import SOURCE

#: the page's kind of entry (its CSS class) for each event kind; ability kinds are "ability"
ENTRY_KINDS: dict[str, str] = {
    "turn": "turn", "picked": "pick", "passed": "end", "stopped": "end", "conquered": "conquer",
    "final_attempt": "final", "rolled": "die", "abandoned": "abandon", "redeployed": "redeploy",
    "declined": "decline", "paid_toll": "pay", "used": "ability", "revealed": "item",
    "chance": "chance", "scored": "score", "over": "over",
}
#: entries that are no action's own words (they get no ``detail``)
_NO_DETAIL = frozenset({"turn", "score", "over"})

#: where a scoring line's coins come from (its event's ``source``), for the results screen
SOURCE_NAMES: dict[str, str] = {
    "regions": "Regions", "race": "Race", "power": "Power", "item": "Items",
    "faction": "Faction bonus", "other": "Other",
}
SOURCES = tuple(SOURCE_NAMES.values())

#: the ledger's name of a change of coins (a ``coins`` event's ``why`` and sign)
LEDGER: dict[tuple[str, bool], str] = {
    ("combo", True): "From combos", ("combo", False): "Paid for combos",
    ("toll", True): "Tolls received", ("toll", False): "Tolls paid",
    ("other", True): "Other", ("other", False): "Other",
}


def score_sources(lines: list[dict[str, Any]]) -> dict[str, int]:
    """Coins of one ``scored`` event by source name (:data:`SOURCE_NAMES`), zero left out."""
    out: dict[str, int] = {}
    for line in lines:
        if line["n"]:
            k = SOURCE_NAMES.get(line["source"], "Other")
            out[k] = out.get(k, 0) + int(line["n"])
    return out


class Logbook:
    """The chronicle of one game and its coins ledger, fed each action's events with
    :meth:`add` (the starting coins with :meth:`start`)."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        #: every change of a seat's coins that is not a scoring: ``{"seat", "source", "n",
        #: "round", "at"}`` with source ``"Start"`` (the coins each seat starts with), ``"From
        #: combos"``, ``"Paid for combos"``, ``"Tolls paid"``, ``"Tolls received"`` or
        #: ``"Other"`` (:data:`LEDGER`); with the scoring entries' ``lines`` they add up to each
        #: seat's coins. Secret during the game (VC totals, RULES §15): pages get it once the
        #: game is over.
        self.coins: list[dict[str, Any]] = []
        #: the round of the last ``turn`` event (the round of what follows); saved and restored
        #: with the entries by take-backs (web/takeback.py)
        self._turn_key: int = 0
        #: the words of each language, for the game of :attr:`_spec`
        self._words: dict[str, Words] = {}
        self._state: State | None = None

    def words(self, lang: str = SOURCE, s: State | None = None) -> Words:
        """The :class:`~smallworld.web.eventwords.Words` of ``lang`` for this game (``s``: any
        state of it; by default the last one given to :meth:`add` or :meth:`start`).

        Raises:
            ValueError: no state of the game was given yet.
        """
        if s is not None and (self._state is None or self._state.spec is not s.spec):
            self._state = s
            self._words.clear()
        if self._state is None:
            raise ValueError("Logbook.words: no state of the game given yet")
        w = self._words.get(lang)
        if w is None:
            w = self._words[lang] = Words(self._state, lang)
        return w

    def start(self, s: State) -> None:
        """The coins each seat holds in ``s``, the game's first position (``"Start"``)."""
        self.words(SOURCE, s)
        self.coins.extend({"seat": q, "source": "Start", "n": int(n), "round": 0, "at": None}
                          for q, n in enumerate(s.vc))

    def add(self, s: State, at: int, action: str, events: list[dict[str, Any]]) -> None:
        """Append the entries and ledger lines of record action ``at`` (``action`` in notation)
        that reported ``events``; ``s`` is any state of the game (its names)."""
        words = self.words(SOURCE, s)
        # an outcome of chance an ability tells in its own words needs no generic line
        told = any(ev["kind"] in words.ability_words for ev in events)
        for ev in events:
            kind = ev["kind"]
            if told and kind == "chance":
                continue
            if kind == "turn":
                self._turn_key = int(ev["round"])
            elif kind == "coins":
                self._ledger(ev, at)
                continue
            text = words.text(ev)  # whether it has words (every language words the same events)
            if text is None:
                continue
            self._entry(ev, at, action)[_TEXTS] = {SOURCE: text}

    def _entry(self, ev: dict[str, Any], at: int, action: str) -> dict[str, Any]:
        kind = ENTRY_KINDS.get(ev["kind"], "ability")
        if kind == "chance" and ev.get("action") == "roll":
            kind = "die"
        seat = ev.get("seat")
        e: dict[str, Any] = {
            "i": len(self.entries), "at": at, "kind": kind, "event": ev["kind"],
            "seat": seat if isinstance(seat, int) else None, "private": None,
            "round": int(ev.get("round", self._turn_key)), "ev": ev,
        }
        if kind not in _NO_DETAIL:
            e["detail"] = action
        if kind == "score":
            e["private"] = seat
            e["lines"] = [[x["label"], x["n"]] for x in ev["lines"]]
            e["sources"] = score_sources(ev["lines"])
        self.entries.append(e)
        return e

    def _ledger(self, ev: dict[str, Any], at: int) -> None:
        n = int(ev["n"])
        source = LEDGER.get((ev["why"], n > 0))
        if source is None:  # a gain a scoring line tells (why "score")
            return
        self.coins.append({"seat": ev["seat"], "source": source, "n": n, "round": self._turn_key,
                           "at": at})

    def forget(self, n_entries: int, n_actions: int) -> None:
        """Keep the first ``n_entries`` entries and the ledger lines of the record's first
        ``n_actions`` actions (a take-back, a rolled-back write)."""
        del self.entries[n_entries:]
        self.coins[:] = [c for c in self.coins if c["at"] is None or c["at"] < n_actions]

    # ---- reading ---------------------------------------------------------------------------

    def text(self, e: dict[str, Any], lang: str = SOURCE) -> str:
        """Entry ``e``'s line in ``lang`` (rendered once per entry and language)."""
        texts = e[_TEXTS]
        got = texts.get(lang)
        if got is None:
            got = texts[lang] = self.words(lang).text(e["ev"]) or texts[SOURCE]
        return got

    def page_entry(self, e: dict[str, Any], lang: str = SOURCE) -> dict[str, Any]:
        """Entry ``e`` as a page in ``lang`` gets it (module doc): its line in ``text``, no
        event."""
        out = {k: v for k, v in e.items() if k not in ("ev", _TEXTS)}
        out["text"] = self.text(e, lang)
        ev = e["ev"]
        kind = ev["kind"]
        if kind == "rolled":
            out["roll"], out["success"] = ev["face"], ev["success"]
        elif e["kind"] == "die":
            face = str(ev["args"][0])
            out["roll"] = int(face) if face.isdigit() else None
        elif kind == "scored":
            w = self.words(lang)
            out["lines"] = [[w.label(x["label"]), x["n"]] for x in ev["lines"]]
            out["total"] = ev["total"]
        elif kind == "redeployed":
            out["where"], out["n"] = self.words(lang).region(ev["region"]), ev["n"]
        return out

    def visible(self, s: State, viewer: int | None, since: int = 0,
                lang: str = SOURCE) -> list[dict[str, Any]]:
        """Entries from ``since`` that seat ``viewer`` may read (``None``: spectator; after the
        game everything is public), as a page in ``lang`` gets them (:meth:`page_entry`)."""
        over = s.is_over()
        friends: set[int] = set()
        if viewer is not None:
            variant = s.spec.edition.variant
            friends = set(variant.teammates(s, viewer)) if variant is not None else {viewer}
        return [
            self.page_entry(e, lang) for e in self.entries[since:]
            if e["private"] is None or over or e["private"] in friends
        ]


#: an entry's key for its lines by language (never sent: a page gets its own as ``text``)
_TEXTS = "_texts"

__all__ = ["ENTRY_KINDS", "LEDGER", "QUIET_DRAWS", "SOURCES", "SOURCE_NAMES", "TEMPLATES", "Logbook",
           "Words", "score_sources"]
