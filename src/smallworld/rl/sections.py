"""The parts an RL observation is made of, shared by every edition (as OpenSpiel's observers).

An observation (:mod:`smallworld.rl.layout`) is a list of **sections** (``game``, ``flags``,
``column``, ``team``, ``players``, ``regions``, ``adjacency``); a section has a number of rows
(1, the column's 6 rows, a row per seat, a row per Region slot) and each row is the run of its
**parts**. A part here has a name, its entry names (:meth:`Part.names`, a function of the player
count and of the edition's :class:`Tables`) and a fill function writing its entries from one
seat's :func:`~smallworld.core.view.view` (:meth:`Part.fill`), or once per game from the public
board table (:attr:`Part.static`, :meth:`Part.fill_static`). An edition's observation is a
choice of these parts (:data:`smallworld.rl.layout.SECTIONS`), never code of its own.

Fill functions receive the whole vector ``out`` (zeros but for the static entries), ``at`` the
index of the part's first entry in row 0, ``w`` the row width of its section, the view ``v``
and ``rel``: the viewer-relative place of each seat (``rel[p]``, 0 for the viewer).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from smallworld.rl.flagcodes import FlagPlan

if TYPE_CHECKING:
    from smallworld.core.edition import Edition
    from smallworld.core.spec import GameSpec

PHASES: tuple[str, ...] = ("pick", "decide", "conquer", "redeploy", "defend", "choice", "chance", "over")
#: the team variant's sides (R-TEAM-1), in their published order
SIDES: tuple[str, ...] = ("A", "H", "N")
#: rows of the combo column section (R-PICK-1) and of each team column (R-TEAM-2)
COLUMN_ROWS = 6
TEAM_ROWS = 4

#: divisors of the counts (an observation entry is ``count / scale``)
SCALES: dict[str, float] = {
    "round": 10, "conquests": 10, "banners": 16, "badges": 20, "tokens": 10, "hand": 10,
    "turns": 10, "vc": 50, "last_score": 20, "coins": 5, "deck": 8, "beasts": 5,
}


@dataclass(frozen=True)
class Tables:
    """One edition's facts as an observation orders them: ids in their published order
    (:mod:`smallworld.rl.published`; ids not published come after them, sorted), read from the
    :class:`~smallworld.core.edition.Edition` only.

    Attributes:
        edition: the edition. races, powers, items, pieces, terrains, symbols: one-hot orders.
        supply: pieces in the box by kind (RULES §2.3: the supply entries' divisors).
        plan: where the abilities' declared flags go (:class:`~smallworld.rl.flagcodes.FlagPlan`).
        pos: ``(table, id) -> place`` in that order (``pos["races"]["orcs"]``).
    """

    edition: Edition
    races: tuple[str, ...]
    powers: tuple[str, ...]
    items: tuple[str, ...]
    pieces: tuple[str, ...]
    terrains: tuple[str, ...]
    symbols: tuple[str, ...]
    supply: Mapping[str, int]
    plan: FlagPlan
    pos: dict[str, dict[str, int]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        pos = {name: {k: i for i, k in enumerate(getattr(self, name))}
               for name in ("races", "powers", "items", "pieces", "terrains", "symbols")}
        object.__setattr__(self, "pos", pos)


def _onehot(prefix: str, values: Sequence[str]) -> list[str]:
    return [f"{prefix}={v}" for v in values]


class Part:
    """A run of entries in every row of a section (see the module doc)."""

    #: filled once per game from the board table (:meth:`fill_static`), never from a view
    static = False

    def names(self, t: Tables, P: int) -> list[str]:
        """The names of the part's entries in one row."""
        raise NotImplementedError

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        """Write the part's entries of view ``v`` (``b``: the bound encoder: ``b.t`` the
        :class:`Tables`, ``b.P``, ``b.R``, ``b.index`` Region id -> number)."""

    def fill_static(self, t: Tables, spec: GameSpec, out: np.ndarray, at: int, w: int) -> None:
        """Write the part's entries of the public board table ``spec`` (static parts)."""


@dataclass(frozen=True)
class Fixed(Part):
    """Entries of fixed names, each ``(name, getter)``: ``getter(view)`` is the entry (a
    :class:`Get`): ``round/10``…"""

    entries: tuple[tuple[str, Get], ...]

    def names(self, t: Tables, P: int) -> list[str]:
        return [n for n, _ in self.entries]

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        for k, (_n, get) in enumerate(self.entries):
            out[at + k] = get(v)


@dataclass(frozen=True)
class Phase(Part):
    """The phase one-hot (:data:`PHASES`)."""

    def names(self, t: Tables, P: int) -> list[str]:
        return _onehot("phase", PHASES)

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        out[at + PHASES.index(v["phase"])] = 1


@dataclass(frozen=True)
class Seat(Part):
    """The relative one-hot of the view's seat ``key`` (``actor``, ``turn``); none when < 0."""

    key: str

    def names(self, t: Tables, P: int) -> list[str]:
        return [f"{self.key}=+{j}" for j in range(P)]

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        p = v[self.key]
        if p >= 0:
            out[at + rel[p]] = 1


@dataclass(frozen=True)
class EditionOneHot(Part):
    """Which of ``editions`` (sharing one observation) is played."""

    editions: tuple[str, ...]

    def names(self, t: Tables, P: int) -> list[str]:
        return _onehot("edition", self.editions)

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        out[at + self.editions.index(v["edition"])] = 1


@dataclass(frozen=True)
class Supply(Part):
    """Limited pieces left in the supply, each as a fraction of the box (RULES §2.3)."""

    def names(self, t: Tables, P: int) -> list[str]:
        return [f"supply.{k}/{t.supply[k]}" for k in t.pieces]

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        supply, box = v["supply"], b.t.supply
        for k, kind in enumerate(b.t.pieces):
            out[at + k] = supply.get(kind, 0) / box[kind]


@dataclass(frozen=True)
class Flags(Part):
    """The abilities' declared public flags, in the published order (:mod:`smallworld.rl.flagcodes`)."""

    def names(self, t: Tables, P: int) -> list[str]:
        return t.plan.section_names(P)

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        b.t.plan.encode_section(out[at:at + w], v["flags"], v["turn_flags"], rel.__getitem__, b.P)


@dataclass(frozen=True)
class Combo(Part):
    """A row of the combo column (R-PICK-1): present, race, power, coins/5 (row = position)."""

    def names(self, t: Tables, P: int) -> list[str]:
        return ["present"] + _onehot("race", t.races) + _onehot("power", t.powers) + ["coins/5"]

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        races, powers = b.t.pos["races"], b.t.pos["powers"]
        nr, npw = len(races), len(powers)
        for row in v["column"][:COLUMN_ROWS]:
            race, power = row["race"], row["power"]
            if race is None and power is None:
                continue
            base = at + row["position"] * w
            out[base] = 1
            if race is not None:
                out[base + 1 + races[race]] = 1
            if power is not None:
                out[base + 1 + nr + powers[power]] = 1
            out[base + 1 + nr + npw] = row["coins"] / SCALES["coins"]


@dataclass(frozen=True)
class Team(Part):
    """The team variant (RULES §12): side columns A/H/N (:data:`TEAM_ROWS` rows of races),
    badge rows, deck sizes; zeros when the view has no team part."""

    def names(self, t: Tables, P: int) -> list[str]:
        return (
            [f"col-{side}[{k}].{n}" for side in SIDES for k in range(TEAM_ROWS)
             for n in ["present"] + _onehot("race", t.races)]
            + [f"badges[{k}].{n}" for k in range(TEAM_ROWS) for n in ["present"] + _onehot("power", t.powers)]
            + ["deck-A/8", "deck-H/8"]
        )

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        team = v["team"]
        if team is None:
            return
        races, powers = b.t.pos["races"], b.t.pos["powers"]
        wr = 1 + len(races)
        for s, side in enumerate(SIDES):
            for row in team["columns"].get(side, ()):
                if row["race"] is not None:
                    base = at + (s * TEAM_ROWS + row["row"]) * wr
                    out[base] = 1
                    out[base + 1 + races[row["race"]]] = 1
        at += len(SIDES) * TEAM_ROWS * wr
        wb = 1 + len(powers)
        for k, power in enumerate(team["badges"][:TEAM_ROWS]):
            if power is not None:
                out[at + k * wb] = 1
                out[at + k * wb + 1 + powers[power]] = 1
        at += TEAM_ROWS * wb
        decks = team.get("decks", {})
        out[at] = decks.get("A", 0) / SCALES["deck"]
        out[at + 1] = decks.get("H", 0) / SCALES["deck"]


# ---- per seat (row = the seat's place after the viewer) -----------------------------------


@dataclass(frozen=True)
class SeatId(Part):
    """The absolute seat of the row."""

    def names(self, t: Tables, P: int) -> list[str]:
        return [f"seat={p}" for p in range(P)]

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        for pl in v["players"]:
            p = pl["seat"]
            out[at + rel[p] * w + p] = 1


@dataclass(frozen=True)
class Side(Part):
    """The seat's team side (:data:`SIDES`; none outside the team variant)."""

    def names(self, t: Tables, P: int) -> list[str]:
        return _onehot("side", SIDES)

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        for pl in v["players"]:
            if pl["side"] is not None:
                out[at + rel[pl["seat"]] * w + SIDES.index(pl["side"])] = 1


@dataclass(frozen=True)
class Banners(Part):
    """One-hots of the seat's banners and badges: ``(view key, table)`` pairs, e.g.
    ``("race", "races")``, ``("kept", "powers")`` (the kept badge of the In Decline race)."""

    keys: tuple[tuple[str, str], ...]

    def names(self, t: Tables, P: int) -> list[str]:
        return [n for key, table in self.keys for n in _onehot(key, getattr(t, table))]

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        pos = b.t.pos
        spans = []
        k = 0
        for key, table in self.keys:
            spans.append((key, pos[table], k))
            k += len(pos[table])
        for pl in v["players"]:
            base = at + rel[pl["seat"]] * w
            for key, where, k in spans:
                x = pl.get(key)
                if x is not None:
                    out[base + k + where[x]] = 1


@dataclass(frozen=True)
class Counts(Part):
    """Hand, turns with the race, VC known, VC/50 (0 unless known), last score; with
    ``decline_hand`` also the In Decline tokens in hand (classic Ghouls, C-CONQ-7)."""

    decline_hand: bool = False

    def names(self, t: Tables, P: int) -> list[str]:
        return (["hand/10", "turns_with_race/10", "vc_known", "vc/50", "last_score/20"]
                + (["decline_hand/10"] if self.decline_hand else []))

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        dhands = v["decline_hands"] if self.decline_hand else None
        for pl in v["players"]:
            x = at + rel[pl["seat"]] * w
            out[x] = pl["hand"] / SCALES["hand"]
            out[x + 1] = pl["turns_with_race"] / SCALES["turns"]
            if pl["vc"] is not None:
                out[x + 2] = 1
                out[x + 3] = pl["vc"] / SCALES["vc"]
            if pl["last_score"]:
                out[x + 4] = sum(line[1] for line in pl["last_score"]) / SCALES["last_score"]
            if dhands is not None:
                hands = sum(dhands.get(r, 0) for r in (pl["decline"], pl.get("decline2")) if r is not None)
                out[x + 5] = hands / SCALES["hand"]


@dataclass(frozen=True)
class SeatFlags(Part):
    """The abilities' per-seat flags (Harmony held, Beasts in hand, Diplomat's attacks, …)."""

    def names(self, t: Tables, P: int) -> list[str]:
        return t.plan.player_names()

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        plan = b.t.plan
        if not plan.players:
            return
        flags, tf = v["flags"], v["turn_flags"]
        for pl in v["players"]:
            p = pl["seat"]
            x = at + rel[p] * w
            plan.encode_seat(out[x:x + len(plan.players)], p, flags, tf)


# ---- per Region slot (row = Region number; rows past the game's Regions stay 0) -----------


@dataclass(frozen=True)
class RegionTable(Part):
    """The public board table of each Region, filled once per game: in play, terrain one-hot,
    symbols (``"marker"``: the S/M/L marker Region, R-SET-4) and, with ``board``, which board
    (one entry per possible board: the player count)."""

    markers: bool = False
    board: bool = False
    static = True

    def names(self, t: Tables, P: int) -> list[str]:
        return (["in_play"] + _onehot("terrain", t.terrains) + list(t.symbols)
                + (["marker"] if self.markers else []) + ([f"board={k}" for k in range(P)] if self.board else []))

    def fill_static(self, t: Tables, spec: GameSpec, out: np.ndarray, at: int, w: int) -> None:
        terr = t.pos["terrains"]
        nt, ns = len(t.terrains), len(t.symbols)
        for r in range(spec.n_regions):
            x = at + r * w
            out[x] = 1
            out[x + 1 + terr[spec.terrain[r]]] = 1
            here = spec.symbols[r]
            for k, sym in enumerate(t.symbols):
                out[x + 1 + nt + k] = sym in here
            extra = x + 1 + nt + ns
            if self.markers:
                out[extra] = spec.marker[r]
                extra += 1
            if self.board:
                out[extra + spec.board[r]] = 1


@dataclass(frozen=True)
class Occupation(Part):
    """Who holds each Region: occupant one-hot (empty, the neutral tokens — named
    ``neutral``: Murlocs, Lost Tribes —, active, decline and, with ``second_decline``, the
    Spirit's second In Decline race, C-P-SPIRIT-1), owner (relative), tokens/10, pieces (raw
    counts by kind)."""

    neutral: str
    second_decline: bool = False

    def occupants(self) -> tuple[str, ...]:
        return ("empty", self.neutral, "active", "decline") + (("decline2",) if self.second_decline else ())

    def names(self, t: Tables, P: int) -> list[str]:
        return (_onehot("occupant", self.occupants()) + [f"owner=+{j}" for j in range(P)] + ["tokens/10"]
                + [f"piece.{k}" for k in t.pieces])

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        n_occ = 5 if self.second_decline else 4
        own0 = at + n_occ
        tok = own0 + b.P
        pc0 = tok + 1
        piece_pos = b.t.pos["pieces"]
        second = {pl["seat"]: pl.get("decline2") for pl in v["players"]} if self.second_decline else {}
        scale = SCALES["tokens"]
        for r, rv in enumerate(v["regions"]):
            x = r * w
            occupant = rv["occupant"]
            owner = rv["player"]
            if occupant is None:
                k = 0
            elif occupant == "murlocs":  # the view's word for the neutral tokens of any edition
                k = 1
            elif occupant == "active":
                k = 2
            elif second and owner is not None and second.get(owner) is not None and rv["race"] == second[owner]:
                k = 4
            else:
                k = 3
            out[at + x + k] = 1
            if owner is not None:
                out[own0 + x + rel[owner]] = 1
            out[tok + x] = rv["tokens"] / scale
            for kind, n in rv["pieces"].items():
                pos = piece_pos.get(kind)
                if pos is not None:
                    out[pc0 + x + pos] = n


@dataclass(frozen=True)
class RegionItems(Part):
    """The item on each Region: face down, or which (RULES §11)."""

    def names(self, t: Tables, P: int) -> list[str]:
        return ["item=face-down"] + _onehot("item", t.items)

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        items = b.t.pos["items"]
        for r, rv in enumerate(v["regions"]):
            item = rv["item"]
            if item == "?":
                out[at + r * w] = 1
            elif item is not None:
                out[at + r * w + 1 + items[item]] = 1


@dataclass(frozen=True)
class Pending(Part):
    """1 on the Region a pending decision is about (the abilities' ``region`` flags)."""

    def names(self, t: Tables, P: int) -> list[str]:
        return ["pending"]

    def fill(self, b: Any, out: np.ndarray, at: int, w: int, v: dict[str, Any], rel: list[int]) -> None:
        for r in b.t.plan.pending_regions(v["flags"], v["turn_flags"], b.index):
            if 0 <= r < b.R:
                out[at + r * w] = 1


@dataclass(frozen=True)
class Get:
    """A picklable ``view -> entry`` for :class:`Fixed`: ``view[key]`` (``view[key][sub]``)
    divided by ``scale``; ``test="set"``: 1 when it is not ``None``, ``"true"``: when it is true."""

    key: str
    scale: float = 1.0
    sub: str | None = None
    test: str = ""

    def __call__(self, v: dict[str, Any]) -> Any:
        x = v[self.key] if self.sub is None else v[self.key][self.sub]
        if self.test == "set":
            return x is not None
        if self.test == "true":
            return bool(x)
        return x / self.scale
