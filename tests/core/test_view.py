"""Per-player views (RULES §15): the only door to hidden information."""

from __future__ import annotations

import json

from smallworld.core.game import Game
from smallworld.core.state import replaced
from smallworld.core.view import view
from tests.builders import position, seat
from tests.conftest import play_random


def _pair():
    """Two positions identical except for hidden facts: other players' VC and their last
    scoring lines (R-SCORE-4)."""
    def world(vc1):
        return position('''
            "L1.9" = { player = 0, tokens = 2 }
            "L1.3" = { item = "?" }
        ''', seat("orcs", "farmer", vc=7, hand=3), seat("humans", "mining", vc=vc1), seat(vc=5),
                        boards=("L1", "M1", "S3"))

    a, b = world(12), world(31)
    b.last_score = replaced(b.last_score, 1, (("Regions", 9),))
    return a, b


def test_other_players_vc_never_in_view():
    """R-SCORE-4, RULES §15: two worlds differing only in seat 1's VC look identical to seat 0
    and to spectators; seat 1 sees its own."""
    a, b = _pair()
    assert view(a, 0) == view(b, 0)
    assert view(a, 2) == view(b, 2)
    assert view(a, None) == view(b, None)
    assert view(a, 1)["players"][1]["vc"] == 12 and view(b, 1)["players"][1]["vc"] == 31
    assert view(a, 0)["players"][1]["vc"] is None


def test_face_down_items_and_stacks_hidden():
    """RULES §15: a face-down item is '?'; the stacks show sizes only, never contents."""
    a, _ = _pair()
    v = view(a, 0)
    items = {r["id"]: r["item"] for r in v["regions"] if r["item"]}
    assert items == {"L1.3": "?"}
    assert set(v["stacks"]) == {"banners", "badges", "badge_discards"}
    assert all(isinstance(x, int) for x in v["stacks"].values())
    text = json.dumps(v)
    for hidden in a.banner_stack + a.badge_stack + a.item_pool:
        assert f'"{hidden}"' not in text or hidden in {c[0] for c in a.column} | {c[1] for c in a.column} \
            or hidden in (a.active + a.power + a.decline)


def test_view_of_a_real_game_is_json_and_hides_vc_until_the_end():
    """RULES §15: views are JSON-able; final results reveal every total (R-SCORE-4 'until the end')."""
    g = Game.new(3, seed=5)
    g.settle()
    v = view(g.state, 0)
    json.dumps(v)
    assert [p["vc"] for p in v["players"]] == [5, None, None]
    g2 = play_random(3, seed=5)
    assert all(p["vc"] is not None for p in view(g2.state, 0)["players"])


def test_views_identical_when_unseen_stack_order_differs():
    """RULES §15: the order of unseen banners is not even stored; two games that drew the same
    visible combos but hold their unseen banners in different list order look the same."""
    a, _ = _pair()
    b = a.copy()
    b.banner_stack.reverse()
    b.badge_stack.reverse()
    assert view(a, 0) == view(b, 0)


def test_determinize_depends_only_on_the_view():
    """RULES §15: two worlds differing only in hidden facts give identical determinized states
    for the same seed (what search bots simulate on)."""
    import random

    from smallworld.core.view import determinize

    a, b = _pair()
    da = determinize(a, 0, random.Random(3))
    db = determinize(b, 0, random.Random(3))
    assert da == db
    assert da.vc[0] == 7  # its own VC is kept
    assert determinize(a, 1, random.Random(3)).vc[1] == 12


def test_public_turn_facts_are_in_the_view():
    """RULES §15 'everything else is public': the races beaten this turn (R-SCORE-3), the tolls
    paid this turn (RULES §8) and the race tokens left in the box are shown to every seat."""
    a, _ = _pair()
    a.defeated["humans"] = 2
    a.paid["harmony"] = True
    a.box[a.spec.race_index["orcs"]] -= 3
    for who in (0, 1, None):
        v = view(a, who)
        assert v["defeated_this_turn"] == {"humans": 2}
        assert v["tolls_paid"] == ["harmony"]
        assert v["box"]["orcs"] == a.in_box("orcs")
    json.dumps(view(a, 0))


def test_box_names_only_races_on_view():
    """RULES §15: the box counts name the races whose banners are face up (column, Active, In
    Decline; the side columns in the team variant), never one still unseen in the stack."""
    a, _ = _pair()
    v = view(a, 0)
    on_view = {c[0] for c in a.column if c[0]} | {"orcs", "humans"}
    assert set(v["box"]) == on_view
    g = Game.new(4, seed=3, edition="swow-team")
    g.settle()
    t = view(g.state, 0)
    cols = {r for side in t["team"]["columns"].values() for row in side if (r := row["race"])}
    assert cols and cols <= set(t["box"])
