"""The mutable game state: one flat record that copies in one step.

Everything that changes during a game lives in a :class:`State`; the static table lives in its
:class:`~smallworld.core.spec.GameSpec`. Lists are indexed by seat or by region number.
Region occupancy is one integer per Region (``occ``):

- ``EMPTY`` (-1): no Murloc or race token;
- ``MURLOC`` (-2): Murlocs (an In Decline race owned by nobody, RULES §1);
- ``2 * p``: seat ``p``'s Active race; ``2 * p + 1``: seat ``p``'s In Decline race;
- ``2 * (n + p) + 1`` (``n`` players): seat ``p``'s second In Decline race (``decline2[p]``), one
  that went In Decline with a power keeping it apart from the one-decline limit (classic Spirit,
  C-P-SPIRIT-1). Odd codes are In Decline; the owner of any code ``c >= 0`` is
  :meth:`State.owner_of` (``(c >> 1) % n``), which is ``c >> 1`` for the first two kinds.

An In Decline race may hold tokens in hand (classic: In Decline Ghouls, C-CONQ-7, C-R-GHOULS-2):
``dhand[race]``. While an In Decline race takes a turn of its own (Ghouls' mini-turn, or its
owner placing its withdrawn tokens) it is swapped into the Active slot: see
:mod:`smallworld.core.decline` (``acting`` holds what was swapped out).

``tokens[r]`` counts the Murlocs or race tokens there. Pieces (Forts, Wisp Walls, Beasts, …) are
counted per Region in ``pieces[kind]``; items lie in ``items[r]``, a tuple of item ids in the
order they came (``"?"`` for a face-down one): a Region may hold any number of items (R-ITEM-2).

**Layout** (issue 33: many live states and many copies per second, as search and RL make). A
state is a ``__slots__`` record (a C struct in the compiled build, ``state.pxd``); the static
tables stay in the spec, shared by reference and pickled as its key. Each field has the cheapest
form that keeps the content's way of reading it (``s.occ[r]``, ``s.items[r]``, ``s.column[k]``):

- ``occ`` and ``tokens``, read and written on every action (the legal conquests scan them),
  stay lists: CPython 3.11 specializes ``list[int]`` reads and writes, and the compiled core
  types them ``list`` (C reads), while an ``array`` goes through the generic item protocol
  (an index conversion and an int object per read, an argument parse per write). Measured with
  them as arrays (``b``/``h``): about 10 % fewer random playouts per second, pure Python and
  compiled alike, for 350-400 bytes less per state. Typed memoryviews in the compiled core's
  ``.pxd`` would make arrays the faster form there (not done yet);
- the pieces of each kind are typed arrays (:mod:`array`, no numpy: the pure-Python build runs
  the same layout; an array copies with one ``memcpy``): a 16-bit count per Region
  (:data:`COUNT_TYPE`; a kind's array exists once a piece of it is placed), 2 bytes per Region
  instead of an 8-byte pointer. Made with :func:`zero_counts`, :func:`count_array`;
- fields that change rarely are immutable tuples, shared between a state and its copies and
  replaced whole when they change (copy-on-write: never changed in place; :func:`replaced`):
  ``column`` (the combos), ``last_score`` (each seat's scoring lines) and ``items`` (each
  Region's items). A copy costs nothing for them;
- the values of those tuples that recur across games (a combo ``(race, power, coins)``, a
  scoring line, a seat's lines, a new game's empty items) are interned process-wide by
  :func:`shared`, so that states of distinct games hold one copy of each;
- counts by race or piece kind are 16-bit arrays in the spec's order instead of dicts keyed by
  strings: ``box`` (``spec.race_keys``, read with :meth:`State.in_box`) and ``supply``
  (``spec.piece_keys``, :meth:`State.in_supply`); the changes of :mod:`smallworld.core.changes`
  write them;
- the rest (per-seat lists, stacks, flags) are plain lists and dicts, copied by
  :meth:`State.copy` field by field (each a few entries: an array would save nothing there).

:meth:`State.to_dict` writes every field as before (arrays as lists, tuples as lists): saved
games, records and logs are byte-identical whatever the layout.

Hidden facts (RULES §15) are never stored ahead of time: stack order, face-down items and Bomb
sides are decided by chance actions when they are revealed (see :mod:`smallworld.core.chance`),
so the state itself holds no secret except other players' VC totals, which only
:func:`smallworld.core.view.view` filters.
"""

from __future__ import annotations

from array import array
from typing import Any

from smallworld.core import packing
from smallworld.core.packing import shared as shared  # interning lives below the state (packing uses it)
from smallworld.core.spec import GameSpec

EMPTY = -1
MURLOC = -2
CHANCE = -1  # actor while a chance event is pending
NOBODY = -2  # actor once the game is over

# phases in which the engine waits for a decision
PICK = "pick"
DECIDE = "decide"
CONQUER = "conquer"
REDEPLOY = "redeploy"
DEFEND = "defend"
CHOICE = "choice"
OVER = "over"
PHASES = (PICK, DECIDE, CONQUER, REDEPLOY, DEFEND, CHOICE, OVER)

#: the typecode of the count arrays (pieces per Region, box, supply): a signed 16-bit int, far
#: past any count of the game
COUNT_TYPE = "h"
_NO_COUNT = array(COUNT_TYPE, [0])


def zero_counts(n: int) -> array[int]:
    """``n`` counts, all 0 (the type of a ``State.pieces`` kind, of ``box`` and ``supply``)."""
    return _NO_COUNT * n


def count_array(values: Any) -> array[int]:
    """Counts ``values`` (ints) as the type of a ``State.pieces`` kind, ``box`` and ``supply``.

    Raises:
        OverflowError: a count past a signed 16-bit int.
    """
    return array(COUNT_TYPE, values)


_LIST_FIELDS = (
    "vc", "active", "power", "decline", "kept", "hand", "race_turns", "occ", "tokens", "items",
    "column", "banner_stack", "banner_bottom", "badge_stack", "badge_discard", "item_pool",
    "chance", "decisions", "defenders", "last_score",
)
#: the fields of :data:`_LIST_FIELDS` held as immutable tuples (replaced whole, shared by copies)
_TUPLE_FIELDS = frozenset({"items", "column", "last_score"})
_DICT_FIELDS = ("box", "supply", "flags", "tflags", "defeated", "paid", "team")
#: the scalar fields and what :meth:`State.from_dict` accepts for each (the compiled core holds
#: them in C fields: ints within :data:`_INT_LIMIT`, strings, a dict or None; the same checks
#: either way)
_SCALAR_TYPES: dict[str, type | tuple[type, ...]] = {
    "round": int, "turn": int, "step": str, "phase": str, "actor": int, "conquests": int,
    "result": (dict, type(None)),
}
_SCALAR_FIELDS = tuple(_SCALAR_TYPES)
_INT_LIMIT = 2**31 - 1
#: fields of editions with a second In Decline slot or In Decline tokens in hand (classic Spirit,
#: Ghouls): always copied, serialized only when not at their default (so a Warcraft state's JSON
#: is unchanged)
_OPT_LIST_FIELDS = ("decline2", "kept2")
_OPT_DICT_FIELDS = ("dhand",)
#: what a pickle of a State holds beside its spec: every field but the roster cache (rebuilt
#: when next asked), some packed (:mod:`smallworld.core.packing`)
_PICKLED = ("pieces", "acting") + _LIST_FIELDS + _DICT_FIELDS + _SCALAR_FIELDS + _OPT_LIST_FIELDS + _OPT_DICT_FIELDS


class State:
    """A game position. Copy with :meth:`copy`; never share lists, arrays or dicts between
    states (tuple fields are shared: never change one in place, replace it).

    Use the functions of :mod:`smallworld.core.engine` (also bound here as methods:
    :meth:`legal_actions`, :meth:`apply`, :meth:`current_player`) to change it.
    """

    __slots__ = (
        ("spec", "pieces", "roster_cache", "acting", "events")
        + _LIST_FIELDS + _DICT_FIELDS + _SCALAR_FIELDS + _OPT_LIST_FIELDS + _OPT_DICT_FIELDS
    )

    spec: GameSpec
    #: per piece kind (only the kinds ever placed), its count on each Region
    pieces: dict[str, array[int]]
    vc: list[int]
    active: list[str | None]
    power: list[str | None]
    decline: list[str | None]
    kept: list[str | None]
    hand: list[int]
    race_turns: list[int]
    occ: list[int]
    tokens: list[int]
    #: by Region, its items: immutable, replaced whole (:func:`replaced`)
    items: tuple[tuple[str, ...], ...]
    #: the combos, ``(race, power, coins)`` each: immutable, replaced whole (:func:`replaced`)
    column: tuple[tuple[str | None, str | None, int], ...]
    banner_stack: list[str]
    banner_bottom: list[str]
    badge_stack: list[str]
    badge_discard: list[str]
    item_pool: list[str]
    chance: list[tuple[Any, ...]]
    decisions: list[tuple[int, str]]
    defenders: list[int]
    #: by seat, its last scoring's ``(label, n)`` lines: immutable, replaced whole
    last_score: tuple[tuple[tuple[str, int], ...], ...]
    #: second In Decline race and its kept badge by seat (classic Spirit, C-P-SPIRIT-1)
    decline2: list[str | None]
    kept2: list[str | None]
    #: In Decline race tokens in hand, by race (classic Ghouls, C-CONQ-7)
    dhand: dict[str, int]
    #: while an In Decline race acts in the Active slot: ``(seat, slot, power, kept)`` swapped out
    #: (:func:`smallworld.core.decline.swap_in`); ``None`` otherwise
    acting: tuple[Any, ...] | None
    #: race tokens in the tray by race, in the order of ``spec.race_keys`` (:meth:`in_box`)
    box: array[int]
    #: pieces in the supply by kind, in the order of ``spec.piece_keys`` (:meth:`in_supply`)
    supply: array[int]
    flags: dict[str, Any]
    tflags: dict[str, Any]
    defeated: dict[str, int]
    paid: dict[str, bool]
    team: dict[str, Any]
    round: int
    turn: int
    step: str
    phase: str
    actor: int
    conquests: int
    result: dict[str, Any] | None
    #: the abilities in play, kept by :func:`smallworld.core.roster.roster` (not game data:
    #: never serialized or compared; rebuilt whenever what it depends on changes)
    roster_cache: Any
    #: the events being collected (:mod:`smallworld.core.events`), or ``None``: not collected
    #: (the default; never copied, serialized, pickled or compared)
    events: list[dict[str, Any]] | None

    def copy(self) -> State:
        """An independent copy: lists, arrays and dicts copied (their values are immutable),
        tuples shared (they are never changed in place: ``column``, ``last_score``).

        ``flags`` and ``tflags`` values must be immutable (ints, strings, tuples, frozensets).
        """
        new = State.__new__(State)
        new.spec = self.spec
        new.roster_cache = self.roster_cache  # immutable; shared until the copy diverges
        new.events = None
        new.pieces = {k: v[:] for k, v in self.pieces.items()}
        new.vc = self.vc[:]
        new.active = self.active[:]
        new.power = self.power[:]
        new.decline = self.decline[:]
        new.kept = self.kept[:]
        new.hand = self.hand[:]
        new.race_turns = self.race_turns[:]
        new.occ = self.occ[:]
        new.tokens = self.tokens[:]
        new.items = self.items
        new.column = self.column
        new.banner_stack = self.banner_stack[:]
        new.banner_bottom = self.banner_bottom[:]
        new.badge_stack = self.badge_stack[:]
        new.badge_discard = self.badge_discard[:]
        new.item_pool = self.item_pool[:]
        new.chance = self.chance[:]
        new.decisions = self.decisions[:]
        new.defenders = self.defenders[:]
        new.last_score = self.last_score
        new.box = self.box[:]
        new.supply = self.supply[:]
        new.flags = self.flags.copy()
        new.tflags = self.tflags.copy()
        new.defeated = self.defeated.copy()
        new.paid = self.paid.copy()
        new.team = self.team.copy()
        new.round = self.round
        new.turn = self.turn
        new.step = self.step
        new.phase = self.phase
        new.actor = self.actor
        new.conquests = self.conquests
        result = self.result
        new.result = dict(result) if result is not None else None
        new.decline2 = self.decline2[:]
        new.kept2 = self.kept2[:]
        new.dhand = self.dhand.copy()
        new.acting = self.acting
        return new

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle support, the same in both builds (the compiled build's State is an extension
        type, whose generated pickling refused these states): the spec, which pickles as its key
        (none of its tables), and the fields of :data:`_PICKLED`, packed
        (:func:`smallworld.core.packing.pack`)."""
        spec = self.spec
        return (_unpickle, (spec, packing.pack(spec, _PICKLED, [getattr(self, name) for name in _PICKLED])))

    # ---- convenience accessors -------------------------------------------------------------

    def region_of(self, rid: str) -> int:
        """Region number of ``"L1.4"``; raises ``KeyError`` naming it when not in play."""
        return self.spec.region(rid)

    def piece(self, kind: str, r: int) -> int:
        """Number of pieces of ``kind`` in region ``r``."""
        lst = self.pieces.get(kind)
        return lst[r] if lst is not None else 0

    def add_piece(self, kind: str, r: int, n: int = 1) -> None:
        """Put ``n`` pieces of ``kind`` on region ``r`` (negative ``n`` removes)."""
        lst = self.pieces.get(kind)
        if lst is None:
            lst = self.pieces[kind] = zero_counts(self.spec.n_regions)
        lst[r] += n

    def in_box(self, race: str) -> int:
        """Tokens of ``race`` in the tray (RULES §2.1).

        Raises:
            KeyError: not a race of the edition.
        """
        return self.box[self.spec.race_index[race]]

    def in_supply(self, kind: str) -> int:
        """Pieces of ``kind`` in the supply (RULES §2.3); 0 for a kind the edition's box has not."""
        i = self.spec.piece_index.get(kind)
        return self.supply[i] if i is not None else 0

    def regions_of(self, code: int) -> list[int]:
        """Region numbers whose occupant code is ``code`` (``2p`` Active, ``2p+1`` In Decline)."""
        occ = self.occ
        return [r for r in range(len(occ)) if occ[r] == code]

    def race_of(self, code: int) -> str | None:
        """Race id for an occupant code (``None`` for empty or Murlocs)."""
        if code < 0:
            return None
        p, dec = divmod(code, 2)
        if not dec:
            return self.active[p]
        n = len(self.active)
        return self.decline2[p - n] if p >= n else self.decline[p]

    def owner_of(self, code: int) -> int:
        """Seat owning occupant code ``code >= 0`` (any of its three kinds)."""
        return (code >> 1) % len(self.active)

    def decline_code(self, p: int, race: str | None) -> int:
        """Occupant code of seat ``p``'s In Decline ``race``: ``2p+1``, or ``2(n+p)+1`` for its
        second In Decline race (``decline2``); -3 (no Region has it) when it is neither."""
        if race is not None:
            if race == self.decline[p]:
                return 2 * p + 1
            if race == self.decline2[p]:
                return 2 * (len(self.active) + p) + 1
        return -3

    # ---- serialization ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-able dict of the whole state (including what views hide). Round-trips through
        :func:`smallworld.core.state.State.from_dict` given the same spec."""
        d: dict[str, Any] = {"spec": self.spec.header(), "pieces": self.pieces}
        for name in _LIST_FIELDS + _DICT_FIELDS + _SCALAR_FIELDS:
            d[name] = getattr(self, name)
        spec = self.spec
        d["box"] = dict(zip(spec.race_keys, self.box.tolist()))
        d["supply"] = dict(zip(spec.piece_keys, self.supply.tolist()))
        for name in _OPT_LIST_FIELDS:
            lst = getattr(self, name)
            if any(x is not None for x in lst):
                d[name] = lst
        if self.dhand:
            d["dhand"] = self.dhand
        if self.acting is not None:
            d["acting"] = self.acting
        out: dict[str, Any] = _jsonable(d)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any], spec: GameSpec) -> State:
        """Rebuild a state written by :meth:`to_dict`.

        Raises:
            ValueError: a field is missing or of the wrong shape.
        """
        new = cls.__new__(cls)
        new.spec = spec
        new.roster_cache = None
        new.events = None
        try:
            _read_fields(new, d)
        except (KeyError, TypeError, AttributeError, OverflowError) as e:
            raise ValueError(f"bad state data: {e!r}") from None
        _as_tuples(new)
        n = spec.n_regions
        if len(new.occ) != n or len(new.tokens) != n or len(new.items) != n:
            raise ValueError(f"bad state data: region lists must have {n} entries")
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ---- who acts ----------------------------------------------------------------------------
    # (the legal actions and applying one are :mod:`smallworld.core.engine`'s: ``legal_actions(s)``,
    # ``apply_action(s, a)``; a game with its record: :meth:`smallworld.core.game.Game.apply`)

    def current_player(self) -> int:
        """Seat to act, ``CHANCE`` (-1) while a chance event is pending, ``NOBODY`` when over;
        during an ability's decision, the seat that decision is for (it may not be the turn's
        player, e.g. a Tauren owner moving a lone token)."""
        if self.phase == OVER:
            return NOBODY
        if self.chance:
            return CHANCE
        if self.decisions:
            return self.decisions[-1][0]
        return self.actor

    def is_over(self) -> bool:
        return self.phase == OVER


def phase_of(s: State) -> str:
    """The decision being waited for: ``"chance"``, ``"choice"`` (an ability's decision), or
    ``s.phase`` (one of :data:`PHASES`)."""
    if s.phase == OVER:
        return OVER
    if s.chance:
        return "chance"
    if s.decisions:
        return CHOICE
    return s.phase


def _read_fields(new: State, d: dict[str, Any]) -> None:
    """The fields of ``new`` from the JSON data ``d`` (:meth:`State.to_dict`), scalars checked
    for type and range. Raises ``ValueError`` (a bad scalar), ``KeyError`` or ``TypeError``."""
    new.pieces = {k: count_array(v) for k, v in d["pieces"].items()}
    for name in _LIST_FIELDS:
        value = d[name]
        # the immutable fields are tuples (the compiled State's fields are typed: a list is refused)
        setattr(new, name, tuple(value) if name in _TUPLE_FIELDS else list(value))
    for name in _DICT_FIELDS:
        setattr(new, name, dict(d[name]))
    spec = new.spec
    new.box = _by_key(d["box"], spec.race_keys, spec.race_index, "box")
    new.supply = _by_key(d["supply"], spec.piece_keys, spec.piece_index, "supply")
    for name in _SCALAR_FIELDS:
        value = d[name]
        if not isinstance(value, _SCALAR_TYPES[name]) or (
                type(value) is int and not -_INT_LIMIT <= value <= _INT_LIMIT):
            raise ValueError(f"bad state data: {name} cannot be {str(value)[:40]!r}")
        setattr(new, name, value)
    n_seats = len(new.active)
    for name in _OPT_LIST_FIELDS:
        setattr(new, name, list(d.get(name) or [None] * n_seats))
    new.dhand = dict(d.get("dhand") or {})
    acting = d.get("acting")
    new.acting = tuple(acting) if acting is not None else None


def _by_key(counts: dict[str, int], keys: tuple[str, ...], index: dict[str, int], name: str) -> array[int]:
    """The array of ``counts`` (a dict by key, JSON) in the order of ``keys`` (0 for a key not
    given). Raises ``ValueError`` naming a key not in ``keys``."""
    out = zero_counts(len(keys))
    for k, n in counts.items():
        i = index.get(k)
        if i is None:
            raise ValueError(f"bad state data: {name} has no {k!r}")
        out[i] = n
    return out


def _as_tuples(new: State) -> None:
    """JSON gives lists where the state holds tuples (combos, items, chance events, decisions,
    scorings, flag values, team rows): turn them back."""
    new.column = tuple([shared(tuple(c)) for c in new.column])
    new.items = shared(tuple([tuple(x) for x in new.items]))
    new.chance = [tuple(c) for c in new.chance]
    new.decisions = [tuple(c) for c in new.decisions]  # type: ignore[misc]
    new.last_score = tuple([shared(tuple([shared(tuple(x)) for x in lst])) for lst in new.last_score])
    for flags in (new.flags, new.tflags):
        for k, v in list(flags.items()):
            if isinstance(v, list):
                flags[k] = tuple(v)
    new.team = {k: tuple(v) if isinstance(v, list) else v for k, v in new.team.items()}


def replaced(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """The tuple ``t`` with entry ``i`` (``0 <= i < len(t)``) replaced by ``value`` (how an
    immutable field of a :class:`State` changes: ``s.column = replaced(s.column, k, combo)``)."""
    return t[:i] + (value,) + t[i + 1:]


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, array):
        return x.tolist()
    if isinstance(x, (set, frozenset)):
        return sorted(_jsonable(v) for v in x)
    return x


def _unpickle(spec: GameSpec, packed: tuple[Any, ...]) -> State:
    """The State of a pickle made by :meth:`State.__reduce__`."""
    s = State.__new__(State)
    s.spec = spec
    s.roster_cache = None
    s.events = None
    for name, value in zip(_PICKLED, packing.unpack(spec, _PICKLED, packed), strict=True):
        setattr(s, name, value)
    return s
