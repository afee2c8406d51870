"""Spirit (C-P-SPIRIT-1/2, C-DEC-3, C-SCORE-1, C-EDGE-8): a second In Decline race."""

import json

from smallworld.core import chance, engine
from smallworld.core.decline import go_into_decline
from smallworld.core.scoring import score_turn, tokens_on_boards
from smallworld.core.state import CHANCE, State
from smallworld.core.view import view
from tests.classic.helpers import acts_text, cost, make, rid
from tests.invariants import check_invariants

SPIRIT_CODE = 2 * (2 + 0) + 1  # seat 0's second In Decline slot on a 2-player game


def two_declined():
    """Seat 0: Active Orcs, In Decline Humans, and Ratmen In Decline with Spirit."""
    return make(race="orcs", power="hill", hand=0,
                p0='decline = "humans"\ndecline2 = "ratmen"\nkept2 = "spirit"',
                race1="elves", power1="forest", regions=(
                    '"C2.1" = { player = 0 }\n"C2.9" = { player = 0, decline = true }\n'
                    '"C2.13" = { player = 0, decline = 2 }\n"C2.14" = { player = 0, decline = 2 }'))


def test_spirit_race_declines_beside_the_other():
    """C-P-SPIRIT-1, C-DEC-3: a Spirit race goes In Decline without removing the older In
    Decline race; the player has two In Decline races and scores both (C-SCORE-1)."""
    s = make(race="ratmen", power="spirit", hand=2, p0='decline = "humans"', race1="elves",
             power1="forest", regions=(
                 '"C2.1" = { player = 0, tokens = 3 }\n"C2.9" = { player = 0, decline = true }'))
    go_into_decline(s, 0)
    assert s.decline[0] == "humans" and s.decline2[0] == "ratmen" and s.kept2[0] == "spirit"
    assert (s.occ[rid(s, 1)], s.tokens[rid(s, 1)]) == (SPIRIT_CODE, 1)
    assert s.occ[rid(s, 9)] == 1 and s.active[0] is None and "spirit" not in s.badge_discard
    assert s.race_of(SPIRIT_CODE) == "ratmen" and s.owner_of(SPIRIT_CODE) == 0
    assert dict(score_turn(s, 0))["Regions"] == 2 and tokens_on_boards(s, 0) == 2
    check_invariants(s)


def test_later_decline_removes_only_the_other_race():
    """C-P-SPIRIT-2, C-DEC-3: a later decline removes the non-Spirit In Decline race (its banner
    goes back, C-PICK-5); the Spirit race stays."""
    s = two_declined()
    go_into_decline(s, 0)
    assert s.decline[0] == "orcs" and s.decline2[0] == "ratmen"
    assert s.occ[rid(s, 9)] == -1 and s.in_box("humans") == 10
    assert "humans" in s.banner_bottom + [c[0] for c in s.column] + s.banner_stack
    assert s.occ[rid(s, 1)] == 1 and s.occ[rid(s, 13)] == SPIRIT_CODE
    assert dict(score_turn(s, 0))["Regions"] == 3
    check_invariants(s)


def test_spirit_race_leaves_only_through_losses():
    """C-P-SPIRIT-2, C-DEC-4: conquering the Spirit race's last Region removes it; its badge goes
    to the discards (C-DEC-2) and its banner back (C-PICK-5)."""
    s = make(race="humans", power="forest", hand=8, race1="elves", power1="hill",
             p1='decline = "orcs"\ndecline2 = "ratmen"\nkept2 = "spirit"', regions=(
                 '"C2.12" = { player = 0 }\n"C2.8" = { player = 1, decline = true }\n'
                 '"C2.13" = { player = 1, decline = 2 }\n"C2.14" = { player = 1, decline = 2 }'))
    assert s.occ[rid(s, 13)] == 2 * (2 + 1) + 1
    engine.apply_action(s, "conquer C2.13")
    assert s.decline2[1] == "ratmen"
    engine.apply_action(s, "conquer C2.14")
    assert s.decline2[1] is None and s.kept2[1] is None and "spirit" in s.badge_discard
    assert s.decline[1] == "orcs" and s.in_box("ratmen") == 13
    assert "ratmen" in s.banner_bottom + [c[0] for c in s.column]
    check_invariants(s)


def test_state_round_trip_and_view():
    """C-P-SPIRIT-1: the second slot survives copy and JSON, and views show it (decline2, the
    race of each Region)."""
    s = two_declined()
    t = State.from_dict(json.loads(json.dumps(s.to_dict())), s.spec)
    assert t == s and t.decline2 == s.decline2 and t.copy() == s
    v = view(s, 1)
    assert v["players"][0]["decline"] == "humans" and v["players"][0]["decline2"] == "ratmen"
    r13 = v["regions"][rid(s, 13)]
    assert (r13["occupant"], r13["player"], r13["race"]) == ("decline", 0, "ratmen")
    assert v["regions"][rid(s, 9)]["race"] == "humans"


def test_spirit_race_regions_cost_as_in_decline():
    """C-CONQ-3: a Spirit race's Region costs 2 + its token, like any In Decline Region; its owner's
    Active race may conquer it (R-CONQ-8)."""
    s = two_declined()
    assert cost(s, 13, p=1) == 3 and cost(s, 14, p=0) == 3


def test_spirit_ghouls_stay_and_keep_conquering():
    """C-EDGE-8, C-R-GHOULS-5, C-P-SPIRIT-2: Spirit Ghouls In Decline stay through a further
    decline (the other In Decline race goes) and act again on their owner's next turn, right
    after the pick."""
    s = make(race="orcs", power="hill", hand=0,
             p0='decline = "humans"\ndecline2 = "ghouls"\nkept2 = "spirit"',
             race1="elves", power1="forest", regions=(
                 '"C2.1" = { player = 0 }\n"C2.9" = { player = 0, decline = true }\n'
                 '"C2.13" = { player = 0, decline = 2, tokens = 3 }\n"C2.20" = { player = 1 }'))
    s.phase, s.step = "decide", "choose"
    engine.apply_action(s, "decline")
    assert s.acting is None and s.decline[0] == "orcs" and s.decline2[0] == "ghouls"
    assert s.tokens[rid(s, 13)] == 3 and s.in_box("humans") == 10
    # seat 1 declines too; then seat 0 picks and its Spirit Ghouls act
    while s.turn == 0 or s.current_player() == CHANCE:
        engine.apply_action(s, engine.legal_actions(s)[0])
    assert s.current_player() == 1
    engine.apply_action(s, "decline")
    while s.current_player() == CHANCE:
        engine.apply_action(s, chance.outcomes(s)[0][0])
    assert s.turn == 0 and s.phase == "pick"
    engine.apply_action(s, engine.legal_actions(s)[0])
    while s.current_player() == CHANCE:
        engine.apply_action(s, chance.outcomes(s)[0][0])
    assert s.acting is not None and s.acting[:2] == (0, 2) and s.active[0] == "ghouls"
    assert s.hand[0] == 2 and "conquer C2.14" in acts_text(s)
    engine.apply_action(s, "conquer C2.14")  # a Lost-Tribe-free Region next to C2.13: 2
    engine.apply_action(s, "end")
    while s.acting is not None and s.phase == "redeploy":
        engine.apply_action(s, str(engine.legal_actions(s)[-1]))
    assert s.acting is None and s.decline2[0] == "ghouls" and s.occ[rid(s, 14)] == SPIRIT_CODE
    assert s.kept2[0] == "spirit" and s.active[0] is not None
    check_invariants(s)
