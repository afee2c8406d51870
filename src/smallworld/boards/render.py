"""Standalone SVG drawing of a board face (RULES §14: a face is a drawing).

The drawing is layered so that a later UI can draw game state on top of it:

- ``<g class="sw-regions">``: one ``<path>`` per Region with ``id="<FACE>.<i>"``,
  ``data-terrain``, ``data-index`` and a ``<title>`` (hover text);
- ``<g class="sw-texture">``: terrain hatching (no ids, ``pointer-events: none``);
- ``<g class="sw-labels">`` and ``<g class="sw-symbols">``: names and icons, anchored at
  :func:`smallworld.boards.label_point` of each Region.

Coordinates are the face's own SVG units (viewBox ``0 0 1000 700``).
"""

from __future__ import annotations

from html import escape

from smallworld.boards.geometry import island
from smallworld.boards.model import Face, RegionSpec

VIEWBOX = (0, 0, 1000, 700)

#: Board-game palette by terrain.
TERRAIN_COLOURS: dict[str, str] = {
    "fields": "#e9c46a",
    "farmland": "#e6cf6e",
    "hills": "#b3ae5b",
    "forest": "#3f7a44",
    "swamp": "#4f8078",
    "mountain": "#8e7c69",
    "sea": "#3d7fbf",
    "lake": "#5aa2d8",
}
OCEAN = "#cfe4ee"
INK = "#3b2c1d"
SYMBOL_ORDER = ("entry", "magic", "cavern", "murloc", "mine", "lost-tribe")
_ICON_TITLES = {"entry": "Entry ⚓", "magic": "Magic", "cavern": "Cavern", "murloc": "Murloc",
                "mine": "Mine", "lost-tribe": "Lost Tribe"}
#: Classic maps (RULES-classic §2.4): the board's wooden frame around the Regions.
FRAME_WOOD = "#5a3b22"

_TEXTURES = {
    "fields": ('<pattern id="sw-tex-fields" width="18" height="11" patternUnits="userSpaceOnUse">'
               '<path d="M1 6h11" stroke="#8a5a10" stroke-opacity=".28" stroke-width="1.4"/>'
               "</pattern>"),
    "farmland": ('<pattern id="sw-tex-farmland" width="16" height="16" patternUnits="userSpaceOnUse"'
                 ' patternTransform="rotate(-20)"><path d="M0 4h16M0 12h16" stroke="#8a6a10" '
                 'stroke-opacity=".22" stroke-width="1.6"/></pattern>'),
    "hills": ('<pattern id="sw-tex-hills" width="26" height="18" patternUnits="userSpaceOnUse">'
              '<path d="M3 14q7-10 14 0" fill="none" stroke="#4a4a10" stroke-opacity=".35" '
              'stroke-width="1.5"/></pattern>'),
    "forest": ('<pattern id="sw-tex-forest" width="20" height="20" patternUnits="userSpaceOnUse">'
               '<path d="M6 15l4-9 4 9z" fill="#12351a" fill-opacity=".45"/>'
               '<path d="M10 15v3" stroke="#2b1d10" stroke-opacity=".5"/></pattern>'),
    "swamp": ('<pattern id="sw-tex-swamp" width="22" height="16" patternUnits="userSpaceOnUse">'
              '<path d="M2 12q3-2 6 0t6 0M12 4v6M15 3v7M18 5v5" fill="none" stroke="#17332d" '
              'stroke-opacity=".45" stroke-width="1.2"/></pattern>'),
    "mountain": ('<pattern id="sw-tex-mountain" width="26" height="20" '
                 'patternUnits="userSpaceOnUse"><path d="M3 16l7-11 7 11M8 8l2 2 2-2" '
                 'fill="none" stroke="#3a2d22" stroke-opacity=".5" stroke-width="1.5"/>'
                 "</pattern>"),
    "water": ('<pattern id="sw-tex-water" width="24" height="14" patternUnits="userSpaceOnUse">'
              '<path d="M2 8q4-4 8 0t8 0" fill="none" stroke="#fff" stroke-opacity=".45" '
              'stroke-width="1.3"/></pattern>'),
}

_ICONS = """
<symbol id="sw-icon-entry" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#f6f1e3"
 stroke="#1f3a5a" stroke-width="1.5"/><g fill="none" stroke="#1f3a5a" stroke-width="1.8"
 stroke-linecap="round"><circle cx="12" cy="6" r="1.8"/><path d="M12 8v11M8.5 10.5h7
 M6 14q1 5 6 5t6-5"/></g></symbol>
<symbol id="sw-icon-magic" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#6b3fa0"
 stroke="#f3e8ff" stroke-width="1.5"/><path d="M12 3.5l2 6.5 6.5 2-6.5 2-2 6.5-2-6.5-6.5-2
 6.5-2z" fill="#f6edff"/></symbol>
<symbol id="sw-icon-cavern" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#6d5a44"
 stroke="#f1e6d2" stroke-width="1.5"/><path d="M5 19q0-12 7-13t7 13z" fill="#1b130c"/>
 <path d="M4 19h16" stroke="#f1e6d2" stroke-width="1.2"/></symbol>
<symbol id="sw-icon-murloc" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#2f9c86"
 stroke="#e8fff8" stroke-width="1.5"/><path d="M7 8l2-4 1.5 3 1.5-4 1.5 4 1.5-3 2 4z"
 fill="#e0604f"/><circle cx="9" cy="11" r="2.6" fill="#fff"/><circle cx="15" cy="11" r="2.6"
 fill="#fff"/><circle cx="9.4" cy="11.2" r="1.2"/><circle cx="14.6" cy="11.2" r="1.2"/>
 <path d="M8 15.5q4 3 8 0" fill="none" stroke="#0f2f2a" stroke-width="1.4"/></symbol>
<symbol id="sw-icon-mine" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#4a4a52"
 stroke="#f2e2a0" stroke-width="1.5"/><path d="M6 18l9-9M13 5q5 1 6 6q-3-4-6-6z" fill="#d9d3c0"
 stroke="#d9d3c0" stroke-width="2" stroke-linecap="round"/><circle cx="8" cy="9" r="1.6"
 fill="#f5c542"/><circle cx="16" cy="17" r="1.6" fill="#f5c542"/></symbol>
<symbol id="sw-icon-lost-tribe" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11"
 fill="#c9b48a" stroke="#3b2c1d" stroke-width="1.5"/><circle cx="12" cy="8" r="3.2"
 fill="#3b2c1d"/><path d="M6 19q0-7 6-7t6 7z" fill="#3b2c1d"/><path d="M5 6l3 2M19 6l-3 2"
 stroke="#3b2c1d" stroke-width="1.5"/></symbol>
"""


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def region_path_d(region: RegionSpec) -> str:
    """SVG path data (``M x y L ... Z``) of a Region's polygon."""
    pts = region.polygon
    return "M" + " L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in pts) + " Z"


def _wrap(name: str, width: int = 14) -> list[str]:
    """Split a name on the space nearest its middle when it is longer than ``width``."""
    if len(name) <= width or " " not in name:
        return [name]
    spaces = [i for i, c in enumerate(name) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def _title(region: RegionSpec) -> str:
    extras = [_ICON_TITLES[s].replace(" ⚓", "") for s in SYMBOL_ORDER if s in region.symbols]
    if "border" in region.symbols:
        extras.append("border Region")
    if region.marker:
        extras.append("marker")
    tail = f" · {', '.join(extras)}" if extras else ""
    return f"{region.name} ({region.terrain.capitalize()}{tail})"


def _label(region: RegionSpec, x: float, y: float, ref: str | None = None) -> str:
    lines = _wrap(region.name) + ([ref] if ref else [])
    top = y - 7 * (len(lines) - 1) - 4
    spans = "".join(
        f'<tspan x="{_fmt(x)}" y="{_fmt(top + 14 * k)}">{escape(line)}</tspan>'
        for k, line in enumerate(lines)
    )
    return f'<text data-region="{region.index}">{spans}</text>'


def _icons(face: Face, region: RegionSpec, x: float, y: float) -> str:
    items = [s for s in SYMBOL_ORDER if s in region.symbols]
    n = len(items) + (1 if region.marker else 0)
    if not n:
        return ""
    size, gap = 22.0, 3.0
    left = x - (n * size + (n - 1) * gap) / 2
    out = [f'<g data-region="{region.index}">']
    for k, sym in enumerate(items):
        out.append(
            f'<use href="#sw-icon-{sym}" x="{_fmt(left + k * (size + gap))}" '
            f'y="{_fmt(y)}" width="{size:g}" height="{size:g}"><title>{_ICON_TITLES[sym]}</title></use>'
        )
    if region.marker:
        cx = left + len(items) * (size + gap) + size / 2
        cy = y + size / 2
        out.append(
            f'<g class="sw-marker"><circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="11.5" '
            f'fill="#b8322a" stroke="#f5d36b" stroke-width="2"/><text x="{_fmt(cx)}" '
            f'y="{_fmt(cy + 4.5)}" fill="#fff8e6" stroke="none" font-size="13" '
            f'font-weight="bold">{face.size}</text></g>'
        )
    out.append("</g>")
    return "".join(out)


def _inside_frame(face: Face, region: RegionSpec) -> tuple[float, float]:
    """A classic map's label point moved off the frame's edge so the name stays on the board
    (about 7.5 units per character of the 13-unit bold labels)."""
    x, y = region.label_point
    x0, y0, x1, y1 = face.frame  # type: ignore[attr-defined]
    half = 3.8 * max(len(line) for line in _wrap(region.name)) + 4
    return (min(max(x, x0 + half), x1 - half), min(max(y, y0 + 22), y1 - 26))


def render_svg(face: Face, *, labels: bool = True, ids: bool = False) -> str:
    """A standalone SVG document drawing ``face``: terrain colours and hatching, borders, the
    coastline, Region names (``labels=True``), each Region's id under its name (``ids=True``,
    e.g. ``L1.13``, the id scenario files use) and icons for Entry, Magic, Cavern, Murloc and
    the S/M/L marker. Each Region is a ``<path id="<FACE>.<i>" data-terrain=...>``.
    """
    whole = island([r.polygon for r in face.regions])
    outline = "M" + " L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in whole.exterior.coords[:-1]) + " Z"
    x0, y0, w, h = VIEWBOX
    classic = hasattr(face, "frame")  # a classic map (smallworld.boards.classic.ClassicMap)
    parts = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0} {y0} {w} {h}" width="{w}" '
         f'height="{h}" data-face="{face.id}" class="sw-face">'),
        f"<title>{escape(face.id)}: {escape(face.name)}</title>",
        "<defs>", *_TEXTURES.values(), _ICONS, "</defs>",
    ]
    if classic:
        parts += [
            f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="14" fill="{FRAME_WOOD}"/>',
            (f'<rect x="{x0 + 7}" y="{y0 + 7}" width="{w - 14}" height="{h - 14}" rx="9" '
             'fill="none" stroke="#c9a060" stroke-width="2"/>'),
        ]
    else:
        parts += [
            f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="{OCEAN}"/>',
            f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="url(#sw-tex-water)" opacity=".6"/>',
            (f'<path d="{outline}" fill="#e9f4f8" stroke="#e9f4f8" stroke-width="18" '
             'stroke-linejoin="round"/>'),
            f'<path d="{outline}" fill="#000" fill-opacity=".18" transform="translate(4 6)"/>',
        ]
    parts.append(f'<g class="sw-regions" stroke="{INK}" stroke-width="1.6" stroke-linejoin="round">')
    for r in face.regions:
        parts.append(
            f'<path id="{face.ref(r.index)}" class="sw-region" data-index="{r.index}" '
            f'data-terrain="{r.terrain}" fill="{TERRAIN_COLOURS.get(r.terrain, "#ccc")}" '
            f'd="{region_path_d(r)}"><title>{escape(_title(r))}</title></path>'
        )
    parts.append('</g><g class="sw-texture" style="pointer-events:none">')
    for r in face.regions:
        tex = "water" if r.is_water else r.terrain
        if tex in _TEXTURES:
            parts.append(f'<path d="{region_path_d(r)}" fill="url(#sw-tex-{tex})"/>')
    parts.append(
        f'</g><path class="sw-coast" d="{outline}" fill="none" stroke="{INK}" '
        'stroke-width="3.5" stroke-linejoin="round" style="pointer-events:none"/>'
    )
    if labels:
        parts.append(
            '<g class="sw-labels" font-family="Georgia, \'DejaVu Serif\', serif" font-size="13" '
            'font-weight="bold" text-anchor="middle" fill="#23180c" stroke="#fff8e6" '
            'stroke-width="3" paint-order="stroke" stroke-linejoin="round" '
            'style="pointer-events:none">'
        )
        for r in face.regions:
            x, y = _inside_frame(face, r) if classic else r.label_point
            parts.append(_label(r, x, y - 8, face.ref(r.index) if ids else None))
        parts.append("</g>")
    parts.append(
        '<g class="sw-symbols" text-anchor="middle" font-family="Georgia, \'DejaVu Serif\', serif">'
    )
    for r in face.regions:
        x, y = _inside_frame(face, r) if classic else r.label_point
        lines = len(_wrap(r.name)) + (1 if ids else 0) if labels else 0
        parts.append(_icons(face, r, x, y + 7 * lines - 8 if labels else y - 11))
    parts.append("</g></svg>")
    return "\n".join(parts) + "\n"
