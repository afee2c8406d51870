"""The table drawing for the browser: every board face in play as one SVG, plus anchor points.

The islands are drawn by :func:`smallworld.boards.render_svg` (terrain colours, hatching,
coastline, Magic/Cavern/Entry/Murloc and marker icons); this module lays the faces of one game out
in rows on one sea, keeps one copy of the shared ``<defs>``, and computes for each Region an
*anchor*: the point where the page draws its tokens and pieces, away from the icons.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from shapely.geometry import Point, Polygon, box

from smallworld.boards import render_svg
from smallworld.boards.geometry import island
from smallworld.boards.render import (
    OCEAN,
    SYMBOL_ORDER,
    TERRAIN_COLOURS,
    VIEWBOX,
    _inside_frame,
)
from smallworld.core import edition as core_editions
from smallworld.web.assets import Asset

MARGIN = 28  # face units around each island
TITLE = 54  # room above each island for its name
GAP = 20
TOKEN_R = 24  # radius the page uses for a token disc (face units)
ICON_SCALE = 1.35  # the page shows render.py's 22-unit icons this much larger
ICON_W, ICON_H, ICON_GAP = 22.0 * ICON_SCALE, 22.0 * ICON_SCALE, 3.0 * ICON_SCALE

_ROWS: dict[int, list[list[int]]] = {
    1: [[0]],
    2: [[0, 1]],
    3: [[0, 1], [2]],
    4: [[0, 1], [2, 3]],
    5: [[0, 1], [2, 3, 4]],
}


def _n_icons(region: Any) -> int:
    return sum(1 for s in SYMBOL_ORDER if s in region.symbols) + (1 if region.marker else 0)


@lru_cache(maxsize=32)
def load_face(face_id: str, edition: str = "swow") -> Any:
    """Board face ``face_id`` through ``edition``'s own loader (Warcraft faces ``L1``..; the
    classic maps ``C2``..``C5``)."""
    return core_editions.get(edition).load_face(face_id)


def _is_map(face: Any) -> bool:
    """A whole framed map (a classic map, boards/classic.py) rather than an island face."""
    return hasattr(face, "frame")


@lru_cache(maxsize=32)
def face_layout(face_id: str, edition: str = "swow") -> dict[str, Any]:
    """Anchors and bounds of one face (cached; faces never change)."""
    face = load_face(face_id, edition)
    whole = island([r.polygon for r in face.regions])
    x0, y0, x1, y1 = whole.bounds
    if _is_map(face):  # the wooden frame is part of the drawing
        vx, vy, vw, vh = VIEWBOX
        x0, y0, x1, y1 = vx, vy, vx + vw, vy + vh
    regions = []
    for r in face.regions:
        poly = Polygon(r.polygon)
        # a classic map draws a Region's icons where its name would sit, kept off the frame
        lx, ly = _inside_frame(face, r) if _is_map(face) else r.label_point
        n = _n_icons(r)
        w = n * ICON_W + max(0, n - 1) * ICON_GAP
        icons = box(lx - w / 2 - 2, ly - ICON_H / 2 - 2, lx + w / 2 + 2, ly + ICON_H / 2 + 2) if n else None
        anchor = _anchor(poly, (lx, ly), icons)
        regions.append({
            "id": face.ref(r.index),
            "name": r.name,
            "terrain": r.terrain,
            "symbols": sorted(r.symbols),
            "marker": bool(r.marker),
            "label": [round(lx, 1), round(ly - (ICON_H / 2 + 12 if n else 0), 1)],
            "anchor": [round(anchor[0], 1), round(anchor[1], 1)],
            "room": round(min(poly.exterior.distance(Point(anchor)), 60.0), 1),
            "icon_at": [lx, ly],
        })
    return {
        "id": face.id,
        "name": face.name,
        "size": face.size,
        "bounds": [x0 - MARGIN, y0 - MARGIN - TITLE, (x1 - x0) + 2 * MARGIN, (y1 - y0) + 2 * MARGIN + TITLE],
        # a classic map's edge inside its wooden frame (x0, y0, x1, y1): the names stay inside
        "frame": [float(v) for v in face.frame] if _is_map(face) else None,
        "regions": regions,
    }


def _anchor(poly: Polygon, label: tuple[float, float], icons: Any) -> tuple[float, float]:
    """A point deep inside ``poly``, clear of the icon row, not far from the label point."""
    minx, miny, maxx, maxy = poly.bounds
    ring = poly.exterior
    best, best_score = label, -1e9
    step = 7.0
    y = miny + step / 2
    while y < maxy:
        x = minx + step / 2
        while x < maxx:
            pt = Point(x, y)
            if poly.contains(pt):
                room = ring.distance(pt)
                clear = icons is None or icons.distance(pt) >= TOKEN_R + 2
                if clear:
                    # enough room for the disc and the pieces row, then closeness to the label
                    d_label = ((x - label[0]) ** 2 + (y - label[1]) ** 2) ** 0.5
                    score = min(room, TOKEN_R + 22) * 3 - d_label * 0.35 + (6 if y > label[1] else 0)
                    if score > best_score:
                        best, best_score = (x, y), score
            x += step
        y += step
    return best


def table_svg(faces: tuple[str, ...] | list[str], edition: str = "swow") -> dict[str, Any]:
    """One SVG for the faces in play (rows of islands on one sea) and its layout data.

    Returns ``{"svg": str, "width", "height", "faces": [{"id", "name", "size", "x", "y",
    "bounds", "regions": [...]}], "regions": {rid: {...face, name, terrain, symbols, marker,
    anchor, label}}}``. Each face is a nested ``<svg class="sw-face" data-face=ID>`` whose
    coordinates are the face's own (0..1000 x 0..700), ending with an empty
    ``<g class="sw-dyn">`` for the page to draw pieces in.
    """
    faces = list(faces)
    rows = _ROWS.get(len(faces)) or [list(range(len(faces)))]
    layouts = [face_layout(f, edition) for f in faces]
    placed: list[dict[str, Any]] = [{} for _ in faces]
    row_sizes = []
    for row in rows:
        w = sum(layouts[i]["bounds"][2] for i in row) + GAP * (len(row) - 1)
        h = max(layouts[i]["bounds"][3] for i in row)
        row_sizes.append((w, h))
    width = max(w for w, _ in row_sizes) + 2 * GAP
    height = sum(h for _, h in row_sizes) + GAP * (len(rows) + 1)
    y = GAP
    for row, (w, h) in zip(rows, row_sizes, strict=True):
        x = (width - w) / 2
        for i in row:
            bw, bh = layouts[i]["bounds"][2], layouts[i]["bounds"][3]
            placed[i] = {"x": round(x, 1), "y": round(y + (h - bh) / 2, 1)}
            x += bw + GAP
        y += h + GAP
    defs = ""
    bodies = []
    for i, f in enumerate(faces):
        face = load_face(f, edition)
        doc = render_svg(face, labels=False)
        d, body = _split(doc, keep_frame=_is_map(face))
        if not defs:
            defs = d
        lay = layouts[i]
        body = _enlarge_icons(body, lay)
        bx, by, bw, bh = lay["bounds"]
        px, py = placed[i]["x"], placed[i]["y"]
        title_y = by + 40
        # the page keeps a classic map's Region names inside its frame (static/js/names.js)
        frame = "" if lay["frame"] is None else ' data-frame="{:g} {:g} {:g} {:g}"'.format(*lay["frame"])
        bodies.append(
            f'<svg class="sw-face" data-face="{f}" x="{px}" y="{py}" width="{bw:.1f}" '
            f'height="{bh:.1f}" viewBox="{bx:.1f} {by:.1f} {bw:.1f} {bh:.1f}" overflow="visible">'
            f'<text class="sw-face-title" x="{bx + bw / 2:.1f}" y="{title_y:.1f}" '
            f'text-anchor="middle">{_esc(lay["name"])} <tspan class="sw-face-id">· {f}</tspan></text>'
            f"{body}"
            f'<g class="sw-names" data-face="{f}"{frame}></g>'
            f'<g class="sw-dyn" data-face="{f}"></g>'
            "</svg>"
        )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="sw-table" viewBox="0 0 {width:.1f} {height:.1f}" '
        f'preserveAspectRatio="xMidYMid meet">'
        f"<defs>{defs}</defs>"
        # the sea reaches far beyond the islands, so a page may letterbox the drawing freely
        f'<rect class="sw-sea" x="{-3 * width:.0f}" y="{-3 * height:.0f}" width="{7 * width:.0f}" '
        f'height="{7 * height:.0f}" fill="{OCEAN}"/>'
        f'<rect class="sw-sea" x="{-3 * width:.0f}" y="{-3 * height:.0f}" width="{7 * width:.0f}" '
        f'height="{7 * height:.0f}" fill="url(#sw-tex-water)" opacity=".6"/>'
        + "".join(bodies)
        + "</svg>"
    )
    out_faces = []
    regions: dict[str, Any] = {}
    for i, lay in enumerate(layouts):
        out_faces.append({**{k: lay[k] for k in ("id", "name", "size", "bounds")}, **placed[i]})
        for reg in lay["regions"]:
            regions[reg["id"]] = {k: v for k, v in reg.items() if k != "icon_at"} | {"face": lay["id"]}
    return {
        "svg": svg, "width": round(width, 1), "height": round(height, 1), "faces": out_faces,
        "regions": regions, "terrain_colours": dict(TERRAIN_COLOURS),
    }


_DEFS = re.compile(r"<defs>(.*?)</defs>", re.DOTALL)
_SEA_RECTS = re.compile(r"<rect [^>]*/>\s*")


def _split(doc: str, *, keep_frame: bool = False) -> tuple[str, str]:
    """``(defs content, body)`` of a :func:`render_svg` document: the body without the outer
    ``<svg>`` element, its ``<title>``, the defs and the two sea rectangles (drawn once); a
    classic map's two frame rectangles stay (``keep_frame``)."""
    m = _DEFS.search(doc)
    defs = m.group(1) if m else ""
    body = doc[m.end():] if m else doc
    body = body.strip()
    body = body.removesuffix("</svg>")
    # the first two elements after the defs are the sea and its texture
    for _ in range(0 if keep_frame else 2):
        r = _SEA_RECTS.match(body)
        if r:
            body = body[r.end():]
    return defs, body


_ICON_GROUP = re.compile(r'<g data-region="(\d+)">')


def _enlarge_icons(body: str, lay: dict[str, Any]) -> str:
    """Scale each Region's icon row about its label point (icons stay centred there)."""
    points = {i: r["icon_at"] for i, r in enumerate(lay["regions"])}

    def repl(m: re.Match[str]) -> str:
        x, y = points[int(m.group(1))]
        return (f'<g data-icons="{m.group(1)}" transform="translate({x:.1f} {y:.1f}) '
                f'scale({ICON_SCALE}) translate({-x:.1f} {-y:.1f})">')

    return _ICON_GROUP.sub(repl, body)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@lru_cache(maxsize=64)
def table_svg_asset(faces: tuple[str, ...], edition: str = "swow") -> Asset:
    """:func:`table_svg` as a JSON :class:`~smallworld.web.assets.Asset` (gzip and ETag made
    once), cached per set of faces: a board never changes, so it is drawn once per server and
    cached by the browser. The first drawing takes a few hundred ms: call it in a worker thread."""
    import json

    body = json.dumps(table_svg(faces, edition), separators=(",", ":")).encode()
    return Asset.of(body, "application/json")
