"""Intimidating (RULES §10): three times per turn, in the conquest phase, take 1 token from an
opponent's Region (Active or In Decline) adjacent to one of its Regions and move it to another
Region of that same race chosen by the Intimidating player (``intimidate SRC DST``), or discard
it if there is none (``intimidate SRC``). Murlocs are discarded. A Wisp Wall or Fort there is
discarded first, and that uses the action. L1.9 is adjacent to L1.4, L1.5, L1.13."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.state import EMPTY
from tests.builders import position, seat
from tests.conftest import acts

KOBOLDS = seat("kobolds", "farmer")


def make(regions, p1=KOBOLDS, phase="conquer", hand=3, vc0=5, **p0):
    """Seat 0's Orcs (Intimidating) hold L1.9; seat 1 is ``p1``."""
    return position('"L1.9" = { player = 0 }\n' + regions, seat("orcs", "intimidating", hand=hand, vc=vc0, **p0), p1,
                    phase=phase)


def intim(s):
    return {a for a in acts(s) if a.startswith("intimidate")}


def test_moves_a_token_to_another_region_of_that_race():
    """RULES §10 Intimidating: the Intimidating player chooses where the token goes."""
    s = make('"L1.4" = { player = 1, tokens = 2 }\n"S3.0" = { player = 1 }\n"L1.12" = { player = 1 }')
    assert intim(s) == {"intimidate L1.4 S3.0", "intimidate L1.4 L1.12"}
    engine.apply_action(s, "intimidate L1.4 S3.0")
    r = s.region_of
    assert (s.tokens[r("L1.4")], s.tokens[r("S3.0")]) == (1, 2)
    assert s.in_box("kobolds") == 11 - 4


def test_discarded_when_the_race_has_no_other_region():
    """RULES §10: no other Region: the token is discarded; the last one empties the Region."""
    s = make('"L1.4" = { player = 1, tokens = 2 }')
    assert intim(s) == {"intimidate L1.4"}
    engine.apply_action(s, "intimidate L1.4")
    engine.apply_action(s, "intimidate L1.4")
    r = s.region_of("L1.4")
    assert s.occ[r] == EMPTY and s.in_box("kobolds") == 11
    assert s.hand[1] == 0


def test_murlocs_are_discarded_and_walls_go_first():
    """RULES §10: a Murloc is discarded; a Fort (or Wisp Wall) is discarded first and that uses
    the action (the token stays)."""
    s = make('"L1.4" = { murlocs = 1 }\n"L1.5" = { player = 1, pieces = { fort = 1 } }\n'
             '"S3.0" = { player = 1 }')
    assert "intimidate L1.5" in intim(s) and "intimidate L1.5 S3.0" not in intim(s)
    engine.apply_action(s, "intimidate L1.4")
    assert s.occ[s.region_of("L1.4")] == EMPTY
    engine.apply_action(s, "intimidate L1.5")
    r5 = s.region_of("L1.5")
    assert s.piece("fort", r5) == 0 and s.tokens[r5] == 1 and s.in_supply("fort") == 10
    assert "intimidate L1.5 S3.0" in intim(s)


def test_three_times_per_turn_in_the_conquest_phase_only():
    """RULES §10: three times per turn; none once the conquests are over (redeployment)."""
    s = make('"L1.4" = { player = 1, tokens = 5 }')
    for _ in range(3):
        engine.apply_action(s, "intimidate L1.4")
    assert intim(s) == set() and s.tokens[s.region_of("L1.4")] == 2
    s = make('"L1.4" = { player = 1, tokens = 5 }', phase="redeploy", hand=1)
    assert intim(s) == set()


def test_only_adjacent_opponents():
    """RULES §10: not the player's own In Decline Region, not a Region out of reach, not a
    Region with only the Champion (a piece, not a token)."""
    s = position('''
        "L1.9" = { player = 0 }
        "L1.4" = { player = 0, decline = true }
        "L1.12" = { player = 1 }
        "L1.13" = { player = 1, tokens = 0, pieces = { champion = 1 } }
    ''', seat("orcs", "intimidating", decline="trolls"), seat("kobolds", "championing"))
    assert intim(s) == set()


def test_in_decline_race_leaves_with_its_last_token():
    """RULES §10 (Active or In Decline), R-DEC-4: taking the last In Decline token empties the
    Region and the race leaves the game."""
    s = make('"L1.4" = { player = 1, decline = true }',
             p1=seat("kobolds", "farmer", decline="trolls"))
    assert intim(s) == {"intimidate L1.4"}
    engine.apply_action(s, "intimidate L1.4")
    assert s.occ[s.region_of("L1.4")] == EMPTY and s.decline[1] is None
    assert s.in_box("trolls") == 11


def test_tauren_two_token_region_is_emptied():
    """RULES §9 Tauren: Intimidating a 2-token Tauren Region empties it: the taken token is
    discarded (no other Region) and the lone one goes to hand, redeployed later."""
    s = make('"L1.4" = { player = 1, tokens = 2 }', p1=seat("tauren", "farmer"))
    engine.apply_action(s, "intimidate L1.4")
    assert s.occ[s.region_of("L1.4")] == EMPTY
    assert s.hand[1] == 1 and s.in_box("tauren") == 16 - 1


def test_draenei_holy_light_saves_the_token():
    """RULES §9 Draenei: the first Draenei token discarded in an opponent's turn (any power)
    goes to hand instead; it is redeployed at the end of the turn (R-TROOP-4)."""
    s = make('"L1.4" = { player = 1, tokens = 2 }', p1=seat("draenei", "farmer"))
    engine.apply_action(s, "intimidate L1.4")
    assert s.hand[1] == 1 and s.in_box("draenei") == 12 - 2 and 1 in s.defenders
    engine.apply_action(s, "intimidate L1.4")
    assert s.occ[s.region_of("L1.4")] == EMPTY and s.in_box("draenei") == 12 - 1


def test_harmony_toll_before_intimidating_the_pandaren():
    """RULES §9 Pandaren: removing a Pandaren token is an attack: a Harmony holder pays 2 VC
    first (``pay harmony``), then intimidates freely."""
    s = make('"L1.4" = { player = 1, tokens = 2 }', p1=seat("pandaren", "farmer"),
             harmony=True)
    assert intim(s) == set() and "pay harmony" in acts(s)
    engine.apply_action(s, "pay harmony")
    assert (s.vc[0], s.vc[1]) == (3, 7)
    assert intim(s) == {"intimidate L1.4"}


def test_lights_hope_chapel_saves_the_token():
    """RULES §11 Light's Hope Chapel: its holder discards no token for a loss an opponent causes,
    Intimidating included: the token goes to hand instead."""
    s = make('"L1.4" = { player = 1, tokens = 2, item = "lights-hope-chapel" }')
    engine.apply_action(s, "intimidate L1.4")
    assert s.hand[1] == 1 and s.in_box("kobolds") == 11 - 2
