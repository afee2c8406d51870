"""The four classic maps drawn as geometry (RULES-classic §2.4, §15; issue 12).

The facts (terrain, symbols, border flag, adjacency) are the reference's ``maps.json``; the
drawing is ``tools/make_classic_maps.py``'s. Adjacency used by games comes from the polygons.
"""

from __future__ import annotations

import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from shapely.geometry import Polygon, box
from typer.testing import CliRunner

import smallworld.boards
from smallworld.boards import (
    BoardError,
    derive_adjacency,
    face_from_dict,
    parse_region_ref,
    render_svg,
)
from smallworld.boards.classic import (
    FRAME,
    check_map,
    load_map,
    load_map_by_id,
    map_from_dict,
)
from smallworld.boards.files import same_drawing
from smallworld.cli import app

ROOT = Path(__file__).resolve().parent.parent
#: the map files of the installed package (the checkout's src/ in a development install)
DATA = Path(smallworld.boards.__file__).resolve().parent / "data" / "classic"
# The data files carry the reference's facts (RULES-classic §15 maps.json); the cross-check against
# the reference itself is `python tools/make_classic_maps.py --maps PATH/maps.json --check`, outside
# the tests, which must pass in a clone with nothing beside it.
SVG = "{http://www.w3.org/2000/svg}"
PLAYERS = (2, 3, 4, 5)
runner = CliRunner()

#: RULES-classic §2.4, written out again so that a wrong table in the code is caught:
#: Regions, Mountains, Lost Tribes, Cavern = Mine = Magic, Farmland/Forest/Hills/Swamp, border.
TABLE = {2: (23, 4, 9, 4, 4, 16), 3: (30, 7, 10, 5, 5, 18), 4: (39, 8, 14, 7, 7, 23),
         5: (48, 9, 18, 9, 9, 27)}


def raw(players: int) -> dict:
    return json.loads((DATA / f"{players}p.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", PLAYERS)
def test_map_passes_its_check(players):
    """Issue 12: each map is valid geometry whose adjacency equals the facts (check_map)."""
    assert check_map(load_map(players)) == []


@pytest.mark.parametrize("players", PLAYERS)
def test_counts_of_section_2_4(players):
    """RULES-classic §2.4: Regions, terrain mix, Seas and Lake, symbols, border Regions."""
    m = load_map(players)
    regions, mountains, tribes, each_symbol, each_land, border = TABLE[players]
    assert len(m.regions) == regions and m.players == players
    assert m.count_terrain("mountain") == mountains
    for terrain in ("farmland", "forest", "hills", "swamp"):
        assert m.count_terrain(terrain) == each_land
    assert (m.count_terrain("sea"), m.count_terrain("lake")) == (2, 1)
    assert m.count_symbol("lost-tribe") == tribes
    for sym in ("cavern", "mine", "magic"):
        assert m.count_symbol(sym) == each_symbol
    assert m.count_symbol("border") == border
    assert m.rounds == {2: 10, 3: 10, 4: 9, 5: 8}[players]


@pytest.mark.parametrize("players", PLAYERS)
def test_adjacency_is_derived_from_polygons_and_equals_the_facts(players):
    """Issue 12: adjacency from the drawing (shapely, as for Warcraft faces) = maps.json's."""
    m = load_map(players)
    derived = derive_adjacency([r.polygon for r in m.regions])
    assert [set(a) for a in m.adjacency] == derived
    facts = [set() for _ in m.regions]
    for a, b in raw(players)["adjacent"]:
        facts[a].add(b)
        facts[b].add(a)
    assert derived == facts


@pytest.mark.parametrize("players", PLAYERS)
def test_border_regions_on_the_edge_or_a_seas_shore(players):
    """C-CONQ-1 border Regions touch the board edge or a Sea; other land Regions touch
    neither; Seas touch the edge and the Lake does not; polygons tile the frame."""
    m = load_map(players)
    polys = [Polygon(r.polygon) for r in m.regions]
    frame = box(*FRAME)
    assert abs(sum(p.area for p in polys) - frame.area) < 1.0
    seas = {r.index for r in m.regions if r.terrain == "sea"}
    for r in m.regions:
        on_edge = r.index in m.coastal
        assert on_edge == (polys[r.index].boundary.intersection(frame.exterior).length > 0)
        on_sea = bool(m.adjacency[r.index] & seas)
        if r.terrain == "sea":
            assert on_edge
        elif r.terrain == "lake":
            assert not on_edge
        elif "border" in r.symbols:
            assert on_edge or on_sea, r.name
        else:
            assert not on_edge and not on_sea, r.name


def test_notation_ids_and_face_attributes():
    """Region notation C5.28; the attributes GameSpec reads from a Warcraft Face."""
    m = load_map(5)
    assert m.id == "C5" and load_map_by_id("C5") is m
    assert m.ref(28) == "C5.28" and parse_region_ref("C5.28") == ("C5", 28)
    names = [r.name for r in m.regions]
    assert len(set(names)) == len(names) and all(n.strip() for n in names)
    for i, r in enumerate(m.regions):
        assert r.index == i and r.marker is False
        assert ("border" in r.symbols) == raw(5)["regions"][i]["border"]
        assert r.is_land != r.is_water
    from smallworld.core.spec import GameSpec

    spec = GameSpec([m], 5)
    assert spec.region_ids[28] == "C5.28" and spec.terrain[28] == m.regions[28].terrain
    assert set(spec.adj[28]) == set(m.adjacency[28])
    with pytest.raises(BoardError):
        load_map(6)


def test_warcraft_faces_still_reject_classic_terrain_and_classic_maps_warcraft_symbols():
    """Classic terrains and symbols do not leak into Warcraft validation, nor the reverse."""
    from smallworld.boards import face_to_dict, load_face

    d = face_to_dict(load_face("S1"))
    d["regions"][0]["terrain"] = "farmland"
    with pytest.raises(BoardError, match="unknown terrain"):
        face_from_dict(d)
    d = face_to_dict(load_face("S1"))
    d["regions"][0]["symbols"] = ["mine"]
    with pytest.raises(BoardError, match="unknown symbol"):
        face_from_dict(d)
    c = raw(2)
    c["regions"][1]["terrain"] = "fields"
    with pytest.raises(BoardError, match="unknown terrain"):
        map_from_dict(c)
    c = raw(2)
    c["regions"][1]["symbols"] = ["murloc"]
    with pytest.raises(BoardError):
        map_from_dict(c)


# -------------------------------------------------------------- the check catches mistakes


def _problems(data: dict) -> list[str]:
    return check_map(map_from_dict(data))


def test_check_catches_adjacency_that_differs_from_the_facts():
    data = raw(3)
    data["adjacent"] = data["adjacent"][1:]  # a fact dropped: the drawing still has it
    assert any("differs from the facts" in p for p in _problems(data))


def test_check_catches_a_perturbed_polygon():
    """Moving one Region's vertex without its neighbour's makes an overlap or a gap."""
    data = raw(3)
    poly = data["regions"][10]["polygon"]
    cx = sum(x for x, _ in poly) / len(poly)
    cy = sum(y for _, y in poly) / len(poly)
    k = len(poly) // 2
    x, y = poly[k]
    poly[k] = [x + (x - cx) * 0.5, y + (y - cy) * 0.5]  # pushed outward into a neighbour
    problems = _problems(data)
    assert any("overlap" in p or "cover" in p or "gaps" in p for p in problems), problems


def test_check_catches_a_border_region_pulled_off_the_edge():
    """A border Region that touches only the board edge, shrunk away from it, fails."""
    m = load_map(4)
    seas = {r.index for r in m.regions if r.terrain == "sea"}
    i = next(r.index for r in m.regions
             if r.is_land and r.index in m.coastal and not m.adjacency[r.index] & seas)
    data = raw(4)
    shrunk = Polygon(data["regions"][i]["polygon"]).buffer(-4, join_style="mitre")
    data["regions"][i]["polygon"] = [list(p) for p in shrunk.exterior.coords[:-1]]
    problems = _problems(data)
    assert any("border Region off the edge" in p for p in problems), problems
    assert any("cover exactly the frame" in p or "gaps" in p for p in problems)


def test_check_catches_wrong_border_flags():
    data = raw(2)
    m = load_map(2)
    inland = next(r.index for r in m.regions if r.is_land and "border" not in r.symbols)
    edge = next(r.index for r in m.regions if r.is_land and r.index in m.coastal)
    data["regions"][inland]["border"] = True
    data["regions"][edge]["border"] = False
    problems = _problems(data)
    assert any("is a border Region off the edge and off the Seas" in p for p in problems)
    assert any("is not a border Region but touches" in p for p in problems)


def test_check_catches_counts():
    data = raw(5)
    lost = next(r for r in data["regions"] if "lost-tribe" in r["symbols"])
    lost["symbols"].remove("lost-tribe")
    assert any("17 lost-tribe Regions" in p for p in _problems(data))


# ------------------------------------------------------------------------------ drawing


@pytest.mark.parametrize("players", PLAYERS)
def test_render_draws_every_region_with_terrain_and_symbols(players):
    m = load_map(players)
    root = ET.fromstring(render_svg(m))
    paths = root.findall(f".//{SVG}path[@class='sw-region']")
    assert [p.get("id") for p in paths] == [m.ref(i) for i in range(len(m.regions))]
    assert {p.get("data-terrain") for p in paths} == {r.terrain for r in m.regions}
    uses = [u.get("href") for u in root.iter(f"{SVG}use")]
    for sym in ("cavern", "mine", "magic", "lost-tribe"):
        assert uses.count(f"#sw-icon-{sym}") == m.count_symbol(sym)


def test_cli_render_and_check(tmp_path):
    out = tmp_path / "c5.svg"
    result = runner.invoke(app, ["boards", "render", "C5", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert ET.parse(out).getroot().get("data-face") == "C5"
    bad = runner.invoke(app, ["boards", "render", "C9", "-o", str(tmp_path / "c9.svg")])
    assert bad.exit_code == 2 and "classic maps: C2, C3, C4, C5" in bad.output
    listing = runner.invoke(app, ["boards", "list"])
    assert listing.exit_code == 0 and "Classic Small World maps" in listing.output
    result = runner.invoke(app, ["boards", "check"])
    assert result.exit_code == 0, result.output
    assert "all 4 classic maps OK" in result.output


# ------------------------------------------------------------------- reproducible drawing


def _tool():
    spec = importlib.util.spec_from_file_location("make_classic_maps", ROOT / "tools" / "make_classic_maps.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_tool_regenerates_the_committed_two_player_map(tmp_path, monkeypatch):
    """tools/make_classic_maps.py --check: the committed drawing is what the tool makes
    (the smallest map here; ``python tools/make_classic_maps.py --check`` does all four)."""
    pytest.importorskip("networkx")
    pytest.importorskip("scipy")
    tool = _tool()
    data = tool.make_map(tool.read_facts(2, None))
    committed = (DATA / "2p.json").read_text(encoding="utf-8")
    same = same_drawing(tool.CHECK_TOLERANCE)
    assert same(tool.to_json(data), committed)
    # the comparison sees a moved Region, a renamed one and a changed fact
    moved = json.loads(committed)
    moved["regions"][3]["polygon"] = [[x + 20, y] for x, y in moved["regions"][3]["polygon"]]
    assert not same(json.dumps(moved), committed)
    renamed = json.loads(committed)
    renamed["regions"][0]["name"] += "x"
    assert not same(json.dumps(renamed), committed)
    fewer = json.loads(committed)
    fewer["adjacent"].pop()
    assert not same(json.dumps(fewer), committed)
    # --check compares with the files: equal passes, a changed file is reported stale
    monkeypatch.setattr(tool, "make_map", lambda facts, verbose=False: data)
    assert tool.main(["2", "--check"]) == 0
    (tmp_path / "2p.json").write_text(json.dumps(renamed))
    assert tool.main(["2", "--check", "--out", str(tmp_path)]) == 1


def test_classic_region_validation_names_the_border_flag_and_keeps_it_a_symbol():
    """C-CONQ-1: the file's ``border`` flag must be a boolean, is required, and becomes the
    ``"border"`` symbol; the Warcraft Murloc marker stays false on classic Regions."""
    c = raw(2)
    c["regions"][1]["border"] = "yes"
    with pytest.raises(BoardError, match=r"C2: Region 1 .*border must be true or false"):
        map_from_dict(c)
    c = raw(2)
    del c["regions"][1]["border"]
    with pytest.raises(BoardError, match=r"missing key\(s\) border"):
        map_from_dict(c)
    m = map_from_dict(raw(2))
    flagged = {i for i, r in enumerate(raw(2)["regions"]) if r["border"]}
    assert m.border_regions == flagged and flagged
    assert not any(r.marker for r in m.regions)
