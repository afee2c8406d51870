"""Board faces for Small World of Warcraft (RULES §14): data, geometry, checks, drawing.

>>> face = load_face("L1")
>>> face.size, len(face.regions) >= 14
('L', True)
"""

from __future__ import annotations

from smallworld.boards.check import check_all, check_face, check_selection
from smallworld.boards.geometry import derive_adjacency, label_point
from smallworld.boards.loader import (
    all_faces,
    build_face,
    face_from_dict,
    face_to_dict,
    load_face,
)
from smallworld.boards.model import (
    BOARD_OF_FACE,
    BOARD_SIZES_BY_PLAYERS,
    FACE_IDS,
    LAND_TERRAINS,
    PHYSICAL_BOARDS,
    SYMBOLS,
    TERRAINS,
    WATER_TERRAINS,
    BoardError,
    Face,
    RegionSpec,
    parse_region_ref,
    region_ref,
)
from smallworld.boards.render import render_svg
from smallworld.boards.selection import legal_selections, random_selection

__all__ = [
    "BOARD_OF_FACE",
    "BOARD_SIZES_BY_PLAYERS",
    "FACE_IDS",
    "LAND_TERRAINS",
    "PHYSICAL_BOARDS",
    "SYMBOLS",
    "TERRAINS",
    "WATER_TERRAINS",
    "BoardError",
    "Face",
    "RegionSpec",
    "all_faces",
    "build_face",
    "check_all",
    "check_face",
    "check_selection",
    "derive_adjacency",
    "face_from_dict",
    "face_to_dict",
    "label_point",
    "legal_selections",
    "load_face",
    "parse_region_ref",
    "random_selection",
    "region_ref",
    "render_svg",
]
