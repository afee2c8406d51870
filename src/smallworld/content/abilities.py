"""The ability mechanism: a closed set of named hooks for races, powers and items.

Every effect of RULES §9–§11 is an :class:`Ability` subclass that implements some of the hooks
listed in :data:`HOOKS`. The engine calls a hook at the matching decision point of the rulebook
(the point is named in each hook's description below). A method whose name is not a hook (a
misspelling such as ``conquest_reduciton``) makes the class definition fail with ``TypeError``:
a hook can never be silently ignored. Private helpers start with ``_``.

Every hook receives ``state`` (a :class:`smallworld.core.state.State`) and ``owner`` (the seat
holding the ability) first. Which abilities are consulted:

- the **Active** race and power of each player;
- the In Decline race and kept badge when the class sets ``lasts_in_decline = True``
  (Naga in Seas, Night Elves' Wisp Walls, Goblins' placed Bombs, Garrisoned, Marshdweller);
- each face-up item, for the player whose Active race holds its Region (``owner`` is ``None``
  for an item nobody controls; only items that set ``acts_uncontrolled`` are called then).

Hooks marked *attacker* are asked of the acting player's abilities only; *global* hooks are asked
of every ability in play (for defenders and pieces on the board).

Content state lives in ``s.flags`` (kept between turns) and ``s.tflags`` (reset every turn). Both
are **public**: every player's view shows them (RULES §15). A hidden fact (a Bomb's side, an
unrevealed item) is never stored: it is drawn by a chance event when revealed
(:func:`smallworld.core.chance.register`).
"""

from __future__ import annotations

from typing import Any, ClassVar

#: hook name -> (who is asked, when, what it returns). The one list of decision points.
HOOKS: dict[str, str] = {
    # turn start (R-ORDER-1)
    "on_turn_start": "own turn, before pick/decline: Harmony taken back, Bombs revealed. -> None",
    "on_expand": "own turn, after choosing expansion, before ready troops: Beasts renewed, "
    "Worgen form and Battleground side asked (push a decision). -> None",
    "on_pick": "right after the owner picks this combo (Goblins reshuffle Bombs). -> None",
    # conquest (R-CONQ-*)
    "reach": "attacker: Regions treated as adjacent for later conquests (Kobolds' Caverns). "
    "-> iterable of region indexes",
    "first_targets": "attacker: extra first-conquest targets with no travel cost (Kobolds, Naga). "
    "-> iterable of region indexes",
    "may_enter_water": "attacker: may conquer and hold Sea/Lake Regions (Naga, R-CONQ-5). -> bool",
    "no_travel_cost": "attacker: the travel cost is never paid (Sailing, Meeting Stone). -> bool",
    "conquest_reduction": "attacker: cost reduction for (region, mode) (Dwarves, Trolls, "
    "Blacksmith, Worgen form, Frostmourne). -> int >= 0",
    "auxiliaries": "attacker: pieces in hand that fight as race tokens in ordinary and final "
    "conquests (Beasts, RULES §10). The engine lets them make up the cost beyond the race "
    "minimum of real tokens: a conquest places max(minimum, cost - auxiliaries) tokens (the "
    "core's, and abilities' conquests that follow the same rule), so the `on_conquest` record's "
    "cost - placed is how many joined (a final conquest takes them all). -> int",
    "min_tokens": "the fewest tokens of this race a Region may hold and a conquest may place "
    "(Tauren: 2, R-CONQ-4). -> int",
    "immune": "global: (attacker, region) cannot be targeted by conquests or powers "
    "(Watch Tower, unpaid Aegis). An ability that is immune and also owes a toll for the same "
    "(attacker, region) is lifted by paying it: the Region stays a conquest target behind the "
    "toll (hooks.immune_beyond_tolls). -> bool",
    "tolls": "global: payments (attacker, region) owes before conquering it (Harmony, "
    "Marshdweller, Aegis; RULES §8). The engine offers `pay KEY` only for the targets an "
    "ordinary conquest could reach (cost at most hand + auxiliaries + 3): an ability whose "
    "conquests reach further (airborne assault, Ashes, Doomhammer, Frostmourne, Champion) "
    "offers the `pay` actions of its own targets (the engine drops duplicates). "
    "-> iterable of Toll",
    "on_conquest": "attacker: after each successful conquest, given a Conquest record "
    "(VC bonuses, Wisp Walls, Forsaken purchases earned). -> None",
    "on_discarded": "attacker, args (region, n, race): the owner's own action discarded n "
    "Murlocs/race tokens of `race` (None: Murlocs) outside a conquest (Intimidating); the "
    "acting ability calls `hooks.call_own(s, owner, 'on_discarded', ...)` (Forsaken). -> None",
    "on_region_conquered": "global: after anyone's conquest (Military Objectives, Champion "
    "capture). -> None",
    "losses": "global (defender side), args (region, lost, attacker, cause): tokens discarded "
    "from a loss of that Region's Active occupant, given the value so far (1, or 0 for a lone "
    "Champion); each answer feeds the next (Draenei, Light's Hope Chapel, Champion, Beasts). -> int",
    "on_tokens_removed": "global, args (region,): some Murlocs/race tokens were just taken out "
    "of that Region by something other than a conquest or abandon (Intimidating, …); whoever "
    "removes them calls `core.troops.tokens_removed(s, region)`. Tauren move a token that "
    "would be left alone. -> None",
    # choices (legal actions owned by abilities)
    "actions": "owner's extra legal actions in the current phase (airborne assault, "
    "Intimidating, Portal Mage, items, placements, purchases). -> iterable of Action",
    "apply": "apply one of the owner's own actions (of a kind it declared in `action_kinds`). "
    "-> None",
    # end of turn (R-ORDER-2)
    "at_turn_end": "own turn end, step in ('purchase', 'healer', 'placement', 'gift', "
    "'payments'); may push decisions. -> None",
    "score": "owner's scoring (R-SCORE-2): bonus lines. -> iterable of (label, VC)",
    "at_any_turn_end": "global: at the end of every player's scoring (Well of Eternity). -> None",
    "faction_side": "Active race's faction for the faction bonus this turn (Battleground "
    "side of a Neutral race). -> faction or None",
    "faction_bonus_cap": "how many times each defeated race counts in the faction bonus "
    "(Battleground: 2). -> int",
    # decline and items
    "on_decline": "owner's race goes In Decline (Goblins' Bombs, pieces tied to the race). -> None",
    "on_abandon": "own, args (region,): the owner's Active race just abandoned that Region "
    "(R-TROOP-2; it is empty now): pieces that act as its tokens there go back to hand with "
    "them (Beasts, Champion). -> None",
    "on_reveal": "an item is revealed in its Region (Well of Eternity moves). -> None",
}

#: Attributes an Ability may define that are not hooks.
_DATA_ATTRIBUTES = frozenset(
    {
        "id", "kind", "rule", "summary", "lasts_in_decline", "acts_uncontrolled",
        "action_kinds", "implemented",
    }
)


class Ability:
    """Base class for one race, power or item effect.

    Subclasses set ``id`` (slug), ``kind`` (``"race"``, ``"power"``, ``"item"``), ``rule``
    (the RULES section, e.g. ``"§9 Trolls"``), ``summary`` (one plain sentence for players),
    and implement hooks from :data:`HOOKS`. ``action_kinds`` names the action kinds the ability
    owns (their text notation's first word); the engine routes those to :meth:`apply`.

    Raises:
        TypeError: at class creation, if a public method is not a hook name.
    """

    id: ClassVar[str] = ""
    kind: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    lasts_in_decline: ClassVar[bool] = False
    acts_uncontrolled: ClassVar[bool] = False
    action_kinds: ClassVar[frozenset[str]] = frozenset()
    #: False while the effect is only a definition (its rules are not enforced yet)
    implemented: ClassVar[bool] = True
    #: hooks this class implements (computed at class creation)
    hooks: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found = set()
        for klass in cls.__mro__:
            if klass is Ability or klass is object:
                continue
            for name, value in vars(klass).items():
                if name.startswith("_") or name in _DATA_ATTRIBUTES:
                    continue
                if name in HOOKS:
                    found.add(name)
                    continue
                if callable(value) or isinstance(value, (staticmethod, classmethod, property)):
                    raise TypeError(
                        f"{cls.__name__}.{name} is not a hook; known hooks: {', '.join(sorted(HOOKS))}"
                    )
        if cls.action_kinds and "apply" not in found:
            raise TypeError(f"{cls.__name__} declares action_kinds but has no apply hook")
        cls.hooks = frozenset(found)

    def __repr__(self) -> str:
        return f"<{self.kind} {self.id}>"


class Toll:
    """A payment owed before a conquest (RULES §8): ``amount`` VC from the attacker to
    ``payee`` (a seat, or ``None`` for the stash). ``key`` identifies the toll in the
    ``pay KEY`` action and in the turn's paid set (one payment per key per turn)."""

    __slots__ = ("key", "amount", "payee", "label")

    def __init__(self, key: str, amount: int, payee: int | None, label: str) -> None:
        self.key = key
        self.amount = amount
        self.payee = payee
        self.label = label

    def __repr__(self) -> str:
        return f"Toll({self.key!r}, {self.amount}, payee={self.payee})"
