"""Garrisoned (RULES §10): after redeployment a Fort on each Region of the Active race (max 1 per
Region, 10 in all); +1 defense; stays In Decline (the badge is kept, R-DEC-2); discarded when its
Region is conquered or emptied; no new Forts once In Decline."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from tests.builders import position, seat
from tests.powers import play_out_turn


def make(regions, p0=None, phase="conquer", turn=0, hand=0, hand1=0):
    """Seat 0 is ``p0`` (default: Orcs, Garrisoned, ``hand`` tokens); seat 1 the Kobolds."""
    p0 = p0 if p0 is not None else seat("orcs", "garrisoned", hand=hand)
    return position(regions, p0, seat("kobolds", "farmer", hand=hand1), phase=phase, turn=turn)


def forts(s):
    return {s.spec.region_ids[r] for r in range(s.spec.n_regions) if s.piece("fort", r)}


def test_a_fort_on_each_region_after_redeployment():
    """RULES §10 Garrisoned: the Regions held at turn end (the conquered one included) each get
    one Fort; the box has 10."""
    s = make('"L1.9" = { player = 0 }\n"L1.4" = { player = 0, tokens = 2 }', hand=3)
    engine.apply_action(s, "conquer L1.5")
    assert forts(s) == set()  # not during the conquests
    play_out_turn(s)
    assert forts(s) == {"L1.9", "L1.4", "L1.5"}
    assert s.in_supply("fort") == 7


def test_fort_adds_one_defense():
    """R-CONQ-3: an opponent pays 2 + 1 token + 1 Fort = 4 for a garrisoned Region."""
    s = make('"L1.9" = { player = 0, pieces = { fort = 1 } }\n"L1.4" = { player = 1 }',
             phase="conquer", turn=1, hand1=5)
    r = s.region_of("L1.9")
    assert conquest_cost(s, 1, r, targets(s, 1)[r]) == 4
    engine.apply_action(s, "conquer L1.9")
    assert s.piece("fort", r) == 0 and s.in_supply("fort") == 10  # discarded with the Region


def test_one_per_region_and_ten_in_all():
    """RULES §2.3, §10: never a second Fort in a Region; the box holds 10: with 9 on the board
    (8 elsewhere, 1 already on L1.9) only one is left, and it goes to the first Region without a
    Fort in Region order (S3.0)."""
    taken = "\n".join(f'"L1.{i}" = {{ player = 1, pieces = {{ fort = 1 }} }}' for i in (0, 1, 2, 3, 5, 6, 8, 10))
    s = make(taken + '\n"L1.9" = { player = 0, pieces = { fort = 1 } }\n"S3.0" = { player = 0 }\n'
             '"S3.4" = { player = 0 }\n"S3.7" = { player = 0 }')
    play_out_turn(s)
    r = s.region_of
    assert [s.piece("fort", r(x)) for x in ("L1.9", "S3.0", "S3.4", "S3.7")] == [1, 1, 0, 0]
    assert s.in_supply("fort") == 0 and sum(s.pieces["fort"]) == 10


def test_forts_stay_in_decline_but_no_new_ones():
    """R-DEC-2: Garrisoned lasts: the badge is kept and the Forts stay on the In Decline Regions;
    the next race (another power) adds no Fort there; conquering the Region discards its Fort."""
    s = make('"L1.9" = { player = 0, pieces = { fort = 1 } }\n"L1.4" = { player = 0 }', phase="decide")
    engine.apply_action(s, "decline")
    assert s.kept[0] == "garrisoned" and s.decline[0] == "orcs"
    r9, r4 = s.region_of("L1.9"), s.region_of("L1.4")
    assert s.piece("fort", r9) == 1 and s.piece("fort", r4) == 0
    assert s.occ[r9] == 1
    # seat 1 conquers the In Decline Region: 2 + 1 + 1 Fort = 4, the Fort is discarded
    s2 = make('"L1.9" = { player = 0, decline = true, pieces = { fort = 1 } }\n"L1.5" = { player = 1 }',
              p0=seat(decline="orcs", kept="garrisoned"), turn=1, hand1=5)
    assert conquest_cost(s2, 1, r9, targets(s2, 1)[r9]) == 4
    engine.apply_action(s2, "conquer L1.9")
    assert s2.piece("fort", r9) == 0 and s2.in_supply("fort") == 10


def test_new_active_race_of_a_garrisoned_player_gets_no_forts():
    """RULES §10: no new Forts once In Decline: the same player's next Active race (power
    Farmer) holds Regions without Forts at its turn end."""
    s = make('"L1.9" = { player = 0, decline = true, pieces = { fort = 1 } }\n"L1.4" = { player = 0 }',
             p0=seat("dwarves", "mining", decline="orcs", kept="garrisoned"))
    play_out_turn(s)
    assert forts(s) == {"L1.9"}


def test_removing_the_old_decline_race_discards_its_forts():
    """R-DEC-3 + R-CONQ-7 ("removed when its Region is emptied"): a second decline removes the
    older In Decline race; its Regions are emptied and their Forts go back to the box."""
    s = make('"L1.9" = { player = 0, decline = true, pieces = { fort = 1 } }\n"L1.4" = { player = 0 }',
             p0=seat("dwarves", "mining", decline="orcs", kept="garrisoned"), phase="decide")
    engine.apply_action(s, "decline")
    assert s.decline[0] == "dwarves" and s.kept[0] is None
    assert s.piece("fort", s.region_of("L1.9")) == 0 and s.in_supply("fort") == 10


def test_fort_and_wisp_wall_stack():
    """RULES §9 Night Elves + §10 Garrisoned: a Forest won by Night Elves gets a Wisp Wall and,
    after redeployment, a Fort: an attacker then pays 2 + 1 + 2 = 5."""
    s = make('"L1.9" = { player = 0 }', p0=seat("night-elves", "garrisoned", hand=3))
    engine.apply_action(s, "conquer L1.5")
    play_out_turn(s)
    r = s.region_of("L1.5")
    assert s.piece("fort", r) == 1 and s.piece("wisp-wall", r) == 1
    assert conquest_cost(s, 1, r, 0) == 2 + s.tokens[r] + 2
