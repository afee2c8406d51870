"""The boards' Region names in Italian and Korean (issue 31): every Region of the twelve Warcraft
faces and of the four classic maps is a message of context ``region`` in the catalogues,
translated plainly here (a translator comment says so: no rulebook prints these names), served
to the page under ``regions`` of ``/api/i18n`` and said by the server (the chronicle, action
labels, the turn's facts) in the reader's language; ids stay as they are."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from smallworld.core.game import Game
from smallworld.web import i18n, speech
from smallworld.web.describe import pretty_action, region_label

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "src" / "smallworld" / "boards" / "data"
LANGS = ("it", "ko")
#: these read the checkout's sources and .po files (run by the pure suite; scripts/test_compiled.sh
#: runs the tests from a copy beside an installed wheel, with no src/)
needs_checkout = pytest.mark.skipif(not (ROOT / "src").is_dir(), reason="reads the checkout's src/")


def _tool():
    if "i18n_catalogue" not in sys.modules:
        spec = importlib.util.spec_from_file_location("i18n_catalogue", ROOT / "tools" / "i18n_catalogue.py")
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules["i18n_catalogue"] = mod
        spec.loader.exec_module(mod)
    return sys.modules["i18n_catalogue"]


def _boards() -> dict[str, list[str]]:
    """Each face's and map's Region names, by board id (``L1``, ..., ``C2``, ...)."""
    out = {}
    for path in sorted([*BOARDS.glob("*.json"), *BOARDS.glob("classic/*.json")]):
        data = json.loads(path.read_text("utf-8"))
        out[data["face"]] = [r["name"] for r in data["regions"]]
    return out


@needs_checkout
def test_every_region_of_every_board_is_a_message():
    boards = _boards()
    assert len(boards) == 16
    names = {n for regions in boards.values() for n in regions}
    assert len(names) == 145 + 138  # the Warcraft faces', the classic maps'
    template = {m.id for m in _tool().template() if m.context == i18n.REGION_CONTEXT}
    assert template == names


@needs_checkout
@pytest.mark.parametrize("lang", LANGS)
def test_the_translations_are_plain_ones_marked_so(lang):
    cat = _tool().read(lang)
    boards = _boards()
    found = {m.id: m for m in cat if m.context == i18n.REGION_CONTEXT}
    for board, regions in boards.items():
        local = [found[n].string for n in regions]
        assert all(local), (board, regions)
        assert len(set(local)) == len(local), (board, local)  # two Regions of a board, two names
        for english, m in ((n, found[n]) for n in regions):
            assert m.string != english, (lang, english)
            assert any("plain translation made here" in c for c in m.user_comments), (lang, english)
            if lang == "ko":
                assert not re.search(r"[A-Za-z]", m.string), m.string
                assert re.search(r"[\uac00-\ud7a3]", m.string), m.string


def test_the_page_gets_them_apart_from_the_messages():
    body = json.loads(i18n.catalogue_json("it")[0])
    assert body["regions"]["Goldshire Fields"] == "Campi di Borgodoro"
    assert body["regions"]["The Fallow Sound"] == "Stretto Fulvo"
    assert "Goldshire Fields" not in body["messages"]
    assert json.loads(i18n.catalogue_json("en")[0])["regions"] == {}


def test_the_server_names_a_region_in_the_language_and_keeps_its_id():
    assert i18n.region_name("ko", "Valley of Trials") == "시험의 골짜기"
    assert i18n.region_name("it", "Borean Tundra") == "Tundra Boreale"
    assert i18n.region_name("en", "Borean Tundra") == "Borean Tundra"
    assert i18n.region_name("it", "Nowhere Special") == "Nowhere Special"  # no such message: as given
    s = Game.new(4, seed=3, edition="swow", seats=["Anna", "Bruno", "Chen", "Dora"]).state  # L2 first
    r = s.spec.region_ids.index("L2.9")
    assert s.spec.names[r] == "Valley of Trials"
    assert region_label(s, r) == "Valley of Trials"
    assert region_label(s, r, "ko") == "시험의 골짜기"
    with speech.speaking("it"):
        assert region_label(s, r) == "Valle delle Prove"
    # an action's words name it in the language; its notation keeps the id
    from smallworld.core.actions import Action

    a = Action("conquer", ("L2.9",))
    assert a.text == "conquer L2.9"
    with speech.speaking("it"):
        assert "Valle delle Prove" in pretty_action(s, a)
