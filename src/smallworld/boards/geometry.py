"""Geometry of board faces with shapely: adjacency, coast, label points (RULES §14).

Adjacency is derived from the drawing so that the picture and the rules cannot disagree:
two Regions are adjacent when their borders share a positive length; touching at a corner
is not adjacency. Coordinates are snapped to a fine grid first (STACK.md: without snapping,
floating-point noise hides most true borders).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TypeAlias

import shapely
from shapely.geometry import Point, Polygon
from shapely.ops import polylabel

#: Grid used to snap coordinates before comparing borders.
SNAP_GRID = 1e-6

PointSeq = Sequence[Sequence[float]]
PolygonLike: TypeAlias = PointSeq | Polygon


def as_polygon(points: PolygonLike) -> Polygon:
    """Build a shapely Polygon from a ring of (x, y) points (closing point optional).

    Raises ValueError when the ring has fewer than 3 distinct points or is not valid.
    """
    poly = points if isinstance(points, Polygon) else Polygon([tuple(p) for p in points])
    if poly.is_empty or len(poly.exterior.coords) < 4:
        raise ValueError("polygon needs at least 3 points")
    if not poly.is_valid:
        raise ValueError(f"polygon is not valid ({shapely.is_valid_reason(poly)})")
    if poly.area <= 0:
        raise ValueError("polygon has no area")
    return poly


def snapped(polygons: Sequence[PolygonLike]) -> list[Polygon]:
    """Polygons snapped to :data:`SNAP_GRID` (shapely.set_precision)."""
    polys = [as_polygon(p) for p in polygons]
    return list(shapely.set_precision(polys, SNAP_GRID))


def border_lengths(polygons: Sequence[PolygonLike]) -> dict[tuple[int, int], float]:
    """Length of the shared border of every touching pair ``(i, j)``, ``i < j``.

    Pairs that touch only at points are included with length 0.0 (see
    :func:`derive_adjacency` for the adjacency rule).
    """
    polys = snapped(polygons)
    tree = shapely.STRtree(polys)
    out: dict[tuple[int, int], float] = {}
    for i, a in enumerate(polys):
        for j in tree.query(a):
            j = int(j)
            if j <= i:
                continue
            b = polys[j]
            if not a.intersects(b):
                continue
            out[(i, j)] = a.boundary.intersection(b.boundary).length
    return out


def derive_adjacency(polygons: Sequence[PolygonLike]) -> list[set[int]]:
    """Adjacency lists of a face: ``result[i]`` = indices sharing a border with polygon ``i``.

    Two polygons are adjacent when ``a.boundary ∩ b.boundary`` has positive length, after
    snapping; corner contact is not adjacency. The result is symmetric.
    """
    adjacency: list[set[int]] = [set() for _ in polygons]
    for (i, j), length in border_lengths(polygons).items():
        if length > 0:
            adjacency[i].add(j)
            adjacency[j].add(i)
    return adjacency


def island(polygons: Sequence[PolygonLike]):
    """Union of a face's polygons (a Polygon for a well-formed face)."""
    return shapely.union_all(snapped(polygons))


def coast_lengths(polygons: Sequence[PolygonLike]) -> list[float]:
    """For each polygon, the length of its border on the exterior of the island (the union)."""
    polys = snapped(polygons)
    outline = shapely.union_all(polys).boundary
    return [p.boundary.intersection(outline).length for p in polys]


def overlaps(polygons: Sequence[PolygonLike], tolerance: float = 1e-3) -> list[tuple[int, int]]:
    """Pairs of polygons whose interiors overlap by more than ``tolerance`` square units."""
    polys = snapped(polygons)
    return [
        (i, j)
        for i, j in combinations(range(len(polys)), 2)
        if polys[i].intersection(polys[j]).area > tolerance
    ]


def label_point(region_or_polygon) -> tuple[float, float]:
    """Point inside a Region where its label goes (pole of inaccessibility, 1-unit tolerance).

    Accepts a RegionSpec-like object with a ``polygon`` attribute, a point sequence or a
    shapely Polygon. Returns (x, y) rounded to 0.1.
    """
    pts = getattr(region_or_polygon, "polygon", region_or_polygon)
    poly = as_polygon(pts)
    p: Point = polylabel(poly, tolerance=1.0)
    if not poly.contains(p):
        p = poly.representative_point()
    return (round(p.x, 1), round(p.y, 1))


def is_connected(adjacency: Sequence[set[int] | frozenset[int]], nodes=None) -> bool:
    """True when ``nodes`` (default: all) form one connected component of ``adjacency``."""
    nodes = set(range(len(adjacency)) if nodes is None else nodes)
    if not nodes:
        return True
    start = next(iter(nodes))
    seen = {start}
    stack = [start]
    while stack:
        for n in adjacency[stack.pop()]:
            if n in nodes and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == nodes
