"""The engine's events in words, in the reader's language (issue 31): :class:`Words`.

Each event (:mod:`smallworld.core.events`: a kind and its arguments) is rendered with the
message catalogues (:func:`smallworld.web.i18n.translations`): :data:`TEMPLATES` are the
English msgids of the core kinds and their variants, with named placeholders; counted nouns
use ``ngettext``, so the language's CLDR plural rule picks "1 token" / "3 tokens"; races,
powers, items, factions and the neutral tokens are named as the edition names them in that
language (:meth:`~smallworld.core.edition.Edition.names`). Races, powers and items declare the
words of their own event kinds (:class:`~smallworld.core.meta.EventWords`), of their actions
(:class:`~smallworld.core.meta.ActionSpec`) and of their tolls
(:class:`~smallworld.core.meta.TollWords`) in English, marked as msgids with ``N_``: they are
translated the same way. Regions are named by their board's names in that language (messages of
context ``region``, as the board on the reader's page shows them). The chronicle
(:mod:`smallworld.web.chronicle`) keeps the events and asks a :class:`Words` of each page's
language for their lines.
"""

from __future__ import annotations

from typing import Any

from smallworld.core.actions import Action
from smallworld.core.names import N_
from smallworld.core.state import State
from smallworld.web.describe import CORE_PHRASES, _toll_words, declared_action, named, pretty_arg, region_label
from smallworld.web.i18n import SOURCE, translations

#: the words of each event kind (and its variants, ``kind.variant``): English msgids of the
#: message catalogues with named placeholders; a kind missing here (and from its ability's
#: ``event_words``) makes no line
TEMPLATES: dict[str, str] = {
    "turn": N_("Round {round} of {rounds} · {who}'s turn"),
    "picked": N_("{who} picks {race} + {power} (combo {combo}, {paid}{took}) with {tokens}"),
    "picked.paid": N_("pays {coins}"),
    "picked.free": N_("free"),
    "picked.took": N_(", takes {coins}"),
    "picked.row": N_("{who} picks {race} + {power} (row {row}, {coins})"),
    "passed": N_("{who} cannot pick a combo and passes"),
    "stopped": N_("{who} stops conquering"),
    "conquered": N_("{who}'s {race} conquer {region} (cost {cost})"),
    "conquered.from": N_("{who}'s {race} conquer {region} from {defender} (cost {cost})"),
    "final_attempt": N_("{who}'s {race} attempt a final conquest of {region} (cost {cost}, {hand} "
                        "in hand: the die must show {need} or more)"),
    "final_attempt.from": N_("{who}'s {race} attempt a final conquest of {region} from {defender} "
                             "(cost {cost}, {hand} in hand: the die must show {need} or more)"),
    "rolled.success": N_("die roll: {face} — {who} conquers {region}"),
    "rolled.failure": N_("die roll: {face} — the final conquest of {region} fails"),
    "abandoned": N_("{who}'s {race} abandon {region}"),
    "redeployed": N_("{who} places {tokens} in {region}"),
    "declined": N_("{who}'s {race} go into decline"),
    "paid_toll": N_("{who} pays {toll}"),
    "paid_toll.unknown": N_("a toll"),
    "used": N_("{who}: {action}"),
    "revealed": N_("{item} is revealed in {region}"),
    "chance": N_("Chance: {action}"),
    "chance.roll": N_("die roll: {face}"),
    "scored": N_("{who} scores {coins}"),
    "scored.lines": N_("{who} scores {coins} ({lines})"),
    "scored.line": N_("{label} {n}"),
    "over": N_("Game over: {winners} wins with {coins}"),
    "over.shared": N_("Game over: {winners} win with {coins}"),
    "over.side": N_("Game over: {side} wins with a side score of {coins}"),
    "over.sides": N_("Game over: {side} share the victory with a side score of {coins}"),
    "side": N_("the {name} ({members})"),
    "defender.race": N_("{owner}'s {race}"),
    "defender.in_decline": N_("{owner}'s {race} (in decline)"),
    "defender.neutral": N_("the {pieces}"),
    "and": N_("{a} and {b}"),
    "list": N_("{a}, {b}"),
}

#: chance draws the chronicle does not tell (the column shows them)
QUIET_DRAWS = frozenset({"banner", "badge"})

class Words:
    """Renders one game's events in language ``lang`` (``"en"``, ``"it"``, ``"ko"``; one
    without a catalogue speaks English): names from its spec and its edition's
    :meth:`~smallworld.core.edition.Edition.names`, words from the catalogues' translations of
    :data:`TEMPLATES` and of the abilities' ``event_words``, ``action_specs`` and
    ``toll_words``."""

    def __init__(self, s: State, lang: str = SOURCE) -> None:
        self.s = s
        self.lang = lang
        tr = translations(lang)
        self.gettext = tr.gettext
        self.ngettext = tr.ngettext
        self.seats = s.spec.seats
        ed = s.spec.edition
        self.names = ed.names(lang if lang in ed.languages() else SOURCE)
        self.ability_words: dict[str, str] = {
            w.kind: w.words for ab in ed.abilities() for w in ab.event_words
        }

    # ---- words --------------------------------------------------------------------------------

    def say(self, msgid: str, **values: Any) -> str:
        """``msgid`` in this language with its placeholders filled (the English words when a
        translation names a placeholder the message does not give)."""
        text = self.gettext(msgid)
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return msgid.format(**values)

    def fill(self, key: str, **values: Any) -> str:
        """Template ``key`` of :data:`TEMPLATES` in this language, filled with ``values``."""
        return self.say(TEMPLATES[key], **values)

    def count(self, n: int, noun: str) -> str:
        """``"1 token"``, ``"3 tokens"`` (``noun``: ``"token"`` or ``"coin"``) with the
        language's plural rule (CLDR, through the catalogue)."""
        if noun == "token":
            return self.ngettext("{n} token", "{n} tokens", n).format(n=n)
        return self.ngettext("{n} coin", "{n} coins", n).format(n=n)

    def join(self, names: list[str]) -> str:
        """``"Anna"``, ``"Anna and Bob"``, ``"Anna, Bob and Chen"`` in this language."""
        if len(names) <= 1:
            return "".join(names)
        head = names[0]
        for x in names[1:-1]:
            head = self.fill("list", a=head, b=x)
        return self.fill("and", a=head, b=names[-1])

    # ---- names --------------------------------------------------------------------------------

    def who(self, p: Any) -> str:
        return str(self.seats[p]) if isinstance(p, int) and 0 <= p < len(self.seats) else "?"

    def region(self, rid: Any) -> str:
        """A Region's name in this language, as the board shows it to the reader (its message
        of context ``region``); an unknown id as it is."""
        index = self.s.spec.index
        return region_label(self.s, index[rid], self.lang) if rid in index else str(rid)

    def name(self, kind: str, ident: Any) -> str:
        """Race, power or item ``ident`` (``kind``: ``"races"``, ``"powers"``, ``"items"``) in
        this language; another edition's id by its English name."""
        local = self.names.get(kind, {}).get(ident)
        return str(local) if local else named(self.s, kind, ident)

    def neutral(self) -> str:
        """The edition's neutral tokens (the Murlocs, R-SET-3; the Lost Tribes) in this
        language."""
        piece = self.s.spec.edition.neutral_piece
        local = self.names.get("pieces", {}).get(piece)
        plural = local["plural"] if local else (
            "Murlocs" if piece == "murloc" else piece.replace("-", " ").title() + "s")
        return self.fill("defender.neutral", pieces=plural)

    def defender(self, d: dict[str, Any] | None) -> str | None:
        if d is None:
            return None
        if d.get("neutral"):
            return self.neutral()
        key = "defender.in_decline" if d.get("in_decline") else "defender.race"
        return self.fill(key, owner=self.who(d.get("seat")), race=self.name("races", d.get("race")))

    def label(self, text: str) -> str:
        """A scoring line's label (``"Regions"``, ``"Ranger: Forest Regions"``, an item's
        name) in this language: a name of the edition by its name, else its catalogue
        message."""
        if self.lang == SOURCE:
            return text
        for kind in ("races", "powers", "items"):
            for ident, x in getattr(self.s.spec.edition, kind).items():
                if x.name == text:
                    return self.name(kind, ident)
        return self.gettext(text)

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
                out[k] = self.name(k + "s", v)
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
            return self.fill(kind, **self.values(ev))
        words = self.ability_words.get(kind)
        if words is not None:
            return self.say(words, **self.values(ev))
        return None

    def action(self, a: Action) -> str | None:
        """An ability's action in its declared log words (:class:`~smallworld.core.meta.ActionSpec`),
        translated, or ``None`` when it declares none."""
        found = declared_action(self.s.spec.edition, a.kind)
        if found is None:
            phrase = CORE_PHRASES.get(a.kind)
            return None if phrase is None else self.gettext(phrase)
        spec = found[0]
        names = tuple(self._arg(x) for x in a.args)
        args = tuple(str(x) for x in a.args)
        first = args[0] if args else ""
        if "{s}" in spec.phrase and first.isdigit() and not (first == "0" and spec.none):
            # an English plural ending: the catalogue's plural message ("Buy {n} Forsaken token")
            n = int(first)
            one, many = spec.phrase.replace("{s}", ""), spec.phrase.replace("{s}", "s")
            return self.ngettext(one, many, n).format(n=n)
        try:
            return spec.words(args, names, self.seats, tr=self.gettext)
        except (KeyError, IndexError, ValueError):  # a translation naming another placeholder
            return spec.words(args, names, self.seats)

    def _arg(self, arg: Any) -> str:
        text = str(arg)
        if text in self.s.spec.index:
            return self.region(text)
        for kind in ("races", "powers", "items"):
            if text in getattr(self.s.spec.edition, kind):
                return self.name(kind, text)
        return pretty_arg(self.s, arg)

    def toll(self, key: str) -> str:
        """A toll in words (RULES §8), from the declaring ability's ``toll_words``."""
        found = _toll_words(self.s, key)
        if found is None:
            return self.fill("paid_toll.unknown")
        words, _ = found
        region = self._arg(key[len(words.key):]) if words.per_region else ""
        return self.say(words.pay, region=region)

    # ---- kinds whose words need a choice or a counted noun ------------------------------------

    def _picked(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        if "row" in ev:
            return self.fill("picked.row", **{**v, "coins": self.count(ev["paid"], "coin")})
        paid = (self.fill("picked.paid", coins=self.count(ev["paid"], "coin")) if ev["paid"]
                else self.fill("picked.free"))
        took = self.fill("picked.took", coins=self.count(ev["took"], "coin")) if ev["took"] else ""
        return self.fill("picked", **{**v, "combo": ev["position"] + 1, "paid": paid, "took": took,
                                      "tokens": self.count(ev["tokens"], "token")})

    def _conquered(self, ev: dict[str, Any], v: dict[str, Any]) -> str | None:
        if ev["mode"] == "final":
            return None  # the die's line tells it
        return self.fill("conquered.from" if v["defender"] else "conquered", **v)

    def _final_attempt(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        return self.fill("final_attempt.from" if v["defender"] else "final_attempt",
                         **{"defender": None, **v})

    def _rolled(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        return self.fill("rolled.success" if ev["success"] else "rolled.failure", **v)

    def _redeployed(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        return self.fill("redeployed", **{**v, "tokens": self.count(ev["n"], "token")})

    def _paid_toll(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        return self.fill("paid_toll", **{**v, "toll": self.toll(str(ev["toll"]))})

    def _used(self, ev: dict[str, Any], v: dict[str, Any]) -> str | None:
        """An ability's action, in the words it declares (none: the events it causes tell it,
        as classic Stout's ``decline`` is told by ``declined``)."""
        words = self.action(Action(str(ev["action"]), tuple(ev["args"])))
        return None if words is None else self.fill("used", **{**v, "action": words})

    def _chance(self, ev: dict[str, Any], v: dict[str, Any]) -> str | None:
        if ev["action"] in QUIET_DRAWS:
            return None
        if ev["action"] == "roll" and ev["args"]:
            return self.fill("chance.roll", face=ev["args"][0])
        a = Action(str(ev["action"]), tuple(ev["args"]))
        words = self.action(a)
        if not words:  # an outcome nobody words: its kind and arguments, as the notation says
            head = a.kind.replace("-", " ").replace("_", " ").capitalize()
            words = head + (" · " + ", ".join(self._arg(x) for x in a.args) if a.args else "")
        return self.fill("chance", action=words)

    def _scored(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        lines = [self.fill("scored.line", label=self.label(x["label"]), n=x["n"])
                 for x in ev["lines"] if x["n"]]
        coins = self.count(ev["total"], "coin")
        if lines:
            return self.fill("scored.lines", who=v["who"], coins=coins, lines=", ".join(lines))
        return self.fill("scored", who=v["who"], coins=coins)

    def _over(self, ev: dict[str, Any], v: dict[str, Any]) -> str:
        sides = ev.get("winning_sides")
        if sides:
            spec = self.s.spec
            factions = self.names.get("factions", {})

            def side(x: str) -> str:
                members = [self.who(p) for p in range(spec.n_players) if spec.sides[p] == x]
                ed = spec.edition
                faction = ed.side_factions.get(x, "")
                name = factions.get(faction) or ed.faction_names.get(faction, x)
                return self.fill("side", name=name, members=self.join(members))

            score = (ev.get("sides") or {}).get(sides[0], "?")
            return self.fill("over.sides" if len(sides) > 1 else "over.side",
                             side=self.join([side(x) for x in sides]), coins=self.count(score, "coin"))
        winners = ev.get("winners") or []
        scores = ev.get("scores") or []
        best = scores[winners[0]] if winners and scores else 0
        return self.fill("over.shared" if len(winners) > 1 else "over",
                         winners=self.join([self.who(p) for p in winners]), coins=self.count(best, "coin"))
