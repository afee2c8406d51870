"""Draw the four maps of the original Small World (2009) into
``src/smallworld/boards/data/classic/{2,3,4,5}p.json`` (RULES-classic §2.4, §15).

The Region graphs are facts (terrain, symbols, border flag, adjacency: ``maps.json`` of the
rules reference, copied into the data files); only the drawing is invented here. How a map is
drawn (deterministic: every random choice comes from ``random.Random`` seeded with the map):

1. the graph plus an off-board node joined to every Region that touches the literal board
   edge (border Regions minus those that are border only through a Sea's shore,
   :data:`SHORE_ONLY`) is planar; the edge Regions, in the off-board node's rotation, form
   the outer cycle;
2. Tutte's barycentric layout with that cycle fixed on the frame, turned and mirrored so that
   Region ids run roughly top to bottom, left to right (as on the printed boards);
3. the map's junctions are the faces of the layout (a point where three Regions meet; one
   4-face on the 4 and 5 player maps is a point where four meet) and, for each pair of edge
   Regions that are neighbours along the frame, a point on the frame; each Region's cell is
   the ring of the junctions around it (two cells share a border exactly when the Regions
   are adjacent);
   (before that, the Tutte edge weights and the frame shares are tuned a few rounds towards
   the planned areas; each border also gets a bend point, so a Region with two neighbours
   still has four corners);
4. the junctions are moved (L-BFGS-B) towards cells of planned area (Seas about twice a land
   Region, each Region a little different) and round shapes, with no border shorter than
   :data:`MIN_BORDER`; a result whose cells are not all simple polygons is refused (a map
   whose cells are all simple and turn the same way cannot overlap itself);
5. each shared border becomes one smooth wavy curve (a few random sine harmonics, kept inside
   the border's fan triangles towards the two cells' kernel points, so no two curves cross)
   used by both cells; frame runs stay straight; coordinates are rounded to 0.1;
6. the result must pass ``smallworld.boards.classic.check_map``.

Usage: ``python tools/make_classic_maps.py [2 3 4 5] [--maps maps.json] [--out DIR]
[--check]``. The facts are read from the committed data files, or from ``--maps`` (the
reference ``maps.json``) when given or when no data file exists yet. ``--check`` regenerates
and compares with the committed files instead of writing (polygons within
:data:`CHECK_TOLERANCE`, everything else equal).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from pathlib import Path

import networkx as nx
import numpy as np
import shapely

from smallworld.boards.classic import FRAME, check_map, map_from_dict
from smallworld.boards.files import board_json, same_drawing, write_or_check

DATA = Path(__file__).resolve().parent.parent / "src" / "smallworld" / "boards" / "data" / "classic"
#: The rules reference's maps.json: shared/ beside the repository, or beside its worktree.
REFERENCE = next((p / "shared" / "classic" / "maps.json" for p in Path(__file__).resolve().parents[2:4]
                  if (p / "shared" / "classic" / "maps.json").exists()), Path("maps.json"))

#: Border Regions that touch no board edge: land on a Sea's shore only (maps.json
#: ``border_definition``; reproduces the literal edge flags of the source).
SHORE_ONLY: dict[int, tuple[int, ...]] = {
    2: (21,), 3: (7, 23), 4: (1, 2, 6, 7, 13), 5: (6, 11, 16, 17, 25, 31),
}
#: How far (SVG units, 1.5% of the frame's width) a regenerated Region may lie from the
#: committed one for ``--check``: the L-BFGS-B result moves with the scipy/numpy release (seen:
#: up to 12.4 units on the 3-player map between two releases); everything but the polygons
#: (names, terrains, symbols, borders, adjacency) must be equal.
CHECK_TOLERANCE = 14.4
#: Shortest border the optimiser allows between two junctions (SVG units).
MIN_BORDER = 30.0
#: Planned area of a Region relative to an average one, by terrain.
AREA_WEIGHT = {"sea": 2.1, "lake": 0.9, "mountain": 0.95}
MAP_NAMES = {2: "The Small World of Two", 3: "The Small World of Three",
             4: "The Small World of Four", 5: "The Small World of Five"}

# -------------------------------------------------------------------------------- names

_ADJ = ["Amber", "Ashen", "Bramble", "Briar", "Copper", "Crooked", "Dappled", "Dusky", "Elder",
        "Fallow", "Fern", "Gilded", "Gloaming", "Grey", "Hazel", "Hollow", "Honey", "Ivy",
        "Lantern", "Long", "Misty", "Moss", "Mossy", "Nettle", "Old", "Owl", "Pebble",
        "Quiet", "Raven", "Red", "Rook", "Rustle", "Sage", "Silver", "Sorrel", "Thistle",
        "Thorn", "Tumble", "Weeping", "Whistle", "Wild", "Willow", "Windy", "Wren", "Yarrow"]
_NOUNS = {
    "farmland": ["Acres", "Barleyfield", "Croft", "Fields", "Furrows", "Granary", "Meadow",
                 "Orchard", "Pastures", "Steading", "Tillage", "Haylands"],
    "forest": ["Boughs", "Copse", "Greenwood", "Grove", "Oakwood", "Pinewood", "Thicket",
               "Timbers", "Wildwood", "Woods", "Spinney", "Holt"],
    "hills": ["Barrows", "Braes", "Downs", "Heights", "Knolls", "Rise", "Ridge", "Slopes",
              "Tors", "Uplands", "Wolds", "Hummocks"],
    "swamp": ["Bog", "Fen", "Marsh", "Mire", "Morass", "Quag", "Slough", "Sump", "Wetlands",
              "Mudflats", "Reedbeds", "Sedges"],
    "mountain": ["Crag", "Peak", "Pinnacle", "Spire", "Summit", "Tooth", "Horn", "Fang",
                 "Anvil", "Crown", "Scarp", "Needle"],
    "sea": ["Sea", "Sound", "Bay", "Gulf"],
    "lake": ["Lake", "Mere", "Tarn", "Water"],
}


def invent_names(terrains: list[str], rng: random.Random) -> list[str]:
    """One plain-words name per Region (adjective + terrain noun), unique within the map."""
    used: set[str] = set()
    words: set[str] = set()
    out = []
    for t in terrains:
        for _ in range(1000):
            a, n = rng.choice(_ADJ), rng.choice(_NOUNS[t])
            name = f"The {a} {n}" if t in ("sea", "lake") else f"{a} {n}"
            if name not in used and a not in words:
                break
        used.add(name)
        words.add(a)
        out.append(name)
    return out

# -------------------------------------------------------------------------------- layout


def frame_point(t: float) -> tuple[float, float]:
    """Point at arc length ``t`` along the frame, clockwise on screen from the top-left."""
    x0, y0, x1, y1 = FRAME
    w, h = x1 - x0, y1 - y0
    t %= 2 * (w + h)
    if t < w:
        return (x0 + t, y0)
    t -= w
    if t < h:
        return (x1, y0 + t)
    t -= h
    if t < w:
        return (x1 - t, y1)
    return (x0, y1 - (t - w))


def perimeter() -> float:
    x0, y0, x1, y1 = FRAME
    return 2 * ((x1 - x0) + (y1 - y0))


def frame_side(t: float) -> int:
    x0, y0, x1, y1 = FRAME
    w, h = x1 - x0, y1 - y0
    t %= 2 * (w + h)
    return 0 if t < w else 1 if t < w + h else 2 if t < 2 * w + h else 3


def frame_corners() -> list[tuple[float, float]]:
    x0, y0, x1, y1 = FRAME
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def outer_cycle(graph: nx.Graph, edge: list[int]) -> tuple[list[int], list[tuple[int, int]]]:
    """The edge Regions in their cyclic order around the off-board node, and the diagonals
    that would triangulate the embedding's larger faces (used for the layout only: a
    Region with two neighbours would otherwise sit on the line between them)."""
    h = graph.copy()
    h.add_edges_from(("out", e) for e in edge)
    planar, emb = nx.check_planarity(h)
    if not planar:
        raise SystemExit("graph with the off-board node is not planar")
    cycle = list(emb.neighbors_cw_order("out"))
    for a, b in zip(cycle, cycle[1:] + cycle[:1]):
        if not graph.has_edge(a, b):
            raise SystemExit(f"edge Regions {a} and {b} are neighbours on the frame but not adjacent")
    extra, seen = [], set()
    for u, v in sorted(emb.edges(), key=str):
        face = emb.traverse_face(u, v)
        key = frozenset(face)
        if len(face) <= 3 or key in seen:
            continue
        seen.add(key)
        if "out" in face:
            raise SystemExit(f"face {face} at the board edge is not a triangle")
        # fan from a corner whose diagonals are not edges already
        for k in range(len(face)):
            hub = face[k]
            others = [face[(k + i) % len(face)] for i in range(2, len(face) - 1)]
            if not any(h.has_edge(hub, o) for o in others):
                extra.extend((hub, o) for o in others)
                break
        else:
            raise SystemExit(f"cannot triangulate face {face}")
    return cycle, extra


def tutte(graph: nx.Graph, fixed: dict[int, tuple[float, float]], weight=None) -> dict[int, np.ndarray]:
    """Barycentric (Tutte) layout: every free node at the weighted mean of its neighbours."""
    inner = [v for v in graph if v not in fixed]
    col = {v: i for i, v in enumerate(inner)}
    a = np.zeros((len(inner), len(inner)))
    b = np.zeros((len(inner), 2))
    for v in inner:
        i = col[v]
        for u in graph[v]:
            w = 1.0 if weight is None else weight[frozenset((u, v))]
            a[i, i] += w
            if u in fixed:
                b[i] += w * np.asarray(fixed[u])
            else:
                a[i, col[u]] -= w
    xy = np.linalg.solve(a, b)
    pos = {v: np.array(p, float) for v, p in fixed.items()}
    pos.update({v: xy[col[v]] for v in inner})
    return pos


def reading_score(pos: dict[int, np.ndarray]) -> float:
    """How well Region ids follow reading order (top to bottom, then left to right)."""
    ids = np.array(sorted(pos), float)
    key = np.array([pos[v][1] * 3 + pos[v][0] for v in sorted(pos)])
    ranks = np.argsort(np.argsort(key)).astype(float)
    return float(np.corrcoef(ids, ranks)[0, 1])


def place_cycle(cycle: list[int], weights: list[float], start: float) -> dict[int, float]:
    """Arc-length position on the frame of each edge Region (a share of the frame by weight)."""
    per = perimeter()
    total = sum(weights)
    out, t = {}, start
    for v, w in zip(cycle, weights):
        out[v] = t + per * w / total / 2
        t += per * w / total
    return out


def layout(graph: nx.Graph, cycle: list[int], terrain: dict[int, str], targets, extra=(),
           rounds: int = 25, verbose: bool = False):
    """Tutte layout; the cycle's direction and start chosen for reading order, then edge
    weights and frame shares tuned so that cells come near their planned areas."""
    aug = graph.copy()
    aug.add_edges_from(extra)
    per = perimeter()
    frame_w = {v: 2.0 if terrain[v] == "sea" else 1.0 for v in cycle}
    best = None
    for direction in (cycle, cycle[::-1]):
        for k in range(24):
            tpos = place_cycle(direction, [frame_w[v] for v in direction], per * k / 24)
            pos = tutte(aug, {v: frame_point(t) for v, t in tpos.items()})
            score = reading_score(pos)
            if best is None or score > best[0] + 1e-9:
                best = (score, direction, per * k / 24)
    _, cycle, start = best
    weight = {frozenset(e): 1.0 for e in aug.edges()}
    best = None
    for _ in range(rounds):
        tpos = place_cycle(cycle, [frame_w[v] for v in cycle], start)
        pos = tutte(aug, {v: frame_point(t) for v, t in tpos.items()}, weight)
        cells = Cells(graph, pos, cycle, tpos)
        ratio = np.array([cells.ring_area(v) for v in range(cells.n)]) / targets
        polys = [shapely.Polygon(cells.points[r]) for r in cells.rings]
        spread = float(np.max(np.abs(np.log(ratio))))
        if all(p.is_valid for p in polys) and min(ratio) > 0 and (best is None or spread < best[0]):
            best = (spread, pos, tpos)
        if verbose:
            print(f"  balance: area/target {ratio.min():.2f}..{ratio.max():.2f}", file=sys.stderr)
        for e in weight:
            u, v = tuple(e)
            weight[e] *= (ratio[u] * ratio[v]) ** 0.2
        for v in cycle:
            frame_w[v] *= ratio[v] ** -0.1
    if best is None:
        raise SystemExit("no valid Tutte layout")
    return best[1], cycle, best[2]


# ----------------------------------------------------------------------------- the cells


class Cells:
    """Junctions and, per Region, the ring of point indices around it (junctions and the
    frame corners it holds)."""

    def __init__(self, graph: nx.Graph, pos, cycle: list[int], tpos: dict[int, float]):
        self.n = graph.number_of_nodes()
        per = perimeter()
        # rotation system read from the drawing
        rot = {v: sorted(graph[v], key=lambda u: math.atan2(pos[u][1] - pos[v][1],
                                                            pos[u][0] - pos[v][0]))
               for v in graph}
        nxt = {}
        for v, nbrs in rot.items():
            for k, u in enumerate(nbrs):
                nxt[(u, v)] = (v, nbrs[k - 1])
        seen, faces = set(), []
        for dart in sorted(nxt):
            if dart in seen:
                continue
            face, d = [], dart
            while d not in seen:
                seen.add(d)
                face.append(d[0])
                d = nxt[d]
            faces.append(face)

        def area(face):
            return abs(0.5 * sum(pos[a][0] * pos[b][1] - pos[b][0] * pos[a][1]
                                 for a, b in zip(face, face[1:] + face[:1])))

        outer = max(faces, key=area)
        if set(outer) != set(cycle):
            raise SystemExit("the largest face is not the outer cycle")
        points: list[np.ndarray] = []
        face_of_dart: dict[tuple[int, int], int] = {}
        self.faces = []
        for face in faces:
            if face is outer:
                continue
            self.faces.append(face)
            j = len(points)
            points.append(np.mean([pos[v] for v in face], axis=0))
            for a, b in zip(face, face[1:] + face[:1]):
                face_of_dart[(a, b)] = j
        # frame junctions: one between each pair of neighbours along the frame
        self.frame_t: dict[int, float] = {}
        frame_j: dict[tuple[int, int], int] = {}
        for k, a in enumerate(cycle):
            b = cycle[(k + 1) % len(cycle)]
            tb = tpos[b] if tpos[b] > tpos[a] else tpos[b] + per
            tm = ((tpos[a] + tb) / 2) % per
            j = len(points)
            points.append(np.array(frame_point(tm)))
            self.frame_t[j] = tm
            frame_j[(a, b)] = j
        # one bend point per border, between its two junctions (a Region with two
        # neighbours then still has four corners)
        fj = {frozenset(k): j for k, j in frame_j.items()}
        self.mid: dict[tuple[int, int], int] = {}
        for u, v in sorted(graph.edges()):
            ends = [face_of_dart.get((u, v)), face_of_dart.get((v, u))]
            ends = [fj[frozenset((u, v))] if e is None else e for e in ends]
            p_end = (points[ends[0]] + points[ends[1]]) / 2
            if {u, v} <= set(cycle) and None in (face_of_dart.get((u, v)), face_of_dart.get((v, u))):
                m = p_end
            else:
                m = (p_end + (pos[u] + pos[v]) / 2) / 2
            self.mid[(u, v)] = len(points)
            points.append(m)
        self.corner_base = len(points)
        points.extend(np.array(c, float) for c in frame_corners())
        self.points = np.array(points, float)
        prev = {v: cycle[k - 1] for k, v in enumerate(cycle)}
        after = {v: cycle[(k + 1) % len(cycle)] for k, v in enumerate(cycle)}
        self.rings: list[list[int]] = []
        for v in range(self.n):
            ring: list[int] = []
            nbrs = rot[v]
            for y in nbrs:
                ring.append(self.mid[(min(v, y), max(v, y))])
                j = face_of_dart.get((v, y))
                if j is not None:
                    ring.append(j)
                    continue
                run = self._frame_run(frame_j[(prev[v], v)], frame_j[(v, after[v])])
                ring.extend(run if y == prev[v] else run[::-1])
            self.rings.append(ring)
        for v in range(self.n):
            if self.ring_area(v) < 0:
                self.rings[v].reverse()
        # borders: edge (u, v) -> (junction, bend, junction) as seen going round u
        self.borders: dict[tuple[int, int], tuple[int, int, int]] = {}
        for (u, v), m in self.mid.items():
            ring = self.rings[u]
            k = ring.index(m)
            self.borders[(u, v)] = (ring[k - 1], m, ring[(k + 1) % len(ring)])
            ring_v = self.rings[v]
            k = ring_v.index(m)
            if (ring_v[(k + 1) % len(ring_v)], m, ring_v[k - 1]) != self.borders[(u, v)]:
                raise SystemExit(f"border {u}-{v} is not shared")

    def _frame_run(self, ja: int, jb: int) -> list[int]:
        """Frame junction ja, the frame corners after it (clockwise), frame junction jb."""
        x0, y0, x1, y1 = FRAME
        w, h = x1 - x0, y1 - y0
        per = perimeter()
        ta, tb = self.frame_t[ja], self.frame_t[jb]
        if tb < ta:
            tb += per
        run = [ja]
        for base in (0.0, per):
            for tc, idx in ((0.0, 0), (w, 1), (w + h, 2), (2 * w + h, 3)):
                if ta < tc + base < tb:
                    run.append(self.corner_base + idx)
        return run + [jb]

    def ring_area(self, v: int, pts=None) -> float:
        p = self.points if pts is None else pts
        r = p[self.rings[v]]
        return 0.5 * float(np.sum(r[:, 0] * np.roll(r[:, 1], -1) - np.roll(r[:, 0], -1) * r[:, 1]))

# ------------------------------------------------------------------------- optimisation


def kernel_point(ring: np.ndarray, fallback=None) -> np.ndarray:
    """A point from which the whole ring is visible (the ring is star-shaped around it)."""
    from shapely.geometry import Polygon, box

    region = box(-1e4, -1e4, 1e4, 1e4)
    for a, b in zip(ring, np.roll(ring, -1, axis=0)):
        d = b - a
        n = np.array([-d[1], d[0]]) / (np.hypot(*d) + 1e-12)  # left of a->b, inside
        far = 3e4
        half = Polygon([a - d * far, b + d * far, b + d * far + n * far, a - d * far + n * far])
        region = region.intersection(half.buffer(-0.6))
    if region.is_empty or region.area < 1:
        if fallback is None:
            raise SystemExit("a cell is not star-shaped")
        return fallback
    p = region.centroid
    return np.array([p.x, p.y])


def relax(cells: Cells, targets: np.ndarray, iters: int = 800,
          verbose: bool = False) -> tuple[np.ndarray, float]:
    """Move the junctions towards cells of the planned areas (``targets``), round shapes and
    borders no shorter than :data:`MIN_BORDER` (L-BFGS-B on an energy with its gradient;
    frame junctions slide along their side of the frame). Returns the points and the energy.
    A result whose cells are not all valid polygons is refused (halfway back is tried)."""
    from scipy.optimize import minimize

    pts = cells.points.copy()
    n = cells.n
    rid = np.concatenate([[v] * len(r) for v, r in enumerate(cells.rings)])
    cur = np.concatenate(cells.rings)
    nx_ = np.concatenate([np.roll(r, -1) for r in cells.rings])
    pv_ = np.concatenate([np.roll(r, 1) for r in cells.rings])
    segs = np.array([(a, m) for a, m, _ in cells.borders.values()]
                    + [(m, b) for _, m, b in cells.borders.values()], int)
    seg_min = MIN_BORDER / 2
    x0, y0, x1, y1 = FRAME
    side_of = {j: frame_side(t) for j, t in cells.frame_t.items()}
    W_AREA, W_SHAPE, W_SHORT = 4.0, 0.6, 8.0

    def energy(p):
        a = p[cur]
        b = p[nx_]
        cross = a[:, 0] * b[:, 1] - b[:, 0] * a[:, 1]
        area = np.bincount(rid, cross, n) / 2
        seg = np.hypot(*(b - a).T)
        perim = np.bincount(rid, seg, n)
        iso = perim**2 / (4 * math.pi * area)  # 1 for a disc
        bl = np.hypot(*(p[segs[:, 0]] - p[segs[:, 1]]).T)
        short = np.maximum(0, seg_min - bl) / seg_min
        e = (W_AREA * np.sum(np.log(area / targets) ** 2) + W_SHAPE * np.sum(iso - 1)
             + W_SHORT * np.sum(short**2))
        return e, {"a": a, "b": b, "area": area, "seg": seg, "perim": perim, "bl": bl, "short": short}

    def grad(p, c):
        g = np.zeros_like(p)
        a, b = c["a"], c["b"]
        area, perim = c["area"], c["perim"]
        d_area = (W_AREA * 2 * np.log(area / targets) / area
                  - W_SHAPE * perim**2 / (4 * math.pi * area**2))
        d_perim = W_SHAPE * 2 * perim / (4 * math.pi * area)
        pn, pp = p[nx_], p[pv_]
        ga = 0.5 * np.stack([pn[:, 1] - pp[:, 1], pp[:, 0] - pn[:, 0]], 1)
        u = (b - a) / np.maximum(c["seg"], 1e-9)[:, None]
        np.add.at(g, cur, ga * d_area[rid][:, None] - u * d_perim[rid][:, None])
        np.add.at(g, nx_, u * d_perim[rid][:, None])
        d = p[segs[:, 0]] - p[segs[:, 1]]
        ub = d / np.maximum(c["bl"], 1e-9)[:, None]
        coef = (W_SHORT * 2 * c["short"] * (-1 / seg_min))[:, None]
        np.add.at(g, segs[:, 0], coef * ub)
        np.add.at(g, segs[:, 1], -coef * ub)
        return g

    def valid(p):
        """Per cell: is its ring a simple polygon, turning the right way, with some room?"""
        polys = shapely.polygons(shapely.linearrings(p[cur], indices=rid))
        a, b = p[cur], p[nx_]
        area = np.bincount(rid, a[:, 0] * b[:, 1] - b[:, 0] * a[:, 1], n) / 2
        return shapely.is_valid(polys) & (area > 50) & (shapely.minimum_clearance(polys) > 2.0)

    if not valid(pts).all():
        raise SystemExit("start cells are not valid polygons")
    free = np.arange(cells.corner_base)
    bounds = []
    for j in free:
        if j in side_of:  # a frame junction: on its side, away from the corners
            side = side_of[j]
            if side in (0, 2):
                yy = y0 if side == 0 else y1
                bounds += [(x0 + 25, x1 - 25), (yy, yy)]
            else:
                xx = x1 if side == 1 else x0
                bounds += [(xx, xx), (y0 + 25, y1 - 25)]
        else:
            bounds += [(x0 + 1, x1 - 1), (y0 + 1, y1 - 1)]

    def fun(z):
        p = pts.copy()
        p[free] = z.reshape(-1, 2)
        with np.errstate(invalid="ignore", divide="ignore"):
            e, c = energy(p)
        if not np.all(c["area"] > 0):
            return 1e9, np.zeros_like(z)
        return e, grad(p, c)[free].ravel()

    best = pts.copy()
    for _ in range(3):
        res = minimize(fun, best[free].ravel(), jac=True, method="L-BFGS-B", bounds=bounds,
                       options={"maxiter": iters})
        cand = best.copy()
        cand[free] = res.x.reshape(-1, 2)
        if valid(cand).all():
            best = cand
            break
        if verbose:
            print("L-BFGS result not valid; retrying from halfway", file=sys.stderr)
        best = (best + cand) / 2 if valid((best + cand) / 2).all() else best
    return best, float(energy(best)[0])

# ---------------------------------------------------------------------------- drawing


def chaikin(pts: list[np.ndarray], rounds: int = 2) -> list[np.ndarray]:
    """Corner cutting with the end points kept."""
    for _ in range(rounds):
        out = [pts[0]]
        for a, b in itertools.pairwise(pts):
            out += [0.75 * a + 0.25 * b, 0.25 * a + 0.75 * b]
        out.append(pts[-1])
        pts = out
    return pts


def resample(pts: list[np.ndarray], step: float = 7.0) -> tuple[np.ndarray, np.ndarray]:
    """Points every ``step`` units along a polyline, with their unit normals."""
    p = np.array(pts)
    d = np.hypot(*np.diff(p, axis=0).T)
    s = np.concatenate([[0], np.cumsum(d)])
    k = max(2, int(s[-1] / step))
    ts = np.linspace(0, s[-1], k + 1)
    xy = np.stack([np.interp(ts, s, p[:, 0]), np.interp(ts, s, p[:, 1])], 1)
    tang = np.gradient(xy, axis=0)
    tang /= np.maximum(np.hypot(*tang.T), 1e-9)[:, None]
    return xy, np.stack([-tang[:, 1], tang[:, 0]], 1), ts / s[-1], s[-1]


def wavy(a, m, b, safe, rng: random.Random, rough: float) -> list[tuple[float, float]]:
    """Interior points of a smooth wavy border a -> b bending through m, inside ``safe``."""
    from shapely.geometry import LineString

    xy, normal, t, length = resample(chaikin([a, m, b]))
    harmonics = [(k, rng.uniform(-1, 1) / k**1.1, rng.uniform(0.8, 1.2)) for k in range(1, 8)]
    inner = safe.buffer(-1.5)
    for scale in (1.0, 0.6, 0.35, 0.15, 0.0):
        amp = rough * length * scale
        off = sum(c * np.sin(math.pi * k * f * t) * np.sin(math.pi * t) ** 0.5 for k, c, f in harmonics)
        pts = xy + normal * (amp * off)[:, None]
        pts = np.round(pts[1:-1], 1)
        if len(pts) == 0:
            return []
        if scale == 0.0 or LineString(pts).within(inner):
            return [tuple(map(float, q)) for q in pts]
    return []


def draw(cells: Cells, rng: random.Random, rough: float = 0.07) -> list[list[tuple[float, float]]]:
    """Polygons of the Regions: wavy shared borders (each drawn once), straight frame runs."""
    from shapely.geometry import Polygon

    pts = np.round(cells.points, 1)
    sites = []
    for r in cells.rings:
        try:
            sites.append(kernel_point(pts[r]))
        except SystemExit:  # not star-shaped: its borders stay smooth but unwaved
            q = Polygon(pts[r]).representative_point()
            sites.append(np.array([q.x, q.y]))
    mids = set(cells.mid.values())
    curves: dict[tuple[int, int, int], list] = {}
    for (u, v), (a, m, b) in sorted(cells.borders.items()):
        # the fan triangles of this border in both cells (disjoint from every other border's)
        tris = [shapely.make_valid(Polygon([pts[x], pts[y], sites[c]]))
                for x, y in ((a, m), (m, b)) for c in (u, v)]
        try:
            safe = shapely.union_all(tris)
        except shapely.errors.GEOSException:
            safe = Polygon()
        first = wavy(pts[a], pts[m], pts[b], safe, rng, rough)
        curves[(a, m, b)] = first
    polys = []
    for ring in cells.rings:
        out: list[tuple[float, float]] = []
        start = next(i for i, j in enumerate(ring) if j not in mids)
        ring = ring[start:] + ring[:start]
        k = 0
        n = len(ring)
        while k < n:
            j = ring[k]
            out.append(tuple(map(float, pts[j])))
            mid = next((key for key in curves if key[1] == ring[(k + 1) % n]), None)
            if mid is not None:
                a, m, b = mid
                if (ring[k], ring[(k + 2) % n]) == (a, b):
                    out.extend(curves[mid])
                else:
                    out.extend(reversed(curves[mid]))
                k += 2
            else:
                k += 1
        polys.append(out)
    return polys


# ------------------------------------------------------------------------------ the map


def read_facts(players: int, maps: Path | None) -> dict:
    """The facts of one map: from ``maps`` (the reference maps.json) when given, else from the
    committed data file."""
    if maps is not None:
        data = json.loads(maps.read_text(encoding="utf-8"))
        m = next(m for m in data["maps"] if m["players"] == players)
        return {"players": players, "rounds": m["rounds"],
                "regions": [{"terrain": r["terrain"], "border": r["border"],
                             "symbols": list(r["symbols"])} for r in m["regions"]],
                "adjacent": [list(e) for e in m["adjacent"]]}
    data = json.loads((DATA / f"{players}p.json").read_text(encoding="utf-8"))
    return {"players": players, "rounds": data["rounds"],
            "regions": [{"terrain": r["terrain"], "border": r["border"], "symbols": r["symbols"]}
                        for r in data["regions"]],
            "adjacent": data["adjacent"]}


def make_map(facts: dict, verbose: bool = False) -> dict:
    players = facts["players"]
    regions = facts["regions"]
    terrain = {i: r["terrain"] for i, r in enumerate(regions)}
    graph = nx.Graph()
    graph.add_nodes_from(range(len(regions)))
    graph.add_edges_from(map(tuple, facts["adjacent"]))
    edge = [i for i, r in enumerate(regions) if r["border"] and i not in SHORE_ONLY[players]]
    cycle, extra = outer_cycle(graph, edge)
    rng = random.Random(f"smallworld-classic/{players}")
    weights = np.array([AREA_WEIGHT.get(terrain[v], 1.0) * rng.uniform(0.85, 1.15)
                        for v in range(len(regions))])
    x0, y0, x1, y1 = FRAME
    targets = weights / weights.sum() * (x1 - x0) * (y1 - y0)
    pos, cycle, tpos = layout(graph, cycle, terrain, targets, extra, verbose=verbose)
    cells = Cells(graph, pos, cycle, tpos)
    cells.points, _ = relax(cells, targets, iters=800, verbose=verbose)
    names = invent_names([terrain[v] for v in range(len(regions))], rng)
    for rough in (0.1, 0.07, 0.05, 0.03, 0.0):
        polys = draw(cells, random.Random(f"smallworld-classic/{players}/wave"), rough)
        data = {
            "face": f"C{players}", "name": MAP_NAMES[players], "players": players,
            "rounds": facts["rounds"], "frame": list(FRAME),
            "adjacent": sorted(sorted(e) for e in facts["adjacent"]),
            "regions": [{"name": names[i], "terrain": r["terrain"], "symbols": sorted(r["symbols"]),
                         "border": r["border"], "polygon": [list(p) for p in polys[i]]}
                        for i, r in enumerate(regions)],
        }
        problems = check_map(map_from_dict(data))
        if not problems:
            return data
        if verbose:
            print(f"C{players}: roughness {rough}: {problems[0]}", file=sys.stderr)
    raise SystemExit(f"C{players}: no valid drawing: {problems[:3]}")


def to_json(data: dict) -> str:
    """Commit-friendly JSON: one line of attributes and one line of polygon per Region."""
    head = {k: data[k] for k in ("face", "name", "players", "rounds", "frame", "adjacent")}
    return board_json(head, data["regions"], ("name", "terrain", "symbols", "border"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("players", nargs="*", type=int, default=[2, 3, 4, 5])
    ap.add_argument("--maps", type=Path, help="read the facts from this maps.json")
    ap.add_argument("--out", type=Path, default=DATA)
    ap.add_argument("--check", action="store_true", help="compare with the committed files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    def files():
        for players in args.players:
            maps = args.maps
            if maps is None and not (DATA / f"{players}p.json").exists() and REFERENCE.exists():
                maps = REFERENCE
            yield args.out / f"{players}p.json", to_json(make_map(read_facts(players, maps), args.verbose))

    return write_or_check(files(), args.check, same_drawing(CHECK_TOLERANCE))


if __name__ == "__main__":
    raise SystemExit(main())
