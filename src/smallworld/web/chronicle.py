"""The chronicle of a game (the log people read) and its coins ledger, rendered from the
engine's events (:mod:`smallworld.core.events`); nothing here knows a rule or a step.

:class:`Logbook` is fed each action's events (:meth:`Logbook.add`) and turns each event it has
words for into an entry; an event without words (``lost``, ``coins``, a piece placed, a banner
drawn) makes no line. The words are data: :data:`TEMPLATES` maps an event kind (``"conquered"``,
or a variant of it, ``"conquered.from"``) to an English template with named placeholders,
filled by :func:`fill`, so a translation replaces the templates, not the code. Races, powers
and items word their own event kinds with :class:`smallworld.core.meta.EventWords`. Entries are
plain dicts::

    {"i": 12, "at": 57, "kind": "conquer", "event": "conquered", "seat": 0, "private": None,
     "round": 2, "text": "...", "detail": "conquer L1.1"}

``at`` is the index of the action in the record; ``kind`` the entry's kind for the page (its
CSS class; the toasts and the die read ``score`` and ``die``); ``event`` the event it renders;
``private`` a seat when only that seat (and its teammates) may read the entry (a scoring
reveals coins, R-SCORE-4); ``None`` means public. ``detail`` is the action in notation.
"""

from __future__ import annotations

from typing import Any

from smallworld.core.actions import Action
from smallworld.core.state import State
from smallworld.web.describe import action_words, named, neutral_name, pretty_action, toll_phrase

#: English words of each event kind (and its variants, ``kind.variant``), with named
#: placeholders; a kind missing here (and from its ability's ``event_words``) makes no line
TEMPLATES: dict[str, str] = {
    "turn": "Round {round} of {rounds} · {who}'s turn",
    "picked": "{who} picks {race} + {power} (combo {combo}, {paid}{took}) with {tokens}",
    "picked.paid": "pays {coins}",
    "picked.free": "free",
    "picked.took": ", takes {coins}",
    "picked.row": "{who} picks {race} + {power} (row {row}, {coins})",
    "passed": "{who} cannot pick a combo and passes",
    "stopped": "{who} stops conquering",
    "conquered": "{who}'s {race} conquer {region} (cost {cost})",
    "conquered.from": "{who}'s {race} conquer {region} from {defender} (cost {cost})",
    "final_attempt": ("{who}'s {race} attempt a final conquest of {region} (cost {cost}, {hand} "
                      "in hand: the die must show {need} or more)"),
    "final_attempt.from": ("{who}'s {race} attempt a final conquest of {region} from {defender} "
                           "(cost {cost}, {hand} in hand: the die must show {need} or more)"),
    "rolled.success": "die roll: {face} — {who} conquers {region}",
    "rolled.failure": "die roll: {face} — the final conquest of {region} fails",
    "abandoned": "{who}'s {race} abandon {region}",
    "redeployed": "{who} places {tokens} in {region}",
    "declined": "{who}'s {race} go into decline",
    "paid_toll": "{who} pays {toll}",
    "used": "{who}: {action}",
    "revealed": "{item} is revealed in {region}",
    "chance": "Chance: {action}",
    "chance.roll": "die roll: {face}",
    "scored": "{who} scores {coins}",
    "scored.lines": "{who} scores {coins} ({lines})",
    "scored.line": "{label} {n}",
    "over": "Game over: {winners} wins with {coins}",
    "over.shared": "Game over: {winners} win with {coins}",
    "over.side": "Game over: {side} wins with a side score of {coins}",
    "over.sides": "Game over: {side} share the victory with a side score of {coins}",
    "side": "the {name} ({members})",
    "defender.race": "{owner}'s {race}",
    "defender.in_decline": "{owner}'s {race} (in decline)",
    "and": "{a} and {b}",
    "list": "{a}, {b}",
}

#: counted nouns: singular and plural
NOUNS: dict[str, tuple[str, str]] = {"token": ("token", "tokens"), "coin": ("coin", "coins")}

#: chance draws the chronicle does not tell (the column shows them)
QUIET_DRAWS = frozenset({"banner", "badge"})

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


def fill(key: str, **values: Any) -> str:
    """Template ``key`` of :data:`TEMPLATES` filled with ``values``."""
    return TEMPLATES[key].format(**values)


def count(n: int, noun: str) -> str:
    """``"1 token"``, ``"3 tokens"`` (:data:`NOUNS`)."""
    one, many = NOUNS[noun]
    return f"{n} {one if n == 1 else many}"


def join(names: list[str]) -> str:
    """``"Anna"``, ``"Anna and Bob"``, ``"Anna, Bob and Chen"``."""
    if len(names) <= 1:
        return "".join(names)
    head = names[0]
    for x in names[1:-1]:
        head = fill("list", a=head, b=x)
    return fill("and", a=head, b=names[-1])


def score_sources(lines: list[dict[str, Any]]) -> dict[str, int]:
    """Coins of one ``scored`` event by source name (:data:`SOURCE_NAMES`), zero left out."""
    out: dict[str, int] = {}
    for line in lines:
        if line["n"]:
            k = SOURCE_NAMES.get(line["source"], "Other")
            out[k] = out.get(k, 0) + int(line["n"])
    return out


class Words:
    """Renders one game's events: names from its spec and edition, words from
    :data:`TEMPLATES` and the abilities' ``event_words``."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.seats = s.spec.seats
        self.ability_words: dict[str, str] = {
            w.kind: w.words for ab in s.spec.edition.abilities() for w in ab.event_words
        }

    def who(self, p: Any) -> str:
        return str(self.seats[p]) if isinstance(p, int) and 0 <= p < len(self.seats) else "?"

    def region(self, rid: Any) -> str:
        index = self.s.spec.index
        return str(self.s.spec.names[index[rid]]) if rid in index else str(rid)

    def defender(self, d: dict[str, Any] | None) -> str | None:
        if d is None:
            return None
        if d.get("neutral"):
            return neutral_name(self.s)
        key = "defender.in_decline" if d.get("in_decline") else "defender.race"
        return fill(key, owner=self.who(d.get("seat")), race=named(self.s, "races", d.get("race")))

    def values(self, ev: dict[str, Any]) -> dict[str, Any]:
        """Every argument of ``ev`` in words: ``seat`` -> ``who``, Region ids, race, power and
        item slugs -> names; the others as they are."""
        out: dict[str, Any] = {}
        for k, v in ev.items():
            if k == "seat":
                out["who"] = self.who(v)
            elif k in ("region", "from", "to"):
                out[k] = self.region(v)
            elif k in ("race", "power", "item"):
                out[k] = named(self.s, k + "s", v)
            elif k == "defender":
                out[k] = self.defender(v)
            else:
                out[k] = v
        return out

    def text(self, ev: dict[str, Any]) -> str | None:
        """``ev`` in words, or ``None`` when it makes no line."""
        kind = ev["kind"]
        render = getattr(self, "_" + kind, None)
        if render is not None:
            return render(ev, self.values(ev))
        if kind in TEMPLATES:
            return fill(kind, **self.values(ev))
        words = self.ability_words.get(kind)
        if words is not None:
            return words.format(**self.values(ev))
        return None

    # ---- kinds whose words need a choice or a counted noun ------------------------------------

    def _picked(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        if "row" in ev:
            return fill("picked.row", **v, coins=count(ev["paid"], "coin"))
        paid = fill("picked.paid", coins=count(ev["paid"], "coin")) if ev["paid"] else fill("picked.free")
        took = fill("picked.took", coins=count(ev["took"], "coin")) if ev["took"] else ""
        return fill("picked", **{**v, "combo": ev["position"] + 1, "paid": paid, "took": took,
                                 "tokens": count(ev["tokens"], "token")})

    def _conquered(self, ev: dict[str, Any], v: dict[str, Any]) -> str | None:
        if ev["mode"] == "final":
            return None  # the die's line tells it
        return fill("conquered.from" if v["defender"] else "conquered", **v)

    def _final_attempt(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        return fill("final_attempt.from" if v["defender"] else "final_attempt",
                    **{"defender": None, **v})

    def _rolled(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        return fill("rolled.success" if ev["success"] else "rolled.failure", **v)

    def _redeployed(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        return fill("redeployed", **v, tokens=count(ev["n"], "token"))

    def _paid_toll(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        return fill("paid_toll", **{**v, "toll": toll_phrase(self.s, str(ev["toll"]))})

    def _used(self, ev: dict[str, Any], v: dict[str, Any]) -> str | None:
        """An ability's action, in the words it declares (none: the events it causes tell it,
        as classic Stout's ``decline`` is told by ``declined``)."""
        words = action_words(self.s, Action(str(ev["action"]), tuple(ev["args"])))
        return None if words is None else fill("used", **{**v, "action": words[0]})

    def _chance(self, ev: dict[str, Any], v: dict[str, Any]) -> str | None:
        if ev["action"] in QUIET_DRAWS:
            return None
        if ev["action"] == "roll" and ev["args"]:
            return fill("chance.roll", face=ev["args"][0])
        a = Action(str(ev["action"]), tuple(ev["args"]))
        return fill("chance", action=pretty_action(self.s, a))

    def _scored(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        lines = [fill("scored.line", label=x["label"], n=x["n"]) for x in ev["lines"] if x["n"]]
        coins = count(ev["total"], "coin")
        if lines:
            return fill("scored.lines", who=v["who"], coins=coins, lines=", ".join(lines))
        return fill("scored", who=v["who"], coins=coins)

    def _over(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        sides = ev.get("winning_sides")
        if sides:
            spec = self.s.spec

            def side(x: str) -> str:
                members = [self.who(p) for p in range(spec.n_players) if spec.sides[p] == x]
                ed = spec.edition
                name = ed.faction_names.get(ed.side_factions.get(x, ""), x)
                return fill("side", name=name, members=join(members))

            score = (ev.get("sides") or {}).get(sides[0], "?")
            return fill("over.sides" if len(sides) > 1 else "over.side",
                        side=join([side(x) for x in sides]), coins=count(score, "coin"))
        winners = ev.get("winners") or []
        scores = ev.get("scores") or []
        best = scores[winners[0]] if winners and scores else 0
        return fill("over.shared" if len(winners) > 1 else "over",
                    winners=join([self.who(p) for p in winners]), coins=count(best, "coin"))


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
        self._words: Words | None = None

    def start(self, s: State) -> None:
        """The coins each seat holds in ``s``, the game's first position (``"Start"``)."""
        self.coins.extend({"seat": q, "source": "Start", "n": int(n), "round": 0, "at": None}
                          for q, n in enumerate(s.vc))

    def add(self, s: State, at: int, action: str, events: list[dict[str, Any]]) -> None:
        """Append the entries and ledger lines of record action ``at`` (``action`` in notation)
        that reported ``events``; ``s`` is any state of the game (its names)."""
        if self._words is None or self._words.s.spec is not s.spec:
            self._words = Words(s)
        words = self._words
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
            text = words.text(ev)
            if text is None:
                continue
            self._entry(ev, text, at, action)

    def _entry(self, ev: dict[str, Any], text: str, at: int, action: str) -> None:
        kind = ENTRY_KINDS.get(ev["kind"], "ability")
        if kind == "chance" and ev.get("action") == "roll":
            kind = "die"
        seat = ev.get("seat")
        e: dict[str, Any] = {
            "i": len(self.entries), "at": at, "kind": kind, "event": ev["kind"],
            "seat": seat if isinstance(seat, int) else None, "private": None,
            "round": int(ev.get("round", self._turn_key)), "text": text,
        }
        if kind not in _NO_DETAIL:
            e["detail"] = action
        if ev["kind"] == "rolled":
            e["roll"], e["success"] = ev["face"], ev["success"]
        elif kind == "die":
            face = str(ev["args"][0])
            e["roll"] = int(face) if face.isdigit() else None
        elif kind == "score":
            e["private"] = seat
            e["lines"] = [[x["label"], x["n"]] for x in ev["lines"]]
            e["sources"] = score_sources(ev["lines"])
        self.entries.append(e)

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

    def visible(self, s: State, viewer: int | None, since: int = 0) -> list[dict[str, Any]]:
        """Entries from ``since`` that seat ``viewer`` may read (``None``: spectator; after the
        game everything is public)."""
        over = s.is_over()
        friends: set[int] = set()
        if viewer is not None:
            variant = s.spec.edition.variant
            friends = set(variant.teammates(s, viewer)) if variant is not None else {viewer}
        return [
            e for e in self.entries[since:]
            if e["private"] is None or over or e["private"] in friends
        ]
