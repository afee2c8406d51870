"""The four maps of the original Small World (2009), drawn: ``boards/data/classic/<N>p.json``
(RULES-classic §2.4, §15).

A classic map is the whole board for one player count: ``C2``, ``C3``, ``C4``, ``C5``. Its data
file holds the facts of the Region graph (terrain, printed symbols, the border flag of
C-CONQ-1, and the list of adjacent pairs, ``adjacent``) and a polygon per Region drawn by
``tools/make_classic_maps.py``. As for the Warcraft faces, the adjacency a game uses is derived
from the polygons (shared border of positive length; corner contact is not adjacency);
:func:`check_map` checks that it equals the stated facts.

Region ``i`` of the file is Region id ``i`` of the reference data, written ``C5.28``; border
Regions carry the symbol ``"border"``. ``Face.coastal`` is the set of Regions on the literal
board edge (the frame).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any

from shapely.geometry import box

from smallworld.boards.geometry import (
    as_polygon,
    border_lengths,
    is_connected,
    island,
    overlaps,
)
from smallworld.boards.loader import build_face, region_from_dict
from smallworld.boards.model import (
    CLASSIC_LAND_TERRAINS,
    CLASSIC_MAP_IDS,
    CLASSIC_SYMBOLS,
    CLASSIC_TERRAINS,
    BoardError,
    Face,
)

#: The board's frame in SVG units (x0, y0, x1, y1) inside the 1000 x 700 view box.
FRAME: tuple[float, float, float, float] = (20.0, 20.0, 980.0, 680.0)
#: RULES-classic §2.4, by player count: rounds, Regions, Mountains, Lost Tribes, Caverns,
#: Mines, Magic, land terrain counts, border Regions (Seas: 2, Lake: 1 on every map).
TABLE_2_4: dict[int, dict[str, Any]] = {
    2: {"rounds": 10, "regions": 23, "lost-tribe": 9, "cavern": 4, "mine": 4, "magic": 4,
        "land": {"farmland": 4, "forest": 4, "hills": 4, "mountain": 4, "swamp": 4}, "border": 16},
    3: {"rounds": 10, "regions": 30, "lost-tribe": 10, "cavern": 5, "mine": 5, "magic": 5,
        "land": {"farmland": 5, "forest": 5, "hills": 5, "mountain": 7, "swamp": 5}, "border": 18},
    4: {"rounds": 9, "regions": 39, "lost-tribe": 14, "cavern": 7, "mine": 7, "magic": 7,
        "land": {"farmland": 7, "forest": 7, "hills": 7, "mountain": 8, "swamp": 7}, "border": 23},
    5: {"rounds": 8, "regions": 48, "lost-tribe": 18, "cavern": 9, "mine": 9, "magic": 9,
        "land": {"farmland": 9, "forest": 9, "hills": 9, "mountain": 9, "swamp": 9}, "border": 27},
}
#: Shortest shared border (SVG units) that players can see on the drawing.
MIN_BORDER = 15.0
#: Printed symbols (what the data file may list; "border" comes from the flag).
PRINTED_SYMBOLS = CLASSIC_SYMBOLS - {"border"}


@dataclass(frozen=True)
class ClassicMap(Face):
    """A classic map: a :class:`Face` (what GameSpec reads: ``id``, ``regions``,
    ``adjacency``) plus the player count, rounds, frame and the stated adjacency facts."""

    players: int = 0
    rounds: int = 0
    frame: tuple[float, float, float, float] = FRAME
    facts_adjacency: tuple[frozenset[int], ...] = ()

    @property
    def border_regions(self) -> frozenset[int]:
        """C-CONQ-1 border Regions (the data's flag)."""
        return frozenset(r.index for r in self.regions if "border" in r.symbols)


def _frame(raw: Any) -> tuple[float, float, float, float]:
    """The ``frame`` of a map file: four numbers (x0, y0, x1, y1). Raises ValueError."""
    x0, y0, x1, y1 = (float(v) for v in raw)
    return x0, y0, x1, y1


def map_from_dict(data: Any) -> ClassicMap:
    """Build a ClassicMap from its JSON object; raise BoardError naming the problem."""
    if not isinstance(data, Mapping):
        raise BoardError("classic map data must be a JSON object")
    missing = {"face", "name", "players", "rounds", "frame", "adjacent", "regions"} - data.keys()
    if missing:
        raise BoardError(f"{data.get('face', '?')}: missing key(s) {', '.join(sorted(missing))}")
    fid, players = data["face"], data["players"]
    if CLASSIC_MAP_IDS.get(players) != fid:
        raise BoardError(f"{fid}: not the classic map id for {players} players")
    raw = data["regions"]
    if not isinstance(raw, list) or not raw:
        raise BoardError(f"{fid}: regions must be a non-empty list")
    regions = [region_from_dict(fid, i, r, terrains=CLASSIC_TERRAINS, symbols=PRINTED_SYMBOLS, flag="border")
               for i, r in enumerate(raw)]
    facts: list[set[int]] = [set() for _ in regions]
    for pair in data["adjacent"]:
        a, b = pair
        if not (0 <= a < len(regions) and 0 <= b < len(regions)) or a == b:
            raise BoardError(f"{fid}: bad adjacent pair {pair}")
        facts[a].add(b)
        facts[b].add(a)
    face = build_face(fid, "C", fid, str(data["name"]), regions)
    return ClassicMap(**{f.name: getattr(face, f.name) for f in fields(Face)},
                      players=players, rounds=int(data["rounds"]),
                      frame=_frame(data["frame"]),
                      facts_adjacency=tuple(frozenset(s) for s in facts))


@cache
def load_map(players: int) -> ClassicMap:
    """The classic map for ``players`` (2–5) from the package data (cached)."""
    if players not in CLASSIC_MAP_IDS:
        raise BoardError(f"no classic map for {players} players (2–5)")
    res = resources.files("smallworld.boards") / "data" / "classic" / f"{players}p.json"
    try:
        data = json.loads(res.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BoardError(f"classic map data {players}p.json is missing") from None
    except json.JSONDecodeError as exc:
        raise BoardError(f"{players}p.json: malformed JSON ({exc})") from None
    return map_from_dict(data)


def load_map_by_id(map_id: str) -> ClassicMap:
    """``load_map_by_id("C5")`` is ``load_map(5)``."""
    for players, mid in CLASSIC_MAP_IDS.items():
        if mid == map_id:
            return load_map(players)
    raise BoardError(f"unknown classic map {map_id!r} (known: {', '.join(CLASSIC_MAP_IDS.values())})")


def all_maps() -> dict[str, ClassicMap]:
    return {mid: load_map(n) for n, mid in CLASSIC_MAP_IDS.items()}


def _r(m: Face, i: int) -> str:
    return f"Region {i} {m.regions[i].name!r}"


def check_map(m: ClassicMap) -> list[str]:
    """Violations by one classic map: counts of RULES-classic §2.4, adjacency from the drawing
    equal to the facts, valid non-overlapping polygons covering the frame, border Regions on
    the frame or a Sea's shore, other land Regions off the frame, Seas on the frame, the Lake
    inland, no symbols on water, unique names, borders long enough to see."""
    want = TABLE_2_4.get(m.players)
    if want is None:
        return [f"{m.id}: no RULES-classic §2.4 row for {m.players} players"]
    out = _check_counts(m, want)
    polys = [as_polygon(r.polygon) for r in m.regions]
    derived = _check_drawing(m, polys, out)
    _check_edges(m, polys, derived, out)
    if not is_connected(derived):
        out.append(f"{m.id}: the Regions are not connected")
    return out


def _check_counts(m: ClassicMap, want: dict[str, Any]) -> list[str]:
    """The counts of RULES-classic §2.4 (Regions, rounds, terrains, symbols), unique names and
    no symbol on water."""
    p = f"{m.id}:"
    out: list[str] = []
    n = len(m.regions)
    if n != want["regions"]:
        out.append(f"{p} {n} Regions, §2.4 says {want['regions']}")
    if m.rounds != want["rounds"]:
        out.append(f"{p} {m.rounds} rounds, §2.4 says {want['rounds']}")
    out += [f"{p} {m.count_terrain(terr)} {terr} Regions, §2.4 says {count}"
            for terr, count in want["land"].items() if m.count_terrain(terr) != count]
    if m.count_terrain("sea") != 2 or m.count_terrain("lake") != 1:
        out.append(f"{p} {m.count_terrain('sea')} Seas and {m.count_terrain('lake')} Lakes (2 and 1)")
    out += [f"{p} {m.count_symbol(sym)} {sym} Regions, §2.4 says {want[sym]}"
            for sym in ("lost-tribe", "cavern", "mine", "magic", "border") if m.count_symbol(sym) != want[sym]]
    names: dict[str, int] = {}
    for i, r in enumerate(m.regions):
        if r.name in names:
            out.append(f"{p} {_r(m, i)} has the same name as Region {names[r.name]}")
        names.setdefault(r.name, i)
        if r.is_water and r.symbols - {"border"}:
            out.append(f"{p} {_r(m, i)} is water but has symbols")
    return out


def _check_drawing(m: ClassicMap, polys: list[Any], out: list[str]) -> list[set[int]]:
    """Polygons that do not overlap and cover the frame, borders long enough to see, and the
    adjacency they draw equal to the stored one and the facts; returns that adjacency."""
    p = f"{m.id}:"
    for i, j in overlaps(polys):
        out.append(f"{p} {_r(m, i)} and {_r(m, j)} overlap")
    whole = island(polys)
    if whole.geom_type != "Polygon" or whole.interiors:
        out.append(f"{p} the Regions leave gaps or fall apart ({whole.geom_type})")
    elif whole.symmetric_difference(box(*m.frame)).area > 1.0:
        out.append(f"{p} the Regions do not cover exactly the frame {m.frame}")
    derived: list[set[int]] = [set() for _ in polys]
    for (i, j), length in sorted(border_lengths(polys).items()):
        if length > 0:
            derived[i].add(j)
            derived[j].add(i)
            if length < MIN_BORDER:
                out.append(f"{p} {_r(m, i)} and {_r(m, j)} share only {length:.1f} units of border")
    if [set(a) for a in m.adjacency] != derived:
        out.append(f"{p} stored adjacency does not match the drawing")
    if [set(a) for a in m.facts_adjacency] != derived:
        diff = sorted({(min(i, j), max(i, j)) for i in range(len(polys))
                       for j in derived[i] ^ set(m.facts_adjacency[i])})
        out.append(f"{p} adjacency from the drawing differs from the facts at {diff[:6]}")
    return derived


def _check_edges(m: ClassicMap, polys: list[Any], derived: list[set[int]], out: list[str]) -> None:
    """Seas on the board edge, the Lake inland, border Regions (C-CONQ-1) exactly the land
    Regions on the edge or a Sea's shore."""
    p = f"{m.id}:"
    edge = box(*m.frame).exterior
    seas = {i for i, r in enumerate(m.regions) if r.terrain == "sea"}
    for i, r in enumerate(m.regions):
        on_edge = polys[i].boundary.intersection(edge).length > 0
        on_sea = bool(derived[i] & seas)
        if r.terrain == "sea" and not on_edge:
            out.append(f"{p} {_r(m, i)} is a Sea off the board edge")
        elif r.terrain == "lake" and on_edge:
            out.append(f"{p} {_r(m, i)} is the Lake but touches the board edge")
        elif r.terrain in CLASSIC_LAND_TERRAINS:
            if "border" in r.symbols and not (on_edge or on_sea):
                out.append(f"{p} {_r(m, i)} is a border Region off the edge and off the Seas")
            if "border" not in r.symbols and (on_edge or on_sea):
                out.append(f"{p} {_r(m, i)} is not a border Region but touches the edge or a Sea")


def check_all_maps() -> list[str]:
    out: list[str] = []
    for players in CLASSIC_MAP_IDS:
        try:
            out.extend(check_map(load_map(players)))
        except BoardError as exc:
            out.append(str(exc))
    return out
