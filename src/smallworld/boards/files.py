"""Writing board data files (``boards/data/*.json``) the way they are committed, and checking
that committed files are what a drawing tool makes (``tools/make_boards.py``,
``tools/make_classic_maps.py``; RULES §14, RULES-classic §15)."""

from __future__ import annotations

import json
import operator
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import shapely


def board_json(head: Mapping[str, Any], regions: Sequence[Mapping[str, Any]], attrs: Sequence[str]) -> str:
    """Commit-friendly JSON text of a board file: one line per ``head`` entry (in order), then
    per Region one line of its ``attrs`` and one line of its ``polygon``. Loads back as
    ``{**head, "regions": regions}`` (with only ``attrs`` and ``polygon`` per Region)."""
    lines = ["{", *(f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()), '  "regions": [']
    for k, r in enumerate(regions):
        fields = ", ".join(f"{json.dumps(key)}: {json.dumps(r[key], ensure_ascii=False)}" for key in attrs)
        comma = "," if k < len(regions) - 1 else ""
        lines.append(f'    {{{fields},\n     "polygon": {json.dumps(r["polygon"])}}}{comma}')
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def same_drawing(tolerance: float) -> Callable[[str, str], bool]:
    """A comparison of two board files' texts: every entry equal but the Regions' polygons,
    and each Region's polygon within ``tolerance`` (SVG units, symmetric Hausdorff distance) of
    the other's. For drawings made by a numerical optimiser, whose last digits (and so the
    junctions a little) move with the numpy/scipy release; a changed algorithm, seed or fact
    still shows."""

    def same(made: str, committed: str) -> bool:
        a, b = json.loads(made), json.loads(committed)
        ra, rb = a.pop("regions"), b.pop("regions")
        if a != b or len(ra) != len(rb):
            return False
        for x, y in zip(ra, rb, strict=True):
            px, py = x.pop("polygon"), y.pop("polygon")
            if x != y or shapely.Polygon(px).hausdorff_distance(shapely.Polygon(py)) > tolerance:
                return False
        return True

    return same


def write_or_check(files: Iterable[tuple[Path, str]], check: bool,
                   same: Callable[[str, str], bool] = operator.eq) -> int:
    """Write each ``(path, text)``, or with ``check`` compare it with what is on disk (by
    ``same(made, committed)``: equal texts by default, see :func:`same_drawing`). Returns
    the exit status: 1 (naming the stale files on stderr) when a checked file differs or is
    missing, else 0."""
    stale = []
    for path, text in files:
        if check:
            if not path.exists() or not same(text, path.read_text(encoding="utf-8")):
                stale.append(path.name)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print(f"out of date: {' '.join(stale)}", file=sys.stderr)
        return 1
    return 0
