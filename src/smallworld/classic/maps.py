"""STAND-IN map loader: the four classic maps as Region graphs, without geometry.

The maps are being drawn as polygons elsewhere (their loader will be
``smallworld.boards.classic.load_map(players)``); until then this module builds objects with
exactly the attributes :class:`smallworld.core.spec.GameSpec` reads from a board face, from the
facts of ``maps.json`` (RULES-classic §2.4, §15): ``.id`` (``"C2"`` .. ``"C5"``), ``.regions``
(each ``.index`` = the maps.json id, ``.name`` e.g. ``"Farmland 3"``, ``.terrain``, ``.symbols``
= the maps.json symbols plus ``"border"`` on border Regions (C-CONQ-1), ``.marker`` False) and
``.adjacency`` (per Region, the ids of its neighbours). Swap :func:`load_face` for the geometry
loader when it lands; nothing else depends on this module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

#: the symbol marking a C-CONQ-1 border Region (a legal first-conquest target)
BORDER = "border"


@dataclass(frozen=True)
class MapRegion:
    """One Region of a classic map (the attributes GameSpec reads)."""

    index: int
    name: str
    terrain: str
    symbols: frozenset[str]
    marker: bool = False


@dataclass(frozen=True)
class MapFace:
    """A classic map as a board face: ``id``, ``regions``, ``adjacency``."""

    id: str
    players: int
    rounds: int
    regions: tuple[MapRegion, ...]
    adjacency: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=1)
def _raw() -> dict[str, Any]:
    text = resources.files("smallworld.classic").joinpath("maps.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def face_id(players: int) -> str:
    """The map id for a player count (``"C3"``)."""
    return f"C{players}"


@cache
def load_face(fid: str) -> MapFace:
    """The map ``"C2"`` .. ``"C5"`` (C-SET-1).

    Raises:
        ValueError: no such map.
    """
    for m in _raw()["maps"]:
        if face_id(int(m["players"])) == fid:
            break
    else:
        raise ValueError(f"unknown classic map {fid!r} (known: C2, C3, C4, C5)")
    counts: dict[str, int] = {}
    regions = []
    for i, r in enumerate(m["regions"]):
        assert r["id"] == i
        t = r["terrain"]
        counts[t] = counts.get(t, 0) + 1
        syms = set(r["symbols"]) | ({BORDER} if r["border"] else set())
        regions.append(MapRegion(i, f"{t.capitalize()} {counts[t]}", t, frozenset(syms)))
    adj: list[set[int]] = [set() for _ in regions]
    for a, b in m["adjacent"]:
        adj[a].add(b)
        adj[b].add(a)
    return MapFace(
        fid, int(m["players"]), int(m["rounds"]), tuple(regions), tuple(tuple(sorted(x)) for x in adj)
    )


def choose_faces(n_players: int, rng: Any = None) -> tuple[str, ...]:
    """C-SET-1: the one map for the player count (no draw)."""
    return (face_id(n_players),)
