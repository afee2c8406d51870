"""Frostmourne, an Artifact (RULES §11)."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost
from tests.conftest import acts
from tests.items._helpers import in_decline, item_table, toll_far

# Board facts (L1): L1.9 (hills, Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 (forest) to L1.0,
# L1.4, L1.6, L1.9, L1.13.


def frost(race="orcs", power="mining", hand=8, decline=""):
    """Seat 0's ``race`` holds Frostmourne in L1.9 (``decline``); the Dwarves hold L1.5 (3); a
    Murloc in L1.4."""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = 1, item = "frostmourne"{decline} }}
        "L1.5" = {{ player = 1, tokens = 3 }}
        "L1.4" = {{ murlocs = 1 }}
    ''', race, power, hand=hand)


def test_frostmourne_one_conquest_costs_2_fewer():
    """RULES §11 Frostmourne: once per turn one conquest -2; R-ITEM-2: it moves there."""
    s = frost()
    engine.apply_action(s, "frostmourne L1.5")  # 2 + 3 = 5 -> 3
    r = s.region_of("L1.5")
    assert (s.occ[r], s.tokens[r], s.hand[0]) == (0, 3, 5)
    assert s.items[r] == ("frostmourne",)
    assert not any(a.startswith("frostmourne") for a in acts(s))  # once per turn
    engine.apply_action(s, "conquer L1.4")
    assert s.tokens[s.region_of("L1.4")] == 3  # the next conquest pays in full


def test_frostmourne_stacks_then_clamps_at_one():
    """R-CONQ-4: reductions stack (Trolls -1 on a non-empty Region), then never below 1."""
    s = frost(race="trolls")
    engine.apply_action(s, "frostmourne L1.4")  # 3 - 1 - 2 = 0 -> 1
    assert s.tokens[s.region_of("L1.4")] == 1


def test_frostmourne_not_offered_where_the_cost_is_already_minimal():
    """R-CONQ-4 ruling: Frostmourne is offered only where -2 lowers the cost (Trolls and
    Blacksmith make the Murloc Region cost 1 already)."""
    s = frost(race="trolls", power="blacksmith")
    assert conquest_cost(s, 0, s.region_of("L1.4"), 0) == 1
    assert "conquer L1.4" in acts(s) and "frostmourne L1.4" not in acts(s)
    assert "frostmourne L1.5" in acts(s)


def test_frostmourne_final_conquest():
    """R-CONQ-9: with Frostmourne the final conquest is checked on the reduced cost."""
    s = frost(hand=1)
    assert "frostmourne L1.5" in acts(s)  # 3 after -2: 2 short
    engine.apply_action(s, "frostmourne L1.5")
    engine.apply_action(s, "roll 2")
    assert s.occ[s.region_of("L1.5")] == 0 and s.items[s.region_of("L1.5")] == ("frostmourne",)


def test_frostmourne_in_decline_does_nothing():
    """R-ITEM-1: nothing from an In Decline Region."""
    s = in_decline("frostmourne")
    assert not any(a.startswith("frostmourne") for a in acts(s))


def test_ethereals_steal_frostmourne_and_use_it_at_once():
    """RULES §9 Ethereals (steal a face-up Artifact, its power usable at once), R-ITEM-2."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 3, item = "frostmourne" }
    ''', "ethereals", hand=6)
    assert "frostmourne L1.5" not in acts(s)
    engine.apply_action(s, "steal L1.5 L1.9")
    assert s.items[s.region_of("L1.9")] == ("frostmourne",)
    assert "frostmourne L1.5" in acts(s)
    engine.apply_action(s, "frostmourne L1.5")
    assert s.tokens[s.region_of("L1.5")] == 3 and s.items[s.region_of("L1.5")] == ("frostmourne",)


def test_frostmourne_offers_the_toll_of_a_target_only_it_brings_in_reach():
    """RULES §11 Frostmourne (one conquest -2), R-CONQ-9, RULES §8: L1.6 (Marshdweller Swamp, 5
    defenders) costs 7, 4 short of 3 tokens in hand (out of the final conquest's reach); with
    Frostmourne it costs 5, a final conquest 2 short. The toll must be payable first."""
    s = toll_far("frostmourne", 3)
    assert "pay marsh-L1.6" in acts(s)
    engine.apply_action(s, "pay marsh-L1.6")
    assert "frostmourne L1.6" in acts(s)


# Frostmourne with special conquests (RULES §11, revised ruling: "one conquest -2, including a
# special conquest; benefits always cumulate"; not with Doomhammer or Championing). The special
# action is declared as usual; Frostmourne's holder is then asked: ``frostmourne R`` (use it on
# this conquest) or ``done`` (keep it).
def special(race="orcs", power="mining", hand=8, other="", legend="", far=3):
    """Seat 0's ``race`` holds Frostmourne in L1.9 and L1.4 (``other``); the Dwarves hold L1.5 (3,
    ``legend``) and S3.5 (``far`` tokens)."""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = 1, item = "frostmourne" }}
        "L1.4" = {{ player = 0, tokens = 1{other} }}
        "L1.5" = {{ player = 1, tokens = 3{legend} }}
        "S3.5" = {{ player = 1, tokens = {far} }}
    ''', race, power, hand=hand)


def test_frostmourne_cumulates_with_ashes_of_alar():
    """RULES §11 Frostmourne + Ashes of Al'ar: the Ashes conquest of S3.5 (2 + 3 defenders = 5,
    no travel) costs 3 with Frostmourne's -2; Frostmourne is spent."""
    s = special(other=', item = "ashes-of-alar"')
    engine.apply_action(s, "ashes S3.5")
    assert acts(s) == {"frostmourne S3.5", "done"}
    engine.apply_action(s, "frostmourne S3.5")
    r = s.region_of("S3.5")
    assert (s.occ[r], s.tokens[r], s.hand[0]) == (0, 3, 5)
    assert not any(a.startswith("frostmourne") for a in acts(s))


def test_frostmourne_kept_when_the_holder_declines_it():
    """RULES §11 Frostmourne: the holder may keep it for a later conquest (``done``)."""
    s = special(other=', item = "ashes-of-alar"')
    engine.apply_action(s, "ashes S3.5")
    engine.apply_action(s, "done")
    assert s.tokens[s.region_of("S3.5")] == 5
    assert "frostmourne L1.5" in acts(s)


def test_frostmourne_cumulates_with_the_ethereals_legendary_place_conquest():
    """RULES §9 Ethereals + §11 Frostmourne: the Legendary Place conquest of L1.5 (5, -2) costs
    1 with Frostmourne (5 - 2 - 2)."""
    s = special(race="ethereals", legend=', item = "dark-portal"')
    engine.apply_action(s, "conquer-legend L1.5")
    assert acts(s) == {"frostmourne L1.5", "done"}
    engine.apply_action(s, "frostmourne L1.5")
    assert s.tokens[s.region_of("L1.5")] == 1


def test_frostmourne_cumulates_with_the_gnomes_airborne_assault():
    """RULES §9 Gnomes + §11 Frostmourne: the airborne assault on S3.5 (5) is declared, Frostmourne
    makes it 3, then the free roll (0) leaves 3."""
    s = special(race="gnomes")
    engine.apply_action(s, "airborne S3.5")
    assert acts(s) == {"frostmourne S3.5", "done"}
    engine.apply_action(s, "frostmourne S3.5")
    engine.apply_action(s, "roll 0")
    assert s.tokens[s.region_of("S3.5")] == 3


def test_frostmourne_not_with_doomhammer_or_championing():
    """RULES §11 Frostmourne: not with Doomhammer or Championing (their token count is fixed):
    no Frostmourne choice follows them."""
    s = special(other=', item = "doomhammer"')
    engine.apply_action(s, "doomhammer L1.5")
    assert not s.decisions and s.tokens[s.region_of("L1.5")] == 1
    s = special(power="championing")
    engine.apply_action(s, "champion L1.5")
    assert not s.decisions


def test_special_conquest_only_reachable_with_frostmourne_uses_it():
    """RULES §11 Frostmourne + Ashes of Al'ar ("benefits always cumulate"): with 1 token, the Ashes
    conquest of S3.5 (cost 5) is 4 short, out of a final conquest's reach (R-CONQ-9); with
    Frostmourne it costs 3, 2 short: it is offered, and declaring it spends Frostmourne (no
    choice to keep it: without it the conquest could not be made)."""
    s = special(other=', item = "ashes-of-alar"', hand=1)
    assert "ashes S3.5" in acts(s)
    engine.apply_action(s, "ashes S3.5")
    assert not s.decisions and s.tflags.get("used:frostmourne")
    assert s.chance == [("die", s.region_of("S3.5"), 3)]  # the final conquest at the reduced cost
    engine.apply_action(s, "roll 2")
    r = s.region_of("S3.5")
    assert s.occ[r] == 0 and s.items[r] == ("ashes-of-alar", "frostmourne")  # both follow it


def test_airborne_assault_only_reachable_with_frostmourne_uses_it():
    """RULES §9 Gnomes + §11 Frostmourne: with 1 token the assault on S3.5 (7 defenders, cost 9)
    is hopeless even after the best free roll (9 - 3 = 6, 5 short, R-CONQ-9 allows 3); with
    Frostmourne (7 - 3 = 4, 3 short) it is offered, and declaring it spends Frostmourne."""
    s = special(race="gnomes", hand=1, far=7)
    assert "airborne S3.5" in acts(s)
    engine.apply_action(s, "airborne S3.5")
    assert not s.decisions and s.tflags.get("used:frostmourne")
    assert s.chance == [("airborne", s.region_of("S3.5"), 7)]
