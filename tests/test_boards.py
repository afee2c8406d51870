"""Board faces: data, geometry, checks, selections, drawing (RULES §14, §2.3, §2.4, R-SET-1)."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace

import pytest
from shapely.geometry import Point, Polygon
from typer.testing import CliRunner

from smallworld.boards import (
    BOARD_OF_FACE,
    BOARD_SIZES_BY_PLAYERS,
    FACE_IDS,
    PHYSICAL_BOARDS,
    BoardError,
    all_faces,
    build_face,
    check_all,
    check_face,
    check_selection,
    derive_adjacency,
    face_from_dict,
    face_to_dict,
    label_point,
    legal_selections,
    load_face,
    parse_region_ref,
    random_selection,
    region_ref,
    render_svg,
)
from smallworld.boards.geometry import border_lengths, is_connected
from smallworld.cli import app

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def square(x: float, y: float, side: float = 10.0) -> list[tuple[float, float]]:
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]


# ------------------------------------------------------------------------------ geometry


def test_corner_contact_is_not_adjacency_edge_is():
    """RULES §14: adjacency is derived from shared borders; corner contact is not adjacency."""
    a, corner, edge = square(0, 0), square(10, 10), square(10, 0)
    adj = derive_adjacency([a, corner, edge])
    assert 1 not in adj[0] and 0 not in adj[1]
    assert 2 in adj[0] and 0 in adj[2]
    assert 2 in adj[1] and 1 in adj[2]  # corner square sits on top of the edge square


def test_adjacency_found_despite_float_noise():
    """RULES §14 (STACK.md): borders with floating-point noise are still found after snapping."""
    a = [(0, 0), (0.1 + 0.2, 0), (0.3, 10), (0, 10)]
    b = [(0.30000000000000004, 0), (5, 0), (5, 10), (0.3, 10)]
    assert derive_adjacency([a, b]) == [{1}, {0}]


@pytest.mark.parametrize("face_id", FACE_IDS)
def test_face_adjacency_is_symmetric_and_derived(face_id):
    """RULES §14: a face's adjacency is exactly what its polygons' shared borders give."""
    face = load_face(face_id)
    derived = derive_adjacency([r.polygon for r in face.regions])
    assert [set(a) for a in face.adjacency] == derived
    for i, neighbours in enumerate(face.adjacency):
        assert i not in neighbours
        assert all(i in face.adjacency[j] for j in neighbours)


# ------------------------------------------------------------------------------ the data


@pytest.mark.parametrize("face_id", FACE_IDS)
def test_every_face_passes_check_face(face_id):
    """RULES §14: sizes, water, marker, Entry Regions, symbols, connectivity, clean drawing."""
    assert check_face(load_face(face_id)) == []


def test_catalogue_shape():
    """RULES §14: 4 Large, 4 Medium, 4 Small faces paired as 6 double-sided boards."""
    faces = all_faces()
    assert list(faces) == list(FACE_IDS)
    assert Counter(f.size for f in faces.values()) == {"L": 4, "M": 4, "S": 4}
    assert sorted(f for pair in PHYSICAL_BOARDS.values() for f in pair) == sorted(FACE_IDS)
    for fid, face in faces.items():
        assert face.board == BOARD_OF_FACE[fid] and fid in PHYSICAL_BOARDS[face.board]


def test_water_layout_supports_fishing_and_well_of_eternity():
    """RULES §14 (one water Region at most), §10 Fishing, §11 Well of Eternity: every Large and
    Medium face has water touching >= 3 land Regions, and some Small face has none."""
    faces = all_faces().values()
    for face in faces:
        w = face.water_region
        if face.size in "LM":
            assert w is not None, face.id
        if w is not None:
            assert sum(face.regions[j].is_land for j in face.adjacency[w]) >= 3, face.id
            land = {r.index for r in face.regions if r.is_land}
            assert is_connected(face.adjacency, land), f"{face.id}: water splits the land"
    assert any(f.water_region is None for f in faces if f.size == "S")


@pytest.mark.parametrize("face_id", FACE_IDS)
def test_drawing_is_readable(face_id):
    """RULES §14 (a face is a drawing): no border shorter than 15 units; labels inside Regions."""
    face = load_face(face_id)
    lengths = border_lengths([r.polygon for r in face.regions])
    assert all(length >= 15 for length in lengths.values())
    for r in face.regions:
        assert Polygon(r.polygon).contains(Point(label_point(r)))
        assert r.label_point == label_point(r.polygon)
        assert all(0 <= x <= 1000 and 0 <= y <= 700 for x, y in r.polygon)


def test_region_refs_round_trip():
    """Region notation ``<FACE>.<index>`` (RULES §14 data format)."""
    assert region_ref("L1", 4) == "L1.4" and parse_region_ref("L1.4") == ("L1", 4)
    assert load_face("M2").ref(3) == "M2.3"
    for bad in ("L1", "X1.2", "L1.x", "L1.-1"):
        with pytest.raises(BoardError):
            parse_region_ref(bad)


# ------------------------------------------------------------------------------ check_face


def _with_region(face, i, **changes):
    regions = list(face.regions)
    regions[i] = replace(regions[i], **changes)
    return replace(face, regions=tuple(regions))


def test_check_face_catches_missing_entry_regions():
    """RULES §14: at least 2 Entry Regions per face."""
    face = load_face("L1")
    regions = tuple(replace(r, symbols=r.symbols - {"entry"}) for r in face.regions)
    problems = check_face(replace(face, regions=regions))
    assert "L1: 0 Entry Region(s); at least 2 required" in problems


def test_check_face_catches_second_water_region():
    """RULES §14: at most one water Region (Sea or Lake) per face."""
    face = load_face("L2")
    land = next(r.index for r in face.regions if r.is_land and not r.symbols and not r.marker)
    problems = check_face(_with_region(face, land, terrain="lake"))
    assert any("2 water Regions" in p and "at most one allowed" in p for p in problems)


def test_check_face_catches_disconnected_face():
    """RULES §14: each face is connected (adjacency derived from the drawing)."""
    face = load_face("S3")
    moved = tuple((x + 2000, y) for x, y in face.regions[0].polygon)
    broken = build_face(face.id, face.size, face.board, face.name,
                        [replace(r, polygon=moved) if r.index == 0 else r for r in face.regions])
    problems = check_face(broken)
    assert "S3: the Regions are not connected (RULES §14: each face is connected)" in problems
    assert any("do not form one island" in p for p in problems)
    cut = replace(face, adjacency=tuple(frozenset() for _ in face.regions))
    assert "S3: stored adjacency does not match the drawing" in check_face(cut)


def test_check_face_names_inland_entry_region():
    """RULES §14: Entry Regions are on the coast."""
    face = load_face("L1")
    inland = next(r for r in face.regions if not r.is_coastal and r.is_land)
    problems = check_face(_with_region(face, inland.index, symbols=frozenset({"entry"})))
    assert f"L1: Region {inland.index} {inland.name!r} is an Entry Region but not on the coast" in problems


def test_check_face_catches_symbol_misplacements():
    """RULES §14: symbols and the marker only on land; one marker; no Murloc on a Mountain."""
    face = load_face("M4")
    w = face.water_region
    mountain = next(r.index for r in face.regions if r.terrain == "mountain")
    assert any("is water but has symbol(s) magic" in p
               for p in check_face(_with_region(face, w, symbols=frozenset({"magic"}))))
    assert any("is a Mountain with a Murloc symbol" in p
               for p in check_face(_with_region(face, mountain, symbols=frozenset({"murloc"}))))
    no_marker = _with_region(face, face.marker_region, marker=False)
    assert "M4: 0 marker Regions; exactly one required" in check_face(no_marker)


def test_check_face_catches_region_count():
    """RULES §14: a Small face has 8–10 Regions."""
    face = load_face("S1")
    problems = check_face(replace(face, size="M"))
    assert "S1: 9 Regions; a M face needs 11–13" in problems


# ------------------------------------------------------------------------------ selections


def test_legal_selection_counts():
    """RULES §2.4 and R-SET-1: one face per physical board, sizes by player count."""
    counts = {n: len(list(legal_selections(n))) for n in BOARD_SIZES_BY_PLAYERS}
    assert counts == {2: 16, 3: 64, 4: 64, 5: 64}
    for n, sizes in BOARD_SIZES_BY_PLAYERS.items():
        for sel in legal_selections(n):
            assert "".join(f[0] for f in sel) == sizes
            assert len({BOARD_OF_FACE[f] for f in sel}) == len(sel)
    with pytest.raises(ValueError):
        list(legal_selections(6))


def test_piece_budgets_hold_for_every_five_player_selection():
    """RULES §14 and §2.3: at most 15 Murloc symbols and 10 Mountains in any 5-player game."""
    for sel in legal_selections(5):
        faces = [load_face(f) for f in sel]
        assert sum(f.count_symbol("murloc") for f in faces) <= 15, sel
        assert sum(f.count_terrain("mountain") for f in faces) <= 10, sel
        assert all(r.terrain != "mountain" for f in faces for r in f.regions
                   if "murloc" in r.symbols)


def test_every_selection_offers_every_terrain_and_symbol():
    """RULES §14: a 3-player selection has Magic, Cavern, Swamp, Hills, Fields, Forest,
    Mountain and water Regions (the check applies it to every player count)."""
    for n in BOARD_SIZES_BY_PLAYERS:
        for sel in legal_selections(n):
            assert check_selection(sel) == [], sel


def test_check_selection_rejects_illegal_selections():
    """R-SET-1: two faces of one board are never both in play; RULES §2.4 size mixes."""
    assert any("same physical board L-1" in p for p in check_selection(("L1", "L2", "S1")))
    assert any("matches no player count" in p for p in check_selection(("L1", "M1")))
    assert any("unknown board face" in p for p in check_selection(("L1", "Q7")))


def test_check_all_is_clean():
    """RULES §14: every face and every legal 2–5 player selection."""
    assert check_all() == []


def test_random_selection_is_seeded_and_legal():
    """R-SET-1: random boards by size, random face of each; only the given rng is used."""
    for n in BOARD_SIZES_BY_PLAYERS:
        legal = set(legal_selections(n))
        seen = set()
        for seed in range(60):
            sel = random_selection(n, random.Random(seed))
            assert sel == random_selection(n, random.Random(seed))
            assert sel in legal
            assert len({BOARD_OF_FACE[f] for f in sel}) == len(sel)
            seen.add(sel)
        assert len(seen) > 1
    random.seed(1)
    state = random.getstate()
    random_selection(5, random.Random(3))
    assert random.getstate() == state


# ------------------------------------------------------------------------------ loading


def test_unknown_face_raises_board_error():
    """RULES §14: only the 12 faces exist."""
    with pytest.raises(BoardError, match="unknown board face 'Z9'"):
        load_face("Z9")
    assert issubclass(BoardError, ValueError)


def test_malformed_face_data_is_named():
    """RULES §14 data format: malformed data raises BoardError naming the face and problem."""
    data = face_to_dict(load_face("S2"))
    assert face_from_dict(json.loads(json.dumps(data))).regions == load_face("S2").regions
    bad_terrain = json.loads(json.dumps(data))
    bad_terrain["regions"][3]["terrain"] = "desert"
    with pytest.raises(BoardError, match=r"S2: Region 3 .* unknown terrain 'desert'"):
        face_from_dict(bad_terrain)
    bow_tie = json.loads(json.dumps(data))
    bow_tie["regions"][1]["polygon"] = [[0, 0], [10, 10], [10, 0], [0, 10]]
    with pytest.raises(BoardError, match=r"S2: Region 1 .* invalid polygon"):
        face_from_dict(bow_tie)
    missing = {k: v for k, v in data.items() if k != "regions"}
    with pytest.raises(BoardError, match="S2: missing key"):
        face_from_dict(missing)


# ------------------------------------------------------------------------------ drawing


@pytest.mark.parametrize("face_id", FACE_IDS)
def test_render_svg_has_one_element_per_region(face_id):
    """RULES §14 (a face is a drawing): each Region is one element with id <FACE>.<i>."""
    face = load_face(face_id)
    root = ET.fromstring(render_svg(face))
    ids = [el.get("id") for el in root.iter() if el.get("id", "").startswith(f"{face_id}.")]
    assert ids == [face.ref(i) for i in range(len(face.regions))]
    for r in face.regions:
        el = root.find(f".//*[@id='{face.ref(r.index)}']")
        assert el.get("data-terrain") == r.terrain
        assert r.name in el.find(f"{SVG}title").text
    names = "".join(root.find(f".//{SVG}g[@class='sw-labels']").itertext())
    assert all(part in names for r in face.regions for part in r.name.split())
    bare = ET.fromstring(render_svg(face, labels=False))
    assert bare.find(f".//{SVG}g[@class='sw-labels']") is None


# ------------------------------------------------------------------------------ CLI


def test_cli_boards_check_exits_zero():
    """RULES §14: ``smallworld boards check`` validates every face and selection."""
    result = runner.invoke(app, ["boards", "check"])
    assert result.exit_code == 0, result.output
    assert "all 12 faces and 208 selections OK" in result.output


def test_cli_boards_list_and_render(tmp_path):
    """RULES §14: list the faces; draw one; an unknown face is a clear error (exit 2)."""
    listing = runner.invoke(app, ["boards", "list"])
    assert listing.exit_code == 0 and "Elwynn Reach" in listing.output
    out = tmp_path / "l1.svg"
    assert runner.invoke(app, ["boards", "render", "L1", "-o", str(out)]).exit_code == 0
    assert ET.parse(out).getroot().get("data-face") == "L1"
    bad = runner.invoke(app, ["boards", "render", "Q1", "-o", str(tmp_path / "q.svg")])
    assert bad.exit_code == 2
    assert "unknown board face 'Q1'" in bad.output and "Traceback" not in bad.output
    assert not (tmp_path / "q.svg").exists()


def test_cli_boards_render_shows_region_ids(tmp_path):
    """RULES §14: the drawing names each Region with its id (``L1.13``) under its name, so a
    position can be written by hand (docs/scenarios.md); ``--no-ids`` leaves names only."""
    face = load_face("L1")
    out = tmp_path / "l1.svg"
    assert runner.invoke(app, ["boards", "render", "L1", "-o", str(out)]).exit_code == 0
    labels = ET.parse(out).getroot().find(f".//{SVG}g[@class='sw-labels']")
    by_region = {el.get("data-region"): "".join(el.itertext()) for el in labels}
    for r in face.regions:
        assert face.ref(r.index) in by_region[str(r.index)]
    bare = tmp_path / "bare.svg"
    assert runner.invoke(app, ["boards", "render", "L1", "--no-ids", "-o", str(bare)]).exit_code == 0
    assert "L1.13" not in "".join(ET.parse(bare).getroot().find(f".//{SVG}g[@class='sw-labels']").itertext())
