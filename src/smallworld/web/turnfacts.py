"""Public facts of the turn in progress, in words for the game page (RULES §8, §15, R-SCORE-3).

:func:`turn_facts` reads only a seat's view (:func:`smallworld.core.view.view`: everything it
uses is public) and the static Region names, and says for the seat whose turn it is:

- ``tolls``: the tolls already paid this turn (Harmony, Aegis of Aggramar, Marshdweller), each
  ``{"key", "amount", "payee", "region", "text", "tip"}``;
- ``uses``: the once-, twice- and three-times-per-turn races, powers and items that seat has (or
  has already used this turn), ``{"id", "kind", "used", "max", "text", "tip"}``;
- ``beaten``: the races it conquered Regions from this turn, ``{"race", "name", "regions",
  "enemy"}`` (``enemy``: of the opposite faction to its Active race's printed faction), with
  ``faction_bonus`` true when at least one of them gives the faction bonus at scoring.

The words and numbers (toll amounts and words, uses per turn) come from what each race, power
and item declares on its class (``toll_words``, ``uses``: :mod:`smallworld.core.meta`), in the
game's edition: no race is named here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from smallworld.core import edition as core_editions
from smallworld.web.describe import race_name
from smallworld.web.i18n import region_name
from smallworld.web.speech import N_, _, current, names_of, ngettext

_TIMES = {1: N_("once"), 2: N_("twice"), 3: N_("three times")}
#: phases in which a use not made yet may still be made by the seat whose turn it is
_BEFORE_REDEPLOY = frozenset({"pick", "decide", "conquer", "choice", "chance"})


def _times(n: int) -> str:
    return _(_TIMES[n]) if n in _TIMES else ngettext("{n} time", "{n} times", n).format(n=n)


def _edition(v: dict[str, Any]) -> core_editions.Edition:
    return core_editions.get(v.get("edition") or "swow")


def _payee(players: list[dict[str, Any]], payee: str, ident: str) -> int | None:
    """The seat a toll is paid to: the holder of race ``ident`` (``"race"``), of power
    ``ident`` Active or kept In Decline (``"power"``: one badge of each power), or unnamed."""
    if payee == "race":
        return next((p["seat"] for p in players if p["race"] == ident), None)
    if payee == "power":
        return next((p["seat"] for p in players
                     if ident in (p["power"] if p["race"] else None, p["kept"])), None)
    return None


def _tolls(v: dict[str, Any], names: Sequence[str], index: dict[str, int]) -> list[dict[str, Any]]:
    players = v["players"]
    declared = [(w, a) for a in _edition(v).abilities() for w in a.toll_words]
    out = []
    for key in v.get("tolls_paid", []):
        fact: dict[str, Any] = {"key": key, "amount": None, "payee": None, "region": None}
        found = next(((w, a) for w, a in declared if w.matches(key)), None)
        if found is None:
            fact["text"] = _("Toll paid: {toll}").format(toll=key)
            fact["tip"] = _("A toll paid this turn: nothing more to pay for it this turn.")
            out.append(fact)
            continue
        words, ability = found
        name = ""
        if words.per_region:
            rid = key[len(words.key):]
            name = region_name(current(), names[index[rid]]) if rid in index else rid
            fact["region"] = rid
        payee = _payee(players, words.payee, ability.id)
        fact.update(amount=words.amount, payee=payee)
        to = players[payee]["name"] if payee is not None else _(words.nobody)
        fact["text"] = _(words.paid).format(to=to, region=name, amount=words.amount)
        fact["tip"] = _(words.tip).format(to=to, region=name, amount=words.amount)
        out.append(fact)
    return out


def _has(v: dict[str, Any], seat: int, kind: str, ident: str, items: set[str]) -> bool:
    """Seat ``seat``'s Active race has this race, power or controlled face-up item (R-ITEM-1;
    ``items``: :func:`_items_held`)."""
    me = v["players"][seat]
    if kind == "race":
        return me["race"] == ident
    if kind == "power":
        return me["race"] is not None and me["power"] == ident
    return ident in items


def _items_held(v: dict[str, Any], seat: int) -> set[str]:
    """The face-up items in the Regions of seat ``seat``'s Active race (once per view, not one
    walk of every Region per item: issue #36 point 9)."""
    return {item for r in v["regions"] if r["occupant"] == "active" and r["player"] == seat
            for item in r["items"]}


def _uses(v: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    tf = v.get("turn_flags") or {}
    may_still = v["phase"] in _BEFORE_REDEPLOY
    ed = _edition(v)
    items = _items_held(v, seat) if may_still else set()
    out = []
    for ability in ed.abilities():
        kind, ident = ability.kind, ability.id
        for use in ability.uses:
            most = use.most
            raw = tf.get(use.flag)
            used = (raw if isinstance(raw, int) and not isinstance(raw, bool) else (1 if raw else 0))
            used = min(used, most)
            if not used and not (may_still and _has(v, seat, kind, ident, items)):
                continue
            label = _(use.label)
            if most > 1:
                text = _("{label} {used} of {most} used").format(label=label, used=used, most=most)
            elif used and use.done and str(raw) in dict(use.done):
                text = _(dict(use.done)[str(raw)])
            else:
                text = (_("{label} used") if used else _("{label} ready")).format(label=label)
            local = names_of(ed.name).get(kind + "s", {})
            where: Mapping[str, Any] = {"race": ed.races, "power": ed.powers, "item": ed.items}[kind]
            title = local.get(ident) or (where[ident].name if ident in where else ident)
            left = most - used
            state = (_("used up for this turn") if not left
                     else ngettext("{n} use left this turn", "{n} uses left this turn", left).format(n=left))
            tip = _("{name} ({times} per turn): {state}.").format(name=title, times=_times(most), state=state)
            summary = _(ability.summary) if ability.summary else ""
            out.append({"id": ident, "kind": kind, "used": used, "max": most, "text": text,
                        "tip": f"{tip} {summary}".strip()})
    return out


def _beaten(v: dict[str, Any], seat: int, factions: bool = True) -> tuple[list[dict[str, Any]], bool, str | None]:
    races = _edition(v).races
    opposite = _edition(v).opposing_factions
    race = v["players"][seat]["race"]
    own = races[race].faction if race in races and factions else None
    enemy = opposite.get(own or "")
    beaten = []
    for r, n in v.get("defeated_this_turn", {}).items():
        faction = races[r].faction if r in races and factions else None
        beaten.append({"race": r, "name": names_of(_edition(v).name)["races"].get(r) or race_name(r), "regions": n,
                       "faction": faction, "enemy": enemy is not None and faction == enemy})
    beaten.sort(key=lambda b: b["name"])
    bonus = any(b["enemy"] for b in beaten)
    factions_named = names_of(_edition(v).name)["factions"]
    return beaten, bonus, (factions_named.get(enemy, enemy) if enemy else None)


def turn_facts(
    v: dict[str, Any], region_names: Sequence[str], region_index: dict[str, int],
    *, factions: bool = True,
) -> dict[str, Any] | None:
    """What the page shows of the turn in progress (see the module doc); ``None`` when no seat
    has a turn (the game is over)."""
    seat = v.get("turn")
    if v.get("result") is not None or seat is None or not 0 <= seat < len(v["players"]):
        return None
    beaten, bonus, enemy = _beaten(v, seat, factions)
    return {
        "seat": seat,
        "tolls": _tolls(v, region_names, region_index),
        "uses": _uses(v, seat),
        "beaten": beaten,
        "faction_bonus": bonus,
        "enemy_faction": enemy,
    }
