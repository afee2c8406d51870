"""The ability mechanism: a closed set of typed hooks for races, powers and items.

Every effect of an edition (Warcraft: RULES §9–§11) is an :class:`Ability` subclass that
overrides some of the hook methods declared below, each with its arguments and the decision
point of the rulebook where the engine calls it. A public method that is not a hook (a
misspelling such as ``conquest_reduciton``) makes the class definition fail with ``TypeError``,
and the engine's call helpers (:mod:`smallworld.core.hooks`) refuse a hook name that is not
declared here: a hook can never be silently ignored. Private helpers start with ``_``.

Every hook receives ``s`` (a :class:`smallworld.core.state.State`) and ``owner`` (the seat
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

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from smallworld.core.meta import (
    DECLARATIONS,
    ActionSpec,
    EventWords,
    Flag,
    Piece,
    TollWords,
    UseLimit,
    check_declarations,
)

if TYPE_CHECKING:
    from smallworld.core.actions import Action
    from smallworld.core.conquest import Conquest
    from smallworld.core.state import State


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


#: Attributes an Ability may define that are not hooks.
_DATA_ATTRIBUTES = frozenset(
    {
        "id", "kind", "rule", "summary", "lasts_in_decline", "acts_uncontrolled",
        "action_kinds", "implemented", "keeps_tokens_in_decline", "conquers_in_decline",
        "separate_decline", "scenario_keys", *DECLARATIONS,
    }
)


class Ability:
    """Base class for one race, power or item effect.

    Subclasses set ``id`` (slug), ``kind`` (``"race"``, ``"power"``, ``"item"``), ``rule``
    (the rules section, e.g. ``"§9 Trolls"``), ``summary`` (one plain sentence for players),
    their declarations (:mod:`smallworld.core.meta`: ``flags``, ``action_specs``, ``pieces``,
    ``toll_words``, ``uses``), and override hooks (the methods below). ``action_specs`` lists
    every action kind the ability offers (its own actions and its decisions' answers), with
    argument shapes and words; ``action_kinds`` names those the engine routes to :meth:`apply`
    (each must be in ``action_specs`` when the class declares any). ``hooks`` is the set of hook names the class
    overrides (computed at class creation); the engine asks only those.

    Raises:
        TypeError: at class creation, if a public method is not a hook, a public attribute is
            neither a hook nor a known declaration (a misspelling such as ``action_spec``), a
            declaration has the wrong type, ``action_kinds`` is set without an ``apply`` hook or
            names a kind its ``action_specs`` do not declare.
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
    #: race: going In Decline, every token on the map stays (classic Ghouls, C-R-GHOULS-1)
    keeps_tokens_in_decline: ClassVar[bool] = False
    #: race: In Decline, it takes a whole turn of its own (ready troops, abandon, conquests, final
    #: conquest, redeployment) at the start of each of its owner's expansion turns, before the
    #: Active race (classic Ghouls, C-R-GHOULS-2, C-ORDER-1); the engine swaps it into the Active
    #: slot for that turn (:func:`smallworld.core.decline.swap_in`)
    conquers_in_decline: ClassVar[bool] = False
    #: power: the race goes In Decline into a second slot, apart from the one-decline limit, and
    #: stays there until its last token is lost (classic Spirit, C-P-SPIRIT-1/2, C-DEC-3)
    separate_decline: ClassVar[bool] = False
    #: public flags it keeps in ``s.flags`` / ``s.tflags`` and how RL encodes them
    flags: ClassVar[tuple[Flag, ...]] = ()
    #: the action kinds it owns, with their argument shapes and words
    action_specs: ClassVar[tuple[ActionSpec, ...]] = ()
    #: its limited pieces (names, effects in plain words)
    pieces: ClassVar[tuple[Piece, ...]] = ()
    #: the words of its tolls (RULES §8)
    toll_words: ClassVar[tuple[TollWords, ...]] = ()
    #: its limited uses per turn
    uses: ClassVar[tuple[UseLimit, ...]] = ()
    #: the words of the event kinds it reports (core/changes.emit)
    event_words: ClassVar[tuple[EventWords, ...]] = ()
    #: keys of a scenario file's [[players]] tables it reads (:meth:`from_scenario`)
    scenario_keys: ClassVar[tuple[str, ...]] = ()
    #: hooks this class implements (computed at class creation)
    hooks: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found = set()
        allowed = {"hooks"}.union(*(vars(k).get("_parameters", ()) for k in cls.__mro__))
        for klass in cls.__mro__:
            if klass is Ability or klass is object:
                continue
            for name, value in vars(klass).items():
                if name.startswith("_") or name in _DATA_ATTRIBUTES:
                    continue
                if name in HOOK_NAMES:
                    found.add(name)
                    continue
                if callable(value) or isinstance(value, (staticmethod, classmethod, property)):
                    raise TypeError(
                        f"{cls.__name__}.{name} is not a hook; known hooks: {', '.join(sorted(HOOK_NAMES))}"
                    )
                if name in allowed:
                    continue
                raise TypeError(
                    f"{cls.__name__}.{name} is neither a hook nor a declaration; known declarations: "
                    f"{', '.join(sorted(_DATA_ATTRIBUTES))} (a base class may add parameters in _parameters)"
                )
        check_declarations(cls)
        if cls.action_kinds and "apply" not in found:
            raise TypeError(f"{cls.__name__} declares action_kinds but has no apply hook")
        undeclared = cls.action_kinds - {a.kind for a in cls.action_specs}
        if cls.action_specs and undeclared:
            raise TypeError(f"{cls.__name__} routes {sorted(undeclared)} but its action_specs do not declare them")
        cls.hooks = frozenset(found)

    def __repr__(self) -> str:
        return f"<{self.kind} {self.id}>"

    # ---- turn start (R-ORDER-1) ----------------------------------------------------------------

    def on_turn_start(self, s: State, owner: int) -> None:
        """Own turn, before pick/decline (Harmony taken back, Bombs revealed)."""

    def on_expand(self, s: State, owner: int) -> None:
        """Own turn, after choosing expansion, before ready troops (Beasts renewed, Worgen form
        and Battleground side asked: push a decision)."""

    def on_pick(self, s: State, owner: int) -> None:
        """Right after the owner picks this combo (Goblins reshuffle Bombs)."""

    # ---- conquest (R-CONQ-*) -----------------------------------------------------------------

    def reach(self, s: State, owner: int) -> Iterable[int]:
        """Attacker: Regions treated as adjacent for later conquests (Kobolds' Caverns)."""
        return ()

    def first_targets(self, s: State, owner: int) -> Iterable[int]:
        """Attacker: extra first-conquest targets with no travel cost (Kobolds, Naga)."""
        return ()

    def may_enter_water(self, s: State, owner: int) -> bool:
        """Attacker: may conquer and hold Sea/Lake Regions (Naga, R-CONQ-5)."""
        return False

    def no_travel_cost(self, s: State, owner: int) -> bool:
        """Attacker: the travel cost is never paid (Sailing, Meeting Stone)."""
        return False

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        """Attacker: cost reduction (>= 0) for conquering Region ``r`` in ``mode`` (Dwarves,
        Trolls, Blacksmith, Worgen form, Frostmourne)."""
        return 0

    def auxiliaries(self, s: State, owner: int) -> int:
        """Attacker: pieces in hand that fight as race tokens in ordinary and final conquests
        (Beasts, RULES §10). The engine lets them make up the cost beyond the race minimum of
        real tokens: a conquest places ``max(minimum, cost - auxiliaries)`` tokens, so the
        ``on_conquest`` record's ``cost - placed`` is how many joined (a final conquest takes
        them all)."""
        return 0

    def no_final_conquest(self, s: State, owner: int) -> bool:
        """Attacker: True if the race never makes the final conquest with the reinforcement die
        (R-CONQ-9): only targets it can pay for in full are offered (classic Berserk, which
        rolls before each conquest instead, C-P-BERSERK-3)."""
        return False

    def min_tokens(self, s: State, owner: int) -> int:
        """The fewest tokens of this race a Region may hold and a conquest may place (Tauren: 2,
        R-CONQ-4)."""
        return 1

    def immune(self, s: State, owner: int | None, attacker: int, r: int) -> bool:
        """Global: Region ``r`` cannot be targeted by ``attacker``'s conquests or powers (Watch
        Tower, unpaid Aegis). An ability that is immune and also owes a toll for the same
        (attacker, region) is lifted by paying it: the Region stays a conquest target behind
        the toll (:func:`smallworld.core.hooks.immune_beyond_tolls`)."""
        return False

    def tolls(self, s: State, owner: int | None, attacker: int, r: int) -> Iterable[Toll]:
        """Global: payments ``attacker`` owes before conquering Region ``r`` (Harmony,
        Marshdweller, Aegis; RULES §8). The engine offers ``pay KEY`` only for the targets an
        ordinary conquest could reach (cost at most hand + auxiliaries + 3): an ability whose
        conquests reach further (airborne assault, Ashes, Doomhammer, Frostmourne, Champion)
        offers the ``pay`` actions of its own targets (the engine drops duplicates)."""
        return ()

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        """Attacker: after each successful conquest, given its record (VC bonuses, Wisp Walls,
        Forsaken purchases earned)."""

    def on_discarded(self, s: State, owner: int, r: int, n: int, race: str | None) -> None:
        """Attacker: the owner's own action discarded ``n`` Murlocs/race tokens of ``race``
        (``None``: Murlocs) from Region ``r`` outside a conquest (Intimidating); the acting
        ability calls ``hooks.call_own(s, owner, 'on_discarded', ...)`` (Forsaken)."""

    def on_region_conquered(self, s: State, owner: int | None, c: Conquest) -> None:
        """Global: after anyone's conquest (Military Objectives, Champion capture)."""

    def losses(
        self, s: State, owner: int | None, r: int, lost: int, attacker: int | None, cause: str
    ) -> int:
        """Global (defender side): tokens discarded from a loss of Region ``r``'s Active
        occupant, given the value so far (1, or 0 for a lone Champion); each answer feeds the
        next, races last (Draenei, Light's Hope Chapel, Champion, Beasts)."""
        return lost

    def on_tokens_removed(self, s: State, owner: int | None, r: int) -> None:
        """Global: some Murlocs/race tokens were just taken out of Region ``r`` by something
        other than a conquest or abandon (Intimidating, …); whoever removes them calls
        ``core.troops.tokens_removed(s, r)``. Tauren move a token that would be left alone."""

    # ---- choices (legal actions owned by abilities) ------------------------------------------

    def actions(self, s: State, owner: int) -> Iterable[Action]:
        """The owner's extra legal actions in the current phase (airborne assault,
        Intimidating, Portal Mage, items, placements, purchases), or the actions of the
        decision it pushed on ``s.decisions``."""
        return ()

    def apply(self, s: State, owner: int, action: Action) -> None:
        """Apply one of the owner's own actions (of a kind declared in ``action_kinds``)."""
        raise NotImplementedError(f"{self!r} owns no action")

    # ---- end of turn (R-ORDER-2) -------------------------------------------------------------

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        """Own turn end, ``step`` in ``('purchase', 'healer', 'withdraw', 'placement', 'gift',
        'payments')`` (the engine's order, :mod:`smallworld.core.engine`); may push decisions."""

    def score(self, s: State, owner: int) -> Iterable[tuple[str, int]]:
        """The owner's scoring (R-SCORE-2): bonus lines ``(label, VC)``."""
        return ()

    def at_any_turn_end(self, s: State, owner: int | None, current: int) -> None:
        """Global: at the end of every player's scoring; ``current`` is the seat whose turn
        ended (Well of Eternity)."""

    def faction_side(self, s: State, owner: int) -> str | None:
        """The Active race's faction for the faction bonus this turn (Battleground side of a
        Neutral race), or ``None`` for no change."""
        return None

    def faction_bonus_cap(self, s: State, owner: int) -> int:
        """How many times each defeated race counts in the faction bonus (Battleground: 2)."""
        return 1

    # ---- decline and items -------------------------------------------------------------------

    def on_decline(self, s: State, owner: int) -> None:
        """The owner's race goes In Decline (Goblins' Bombs, pieces tied to the race)."""

    def on_abandon(self, s: State, owner: int, r: int) -> None:
        """Own: the owner's Active race just abandoned Region ``r`` (R-TROOP-2; it is empty
        now): pieces that act as its tokens there go back to hand with them (Beasts,
        Champion)."""

    def on_reveal(self, s: State, owner: int | None, r: int) -> None:
        """An item is revealed in Region ``r`` (Well of Eternity moves)."""

    # ---- words for the player ----------------------------------------------------------------

    def decision_words(self, s: State, owner: int) -> str:
        """Own: while this ability's decision (``changes.ask``) waits for the owner, one plain
        sentence saying what to do and how much is left (``"Take 3 more Amazon tokens off the
        map: ..."``); ``""`` for the page's general words. Read only, never changes ``s``."""
        return ""

    # ---- positions set up by hand --------------------------------------------------------------

    def on_position(self, s: State, owner: int) -> None:
        """Own: a position was set up by hand (a scenario file, :mod:`smallworld.scenarios`):
        derive the ability's bookkeeping flags that the pieces on the map imply and the file did
        not set (Bivouacking: the Encampments placed, so lost ones are placed again). Never
        overrides a flag already set."""

    def from_scenario(self, s: State, given: dict[int, dict[str, Any]]) -> None:
        """Any: a scenario file's [[players]] tables gave this ability's :attr:`scenario_keys`
        (``given``: seat -> {key: value}, only the seats giving one; asked of every ability of
        the edition declaring keys, in play or not, after the players, Regions and flags are
        set): check them and set the state (Pandaren: ``harmony = true``, that seat holds a
        Harmony token). Raises ``ScenarioError`` naming the seat and the problem."""


#: the names of every hook: the methods Ability declares (the one list of decision points)
HOOK_NAMES: frozenset[str] = frozenset(
    name for name, value in vars(Ability).items()
    if callable(value) and not name.startswith("_")
)


def check_hook(name: str) -> None:
    """Raise ``ValueError`` naming the known hooks if ``name`` is not one (call sites use it)."""
    if name not in HOOK_NAMES:
        raise ValueError(f"{name!r} is not a hook; known hooks: {', '.join(sorted(HOOK_NAMES))}")


#: called after every :meth:`AbilityTables.register` (:mod:`smallworld.core.hooks` recomputes
#: which hooks are live); see :func:`on_register`
_on_register: list[Callable[[], None]] = []


def on_register(listener: Callable[[], None]) -> None:
    """Call ``listener()`` after every ability registered by :meth:`AbilityTables.register`
    (the hook tables, a module above this one, subscribe instead of being imported here)."""
    _on_register.append(listener)


class AbilityTables:
    """One edition's abilities by kind (``"race"``, ``"power"``, ``"item"``): the effects its
    modules register, and for every other id of its data a definition with no hook, no
    declaration and ``implemented = False``, so the game data is complete while a missing effect
    stays visible. Each effect declares its own summary, pieces, flags and actions
    (:mod:`smallworld.core.meta`).

    Args:
        names: kind -> data by id (each with ``.name``; powers with ``.lasts``, R-DEC-2).
        rule_sections: kind -> the rules section its ``rule`` names (``"§9"``).
        edition: a word naming the edition in errors (``"classic"``), or ``""``.
        class_prefix: prefix of the definitions' class names (keeps two editions' apart).
    """

    def __init__(
        self,
        names: dict[str, Any],
        rule_sections: dict[str, str],
        *,
        edition: str = "",
        class_prefix: str = "",
    ) -> None:
        self.names = names
        self.rule_sections = rule_sections
        self.edition = edition
        self.class_prefix = class_prefix
        #: kind -> id -> the Ability (the dicts an Edition holds)
        self.tables: dict[str, dict[str, Ability]] = {kind: {} for kind in names}

    def register(self, cls: type[Ability]) -> type[Ability]:
        """Class decorator: make ``cls`` the effect of its ``kind``/``id``.

        Raises:
            ValueError: unknown kind or id (not in the edition's data).
        """
        if cls.kind not in self.tables:
            raise ValueError(f"{cls.__name__}: kind must be {_or(self.tables)}, not {cls.kind!r}")
        if cls.id not in self.names[cls.kind]:
            which = f"{self.edition} " if self.edition else ""
            raise ValueError(f"{cls.__name__}: unknown {which}{cls.kind} id {cls.id!r}")
        self.tables[cls.kind][cls.id] = cls()
        for listener in _on_register:  # a run-time registration (tests) changes the live hooks
            listener()
        return cls

    def fill_definitions(self) -> None:
        """A definition for every id no module registered (call after importing the effects)."""
        for kind, names in self.names.items():
            for ident, data in names.items():
                if ident not in self.tables[kind]:
                    self.tables[kind][ident] = self._definition(kind, ident, data)

    def _definition(self, kind: str, ident: str, data: Any) -> Ability:
        cls = type(
            self.class_prefix + "".join(part.capitalize() for part in ident.split("-")),
            (Ability,),
            {
                "id": ident,
                "kind": kind,
                "rule": f"{self.rule_sections[kind]} {data.name}",
                "summary": "",
                "implemented": False,
                "lasts_in_decline": kind == "power" and bool(getattr(data, "lasts", False)),
            },
        )
        made: Ability = cls()
        return made


def _or(kinds: Any) -> str:
    k: list[str] = list(kinds)
    return k[0] if len(k) == 1 else ", ".join(k[:-1]) + " or " + k[-1]
