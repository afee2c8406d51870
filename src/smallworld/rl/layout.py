"""The layout of observation vectors: each edition's sections, sizes, scales and a name per entry.

An observation encodes one seat's :func:`smallworld.core.view.view` and the game's public board
table (:mod:`smallworld.rl.encode`; nothing hidden from the seat, RULES §15). Seats are
**relative**: block 0 is the viewer, block ``j`` the seat ``j`` places after it in turn order
("owner" and "actor" one-hots use the same order).

An edition's observation is **data**: a row of :data:`SECTIONS`, the list of its sections, each a
name, a number of rows and the parts of a row (:mod:`smallworld.rl.sections`: entry names and a
fill function shared by every edition). The tables the parts read (races, powers, items, pieces,
terrains, symbols, the abilities' flags) come from the :class:`~smallworld.core.edition.Edition`,
in the published order of :mod:`smallworld.rl.published`. An edition without a row gets
:data:`STANDARD`.

All values are ``>= 0``. Counts are divided by the scales of :data:`SCALES`; one-hots are 0/1.
``P`` is the player count, ``R`` the region slots (:func:`smallworld.rl.catalogue.region_slots`).
The Warcraft sections (``swow``, ``swow-team``), in order (``ObservationLayout.layout`` gives
their slices, ``feature_names()`` a name per entry):

==============  ========================  =====================================================
section         size                      content
==============  ========================  =====================================================
``game``        ``27 + 2P``               round, rounds, phase (8: pick, decide, conquer,
                                          redeploy, defend, choice, chance, over), actor and
                                          turn (relative one-hots), conquests this turn,
                                          edition (2), stack sizes (3), piece supply (10),
                                          game over
``flags``       31                        public content state (RULES §15): revealed Bombs,
                                          Worgen form, Battleground side, Ethereals' option,
                                          uses this turn of once-per-turn powers and items, …
                                          (the flags the abilities declare, :mod:`~smallworld.
                                          rl.flagcodes`, in the published order)
``column``      ``6 * 38``                the combos (present, race, power, coins)
``team``        290                       team variant: side columns A/H/N (4 rows of races),
                                          badges (4 rows), deck sizes (zeros in ``swow``)
``players``     ``P * (84 + P)``          per relative seat: seat, side, race, power, In
                                          Decline race, kept badge, hand, turns with the race,
                                          VC known, VC (0 unless known), last score, Harmony
                                          held, attacked by the Pandaren, Beasts and Champion
                                          in hand
``regions``     ``R * (42 + 2P)``         per slot: in play, terrain (7), symbols (5), board,
                                          occupant (empty, murlocs, active, decline), owner
                                          (relative), tokens, pieces (10 kinds, raw counts),
                                          item (face down + 12), pending decision there
``adjacency``   ``R * (R - 1) / 2``       1 where slots ``a < b`` are adjacent (row-major upper
                                          triangle); left out with ``adjacency=False``
==============  ========================  =====================================================

The ``classic`` sections (the original Small World) are the same with classic's own tables (14
races, 20 powers, 8 piece kinds, its terrains and symbols) and without the Warcraft-only parts
(edition, team, sides, items, boards, markers, pending): ``game`` ``24 + 2P`` (ends with "In
Decline race's turn"), ``flags`` ``10 + P``, ``column`` ``6 * 36``, ``players`` ``P * (110 +
P)`` (adds the Spirit's second In Decline race and badge, ``decline2``/``kept2``, C-P-SPIRIT-1,
and In Decline tokens in hand, C-CONQ-7), ``regions`` ``R * (27 + P)`` (occupants: empty,
Lost Tribe, active, decline, decline2), ``adjacency``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from smallworld.core import edition as editions
from smallworld.core.edition import Edition
from smallworld.rl import published
from smallworld.rl.flagcodes import FlagPlan
from smallworld.rl.sections import (
    COLUMN_ROWS,
    PHASES,
    SCALES,
    SIDES,
    TEAM_ROWS,
    Banners,
    Combo,
    Counts,
    EditionOneHot,
    Fixed,
    Flags,
    Get,
    Occupation,
    Part,
    Pending,
    Phase,
    RegionItems,
    RegionTable,
    Seat,
    SeatFlags,
    SeatId,
    Side,
    Supply,
    Tables,
    Team,
)

__all__ = [
    "COLUMN_ROWS", "PHASES", "SCALES", "SECTIONS", "SIDES", "STANDARD", "TEAM_ROWS",
    "ObservationLayout", "Section", "flag_plan", "tables",
]


#: how many rows a section has: ``(P, R) -> rows``, by its ``rows`` word
_ROWS: dict[str, Callable[[int, int], int]] = {
    "one": lambda P, R: 1, "column": lambda P, R: COLUMN_ROWS, "seats": lambda P, R: P, "slots": lambda P, R: R,
}


@dataclass(frozen=True)
class Section:
    """A section of the observation: ``name``, its ``rows`` (``"one"``, ``"column"``: the
    column's rows, ``"seats"``: one per seat, ``"slots"``: one per Region slot) and the ``parts``
    of a row (:mod:`smallworld.rl.sections`); ``label`` names row ``k`` in feature names
    (``"players[+{}]"``), ``""`` for a section of one row."""

    name: str
    parts: tuple[Part, ...]
    rows: str = "one"
    label: str = ""

    def n_rows(self, P: int, R: int) -> int:
        """The section's rows for ``P`` players and ``R`` Region slots."""
        return _ROWS[self.rows](P, R)


def _game(*middle: Part, last: tuple[tuple[str, Get], ...] = ()) -> Section:
    """The ``game`` section: round, rounds, phase, actor, turn, conquests, ``middle`` (the
    edition one-hot), stacks, supply, over, ``last``."""
    return Section("game", (
        Fixed((("round/10", Get("round", SCALES["round"])), ("rounds/10", Get("rounds", SCALES["round"])))),
        Phase(), Seat("actor"), Seat("turn"),
        Fixed((("conquests/10", Get("conquests_this_turn", SCALES["conquests"])),)),
        *middle,
        Fixed((("stack.banners/16", Get("stacks", SCALES["banners"], "banners")),
               ("stack.badges/20", Get("stacks", SCALES["badges"], "badges")),
               ("stack.badge_discards/20", Get("stacks", SCALES["badges"], "badge_discards")))),
        Supply(),
        Fixed((("over", Get("result", test="set")), *last)),
    ))


_FLAGS = Section("flags", (Flags(),))
_COLUMN = Section("column", (Combo(),), "column", "column[{}]")
_BANNERS = (("race", "races"), ("power", "powers"), ("decline", "races"), ("kept", "powers"))


def _players(*parts: Part) -> Section:
    return Section("players", parts, "seats", "players[+{}]")


def _regions(*parts: Part) -> Section:
    return Section("regions", parts, "slots", "regions[{}]")


#: Small World of Warcraft (``swow`` and ``swow-team``: one observation, the edition one-hot
#: telling them apart)
WARCRAFT: tuple[Section, ...] = (
    _game(EditionOneHot(published.WARCRAFT_EDITIONS)),
    _FLAGS,
    _COLUMN,
    Section("team", (Team(),)),
    _players(SeatId(), Side(), Banners(_BANNERS), Counts(), SeatFlags()),
    _regions(RegionTable(markers=True, board=True), Occupation("murlocs"), RegionItems(), Pending()),
)
#: the original Small World
CLASSIC: tuple[Section, ...] = (
    _game(last=(("in_decline_turn", Get("in_decline_turn", test="true")),)),
    _FLAGS,
    _COLUMN,
    _players(SeatId(), Banners((*_BANNERS, ("decline2", "races"), ("kept2", "powers"))),
             Counts(decline_hand=True), SeatFlags()),
    _regions(RegionTable(), Occupation("lost-tribe", second_decline=True)),
)
#: the observation of an edition without a row in :data:`SECTIONS`: the parts every edition has
STANDARD: tuple[Section, ...] = (
    _game(),
    _FLAGS,
    _COLUMN,
    _players(SeatId(), Banners(_BANNERS), Counts(), SeatFlags()),
    _regions(RegionTable(), Occupation("neutral"), Pending()),
)
#: each edition's sections (the adjacency section, when asked for, comes after them)
SECTIONS: dict[str, tuple[Section, ...]] = {"swow": WARCRAFT, "swow-team": WARCRAFT, "classic": CLASSIC}


def flag_plan(edition: str | Edition = "swow") -> FlagPlan:
    """Where ``edition``'s abilities' declared flags go (:class:`~smallworld.rl.flagcodes.FlagPlan`),
    in the published order (:mod:`smallworld.rl.published`); derived anew at each call (a race
    registered later is in it)."""
    return tables(edition).plan


def tables(edition: str | Edition = "swow") -> Tables:
    """The :class:`~smallworld.rl.sections.Tables` of ``edition``: its ids in the published
    order (:data:`smallworld.rl.published.ORDERS`; an edition without published orders: sorted).

    Raises:
        ValueError: an unknown edition; a published id the edition no longer has.
    """
    ed = editions.get(edition)
    order = published.ORDERS.get(ed.name, published.Orders())
    items = published.ordered(order.items, ed.items)
    plan = FlagPlan(ed.abilities(), order.flags, order.player_flags, items)
    return Tables(
        edition=ed,
        races=published.ordered(order.races, ed.races),
        powers=published.ordered(order.powers, ed.powers),
        items=items,
        pieces=tuple(ed.pieces),
        terrains=published.ordered(order.terrains, ed.terrains),
        symbols=published.ordered(order.symbols, ed.symbols),
        supply=ed.pieces,
        plan=plan,
    )


class ObservationLayout:
    """The observation layout of ``edition`` for ``n_players`` and ``n_slots`` region slots
    (see the module doc); :class:`smallworld.rl.encode.ObservationEncoder` fills it.

    Attributes:
        size: length of the vector. layout: section name -> ``slice``. edition: its name.
        t: the edition's :class:`~smallworld.rl.sections.Tables`. sections: the sections.
        flag_plan: where the abilities' declared flags go (derived when the layout is made).
        names: section name -> the entry names of one row; also as attributes
            ``game_names``, ``flag_names``, ``column_names``, ``team_names``, ``player_names``,
            ``region_names`` (``static_names``: the Region entries filled once per game).

    Raises:
        ValueError: an unknown edition.
    """

    def __init__(self, n_players: int, n_slots: int, *, adjacency: bool = True,
                 edition: str | Edition = "swow") -> None:
        self.n_players = P = n_players
        self.n_slots = R = n_slots
        self.adjacency = adjacency
        self.t = t = tables(edition)
        self.edition = t.edition.name
        self.flag_plan = t.plan
        self.sections = SECTIONS.get(self.edition, STANDARD)
        self.names: dict[str, list[str]] = {}
        self.layout: dict[str, slice] = {}
        #: ``(part, at, w)``: each part with its first entry (row 0) and its section's row width
        self.parts: list[tuple[Part, int, int]] = []
        at = 0
        for sec in self.sections:
            row: list[str] = []
            placed = []
            for part in sec.parts:
                placed.append((part, len(row)))
                row += part.names(t, P)
            self.names[sec.name] = row
            w = len(row)
            self.parts += [(part, at + k, w) for part, k in placed]
            n = sec.n_rows(P, R) * w
            self.layout[sec.name] = slice(at, at + n)
            at += n
        if adjacency:
            self.layout["adjacency"] = slice(at, at + R * (R - 1) // 2)
            at += R * (R - 1) // 2
        self.size = at
        self._tri = np.triu_indices(R, 1)
        get = self.names.get
        self.game_names: list[str] = get("game", [])
        self.flag_names: list[str] = get("flags", [])
        self.column_names: list[str] = get("column", [])
        self.team_names: list[str] = get("team", [])
        self.player_names: list[str] = get("players", [])
        self.region_names: list[str] = get("regions", [])
        self.static_names = [n for sec in self.sections if sec.name == "regions"
                             for part in sec.parts if part.static for n in part.names(t, P)]

    def feature_names(self) -> list[str]:
        """A readable name for every entry of the vector (length :attr:`size`)."""
        out: list[str] = []
        for sec in self.sections:
            row = self.names[sec.name]
            if not sec.label:
                out += [f"{sec.name}.{n}" for n in row]
            else:
                labels = [sec.label.format(k) for k in range(sec.n_rows(self.n_players, self.n_slots))]
                out += [f"{label}.{n}" for label in labels for n in row]
        if self.adjacency:
            out += [f"adjacency[{a},{b}]" for a, b in zip(*self._tri)]
        return out
