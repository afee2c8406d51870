"""Validation of faces and selections against RULES §14 (and §2.3 piece supply).

Every function returns a list of violation messages, empty when all is well. Messages name
the face (or selection), the Region index and name, and the problem, e.g.
``"L3: Region 4 'Icecrown Spire' is an Entry Region but not on the coast"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from smallworld.boards.geometry import (
    as_polygon,
    border_lengths,
    coast_lengths,
    is_connected,
    island,
    overlaps,
)
from smallworld.boards.loader import load_face
from smallworld.boards.model import (
    BOARD_OF_FACE,
    BOARD_SIZES_BY_PLAYERS,
    FACE_IDS,
    MOUNTAIN_SUPPLY,
    MURLOC_SUPPLY,
    REGION_COUNT_LIMITS,
    SYMBOLS,
    TERRAINS,
    BoardError,
    Face,
)
from smallworld.boards.selection import legal_selections

#: Shortest shared border (SVG units) that players can reliably see on the drawing.
MIN_BORDER = 15.0
#: Minimum number of Entry Regions per face (RULES §14).
MIN_ENTRIES = 2
#: What every selection must offer somewhere (RULES §14: races and powers have somewhere to matter).
REQUIRED_SYMBOLS = ("magic", "cavern")
REQUIRED_TERRAINS = ("swamp", "hills", "fields", "forest", "mountain")


def _r(face: Face, i: int) -> str:
    return f"Region {i} {face.regions[i].name!r}"


def _check_regions(face: Face) -> list[str]:
    out: list[str] = []
    p = f"{face.id}:"
    lo, hi = REGION_COUNT_LIMITS.get(face.size, (0, 0))
    if face.size not in REGION_COUNT_LIMITS:
        out.append(f"{p} unknown size {face.size!r} (expected L, M or S)")
    elif not lo <= len(face.regions) <= hi:
        out.append(f"{p} {len(face.regions)} Regions; a {face.size} face needs {lo}–{hi}")
    if face.id in BOARD_OF_FACE and face.board != BOARD_OF_FACE[face.id]:
        out.append(f"{p} board {face.board!r} should be {BOARD_OF_FACE[face.id]!r}")
    seen: dict[str, int] = {}
    for i in range(len(face.regions)):
        out += [f"{p} {problem}" for problem in _region_problems(face, i, seen)]
    water = [i for i, r in enumerate(face.regions) if r.is_water]
    if len(water) > 1:
        names = ", ".join(_r(face, i) for i in water)
        out.append(f"{p} {len(water)} water Regions ({names}); at most one allowed")
    markers = [i for i, r in enumerate(face.regions) if r.marker]
    if len(markers) != 1:
        out.append(f"{p} {len(markers)} marker Regions; exactly one required")
    entries = [i for i, r in enumerate(face.regions) if r.is_entry and r.is_land]
    if len(entries) < MIN_ENTRIES:
        out.append(f"{p} {len(entries)} Entry Region(s); at least {MIN_ENTRIES} required")
    return out


def _region_problems(face: Face, i: int, seen: dict[str, int]) -> list[str]:
    """What is wrong with Region ``i`` alone (RULES §14): its index, name (``seen``: the names
    before it, by first Region), terrain and symbols, water with symbols or the marker, a
    Mountain with a Murloc, an Entry Region off the coast."""
    r = face.regions[i]
    out: list[str] = []
    if r.index != i:
        out.append(f"{_r(face, i)} has index {r.index}")
    if not r.name.strip():
        out.append(f"Region {i} has no name")
    elif r.name in seen:
        out.append(f"{_r(face, i)} has the same name as Region {seen[r.name]}")
    seen.setdefault(r.name, i)
    if r.terrain not in TERRAINS:
        out.append(f"{_r(face, i)} has unknown terrain {r.terrain!r}")
    if set(r.symbols) - SYMBOLS:
        out.append(f"{_r(face, i)} has unknown symbol(s) {sorted(set(r.symbols) - SYMBOLS)}")
    if r.is_water and r.symbols:
        out.append(f"{_r(face, i)} is water but has symbol(s) {', '.join(sorted(r.symbols))}")
    if r.is_water and r.marker:
        out.append(f"{_r(face, i)} is water but holds the marker")
    if "murloc" in r.symbols and r.terrain == "mountain":
        out.append(f"{_r(face, i)} is a Mountain with a Murloc symbol")
    if r.is_entry and r.is_land and i not in face.coastal:
        out.append(f"{_r(face, i)} is an Entry Region but not on the coast")
    return out


def _check_geometry(face: Face) -> list[str]:
    p = f"{face.id}:"
    out: list[str] = []
    polys = []
    for i, r in enumerate(face.regions):
        try:
            polys.append(as_polygon(r.polygon))
        except ValueError as exc:
            out.append(f"{p} {_r(face, i)} has an invalid polygon: {exc}")
    if out:
        return out
    for i, j in overlaps(polys):
        out.append(f"{p} {_r(face, i)} and {_r(face, j)} overlap")
    whole = island(polys)
    if whole.geom_type != "Polygon":
        out.append(f"{p} the Regions do not form one island ({whole.geom_type})")
    elif whole.interiors:
        out.append(f"{p} the island has {len(whole.interiors)} gap(s) between Regions")
    borders = border_lengths(polys)
    derived: list[set[int]] = [set() for _ in polys]
    for (i, j), length in sorted(borders.items()):
        if length > 0:
            derived[i].add(j)
            derived[j].add(i)
            if length < MIN_BORDER:
                out.append(
                    f"{p} {_r(face, i)} and {_r(face, j)} share a border of only "
                    f"{length:.1f} units (min {MIN_BORDER:g})"
                )
        else:
            out.append(f"{p} {_r(face, i)} and {_r(face, j)} touch only at a corner")
    if [set(a) for a in face.adjacency] != derived:
        out.append(f"{p} stored adjacency does not match the drawing")
    coast = coast_lengths(polys)
    if face.coastal != frozenset(i for i, c in enumerate(coast) if c > 0):
        out.append(f"{p} stored coastal Regions do not match the drawing")
    return out


def check_face(face: Face) -> list[str]:
    """Violations of RULES §14 by one face (sizes, water, marker, Entry Regions, symbols,
    connectivity) and flaws of its drawing (invalid or overlapping polygons, borders shorter
    than :data:`MIN_BORDER`, corner-only contacts, adjacency that disagrees with the drawing).
    """
    out = _check_regions(face) + _check_geometry(face)
    if len(face.adjacency) != len(face.regions):
        out.append(f"{face.id}: adjacency has {len(face.adjacency)} entries for {len(face.regions)} Regions")
    elif not is_connected(face.adjacency):
        out.append(f"{face.id}: the Regions are not connected (RULES §14: each face is connected)")
    return out


def _faces(face_ids: Sequence[str]) -> tuple[list[Face], list[str]]:
    faces, errors = [], []
    for fid in face_ids:
        try:
            faces.append(load_face(fid))
        except BoardError as exc:
            errors.append(str(exc))
    return faces, errors


def check_selection(face_ids: Sequence[str]) -> list[str]:
    """Violations of RULES §14 / R-SET-1 by a selection of faces in play.

    Checks: known faces, one face per physical board, a size mix of RULES §2.4, Murloc
    symbols <= 15 and Mountain Regions <= 10 (RULES §2.3), and that Magic, Cavern, Swamp,
    Hills, Fields, Forest, Mountain and water Regions all occur (required by RULES §14 for
    3-player selections; applied to every player count).
    """
    p = f"selection {'+'.join(face_ids)}:"
    faces, out = _faces(face_ids)
    out = [f"{p} {e}" for e in out]
    boards: dict[str, str] = {}
    for fid in face_ids:
        board = BOARD_OF_FACE.get(fid)
        if board in boards:
            out.append(f"{p} {boards[board]} and {fid} are faces of the same physical board {board}")
        elif board:
            boards[board] = fid
    mix = "".join(sorted(f.size for f in faces))
    if mix not in {"".join(sorted(s)) for s in BOARD_SIZES_BY_PLAYERS.values()}:
        out.append(f"{p} size mix {mix!r} matches no player count (RULES §2.4)")
    murlocs = sum(f.count_symbol("murloc") for f in faces)
    if murlocs > MURLOC_SUPPLY:
        out.append(f"{p} {murlocs} Murloc symbols exceed the {MURLOC_SUPPLY} Murlocs (RULES §2.3)")
    mountains = sum(f.count_terrain("mountain") for f in faces)
    if mountains > MOUNTAIN_SUPPLY:
        out.append(f"{p} {mountains} Mountain Regions exceed the {MOUNTAIN_SUPPLY} Mountains (RULES §2.3)")
    for sym in REQUIRED_SYMBOLS:
        if not any(f.count_symbol(sym) for f in faces):
            out.append(f"{p} no {sym.capitalize()} Region")
    for ter in REQUIRED_TERRAINS:
        if not any(f.count_terrain(ter) for f in faces):
            out.append(f"{p} no {ter.capitalize()} Region")
    if not any(f.water_region is not None for f in faces):
        out.append(f"{p} no water Region")
    return out


def all_legal_selections(players: Iterable[int] = (2, 3, 4, 5)) -> list[tuple[str, ...]]:
    """Every legal selection for the given player counts."""
    return [sel for n in players for sel in legal_selections(n)]


def check_all() -> list[str]:
    """Check every face and every legal selection for 2–5 players; list all violations."""
    out: list[str] = []
    for fid in FACE_IDS:
        try:
            out.extend(check_face(load_face(fid)))
        except BoardError as exc:
            out.append(str(exc))
    if out:
        return out
    for sel in all_legal_selections():
        out.extend(check_selection(sel))
    return out
