"""Generate the 12 board faces of RULES §14 into ``src/smallworld/boards/data/<FACE>.json``.

How a face is made (deterministic: every random choice comes from a ``random.Random`` seeded
with the face id and the attempt number):

1. an irregular island outline (a wobbly ellipse with bays and capes) in a 1000 x 700 box;
2. Voronoi cells of well-spread seed points, relaxed twice (Lloyd), clipped to the outline;
   attempts with slivers, lopsided cells, short borders or corner contacts are rejected;
3. borders get a hand-drawn wiggle (midpoint displacement, kept inside the two cells' kite so
   polygons never overlap), coordinates rounded to 0.1 and shared exactly by both neighbours;
4. the face's hand-written Regions (name, terrain, symbols, marker: the ``FACES`` table) are
   placed on the cells by annealing: Entry Regions on the coast, the Sea on the coast and the
   Lake inland (each touching >= 3 land Regions), neighbours of different terrain, Entry
   Regions spread out;
5. the result must pass ``smallworld.boards.check_face``.

Usage: ``python tools/make_boards.py [FACE ...] [--out DIR] [--check]`` (``--check`` compares
with the committed files instead of writing).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box

from smallworld.boards import (
    BOARD_OF_FACE,
    RegionSpec,
    build_face,
    check_face,
    face_to_dict,
)
from smallworld.boards.files import board_json, write_or_check
from smallworld.boards.geometry import border_lengths, coast_lengths, is_connected

W, H, MARGIN = 1000.0, 700.0, 18.0
#: Share of the box an island spans, by face size (small boards look small).
SCALE = {"L": 1.0, "M": 0.93, "S": 0.84}
DATA = Path(__file__).resolve().parent.parent / "src" / "smallworld" / "boards" / "data"

# name | terrain | symbols (+ "marker" for the S/M/L marker Region)
FACES: dict[str, tuple[str, list[str]]] = {
    "L1": ("Elwynn Reach", [
        "Goldshire Fields|fields|entry magic", "Brackwell Pumpkin Rows|fields|murloc",
        "Westbrook Meadows|fields|marker", "Lionsward Pastures|fields|murloc",
        "Redridge Foothills|hills|entry", "Stonewatch Downs|hills|cavern",
        "Thistlebrook Knolls|hills|magic", "Brightwood Thicket|forest|murloc",
        "Eastvale Timberland|forest|magic", "Northshire Greenwood|forest|entry",
        "Fargodeep Bog|swamp|murloc", "Mirefen Hollow|swamp|",
        "Jasperlode Heights|mountain|cavern", "Ironcrest Peak|mountain|", "Crystal Mere|lake|"]),
    "L2": ("Durotar Badlands", [
        "Razor Hill Steppe|fields|entry", "Sen'jin Flats|fields|murloc",
        "Valley of Trials|fields|marker", "Dustwind Plains|fields|magic",
        "Drygulch Ridges|hills|cavern", "Thunder Ridge|hills|entry",
        "Burning Blade Knoll|hills|magic", "Scorchrock Downs|hills|",
        "Echo Isle Palms|forest|entry murloc", "Thornhide Scrub|forest|",
        "Deadeye Grove|forest|entry", "Southfury Mire|swamp|murloc", "Bladefist Marsh|swamp|",
        "Orgrim's Spine|mountain|magic", "Hammerfall Crag|mountain|cavern", "Tidescar Bay|sea|"]),
    "L3": ("Northrend Frostmarch", [
        "Borean Tundra|fields|entry murloc", "Valgarde Steads|fields|marker",
        "Howling Downs|hills|magic", "Dragonblight Barrows|hills|cavern",
        "Frostbrood Rise|hills|entry", "Vrykul Cairns|hills|murloc",
        "Grizzly Pinewood|forest|murloc", "Crystalsong Woods|forest|magic",
        "Blackpine Taiga|forest|", "Sholazar Fen|swamp|murloc magic",
        "Coldarra Sumps|swamp|entry", "Storm Peaks|mountain|cavern",
        "Icecrown Spire|mountain|", "Glimmerfrost Lake|lake|"]),
    "L4": ("Stranglethorn Coast", [
        "Nesingwary Clearing|fields|marker", "Rebel Camp Meadow|fields|entry",
        "Zul'Gurub Terraces|hills|magic", "Mistvale Ridges|hills|cavern",
        "Crystalvein Bluffs|hills|entry", "Kurzen Jungle|forest|murloc",
        "Bloodscalp Canopy|forest|magic", "Vilebranch Thicket|forest|",
        "Savage Coast Palms|forest|entry murloc", "Bal'lal Mire|swamp|murloc",
        "Mosh'Ogg Bog|swamp|cavern", "Ziata'jai Swamp|swamp|entry", "Mizjah Peaks|mountain|",
        "Thornspine Heights|mountain|magic", "Jaguero Sound|sea|"]),
    "M1": ("Ashenvale Hollows", [
        "Astranaar Glade|fields|marker", "Raynewood Rise|hills|cavern",
        "Satyrnaar Knolls|hills|entry murloc", "Moonwell Grove|forest|magic",
        "Warsong Timberline|forest|entry", "Felfire Thicket|forest|magic",
        "Shadethicket Wood|forest|murloc", "Falfarren Fen|swamp|murloc",
        "Zoram Strand Marsh|swamp|entry", "Splintertree Crags|mountain|cavern",
        "Talondeep Peak|mountain|", "Silverwind Lake|lake|"]),
    "M2": ("Loch Modan Highlands", [
        "Thelsamar Pastures|fields|marker", "Farstrider Steads|fields|entry",
        "Algaz Barley Fields|fields|murloc", "Ironband Downs|hills|cavern",
        "Silver Stream Braes|hills|magic", "Stonesplinter Tors|hills|entry",
        "Grizzlepaw Ridge|hills|", "Mo'grosh Pines|forest|murloc", "Kingsvale Wood|forest|entry",
        "Dun Algaz Marsh|swamp|magic", "Stonewrought Crags|mountain|cavern",
        "Thandol Heights|mountain|", "The Loch|lake|"]),
    "M3": ("Silverpine Marches", [
        "Pyrewood Commons|fields|marker", "Fenris Downs|hills|entry cavern",
        "Ambermill Heights|hills|magic", "Shadowfang Wildwood|forest|magic",
        "Olsen's Thicket|forest|murloc", "Gloomveil Wood|forest|", "Greymane Pines|forest|entry",
        "Skittering Dark Bog|swamp|cavern", "Lordamere Shallows|swamp|entry murloc",
        "Ravenholt Crag|mountain|", "Greymane Channel|sea|"]),
    "M4": ("Dustwallow Fens", [
        "Brackenwall Steppes|fields|marker", "Sentry Point Meadow|fields|entry",
        "Onyxia's Barrow|hills|cavern", "Shady Rest Knoll|hills|magic",
        "Quagmire Cypresses|forest|murloc", "Witch Hill Grove|forest|magic",
        "Direhorn Mire|swamp|murloc", "Bloodfen Morass|swamp|entry murloc",
        "Stonemaul Slough|swamp|entry", "Wyrmbog Spires|mountain|cavern",
        "Alcaz Heights|mountain|", "Theramore Sound|sea|"]),
    "S1": ("Isle of Quel'Danas", [
        "Dawnstar Fields|fields|marker magic", "Goldenbough Commons|fields|entry",
        "Shattered Sun Tors|hills|cavern", "Eversong Groves|forest|entry murloc",
        "Silvermoon Arbors|forest|magic", "Thalassian Woods|forest|",
        "Elrendar Marsh|swamp|murloc", "Amani Spire|mountain|", "Sunstrider Bay|sea|"]),
    "S2": ("Mulgore Bluffs", [
        "Bloodhoof Plains|fields|marker", "Red Cloud Prairie|fields|entry",
        "Brambleblade Grass|fields|murloc", "Windfury Meadows|fields|magic",
        "Thunderhorn Rise|hills|magic", "Palemane Knolls|hills|entry",
        "Venture Mine Hills|hills|cavern", "Winterhoof Grove|forest|murloc",
        "Bael'dun Mire|swamp|entry", "Kodo Rock Summit|mountain|"]),
    "S3": ("Searing Gorge", [
        "Thorium Point Steads|fields|marker", "Dustfire Flats|fields|entry murloc",
        "Cauldron Rim|hills|cavern", "Slag Pit Barrows|hills|magic",
        "Firewatch Ridge|hills|entry", "Charwood Thicket|forest|magic",
        "Blackchar Sump|swamp|murloc", "Blackrock Spire|mountain|cavern"]),
    "S4": ("Zangar Reach", [
        "Sporeggar Green|fields|marker", "Umbrafen Rise|hills|cavern",
        "Bloodscale Stalks|forest|murloc", "Twinspire Mushroomwood|forest|magic",
        "Marshlight Grove|forest|entry", "Feralfen Bog|swamp|entry murloc",
        "Darkwater Mire|swamp|magic", "Ango'rosh Swamp|swamp|", "Boha'mu Crag|mountain|",
        "Serpent Lake|lake|"]),
}

# ---------------------------------------------------------------------------------- geometry


def make_outline(rng: random.Random, scale: float) -> Polygon:
    """A wobbly ellipse with a few bays and capes, stretched to ``scale`` of the box."""
    waves = [(k, rng.uniform(0.02, 0.07) / k**0.5, rng.uniform(0, 2 * math.pi)) for k in range(2, 7)]
    waves += [(k, rng.uniform(0.004, 0.012), rng.uniform(0, 2 * math.pi)) for k in range(7, 19)]
    dents = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.15, 0.35), rng.uniform(-0.3, 0.15))
             for _ in range(rng.randint(2, 4))]
    pts = []
    for i in range(200):
        t = 2 * math.pi * i / 200
        r = 1 + sum(a * math.sin(k * t + ph) for k, a, ph in waves)
        for c, w, d in dents:
            dt = math.atan2(math.sin(t - c), math.cos(t - c))
            r += d * math.exp(-((dt / w) ** 2))
        pts.append((r * math.cos(t), r * math.sin(t)))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    sx = scale * (W - 2 * MARGIN) / (max(xs) - min(xs))
    sy = scale * (H - 2 * MARGIN) / (max(ys) - min(ys))
    ox = (W - sx * (max(xs) - min(xs))) / 2
    oy = (H - sy * (max(ys) - min(ys))) / 2
    return Polygon([(round(ox + (x - min(xs)) * sx, 1), round(oy + (y - min(ys)) * sy, 1))
                    for x, y in pts])


def voronoi_cells(seeds: list[tuple[float, float]], outline: Polygon) -> list:
    vor = shapely.voronoi_polygons(MultiPoint(seeds), extend_to=box(-W, -H, 2 * W, 2 * H),
                                   ordered=True)
    return [cell.intersection(outline) for cell in vor.geoms]


def make_seeds(rng: random.Random, outline: Polygon, n: int) -> list[tuple[float, float]]:
    """Best-candidate sampling, then two Lloyd relaxations."""
    minx, miny, maxx, maxy = outline.bounds
    seeds: list[tuple[float, float]] = []
    while len(seeds) < n:
        best, best_d = None, -1.0
        for _ in range(10):
            p = (rng.uniform(minx, maxx), rng.uniform(miny, maxy))
            if not outline.contains(Point(p)):
                continue
            d = min((math.dist(p, s) for s in seeds), default=1e9)
            if d > best_d:
                best, best_d = p, d
        if best:
            seeds.append(best)
    for _ in range(2):
        cells = voronoi_cells(seeds, outline)
        seeds = [(c.centroid.x, c.centroid.y) if outline.contains(c.centroid)
                 else (c.representative_point().x, c.representative_point().y) for c in cells]
    return seeds


def cells_ok(cells: list) -> str | None:
    """Why a set of straight cells is rejected, or None."""
    if any(c.geom_type != "Polygon" or c.is_empty for c in cells):
        return "split cell"
    areas = [c.area for c in cells]
    mean = sum(areas) / len(areas)
    if min(areas) < 0.45 * mean or max(areas) > 2.2 * mean:
        return "cell sizes"
    if any(4 * math.pi * c.area / c.length**2 < 0.42 for c in cells):
        return "sliver"
    if any(0 <= length < 32 for length in border_lengths(cells).values()):
        return "short border"
    if any(0 < c < 40 for c in coast_lengths(cells)):
        return "short coast"
    return None


def wiggle(a, b, kite: Polygon, rng: random.Random, rough: float) -> list[tuple[float, float]]:
    """Interior points of a wiggly border from a to b (midpoint displacement), or []."""
    def split(p, q, depth):
        length = math.dist(p, q)
        if length < 14 or depth > 5:
            return []
        off = rng.uniform(-rough, rough) * length
        m = ((p[0] + q[0]) / 2 - off * (q[1] - p[1]) / length,
             (p[1] + q[1]) / 2 + off * (q[0] - p[0]) / length)
        return split(p, m, depth + 1) + [m] + split(m, q, depth + 1)

    inner = kite.buffer(-2.0)
    for _ in range(4):
        pts = [(round(x, 1), round(y, 1)) for x, y in split(a, b, 0)]
        if all(inner.contains(Point(p)) for p in pts):
            return pts
        rough /= 2
    return []


def noisy_polygons(cells: list, seeds, outline: Polygon, rng: random.Random):
    """Cells with wiggly shared borders; vertices shared exactly by neighbours."""
    canon: dict[tuple[int, int], tuple[float, float]] = {}

    def snap(p):
        k = (round(p[0] * 10), round(p[1] * 10))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                q = canon.get((k[0] + dx, k[1] + dy))
                if q and math.dist(q, p) < 0.08:
                    return q
        canon[k] = (k[0] / 10, k[1] / 10)
        return canon[k]

    rings = []
    for c in cells:
        ring = []
        for p in shapely.geometry.polygon.orient(c, 1.0).exterior.coords[:-1]:
            q = snap(p)
            if not ring or ring[-1] != q:
                ring.append(q)
        if ring[0] == ring[-1]:
            ring.pop()
        rings.append(ring)
    owners: dict[frozenset, list[int]] = {}
    for i, ring in enumerate(rings):
        for a, b in zip(ring, ring[1:] + ring[:1]):
            owners.setdefault(frozenset((a, b)), []).append(i)
    coast = outline.boundary
    borders: dict[tuple, list] = {}
    for key, who in sorted(owners.items(), key=lambda kv: sorted(kv[0])):
        a, b = sorted(key)
        if len(who) == 1:
            if coast.distance(Point((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)) > 0.5:
                return None
            continue
        if len(who) != 2:
            return None
        kite = Polygon([a, seeds[who[0]], b, seeds[who[1]]])
        if not kite.is_valid:
            kite = kite.convex_hull.intersection(outline)
        borders[(a, b)] = wiggle(a, b, kite.intersection(outline), rng, 0.2)
    polys = []
    for ring in rings:
        pts = []
        for a, b in zip(ring, ring[1:] + ring[:1]):
            pts.append(a)
            if (a, b) in borders:
                pts.extend(borders[(a, b)])
            elif (b, a) in borders:
                pts.extend(reversed(borders[(b, a)]))
        polys.append(pts)
    return polys

# ------------------------------------------------------------------------- placing Regions


def parse(spec: str) -> dict:
    name, terrain, syms = spec.split("|")
    syms_set = set(syms.split())
    return {"name": name, "terrain": terrain, "marker": "marker" in syms_set,
            "symbols": frozenset(syms_set - {"marker"})}


def place(records: list[dict], polys: list, rng: random.Random) -> list[int] | None:
    """perm[cell] = record index; None when the hard constraints cannot be met."""
    n = len(polys)
    borders = {k: v for k, v in border_lengths(polys).items() if v > 0}
    adj = [set() for _ in range(n)]
    for i, j in borders:
        adj[i].add(j)
        adj[j].add(i)
    coast = coast_lengths(polys)
    centre = [Polygon(p).centroid for p in polys]
    perim = [Polygon(p).length for p in polys]

    def cost(perm):
        rec = [records[perm[c]] for c in range(n)]
        total = 0.0
        for c, r in enumerate(rec):
            if "entry" in r["symbols"] and coast[c] < 45:
                total += 1000
            if r["terrain"] == "sea" and (coast[c] < max(120, 0.3 * perim[c]) or len(adj[c]) < 3
                                          or not is_connected(adj, set(range(n)) - {c})):
                total += 1000
            if r["terrain"] == "lake" and (coast[c] > 0 or len(adj[c]) < 3):
                total += 1000
            if "murloc" in r["symbols"] and coast[c] > 0:
                total -= 0.3
        for i, j in borders:
            a, b = rec[i], rec[j]
            total += 4 * (a["terrain"] == b["terrain"]) + 4 * (a["terrain"] == b["terrain"] == "mountain")
            total += 1.5 * len((a["symbols"] & b["symbols"]) - {"entry"})
            total += 2 * ("entry" in a["symbols"] and "entry" in b["symbols"])
        entries = [c for c in range(n) if "entry" in rec[c]["symbols"]]
        for x in range(len(entries)):
            for y in range(x + 1, len(entries)):
                d = centre[entries[x]].distance(centre[entries[y]])
                total += 3 * max(0.0, 1 - d / 400)
        return total

    perm = list(range(n))
    rng.shuffle(perm)
    cur = cost(perm)
    best, best_cost = perm[:], cur
    steps = 6000
    for step in range(steps):
        temp = 4.0 * (0.01 / 4.0) ** (step / steps)
        i, j = rng.sample(range(n), 2)
        perm[i], perm[j] = perm[j], perm[i]
        new = cost(perm)
        if new <= cur or rng.random() < math.exp((cur - new) / temp):
            cur = new
            if cur < best_cost:
                best, best_cost = perm[:], cur
        else:
            perm[i], perm[j] = perm[j], perm[i]
    return best if best_cost < 500 else None

# -------------------------------------------------------------------------------- faces


def make_face(face_id: str, verbose: bool = False):
    name, specs = FACES[face_id]
    records = [parse(s) for s in specs]
    for attempt in range(500):
        rng = random.Random(f"smallworld-boards/{face_id}/{attempt}")
        outline = make_outline(rng, SCALE[face_id[0]])
        seeds = make_seeds(rng, outline, len(records))
        cells = voronoi_cells(seeds, outline)
        why = cells_ok(cells)
        polys = None if why else noisy_polygons(cells, seeds, outline, rng)
        if polys is None:
            why = why or "bad edges"
        else:
            perm = place(records, polys, rng)
            if perm is None:
                why = "placement"
            else:
                # reading order: bands of 175 units from the top, then left to right
                order = sorted(range(len(polys)), key=lambda c: (
                    int(Polygon(polys[c]).centroid.y // 175), Polygon(polys[c]).centroid.x))
                regions = [RegionSpec(index=k, polygon=tuple(polys[c]), **records[perm[c]])
                           for k, c in enumerate(order)]
                face = build_face(face_id, face_id[0], BOARD_OF_FACE[face_id], name, regions)
                problems = check_face(face)
                if not problems:
                    if verbose:
                        print(f"{face_id}: attempt {attempt} OK", file=sys.stderr)
                    return face
                why = problems[0]
        if verbose:
            print(f"{face_id}: attempt {attempt} rejected: {why}", file=sys.stderr)
    raise SystemExit(f"{face_id}: no acceptable layout in 500 attempts")


def to_json(face) -> str:
    """Commit-friendly JSON: one line of attributes and one line of polygon per Region."""
    d = face_to_dict(face)
    return board_json({k: d[k] for k in ("face", "size", "board", "name")}, d["regions"],
                      ("name", "terrain", "symbols", "marker"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("faces", nargs="*", default=list(FACES))
    ap.add_argument("--out", type=Path, default=DATA)
    ap.add_argument("--check", action="store_true", help="compare with existing files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    return write_or_check(((args.out / f"{fid}.json", to_json(make_face(fid, args.verbose)))
                           for fid in args.faces), args.check)


if __name__ == "__main__":
    raise SystemExit(main())
