"""Static facts of one game: edition, seats, boards in play and the Region graph.

A :class:`GameSpec` is shared (never copied) by every :class:`~smallworld.core.state.State` of
that game. Regions of all boards in play are numbered ``0..n_regions-1`` in board order;
``region_ids[i]`` is the notation ``"<FACE>.<index>"`` (``"L1.4"``). Boards are separate islands
(RULES §1): there is no adjacency between boards.

Specs are interned: :func:`spec_for` gives every game of one edition, boards, player count and
seat names the same spec object (its :attr:`GameSpec.key`), and specs differing only in seat
names share their tables. A spec pickles as its key and unpickles to the spec of that key in the
receiving process (made there on first use), so a pickled state holds none of its tables.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

from smallworld.core import edition as editions
from smallworld.core.actions import Action
from smallworld.core.edition import BoardFace, Edition

WATER = frozenset({"sea", "lake"})
TERRAINS = ("fields", "hills", "forest", "swamp", "mountain", "sea", "lake")

#: Region id -> ``(redeploy R 1, redeploy R 2, ...)``, shared by every spec naming that Region
#: (actions are immutable: a new game does not make its own again)
_REDEPLOY: dict[str, tuple[Any, ...]] = {}
#: kind -> Region id -> the action ``KIND R`` (:meth:`GameSpec.region_actions`), shared by every
#: spec naming that Region (bounded: the kinds of the editions times the Regions of the boards)
_REGION_ACTIONS: dict[str, dict[str, Any]] = {}


def _where(flags: Sequence[bool]) -> tuple[int, ...]:
    """The numbers of the Regions whose flag is set."""
    return tuple(i for i, f in enumerate(flags) if f)


def _regions_of(faces: Sequence[BoardFace]) -> tuple[
        list[str], list[str], list[str], list[int], list[frozenset[str]], list[bool], list[tuple[int, ...]]]:
    """The Regions of the faces in order, numbered across them: ids (``"L1.3"``), names,
    terrains, board of each, symbols, marker, and neighbours by number (RULES §14)."""
    ids: list[str] = []
    names: list[str] = []
    terrain: list[str] = []
    board: list[int] = []
    symbols: list[frozenset[str]] = []
    marker: list[bool] = []
    adj: list[tuple[int, ...]] = []
    for b, face in enumerate(faces):
        base = len(ids)
        for spec in face.regions:
            ids.append(f"{face.id}.{spec.index}")
            names.append(spec.name)
            terrain.append(spec.terrain)
            board.append(b)
            symbols.append(frozenset(spec.symbols))
            marker.append(bool(spec.marker))
        for i in range(len(face.regions)):
            adj.append(tuple(sorted(base + j for j in face.adjacency[i])))
    return ids, names, terrain, board, symbols, marker, adj


class GameSpec:
    """Immutable description of a game's table.

    Attributes (all tuples indexed by region number unless said):
        edition: the :class:`~smallworld.core.edition.Edition` played (its tables, abilities
            and variant); sides: the team side of each seat (team variant, RULES §12).
        n_players: 2–5. rounds: number of rounds (RULES §2.4). seats: player names.
        faces: face ids in play, e.g. ``("L1", "M3", "S2")``.
        region_ids: notation per Region; ``index``: notation -> region number.
        names, terrain, board (index into ``faces``), symbols, magic, cavern, murloc (the
        edition's neutral symbol), entry (the edition's first-conquest symbol), water,
        mountain (Mountain terrain: a Mountain piece lies there, R-SET-3), marker (the S/M/L
        marker Region of its board, R-SET-4). race_keys, piece_keys: the edition's races and
        piece kinds in order (``State.box``, ``State.supply``); race_index, piece_index: the
        position of each.
        adj: tuple of tuples of adjacent region numbers (derived from geometry).
        entries: region numbers of all Entry Regions.
        marker_regions: one per board, in board order.
        water_of_board: the Sea/Lake region number of each board, or -1.
        key: ``(edition, faces, n_players, seats)`` of a spec made by :func:`spec_for` (the
            edition by name when registered, seats ``None`` for the default names), which a
            pickle of the spec holds instead of its tables; ``None`` for a spec built directly
            (it pickles whole).

    Raises:
        ValueError: unknown edition, player count outside 2–5, seats of the wrong length.
    """

    __slots__ = (
        "edition", "n_players", "rounds", "seats", "faces", "region_ids", "index", "names",
        "terrain", "board", "magic", "cavern", "murloc", "entry", "water", "mountain", "marker",
        "adj", "entries", "marker_regions", "water_of_board", "n_regions", "_face_objs", "sides",
        "conquer_actions", "abandon_actions", "_region_actions", "_redeploy_actions", "near",
        "waters", "symbols", "travel", "entries_always", "defense_pieces", "abandon_removes",
        "key", "_base", "race_keys", "race_index", "piece_keys", "piece_index", "__weakref__",
    )

    def __init__(
        self,
        faces: Sequence[BoardFace],
        n_players: int,
        *,
        edition: str | Edition = "swow",
        seats: Sequence[str] | None = None,
    ) -> None:
        ed = editions.get(edition)
        if n_players not in ed.rounds_by_players:
            counts = sorted(ed.rounds_by_players)
            raise ValueError(f"player count must be {counts[0]} to {counts[-1]}, not {n_players}")
        if seats is None:
            seats = [f"Player {i + 1}" for i in range(n_players)]
        if len(seats) != n_players:
            raise ValueError(f"{len(seats)} seat names given for {n_players} players")
        self.edition = ed
        self.n_players = n_players
        self.rounds = ed.rounds_by_players[n_players]
        self.seats = tuple(seats)
        #: team variant sides by seat, e.g. "A"/"H"/"N" (R-TEAM-1); empty in other editions
        self.sides: tuple[str, ...] = tuple(ed.sides_by_players.get(n_players, ()))
        self._face_objs = tuple(faces)
        self.faces = tuple(f.id for f in faces)
        ids, names, terrain, board, symbols, marker, adj = _regions_of(faces)
        self.region_ids = tuple(ids)
        self.index = {rid: i for i, rid in enumerate(ids)}
        self.names = tuple(names)
        self.terrain = tuple(terrain)
        self.board = tuple(board)
        #: every symbol of each Region (frozensets)
        self.symbols = tuple(symbols)
        self.magic = tuple("magic" in s for s in symbols)
        self.cavern = tuple("cavern" in s for s in symbols)
        self.murloc = tuple(ed.neutral_symbol in s for s in symbols)
        self.entry = tuple(ed.entry_symbol in s for s in symbols)
        #: the travel cost (R-CONQ-1; 0 in classic, C-CONQ-1) and whether Entry Regions stay
        #: targets after a first conquest (R-CONQ-2; not in classic, C-CONQ-2)
        self.travel = ed.travel_cost
        self.entries_always = ed.entries_after_first
        #: the edition's defense pieces (R-CONQ-3) and pieces an emptied Region loses (R-TROOP-2)
        self.defense_pieces = tuple(ed.defense_pieces)
        self.abandon_removes = tuple(ed.abandon_removes)
        self.water = tuple(t in WATER for t in terrain)
        self.mountain = tuple(t == "mountain" for t in terrain)
        self.marker = tuple(marker)
        self.adj = tuple(adj)
        #: per region, ``{neighbour: 0}`` (the no-travel targets it gives its occupant)
        self.near = tuple(dict.fromkeys(a, 0) for a in adj)
        self.n_regions = len(ids)
        self.entries = _where(self.entry)
        #: region numbers of the Seas and Lakes
        self.waters = _where(self.water)
        self.marker_regions = _where(self.marker)
        water_of_board = [-1] * len(faces)
        for i in self.waters:
            water_of_board[self.board[i]] = i
        self.water_of_board = tuple(water_of_board)
        # the actions naming one Region, made once per game (legal-action lists reuse them)
        self._region_actions: dict[str, tuple[Any, ...]] = {}
        self._redeploy_actions: tuple[list[Any], ...] = tuple([] for _ in ids)
        #: ``conquer R`` and ``abandon R`` action per region number
        self.conquer_actions = self.region_actions("conquer")
        self.abandon_actions = self.region_actions("abandon")
        #: the edition's races and piece kinds in order, and the index of each: ``State.box``
        #: and ``State.supply`` are arrays in these orders
        self.race_keys: tuple[str, ...] = tuple(ed.races)
        self.race_index = {k: i for i, k in enumerate(self.race_keys)}
        self.piece_keys: tuple[str, ...] = tuple(ed.pieces)
        self.piece_index = {k: i for i, k in enumerate(self.piece_keys)}
        self.key: tuple[Any, ...] | None = None
        #: the spec whose tables this one shares (:meth:`_with_seats`), held so that it stays
        #: interned while this one lives; ``None`` for a spec with its own tables
        self._base: GameSpec | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle support: an interned spec as its :attr:`key` (the receiving process finds or
        makes the spec of that key with :func:`spec_for`); one built directly as its boards,
        player count, edition and seats."""
        if self.key is not None:
            return (_spec_of_key, (self.key,))
        return (_built, (self._face_objs, self.n_players, self.edition, self.seats))

    def _with_seats(self, seats: tuple[str, ...], key: tuple[Any, ...]) -> GameSpec:
        """This spec under other seat names: a new spec sharing every table of this one."""
        new = GameSpec.__new__(GameSpec)
        for name in GameSpec.__slots__:
            if name != "__weakref__":
                setattr(new, name, getattr(self, name))
        new.seats = seats
        new.key = key
        new._base = self
        return new

    def region_actions(self, kind: str) -> tuple[Any, ...]:
        """The actions ``KIND R`` for every region number ``r`` (index ``r`` of the tuple), made
        once per game and reused by legal-action lists (core and content kinds alike)."""
        made = self._region_actions.get(kind)
        if made is None:
            shared = _REGION_ACTIONS.setdefault(kind, {})
            acts = []
            for rid in self.region_ids:
                a = shared.get(rid)
                if a is None:
                    a = shared[rid] = Action(kind, (rid,))
                acts.append(a)
            made = self._region_actions[kind] = tuple(acts)
        return made

    def redeploy_actions(self, r: int, hand: int) -> list[Any]:
        """The actions ``redeploy R 1`` .. ``redeploy R hand`` for region number ``r``
        (R-TROOP-3), made once per game and reused."""
        made = self._redeploy_actions[r]
        if len(made) < hand:
            rid = self.region_ids[r]
            shared = _REDEPLOY.get(rid, ())
            if len(shared) < hand:
                shared += tuple(Action("redeploy", (rid, n)) for n in range(len(shared) + 1, hand + 1))
                _REDEPLOY[rid] = shared
            made.extend(shared[len(made):hand])
        return made[:hand]

    @property
    def face_objects(self) -> tuple[Any, ...]:
        """The board :class:`~smallworld.boards.Face` objects in play (geometry for drawing)."""
        return self._face_objs

    def region(self, rid: str) -> int:
        """Region number of notation ``rid`` (``"L1.4"``).

        Raises:
            KeyError: with a message naming ``rid`` when no such Region is in play.
        """
        try:
            return self.index[rid]
        except KeyError:
            raise KeyError(f"no Region {rid!r} in play (boards: {', '.join(self.faces)})") from None

    def header(self) -> dict[str, Any]:
        """JSON-able description (edition, players, boards, seats) for game records."""
        return {
            "edition": self.edition.name,
            "players": self.n_players,
            "boards": list(self.faces),
            "seats": list(self.seats),
        }


#: the specs in use by :attr:`GameSpec.key`: every live game of a key shares one spec (a spec
#: leaves when nothing holds it)
_SPECS: weakref.WeakValueDictionary[tuple[Any, ...], GameSpec] = weakref.WeakValueDictionary()
#: the last specs asked for, held so that games made one after another reuse them; at most this many
_RECENT: dict[tuple[Any, ...], GameSpec] = {}
_RECENT_SIZE = 64


def spec_for(
    n_players: int,
    faces: Sequence[str],
    *,
    edition: str | Edition = "swow",
    seats: Sequence[str] | None = None,
) -> GameSpec:
    """The interned :class:`GameSpec` of ``edition`` with the boards ``faces`` (ids, e.g.
    ``["L1", "M3"]``, loaded by the edition's ``load_face``), ``n_players`` seats and their
    names (``None``: "Player 1"...). The same arguments give the same object while any state
    holds it; specs differing only in seat names share their tables.

    Raises:
        ValueError: unknown edition or face, player count outside the edition's, seats of the
            wrong length (the message names it).
    """
    ed = editions.get(edition)
    names = None if seats is None else tuple(seats)
    if names is not None:
        if len(names) != n_players:
            raise ValueError(f"{len(names)} seat names given for {n_players} players")
        if names == tuple(f"Player {i + 1}" for i in range(n_players)):
            names = None  # the default names: the spec of no names
    ref: Any = ed.name if ed in editions.loaded() else ed  # a registered edition by its name
    key = (ref, tuple(faces), n_players, names)
    spec = _SPECS.get(key)
    if spec is None or spec.edition is not ed or _stale(spec, ed):
        if names is None:
            spec = GameSpec([ed.load_face(f) for f in faces], n_players, edition=ed)
            spec.key = key
        else:
            spec = spec_for(n_players, faces, edition=ed)._with_seats(names, key)
        _SPECS[key] = spec
    _RECENT.pop(key, None)
    if len(_RECENT) >= _RECENT_SIZE:
        _RECENT.pop(next(iter(_RECENT)))  # the least recently asked for
    _RECENT[key] = spec
    return spec


def _stale(spec: GameSpec, ed: Edition) -> bool:
    """Whether the edition's races or pieces changed since ``spec`` was made (a race or piece
    registered or taken away at run time, as the tests' toy race is): the tray and supply of a
    new state follow the spec's keys, which must be the edition's."""
    races, pieces = ed.races, ed.pieces
    return (len(spec.race_keys) != len(races) or len(spec.piece_keys) != len(pieces)
            or spec.race_keys != tuple(races) or spec.piece_keys != tuple(pieces))


def _spec_of_key(key: tuple[Any, ...]) -> GameSpec:
    """The spec of a pickled :attr:`GameSpec.key` (made in this process if not yet)."""
    edition, faces, n_players, seats = key
    return spec_for(n_players, faces, edition=edition, seats=seats)


def _built(faces: Sequence[BoardFace], n_players: int, edition: Edition, seats: Sequence[str]) -> GameSpec:
    """A spec built directly (not interned), from its pickle."""
    return GameSpec(faces, n_players, edition=edition, seats=seats)
