"""What an ability declares about itself, once, on its class (issue 12).

An :class:`~smallworld.core.ability.Ability` subclass states the public facts of its race,
power or item as class attributes next to its ``id``; the web page (``/api/meta``, the Guide,
turn facts, action words), the RL catalogue and observation encoders derive from them, so a new
race touches only its module, its data row and its tests. Every declaration is checked when the
class is defined (:func:`check_declarations`, called by ``Ability.__init_subclass__``): a wrong
type, a misspelled attribute or a duplicate key raises ``TypeError`` there.

The attributes (all optional but ``summary``):

``summary: str``
    One plain sentence for players (no rule ids), shown on cards, tips and the Guide.
``flags: tuple[Flag, ...]``
    The public content state the ability keeps in ``s.flags`` / ``s.tflags`` (RULES §15: every
    player sees them), with how an observation encodes each (:class:`Flag`).
``action_specs: tuple[ActionSpec, ...]``
    Every action kind it offers (its own actions and its decisions' answers) and their argument
    shapes (:class:`ActionSpec`); the RL catalogue's ability blocks and the action words of the
    page come from them. ``action_kinds`` (the kinds the engine routes to ``apply``) must be
    among them.
``pieces: tuple[Piece, ...]``
    Its limited pieces (RULES §2.3): name, what they do in plain words, defence, whether they
    leave with their Region (:class:`Piece`). How many the box holds stays in the edition's
    piece-supply data row.
``toll_words: tuple[TollWords, ...]``
    The words of its tolls (RULES §8) for the game log, the buttons and the turn facts.
``uses: tuple[UseLimit, ...]``
    Its limited uses per turn (once, twice, three times), shown in the turn facts.
``event_words: tuple[EventWords, ...]``
    The words of the event kinds it reports itself (:func:`smallworld.core.changes.emit`), for
    the game's chronicle (:class:`EventWords`).

This module is edition-agnostic: it imports nothing from the editions, the web or the RL.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: the scopes of a public flag: ``s.flags`` (kept between turns) and ``s.tflags`` (this turn)
SCOPES = ("flags", "tflags")

#: how a flag's value is encoded for RL (:class:`Flag` ``encode``)
ENCODINGS = (
    "bool",      # 1 entry: bool(value)
    "count",     # 1 entry: value / scale
    "choice",    # one entry per value of ``choices``: value == choice
    "seat",      # the seat it names: relative one-hot over seats (flags section) or, with
                 # ``per_seat``, one entry per player block (its seat == value)
    "seats",     # a collection of seats: one entry per player block (seat in value)
    "region",    # a Region number (or a tuple starting with one): the "pending" mark there
    "region-count",  # a (Region, count) pair: the pending mark and count / scale
    "none",      # not encoded (internal bookkeeping, shown elsewhere)
)

#: argument shapes of an :class:`ActionSpec`
ARG_SHAPES = ("region", "count", "seat", "choice")


@dataclass(frozen=True)
class Flag:
    """One public flag an ability keeps (RULES §15).

    Args:
        key: the key in ``s.flags`` / ``s.tflags``; with ``family`` true, a prefix completed by
            a seat or an id (``"beasts-hand-"`` + seat, ``"used:"`` + item id).
        scope: ``"flags"`` (kept between turns) or ``"tflags"`` (reset every turn).
        encode: how an observation encodes it (:data:`ENCODINGS`).
        scale: ``count``: the divisor (a true upper bound, or the published scale).
        choices: ``choice``: its values, in encoding order.
        per_seat: ``seat`` / ``count`` family: one entry in each player block instead of the
            flags section.
        family: ``key`` is a prefix (see above).
        rl_name: the observation feature name when it is not derived from ``key``.
        high: the true upper bound of its encoded value (after ``scale``): compact observations
            clip there (1 for one-hots and flags).
        words: what it means, in plain words (docs and tips).
    """

    key: str
    scope: str = "tflags"
    encode: str = "bool"
    scale: float = 1
    choices: tuple[str, ...] = ()
    per_seat: bool = False
    family: bool = False
    rl_name: str = ""
    high: float = 1.0
    words: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            raise TypeError("Flag: empty key")
        if self.scope not in SCOPES:
            raise TypeError(f"Flag {self.key!r}: scope must be one of {SCOPES}, not {self.scope!r}")
        if self.encode not in ENCODINGS:
            raise TypeError(f"Flag {self.key!r}: encode must be one of {ENCODINGS}, not {self.encode!r}")
        if self.encode == "choice" and not self.choices:
            raise TypeError(f"Flag {self.key!r}: a choice flag lists its choices")
        if self.encode in ("count", "region-count") and not self.scale > 0:
            raise TypeError(f"Flag {self.key!r}: a count flag needs a positive scale")

    def feature_names(self, n_players: int) -> list[str]:
        """Feature names of its entries in the observation's flags section (``[]`` for the
        encodings that go to the player or Region blocks)."""
        name = self.rl_name or self.key
        if self.encode == "bool":
            return [name]
        if self.encode == "count" and not self.per_seat:
            return [name if self.scale == 1 else f"{name}/{_num(self.scale)}"]
        if self.encode == "choice":
            return [f"{name}={c}" for c in self.choices]
        if self.encode == "seat" and not self.per_seat:
            return [f"{name}=+{j}" for j in range(n_players)]
        if self.encode == "region-count":
            return [f"{name}-cost/{_num(self.scale)}"]
        return []

    def encode_value(self, value: Any, rel: Any, n_players: int) -> list[float]:
        """The flags-section entries of ``value`` (``None``: not set), ``rel`` turning a seat
        into the viewer-relative one; same length as :meth:`feature_names`."""
        if self.encode == "bool":
            return [float(bool(value))]
        if self.encode == "count" and not self.per_seat:
            return [float(value or 0) / self.scale]
        if self.encode == "choice":
            return [float(value == c) for c in self.choices]
        if self.encode == "seat" and not self.per_seat:
            out = [0.0] * n_players
            if value is not None:
                out[rel(int(value))] = 1.0
            return out
        if self.encode == "region-count":
            return [float(value[1]) / self.scale if value else 0.0]
        return []

    def public(self) -> dict[str, Any]:
        """The declaration as JSON data (``/api/meta``)."""
        return {"key": self.key, "scope": self.scope, "encode": self.encode, "family": self.family,
                "words": self.words}


@dataclass(frozen=True)
class ActionSpec:
    """An action kind an ability owns (its text notation's first word) and its arguments.

    Args:
        kind: the action kind (``"airborne"``).
        args: the shape of each argument, in order (:data:`ARG_SHAPES`): ``"region"`` (a Region
            id), ``"count"`` (an integer ``lo..hi``), ``"seat"`` (a seat number), ``"choice"``
            (one of ``choices``: one RL index per value).
        lo, hi: ``count``: the bounds (inclusive).
        choices: ``choice``: the values.
        unordered: two ``region`` arguments name an unordered pair (``portal A B``).
        block: the RL catalogue block's name when it is not ``kind`` (two specs of one kind).
        phrase: what it does, in player words for the log: ``{0}``/``{1}`` the Regions' names
            (``"Place a Beast in {0}"``), ``{n}`` a count and ``{s}`` its plural ending, ``{seat}``
            a seat's name; ``""``: the page words it from the kind.
        label: the button's words when they say more than ``phrase`` (same fields).
        none: the words of a count of 0 (``"Buy no Forsaken token"``).
        choice_words: ``(choice, log words, button words)`` for each value of a ``choice``.
    """

    kind: str
    args: tuple[str, ...] = ()
    lo: int = 0
    hi: int = 0
    choices: tuple[str, ...] = ()
    unordered: bool = False
    block: str = ""
    phrase: str = ""
    label: str = ""
    none: str = ""
    choice_words: tuple[tuple[str, str, str], ...] = ()

    def __post_init__(self) -> None:
        if not self.kind:
            raise TypeError("ActionSpec: empty kind")
        bad = [a for a in self.args if a not in ARG_SHAPES]
        if bad:
            raise TypeError(f"ActionSpec {self.kind!r}: unknown argument shapes {bad}; known: {ARG_SHAPES}")
        if "choice" in self.args and not self.choices:
            raise TypeError(f"ActionSpec {self.kind!r}: a choice argument lists its choices")
        if "count" in self.args and self.hi < self.lo:
            raise TypeError(f"ActionSpec {self.kind!r}: count bounds {self.lo}..{self.hi}")
        unknown = {w[0] for w in self.choice_words} - set(self.choices)
        if unknown:
            raise TypeError(f"ActionSpec {self.kind!r}: words for unknown choices {sorted(unknown)}")

    def words(self, args: tuple[str, ...], names: tuple[str, ...] = (), seat_names: Any = (), *,
              button: bool = False, tr: Callable[[str], str] = str) -> str | None:
        """This action in player words (``button``: the button's words), given its arguments
        (``args``, as in the text notation) and the same as people say them (``names``: Region
        names); ``None`` when it declares none. ``tr``: translates each declared template
        before it is filled (a driver's catalogue; the same ``{}`` placeholders)."""
        first = args[0] if args else ""
        if self.choice_words:
            for choice, log, label in self.choice_words:
                if first == choice:
                    return tr(label if button else log)
            return None
        template = (self.label if button and self.label else "") or self.phrase
        if not template:
            return None
        text = tr(template)
        if "count" in self.args and first.isdigit():
            n = int(first)
            return tr(self.none) if n == 0 and self.none else text.format(n=n, s="" if n == 1 else "s")
        if "seat" in self.args:
            if not (first.isdigit() and int(first) < len(seat_names)):
                return None
            return text.format(seat=seat_names[int(first)])
        return text.format(*(names or args), "", "")

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args), "choices": list(self.choices),
                "phrase": self.phrase}


@dataclass(frozen=True)
class Piece:
    """A limited piece of the box (RULES §2.3) and what it does, in plain words.

    Args:
        id: the piece kind (``"wisp-wall"``), as in ``s.pieces`` and the supply.
        name: its name for people (``"Wisp Wall"``).
        effect: what it does, in plain words (a tip under its name).
        defence: tokens it adds to a conquest of its Region (0: none; R-CONQ-3, C-CONQ-3); the
            edition's ``defense_pieces`` are those its abilities declare with a defence.
        leaves_with_region: removed when its Region is conquered or emptied (R-CONQ-7,
            R-TROOP-2); the edition's ``abandon_removes``.
        plural: its name for several (default ``name`` + ``"s"``).
    """

    id: str
    name: str
    effect: str
    defence: int = 0
    leaves_with_region: bool = False
    plural: str = ""

    def __post_init__(self) -> None:
        if not self.id or not self.name:
            raise TypeError(f"Piece {self.id!r}: needs an id and a name")

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "plural": self.plural or self.name + "s", "effect": self.effect,
                "defence": self.defence, "leaves_with_region": self.leaves_with_region}


@dataclass(frozen=True)
class TollWords:
    """The words of a toll (RULES §8), for the log, the buttons and the turn facts.

    Args:
        key: the toll key of the ``pay KEY`` action; with ``per_region`` true a prefix followed
            by a Region id (``"marsh-"`` + ``"L1.4"``).
        amount: the coins paid.
        payee: who is paid, for the page: ``"race"`` (the seat whose Active race is the
            ability), ``"power"`` (the holder of the badge, Active or kept In Decline) or
            ``"holder"`` (an item's holder, unnamed).
        pay: the button / log words, ``{region}`` the Region's name (``"Harmony to the
            Pandaren"``).
        paid: the turn-fact words once paid (``"Harmony paid to {to}"``).
        tip: more words once paid (``{to}``: the payee's name, ``{region}``, ``{amount}``).
        nobody: the payee's words when no seat is found (``"the Pandaren"``).
        per_region: ``key`` is a prefix followed by a Region id.
    """

    key: str
    amount: int
    payee: str
    pay: str
    paid: str
    tip: str
    nobody: str = ""
    per_region: bool = False

    def __post_init__(self) -> None:
        if self.payee not in ("race", "power", "holder"):
            raise TypeError(f"TollWords {self.key!r}: payee must be race, power or holder")

    def matches(self, key: str) -> bool:
        return key.startswith(self.key) if self.per_region else key == self.key

    def public(self) -> dict[str, Any]:
        return {"key": self.key, "amount": self.amount, "per_region": self.per_region, "pay": self.pay}


@dataclass(frozen=True)
class EventWords:
    """The words of an event kind an ability reports (:mod:`smallworld.core.events`), for the
    chronicle: ``words`` is an English template whose named placeholders are the event's
    arguments, with ``seat`` as ``{who}`` (the seat's name) and ``region``, ``race``,
    ``power``, ``item`` as names (``"{who}'s Bomb in {region} was a dud"``).

    Raises:
        TypeError: ``kind`` is empty or ``words`` not a string.
    """

    kind: str
    words: str

    def __post_init__(self) -> None:
        if not self.kind or not isinstance(self.words, str):
            raise TypeError(f"EventWords {self.kind!r}: a kind and a template of words")

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "words": self.words}


@dataclass(frozen=True)
class UseLimit:
    """A use allowed a limited number of times per turn (per player turn, R-ITEM-1), for the
    turn facts.

    Args:
        flag: the turn flag counting it (an int, or any truthy value for one use).
        most: uses per turn.
        label: its name on the page (``"Airborne assault"``).
        done: words once used, by the flag's value (``(("steal", "Ethereals: Artifact
            stolen"),)``), used instead of ``label + " used"``.
    """

    flag: str
    most: int
    label: str
    done: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.most < 1:
            raise TypeError(f"UseLimit {self.flag!r}: most must be >= 1")

    def public(self) -> dict[str, Any]:
        return {"flag": self.flag, "most": self.most, "label": self.label}


#: the declaration attributes an ability may set, with the type of their elements
DECLARATIONS: dict[str, type] = {
    "flags": Flag,
    "action_specs": ActionSpec,
    "pieces": Piece,
    "toll_words": TollWords,
    "uses": UseLimit,
    "event_words": EventWords,
}


def check_declarations(cls: Any) -> None:
    """Check the declarations of ability class ``cls`` (see the module doc).

    Raises:
        TypeError: ``summary`` not a string or naming a rule id, a declaration not a tuple of
            its type, or two declarations of one attribute with the same key.
    """
    name = cls.__name__
    summary = getattr(cls, "summary", "")
    if not isinstance(summary, str):
        raise TypeError(f"{name}.summary must be a string")
    for attr, kind in DECLARATIONS.items():
        value = getattr(cls, attr, ())
        if not isinstance(value, tuple) or not all(isinstance(x, kind) for x in value):
            raise TypeError(f"{name}.{attr} must be a tuple of {kind.__name__}")
        keys = [_key(x) for x in value]
        dup = {k for k in keys if keys.count(k) > 1}
        if dup:
            raise TypeError(f"{name}.{attr}: declared twice: {', '.join(sorted(map(str, dup)))}")


def _key(x: Any) -> Any:
    if isinstance(x, ActionSpec):
        return (x.kind, len(x.args), x.choices)
    if isinstance(x, UseLimit):
        return x.flag
    if isinstance(x, EventWords):
        return x.kind
    return getattr(x, "key", None) or getattr(x, "id", None)


def piece_ids(abilities: Any, *, defence: bool = False, leaves: bool = False) -> tuple[str, ...]:
    """Ids of the pieces ``abilities`` declare that add defence (``defence``) or leave with
    their Region (``leaves``), in declaration order: an edition's ``defense_pieces`` and
    ``abandon_removes``."""
    return tuple(dict.fromkeys(
        p.id for a in abilities for p in a.pieces
        if (not defence or p.defence > 0) and (not leaves or p.leaves_with_region)
    ))


def public(ability: Any) -> dict[str, Any]:
    """An ability's declarations as JSON data (``/api/meta``): summary, pieces, flags, action
    specs, tolls and uses."""
    return {
        "summary": ability.summary,
        "pieces": {p.id: p.public() for p in ability.pieces},
        "flags": [f.public() for f in ability.flags],
        "actions": [a.public() for a in ability.action_specs],
        "tolls": [t.public() for t in ability.toll_words],
        "uses": [u.public() for u in ability.uses],
    }


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)
