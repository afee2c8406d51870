"""Bivouacking (C-P-BIVOUACKING-1..5): 5 Encampments placed freely at each redeployment."""

from smallworld.core import engine
from tests.classic.helpers import acts_text, classic, cost, make, rid


def test_place_stack_and_defend():
    """C-P-BIVOUACKING-1: several Encampments in one Region; each is +1 defense."""
    s = make(race="ratmen", power="bivouacking", hand=0, regions='"C2.1" = { player = 0 }\n"C2.2" = { player = 0 }')
    engine.apply_action(s, "end")
    assert acts_text(s) == {"camp C2.1", "camp C2.2", "done"}
    engine.apply_action(s, "camp C2.2")
    engine.apply_action(s, "camp C2.2")
    engine.apply_action(s, "done")
    assert s.piece("encampment", rid(s, 2)) == 2 and s.in_supply("encampment") == 3
    assert cost(s, 2, p=1) == 2 + 1 + 2


def test_break_camp_each_turn_and_decline():
    """C-P-BIVOUACKING-2/5: each turn all 5 come back before placing; In Decline they leave."""
    s = make(race="ratmen", power="bivouacking", hand=0,
             regions='"C2.1" = { player = 0, pieces = { encampment = 3 } }')
    engine.apply_action(s, "end")
    assert s.piece("encampment", rid(s, 1)) == 0 and s.in_supply("encampment") == 5
    for _ in range(5):
        engine.apply_action(s, "camp C2.1")
    assert s.piece("encampment", rid(s, 1)) == 5 and s.phase != "choice"
    from smallworld.core.decline import go_into_decline

    go_into_decline(s, 0)
    assert s.piece("encampment", rid(s, 1)) == 0 and s.in_supply("encampment") == 5


def test_conquered_camps_go_back_to_owner_and_are_replaced_that_turn():
    """C-P-BIVOUACKING-4, C-TROOP-4: the 2 Encampments of a conquered Region go back to their
    owner, who places them again at the end of that turn (before redeploying its tokens)."""
    s = make(race="humans", power="forest", hand=8, race1="ratmen", power1="bivouacking", regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 1, tokens = 2, pieces = { encampment = 2 } }\n'
        '"C2.3" = { player = 1 }'))
    s.flags["bivouacking-placed"] = 2
    engine.apply_action(s, "conquer C2.2")
    assert s.piece("encampment", rid(s, 2)) == 0 and s.in_supply("encampment") == 5
    engine.apply_action(s, "end")
    while s.actor == 0 and s.phase == "redeploy":
        engine.apply_action(s, str(engine.legal_actions(s)[-1]))
    assert s.current_player() == 1 and acts_text(s) == {"camp C2.3", "done"}
    engine.apply_action(s, "camp C2.3")
    engine.apply_action(s, "camp C2.3")
    assert s.piece("encampment", rid(s, 3)) == 2 and s.decisions == []


def test_a_scenario_s_encampments_count_as_placed():
    """C-P-BIVOUACKING-4 from a scenario file: the Encampments in [regions] count as placed with
    no hand-set flag, so the one an opponent's conquest sends back is placed again that turn;
    a [flags] entry still wins over what the pieces imply."""
    s = make(race="humans", power="forest", hand=8, race1="ratmen", power1="bivouacking", regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 1, tokens = 2, pieces = { encampment = 1 } }\n'
        '"C2.3" = { player = 1, pieces = { encampment = 2 } }'))
    assert s.flags["bivouacking-placed"] == 3
    engine.apply_action(s, "conquer C2.2")
    engine.apply_action(s, "end")
    while s.actor == 0 and s.phase == "redeploy":
        engine.apply_action(s, str(engine.legal_actions(s)[-1]))
    assert s.current_player() == 1 and acts_text(s) == {"camp C2.3", "done"}
    engine.apply_action(s, "camp C2.3")
    assert s.piece("encampment", rid(s, 3)) == 3 and s.decisions == []
    s2 = make(race="humans", power="forest", race1="ratmen", power1="bivouacking", p1="", regions=(
        '"C2.3" = { player = 1, pieces = { encampment = 2 } }'))
    assert s2.flags["bivouacking-placed"] == 2
    s3 = classic_with_flags('"bivouacking-placed" = 1')
    assert s3.flags["bivouacking-placed"] == 1


def classic_with_flags(flags: str):
    return classic(f"""
        edition = "classic"
        boards = ["C2"]
        phase = "conquer"
        [[players]]
        race = "humans"
        power = "forest"
        [[players]]
        race = "ratmen"
        power = "bivouacking"
        [flags]
        {flags}
        [regions]
        "C2.3" = {{ player = 1, pieces = {{ encampment = 2 }} }}
    """)
