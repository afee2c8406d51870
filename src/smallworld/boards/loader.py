"""Loading board faces from ``boards/data/<FACE>.json`` (RULES §14).

The JSON files are the source of truth for names, terrains, symbols and polygons; adjacency
and coast are derived from the polygons here, never read from the file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any

from smallworld.boards.geometry import as_polygon, coast_lengths, derive_adjacency
from smallworld.boards.model import (
    BOARD_OF_FACE,
    FACE_IDS,
    SYMBOLS,
    TERRAINS,
    BoardError,
    Face,
    RegionSpec,
)


def build_face(
    face_id: str, size: str, board: str, name: str, regions: Iterable[RegionSpec]
) -> Face:
    """Assemble a Face, re-indexing ``regions`` by position and deriving adjacency and coast.

    Raises BoardError when a polygon is invalid.
    """
    regs = list(regions)
    polys = []
    for i, r in enumerate(regs):
        try:
            polys.append(as_polygon(r.polygon))
        except ValueError as exc:
            raise BoardError(f"{face_id}: Region {i} {r.name!r}: {exc}") from None
    adjacency = derive_adjacency(polys)
    coast = coast_lengths(polys)
    regs = [replace(r, index=i, coast_length=round(coast[i], 3)) for i, r in enumerate(regs)]
    return Face(
        id=face_id,
        size=size,
        board=board,
        name=name,
        regions=tuple(regs),
        adjacency=tuple(frozenset(a) for a in adjacency),
        coastal=frozenset(i for i, c in enumerate(coast) if c > 0),
    )


def region_from_dict(face_id: str, i: int, raw: Any, *, terrains: frozenset[str] | set[str] = TERRAINS,
                     symbols: frozenset[str] | set[str] = SYMBOLS, flag: str = "marker") -> RegionSpec:
    """Validate one Region object of a board file and build its RegionSpec (index ``i``).

    ``raw`` needs ``name`` (non-empty string), ``terrain`` (one of ``terrains``), ``symbols`` (a
    list drawn from ``symbols``), the boolean ``flag`` and ``polygon`` (a list of [x, y] numbers,
    closed or not, forming a valid polygon). The flag is the Warcraft Murloc ``"marker"``
    (RULES §14) or the classic ``"border"`` (C-CONQ-1), which becomes the symbol ``"border"``.

    Raises BoardError naming the face, the Region and what is wrong.
    """
    where = f"{face_id}: Region {i}"
    if not isinstance(raw, Mapping):
        raise BoardError(f"{where}: expected an object, got {type(raw).__name__}")
    missing = {"name", "terrain", "symbols", flag, "polygon"} - raw.keys()
    if missing:
        raise BoardError(f"{where}: missing key(s) {', '.join(sorted(missing))}")
    name = raw["name"]
    if not isinstance(name, str) or not name.strip():
        raise BoardError(f"{where}: name must be a non-empty string")
    where = f"{where} {name!r}"
    if raw["terrain"] not in terrains:
        raise BoardError(f"{where}: unknown terrain {raw['terrain']!r}")
    listed = raw["symbols"]
    if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
        raise BoardError(f"{where}: symbols must be a list of strings")
    unknown = set(listed) - set(symbols)
    if unknown:
        raise BoardError(f"{where}: unknown symbol(s) {', '.join(sorted(unknown))}")
    if not isinstance(raw[flag], bool):
        raise BoardError(f"{where}: {flag} must be true or false")
    try:
        polygon = tuple((float(x), float(y)) for x, y in raw["polygon"])
    except (TypeError, ValueError):
        raise BoardError(f"{where}: polygon must be a list of [x, y] numbers") from None
    if len(polygon) > 1 and polygon[0] == polygon[-1]:
        polygon = polygon[:-1]
    try:
        as_polygon(polygon)
    except ValueError as exc:
        raise BoardError(f"{where}: invalid polygon: {exc}") from None
    marker = flag == "marker" and raw[flag]
    extra = {flag} if flag != "marker" and raw[flag] else set()
    return RegionSpec(index=i, name=name, terrain=raw["terrain"], symbols=frozenset(listed) | extra,
                      marker=marker, polygon=polygon)


def face_from_dict(data: Any, face_id: str | None = None) -> Face:
    """Build a Face from its JSON object; raise BoardError naming the face and the problem."""
    label = face_id or (data.get("face") if isinstance(data, Mapping) else None) or "?"
    if not isinstance(data, Mapping):
        raise BoardError(f"{label}: face data must be a JSON object")
    missing = {"face", "size", "board", "name", "regions"} - data.keys()
    if missing:
        raise BoardError(f"{label}: missing key(s) {', '.join(sorted(missing))}")
    fid = data["face"]
    if face_id is not None and fid != face_id:
        raise BoardError(f"{label}: file declares face {fid!r}")
    if fid in BOARD_OF_FACE:
        if data["size"] != fid[0]:
            raise BoardError(f"{fid}: size {data['size']!r} does not match the face id")
        if data["board"] != BOARD_OF_FACE[fid]:
            raise BoardError(
                f"{fid}: board {data['board']!r} should be {BOARD_OF_FACE[fid]!r}"
            )
    regions_raw = data["regions"]
    if not isinstance(regions_raw, list) or not regions_raw:
        raise BoardError(f"{fid}: regions must be a non-empty list")
    regions = [region_from_dict(fid, i, r) for i, r in enumerate(regions_raw)]
    return build_face(fid, data["size"], data["board"], str(data["name"]), regions)


def face_to_dict(face: Face) -> dict[str, Any]:
    """The JSON object of a face (inverse of :func:`face_from_dict`; derived data omitted)."""
    return {
        "face": face.id,
        "size": face.size,
        "board": face.board,
        "name": face.name,
        "regions": [
            {
                "name": r.name,
                "terrain": r.terrain,
                "symbols": sorted(r.symbols),
                "marker": r.marker,
                "polygon": [[x, y] for x, y in r.polygon],
            }
            for r in face.regions
        ],
    }


@cache
def load_face(face_id: str) -> Face:
    """Load one of the 12 faces (``"L1"`` .. ``"S4"``) from the package data (cached).

    Raises BoardError for an unknown id, unreadable or malformed JSON, or an invalid polygon.
    """
    if face_id not in FACE_IDS:
        raise BoardError(f"unknown board face {face_id!r} (known: {', '.join(FACE_IDS)})")
    resource = resources.files("smallworld.boards") / "data" / f"{face_id}.json"
    try:
        data = json.loads(resource.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BoardError(f"{face_id}: data file {face_id}.json is missing") from None
    except json.JSONDecodeError as exc:
        raise BoardError(f"{face_id}: malformed JSON ({exc})") from None
    return face_from_dict(data, face_id)


def all_faces() -> dict[str, Face]:
    """Every face by id, in :data:`FACE_IDS` order."""
    return {fid: load_face(fid) for fid in FACE_IDS}
