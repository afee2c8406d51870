"""Board face value objects and the fixed catalogue of faces (RULES §1, §2.4, §14).

A *face* is one side of a physical double-sided board; it is one island (RULES §1: boards are
separate islands, no adjacency between boards). Regions are numbered by their position in the
face's data file and are written ``<FACE>.<index>`` elsewhere (``L1.4``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

#: Land terrains (RULES §1).
LAND_TERRAINS: frozenset[str] = frozenset({"fields", "hills", "forest", "swamp", "mountain"})
#: Water terrains (RULES §1); at most one water Region per face (RULES §14).
WATER_TERRAINS: frozenset[str] = frozenset({"sea", "lake"})
TERRAINS: frozenset[str] = LAND_TERRAINS | WATER_TERRAINS
#: Region symbols (RULES §1). The S/M/L marker is a separate flag, not a symbol.
SYMBOLS: frozenset[str] = frozenset({"magic", "cavern", "murloc", "entry"})

#: Land terrains of the original Small World maps (RULES-classic §2.4): Farmland, not Fields.
CLASSIC_LAND_TERRAINS: frozenset[str] = frozenset(
    {"farmland", "hills", "forest", "swamp", "mountain"}
)
CLASSIC_TERRAINS: frozenset[str] = CLASSIC_LAND_TERRAINS | WATER_TERRAINS
#: Printed symbols of the classic maps, plus "border" (C-CONQ-1: the map's edge or a Sea's
#: shore), which the loader adds from the data's border flag.
CLASSIC_SYMBOLS: frozenset[str] = frozenset({"cavern", "mine", "magic", "lost-tribe", "border"})
#: Classic map ids by player count (one map per count); Region notation ``C5.28``.
CLASSIC_MAP_IDS: dict[int, str] = {2: "C2", 3: "C3", 4: "C4", 5: "C5"}
_ANY_LAND = LAND_TERRAINS | CLASSIC_LAND_TERRAINS

#: Face ids: 4 Large, 4 Medium, 4 Small (RULES §14).
FACE_IDS: tuple[str, ...] = (
    "L1", "L2", "L3", "L4", "M1", "M2", "M3", "M4", "S1", "S2", "S3", "S4",
)
#: Physical double-sided boards and their two faces (R-SET-1: never both faces in play).
PHYSICAL_BOARDS: dict[str, tuple[str, str]] = {
    "L-1": ("L1", "L2"),
    "L-2": ("L3", "L4"),
    "M-1": ("M1", "M2"),
    "M-2": ("M3", "M4"),
    "S-1": ("S1", "S2"),
    "S-2": ("S3", "S4"),
}
#: Face id -> physical board id.
BOARD_OF_FACE: dict[str, str] = {f: b for b, faces in PHYSICAL_BOARDS.items() for f in faces}
#: Board sizes in play by player count (RULES §2.4), one letter per board.
BOARD_SIZES_BY_PLAYERS: dict[int, str] = {2: "LS", 3: "LMS", 4: "LMMS", 5: "LLMSS"}
#: Allowed Region counts per face size, water included (RULES §14).
REGION_COUNT_LIMITS: dict[str, tuple[int, int]] = {"L": (14, 16), "M": (11, 13), "S": (8, 10)}
#: Piece supply that every selection must respect (RULES §2.3, §14).
MURLOC_SUPPLY = 15
MOUNTAIN_SUPPLY = 10


class BoardError(ValueError):
    """A board face is unknown, malformed or geometrically invalid."""


def region_ref(face_id: str, index: int) -> str:
    """Text notation of a Region: ``region_ref("L1", 4) == "L1.4"``."""
    return f"{face_id}.{index}"


def parse_region_ref(ref: str) -> tuple[str, int]:
    """Parse ``"L1.4"`` into ``("L1", 4)``; raise :class:`BoardError` on bad syntax."""
    face_id, dot, index = ref.partition(".")
    known = face_id in FACE_IDS or face_id in CLASSIC_MAP_IDS.values()
    if not dot or not known or not index.isdigit():
        raise BoardError(f"bad Region reference {ref!r} (expected <FACE>.<index>, e.g. L1.4)")
    return face_id, int(index)


@dataclass(frozen=True)
class RegionSpec:
    """One Region of a face, as drawn (RULES §1, §14).

    ``polygon`` is an open ring of (x, y) points in SVG units (0..1000 x 0..700, y down).
    ``coast_length`` is derived from the geometry when the face is built: the length of the
    Region's border on the island's exterior (0.0 for an inland Region).
    """

    index: int
    name: str
    terrain: str
    symbols: frozenset[str]
    marker: bool
    polygon: tuple[tuple[float, float], ...]
    coast_length: float = field(default=0.0, compare=False)

    @property
    def is_water(self) -> bool:
        """Sea or Lake (RULES §1)."""
        return self.terrain in WATER_TERRAINS

    @property
    def is_land(self) -> bool:
        return self.terrain in _ANY_LAND

    @property
    def is_entry(self) -> bool:
        """Has the anchor icon (RULES §1, R-CONQ-1)."""
        return "entry" in self.symbols

    @property
    def is_coastal(self) -> bool:
        """Shares a border with the island's exterior (derived from geometry)."""
        return self.coast_length > 0

    @cached_property
    def label_point(self) -> tuple[float, float]:
        """Anchor point for the Region's label: the pole of inaccessibility of its polygon."""
        from smallworld.boards.geometry import label_point

        return label_point(self.polygon)


@dataclass(frozen=True)
class Face:
    """One board face: an island of Regions (RULES §14).

    ``adjacency[i]`` is the set of Region indices sharing a border with Region ``i``; it and
    ``coastal`` are derived from the polygons when the face is built, never read from data.
    """

    id: str
    size: str
    board: str
    name: str
    regions: tuple[RegionSpec, ...]
    adjacency: tuple[frozenset[int], ...]
    coastal: frozenset[int]

    @property
    def water_region(self) -> int | None:
        """Index of the face's Sea or Lake Region, or None when the face has no water."""
        return next((r.index for r in self.regions if r.is_water), None)

    @property
    def marker_region(self) -> int:
        """Index of the Region with the S/M/L marker (R-SET-4)."""
        markers = [r.index for r in self.regions if r.marker]
        if len(markers) != 1:
            raise BoardError(f"{self.id}: expected exactly one marker Region, found {len(markers)}")
        return markers[0]

    def ref(self, index: int) -> str:
        """``<FACE>.<index>`` notation of one of this face's Regions."""
        return region_ref(self.id, index)

    def count_symbol(self, symbol: str) -> int:
        return sum(1 for r in self.regions if symbol in r.symbols)

    def count_terrain(self, terrain: str) -> int:
        return sum(1 for r in self.regions if r.terrain == terrain)

    def __len__(self) -> int:
        return len(self.regions)
