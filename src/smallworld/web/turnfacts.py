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

The numbers (toll amounts, uses per turn) come from the content modules themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from smallworld.content.data import ALLIANCE, HORDE, ITEMS, POWERS, RACES
from smallworld.content.items import _shared as items_shared
from smallworld.content.items import aegis_of_aggramar
from smallworld.content.powers import (
    championing,
    intimidating,
    marshdweller,
    portal_mage,
)
from smallworld.content.races import ethereals, gnomes, pandaren
from smallworld.content.registry import SUMMARIES
from smallworld.web.describe import race_name

MARSHDWELLER = "marshdweller"
MARSH_PREFIX = marshdweller.TOLL_PREFIX
MARSH_VC = marshdweller.TOLL_VC

_OPPOSITE = {ALLIANCE: HORDE, HORDE: ALLIANCE}
_FACTION_NAMES = {ALLIANCE: "Alliance", HORDE: "Horde"}

#: limited uses per turn: (kind, ability id, turn flag, uses per turn, name shown)
LIMITED_USES: tuple[tuple[str, str, str, int, str], ...] = (
    ("race", "gnomes", gnomes.USED_FLAG, 1, "Airborne assault"),
    ("race", "ethereals", ethereals.USED_FLAG, 1, "Ethereals' steal or Legendary Place conquest"),
    ("power", "intimidating", intimidating.USES, intimidating.MAX_USES, "Intimidating"),
    ("power", "portal-mage", portal_mage.USES, portal_mage.MAX_USES, "Portal Mage"),
    ("power", "championing", championing.USED, 1, "Champion's conquest"),
    ("item", "doomhammer", items_shared.used_flag("doomhammer"), 1, ITEMS["doomhammer"].name),
    ("item", "frostmourne", items_shared.used_flag("frostmourne"), 1, ITEMS["frostmourne"].name),
    ("item", "ashes-of-alar", items_shared.used_flag("ashes-of-alar"), 1, ITEMS["ashes-of-alar"].name),
)

_ETHEREALS_DONE = {"steal": "Ethereals: Artifact stolen", "conquer": "Ethereals: Legendary Place conquered"}
_TIMES = {1: "Once", 2: "Twice", 3: "Three times"}
#: phases in which a use not made yet may still be made by the seat whose turn it is
_BEFORE_REDEPLOY = frozenset({"pick", "decide", "conquer", "choice", "chance"})


def _times(n: int) -> str:
    return _TIMES.get(n, f"{n} times")


def _tolls(v: dict[str, Any], names: Sequence[str], index: dict[str, int]) -> list[dict[str, Any]]:
    players = v["players"]
    out = []
    for key in v.get("tolls_paid", []):
        fact: dict[str, Any] = {"key": key, "amount": None, "payee": None, "region": None}
        if key == pandaren.HARMONY:
            payee = next((p["seat"] for p in players if p["race"] == pandaren.RACE), None)
            fact.update(amount=pandaren.TOLL, payee=payee)
            to = players[payee]["name"] if payee is not None else "the Pandaren"
            fact["text"] = f"Harmony paid to {to}"
            fact["tip"] = (f"Harmony (Pandaren): {pandaren.TOLL} coins paid to {to} before the first "
                           "attack on the Pandaren this turn. Nothing more to pay for them this turn.")
        elif key == aegis_of_aggramar.TOLL_KEY:
            fact["amount"] = aegis_of_aggramar.TOLL_VC
            fact["text"] = "Aegis paid"
            fact["tip"] = (f"Aegis of Aggramar: {aegis_of_aggramar.TOLL_VC} coins paid to its holder. "
                           "Its Region is no longer immune to this player this turn.")
        elif key.startswith(MARSH_PREFIX):
            rid = key[len(MARSH_PREFIX):]
            name = names[index[rid]] if rid in index else rid
            # one badge of each power: its holder (Active, or kept In Decline) was paid
            payee = next((p["seat"] for p in players
                          if MARSHDWELLER in (p["power"] if p["race"] else None, p["kept"])), None)
            fact.update(amount=MARSH_VC, region=rid, payee=payee)
            to = players[payee]["name"] if payee is not None else "the Marshdweller player"
            fact["text"] = f"Marshdweller toll paid for {name}"
            fact["tip"] = (f"Marshdweller: {MARSH_VC} coin paid to {to} before conquering this "
                           f"Swamp ({name}).")
        else:
            fact["text"] = f"Toll paid: {key}"
            fact["tip"] = "A toll paid this turn: nothing more to pay for it this turn."
        out.append(fact)
    return out


def _has(v: dict[str, Any], seat: int, kind: str, ident: str) -> bool:
    """Seat ``seat``'s Active race has this race, power or controlled face-up item (R-ITEM-1)."""
    me = v["players"][seat]
    if kind == "race":
        return me["race"] == ident
    if kind == "power":
        return me["race"] is not None and me["power"] == ident
    return any(ident in r["items"] and r["occupant"] == "active" and r["player"] == seat
               for r in v["regions"])


def _uses(v: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    tf = v.get("turn_flags") or {}
    may_still = v["phase"] in _BEFORE_REDEPLOY
    out = []
    for kind, ident, flag, most, label in LIMITED_USES:
        raw = tf.get(flag)
        used = (raw if isinstance(raw, int) and not isinstance(raw, bool) else (1 if raw else 0))
        used = min(used, most)
        if not used and not (may_still and _has(v, seat, kind, ident)):
            continue
        if most > 1:
            text = f"{label} {used} of {most} used"
        elif ident == "ethereals" and used:
            text = _ETHEREALS_DONE.get(str(raw), "Ethereals: used")
        else:
            text = f"{label} {'used' if used else 'ready'}"
        summary = SUMMARIES.get(ident, "")
        where = {"race": RACES, "power": POWERS, "item": ITEMS}[kind]
        title = where[ident].name if ident in where else ident
        left = most - used
        state = ("used up for this turn" if not left
                 else f"{left} use{'s' if left != 1 else ''} left this turn")
        tip = f"{title} ({_times(most).lower()} per turn): {state}."
        out.append({"id": ident, "kind": kind, "used": used, "max": most, "text": text,
                    "tip": f"{tip} {summary}".strip()})
    return out


def _beaten(v: dict[str, Any], seat: int, factions: bool = True) -> tuple[list[dict[str, Any]], bool, str | None]:
    race = v["players"][seat]["race"]
    own = RACES[race].faction if race in RACES and factions else None
    enemy = _OPPOSITE.get(own or "")
    beaten = []
    for r, n in v.get("defeated_this_turn", {}).items():
        faction = RACES[r].faction if r in RACES and factions else None
        beaten.append({"race": r, "name": race_name(r), "regions": n,
                       "faction": faction, "enemy": enemy is not None and faction == enemy})
    beaten.sort(key=lambda b: b["name"])
    bonus = any(b["enemy"] for b in beaten)
    return beaten, bonus, (_FACTION_NAMES[enemy] if enemy else None)


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
