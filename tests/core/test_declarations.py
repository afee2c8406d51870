"""An ability declares its own metadata once, on its class (smallworld.core.meta, issue 12).

A toy race, defined here only (its module, its data row and this test), shows up everywhere the
declarations feed: ``/api/meta`` (and so the Guide's cards and the piece table of the page), the
RL action catalogue and observation layout, the action words and the turn facts. A misspelled or
mistyped declaration fails when the class is defined.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from smallworld.content import data, registry
from smallworld.core import edition as editions
from smallworld.core import hooks
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.edition import RaceData
from smallworld.core.game import Game
from smallworld.core.meta import ActionSpec, Flag, Piece, TollWords, UseLimit
from smallworld.core.view import view
from smallworld.rl import published
from smallworld.rl.catalogue import ActionCatalogue, catalogue_blocks
from smallworld.rl.layout import ObservationLayout
from smallworld.web.describe import pretty_action, toll_phrase
from smallworld.web.payload import meta
from smallworld.web.server import create_app
from smallworld.web.turnfacts import turn_facts

TOY = "toy-sprites"


class ToySprites(Ability):
    id = TOY
    kind = "race"
    rule = "§9 Toy Sprites"
    summary = "Once per turn, hop to any Region; each Totem you hold makes it cost 1 fewer token."
    pieces = (Piece("toy-totem", "Totem", "+1 defense; removed when the Region is conquered.", defence=1,
                    leaves_with_region=True),)
    flags = (Flag("toy-hops", encode="count", scale=1, words="hops made this turn"),
             Flag("toy-charmed", "flags", "seats", rl_name="toy_charmed", words="charmed seats"))
    action_specs = (ActionSpec("toy-hop", ("region",), phrase="Hop to {0}"),)
    toll_words = (TollWords("toy", 1, "race", pay="the Sprites' fee", paid="Fee paid to {to}",
                            tip="{amount} coin paid to {to}."),)
    uses = (UseLimit("toy-hops", 1, "Sprite hop"),)
    action_kinds = frozenset({"toy-hop"})

    def apply(self, s, owner, action):  # pragma: no cover - never played here
        raise AssertionError


@pytest.fixture
def toy():
    """Register the toy race (a data row and its ability) for one test, then take it away."""
    data.RACES[TOY] = RaceData(TOY, "Toy Sprites", 5, 10, data.NEUTRAL)
    for name in ("swow", "swow-team"):  # the banner chance action made when the edition was
        editions.get(name).banner_actions[TOY] = Action("banner", (TOY,))
    registry.register(ToySprites)
    yield registry.RACE_ABILITIES[TOY]
    del registry.RACE_ABILITIES[TOY]
    del data.RACES[TOY]
    for name in ("swow", "swow-team"):
        del editions.get(name).banner_actions[TOY]
    hooks.refresh()


def test_the_toy_race_is_in_api_meta_and_the_guide_cards(toy, tmp_path):
    with TestClient(create_app(tmp_path / "db.sqlite", bot_delay=0)) as c:
        m = c.get("/api/meta").json()
    card = m["races"][TOY]  # the Guide's card is drawn from this entry (modals.js)
    assert card["name"] == "Toy Sprites" and card["summary"] == ToySprites.summary
    assert card["pieces"] == ["toy-totem"]
    assert card["actions"] == [{"kind": "toy-hop", "args": ["region"], "choices": [], "phrase": "Hop to {0}"}]
    assert card["uses"] == [{"flag": "toy-hops", "most": 1, "label": "Sprite hop"}]
    assert {f["key"] for f in card["flags"]} == {"toy-hops", "toy-charmed"}
    # the page's piece table (pieces.js) names the piece after its race
    assert m["piece_table"]["toy-totem"]["text"] == "Toy Sprites: +1 defense; removed when the Region is conquered."
    assert m["piece_table"]["toy-totem"]["defence"] == 1 and m["piece_table"]["toy-totem"]["owner"] == TOY
    assert meta()["races"][TOY] == card


def test_the_toy_race_is_in_the_rl_catalogue_after_every_published_index(toy):
    blocks = catalogue_blocks("swow")
    names = [b[0] for b in blocks]
    assert names[:len(published.WARCRAFT_BLOCKS)] == list(published.WARCRAFT_BLOCKS)
    assert names[len(published.WARCRAFT_BLOCKS):] == ["toy-hop", "pay toy"]
    cat = ActionCatalogue(26)
    del registry.RACE_ABILITIES[TOY]
    before = ActionCatalogue(26)
    registry.RACE_ABILITIES[TOY] = toy
    assert cat.layout()[:len(before.blocks)] == before.layout()  # nothing published moved
    assert [b.name for b in cat.blocks[len(before.blocks):]] == ["toy-hop", "pay toy"]


def test_the_toy_race_flags_are_in_the_observation_after_the_published_ones(toy):
    lay = ObservationLayout(3, 26)
    assert lay.flag_names[-1] == "toy-hops"  # count, scale 1
    assert lay.player_names[-1] == "toy_charmed"
    del registry.RACE_ABILITIES[TOY]
    before = ObservationLayout(3, 26)
    registry.RACE_ABILITIES[TOY] = toy
    assert lay.flag_names[:-1] == before.flag_names
    assert lay.player_names[:-1] == before.player_names


def test_the_toy_race_words_and_turn_facts(toy):
    s = Game.new(2, seed=1).state
    r = s.spec.region_ids[0]
    assert pretty_action(s, Action("toy-hop", (r,))) == f"Hop to {s.spec.names[0]}"
    assert toll_phrase(s, "toy") == "the Sprites' fee"
    s.active[0] = TOY  # a test shortcut: seat 0 plays the toy race
    v = view(s, 0)
    facts = turn_facts(v, s.spec.names, s.spec.index)
    assert facts is not None
    use = next(u for u in facts["uses"] if u["id"] == TOY)
    assert use["text"] == "Sprite hop ready" and ToySprites.summary in use["tip"]
    v["tolls_paid"] = ["toy"]
    paid = turn_facts(v, s.spec.names, s.spec.index)["tolls"]
    assert paid[0]["text"] == f"Fee paid to {v['players'][0]['name']}" and paid[0]["amount"] == 1


def test_the_toy_race_piece_is_declared_to_its_edition(toy):
    owner, piece = editions.get("swow").piece_declarations()["toy-totem"]
    assert owner is toy and piece.name == "Totem"


def test_every_piece_of_the_box_is_declared_once():
    """Each edition's box (its piece-supply data row) matches the declared pieces: the neutral
    tokens aside, every piece has a name and words, and no declaration names a piece the box
    lacks."""
    for name in ("swow", "classic"):
        ed = editions.get(name)
        declared = set(ed.piece_declarations())
        assert declared == set(ed.pieces) - {ed.neutral_piece}, name


def test_a_misspelled_declaration_fails_at_class_definition():
    with pytest.raises(TypeError, match="action_spec is neither a hook nor a declaration"):
        class Typo(Ability):
            action_spec = (ActionSpec("zap", ("region",)),)
    with pytest.raises(TypeError, match="pieces must be a tuple of Piece"):
        class NotATuple(Ability):
            pieces = [Piece("p", "P", "does nothing")]  # noqa: RUF012 - the mistake tested
    with pytest.raises(TypeError, match="encode must be one of"):
        Flag("x", encode="boolean")
    with pytest.raises(TypeError, match="unknown argument shapes"):
        ActionSpec("zap", ("regions",))
    with pytest.raises(TypeError, match="declared twice"):
        class Twice(Ability):
            flags = (Flag("x"), Flag("x"))
    with pytest.raises(TypeError, match="action_specs do not declare"):
        class Undeclared(Ability):
            action_specs = (ActionSpec("zap"),)
            action_kinds = frozenset({"zip"})

            def apply(self, s, owner, action):
                return None


def test_every_ability_declares_a_plain_summary():
    """Summaries are plain player words: no rule ids."""
    import re

    for name in ("swow", "classic"):
        for a in editions.get(name).abilities():
            assert a.summary and not re.search(r"\b[RC]-[A-Z]+-\d", a.summary), (name, a.id)
