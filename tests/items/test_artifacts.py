"""Artifacts (RULES §11, R-ITEM-1, R-ITEM-2): Aegis of Aggramar, Ashes of Al'ar, Doomhammer,
Frostmourne, Heart of Azeroth.

Board facts (L1): L1.9 (hills, Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 (forest) to L1.0,
L1.4, L1.6, L1.9, L1.13; L1.12 (forest, Entry) to L1.8, L1.11 only; L1.3 (fields, marker) to
L1.2, L1.7, L1.8; L1.7 is the lake. S3 has no water.
"""

from __future__ import annotations

import pytest

from smallworld.core import hooks
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.errors import IllegalActionError
from smallworld.core.state import CHANCE
from tests.conftest import acts, scenario
from tests.items._helpers import finish_turn

# ---------------------------------------------------------------------------------------------
# Aegis of Aggramar

AEGIS = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "orcs"
power = "mining"
hand = 8
vc = {vc}
[[players]]
{defender}
[regions]
"L1.9" = {{ player = 0, tokens = 1 }}
"L1.5" = {{ player = 1, tokens = 2, {decline}item = "aegis-of-aggramar" }}
"L1.0" = {{ player = 1, tokens = 1{decline2} }}
"""
ACTIVE_DEFENDER = 'race = "dwarves"\npower = "ranger"'


def aegis(vc=5, decline=False):
    if decline:
        return scenario(AEGIS.format(vc=vc, defender='decline = "dwarves"', decline="decline = true, ",
                                     decline2=", decline = true"))
    return scenario(AEGIS.format(vc=vc, defender=ACTIVE_DEFENDER, decline="", decline2=""))


def test_aegis_region_is_immune_until_the_attacker_pays_2_vc():
    """RULES §11 Aegis, RULES §8: immune to conquest and powers unless the attacker first pays the
    owner 2 VC; the payment is the toll ``pay aegis`` and is offered instead of the conquest."""
    s = aegis()
    r = s.region_of("L1.5")
    assert hooks.immune(s, 0, r)
    assert "pay aegis" in acts(s) and "conquer L1.5" not in acts(s)
    with pytest.raises(IllegalActionError, match="Aegis of Aggramar"):
        s.apply("conquer L1.5")
    s.apply("pay aegis")
    assert (s.vc[0], s.vc[1]) == (3, 7)
    assert not hooks.immune(s, 0, r)
    assert "conquer L1.5" in acts(s) and "pay aegis" not in acts(s)
    s.apply("conquer L1.5")
    assert s.occ[r] == 0 and s.items[r] == "aegis-of-aggramar"  # it changes hands with its Region


def test_aegis_unpaid_attacker_without_2_vc_cannot_attack():
    """RULES §8: a player who cannot pay the Aegis toll cannot take the action."""
    s = aegis(vc=1)
    assert "pay aegis" not in acts(s) and "conquer L1.5" not in acts(s)
    assert "conquer L1.4" in acts(s)  # other Regions are unaffected


def test_aegis_payment_lasts_only_this_turn():
    """RULES §11 Aegis: once paid, immune to nothing for that attacker *this turn*."""
    s = aegis()
    s.apply("pay aegis")
    s.apply("conquer L1.4")
    finish_turn(s)
    assert s.turn == 1
    assert "aegis" not in s.paid
    assert hooks.immune(s, 0, s.region_of("L1.5"))


def test_aegis_in_decline_protects_nothing():
    """R-ITEM-1: In Decline races get nothing from items: no immunity, no toll."""
    s = aegis(decline=True)
    r = s.region_of("L1.5")
    assert not hooks.immune(s, 0, r)
    assert "conquer L1.5" in acts(s) and "pay aegis" not in acts(s)


def test_aegis_owner_moves_it_at_turn_end():
    """RULES §11 Aegis, R-ORDER-2: at turn end the owner moves it to one of its Regions (a
    placement decision), never onto another item (a Region holds one item)."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1, item = "aegis-of-aggramar" }
        "L1.4" = { player = 0, tokens = 1 }
        "L1.5" = { player = 0, tokens = 1, item = "dark-portal" }
        "L1.12" = { player = 1, tokens = 1 }
    """)
    s.apply("end")
    assert s.decisions == [(0, "item:aegis-of-aggramar")]
    assert acts(s) == {"aegis L1.9", "aegis L1.4"}
    s.apply("aegis L1.4")
    assert s.items[s.region_of("L1.4")] == "aegis-of-aggramar"
    assert s.items[s.region_of("L1.9")] is None
    assert s.turn == 1
    assert hooks.immune(s, 1, s.region_of("L1.4")) and not hooks.immune(s, 1, s.region_of("L1.9"))


def test_aegis_with_a_single_region_asks_nothing():
    """R-ORDER-2: with one Region there is nothing to choose: the Aegis stays."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1, item = "aegis-of-aggramar" }
    """)
    s.apply("end")
    assert s.turn == 1 and s.items[s.region_of("L1.9")] == "aegis-of-aggramar"


def test_aegis_blocks_intimidating_until_paid():
    """RULES §11 Aegis ("immune to ... powers"), RULES §10 Intimidating: an unpaid Aegis Region
    cannot be intimidated; once the toll is paid it can."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "intimidating"
        hand = 1
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 3, item = "aegis-of-aggramar" }
        "L1.0" = { player = 1, tokens = 1 }
    """)
    assert not any(a.startswith("intimidate L1.5") for a in acts(s))
    s.apply("pay aegis")
    assert "intimidate L1.5 L1.0" in acts(s)


def test_ethereals_cannot_steal_the_aegis_until_paid():
    """RULES §9 Ethereals, §11 Aegis: the theft is a power; the unpaid Aegis Region is immune."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "ethereals"
        power = "mining"
        hand = 4
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 1, item = "aegis-of-aggramar" }
    """)
    assert "steal L1.5 L1.9" not in acts(s)
    s.apply("pay aegis")
    s.apply("steal L1.5 L1.9")
    assert s.items[s.region_of("L1.9")] == "aegis-of-aggramar"
    assert not hooks.immune(s, 1, s.region_of("L1.9"))  # the thief owns it now: its own turn


# ---------------------------------------------------------------------------------------------
# Ashes of Al'ar

ASHES = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "{race}"
power = "mining"
hand = {hand}
[[players]]
race = "dwarves"
power = "ranger"
[regions]
"L1.12" = {{ player = 0, tokens = 1, item = "ashes-of-alar"{decline} }}
"L1.4" = {{ murlocs = 1 }}
"L1.14" = {{ player = 1, tokens = 1 }}
"""


def ashes(hand=6, race="orcs", decline=""):
    return scenario(ASHES.format(hand=hand, race=race, decline=decline))


def test_ashes_conquer_a_far_region_as_if_adjacent():
    """RULES §11 Ashes of Al'ar: once per turn, any Region of any board as if adjacent, normal
    cost; R-ITEM-2: the Ashes move into the Region conquered."""
    s = ashes()
    a = acts(s)
    assert "conquer L1.4" not in a and "ashes L1.4" in a
    assert "ashes S3.2" in a  # another board
    assert "ashes L1.8" not in a and "ashes L1.11" not in a  # adjacent: nothing gained
    assert "ashes L1.7" not in a and "ashes L1.12" not in a  # the lake, its own Region
    s.apply("ashes L1.4")  # 2 + 1 Murloc
    r = s.region_of("L1.4")
    assert (s.occ[r], s.tokens[r], s.hand[0]) == (0, 3, 3)
    assert s.items[r] == "ashes-of-alar" and s.items[s.region_of("L1.12")] is None
    assert not any(x.startswith("ashes") for x in acts(s))  # once per turn


def test_ashes_remove_the_travel_cost_of_a_far_entry_region():
    """RULES §11 Ashes (no travel cost), R-CONQ-2: a far Entry Region costs 3 normally, 2 here."""
    s = ashes(hand=3)
    r = s.region_of("L1.9")
    assert targets(s, 0)[r] == 1 and conquest_cost(s, 0, r, 1) == 3
    assert "conquer L1.9" in acts(s) and "ashes L1.9" in acts(s)
    s.apply("ashes L1.9")
    assert s.tokens[r] == 2 and s.hand[0] == 1


def test_ashes_final_conquest_with_the_die():
    """R-CONQ-9 with Ashes: too few tokens makes it the final conquest; on success the Ashes
    follow, on failure they stay and the tokens stay in hand."""
    for roll, won in ((3, True), (0, False)):
        s = ashes(hand=1)
        s.apply("ashes L1.14")  # 2 + 1 defender = 3, one token in hand: 2 short
        assert s.current_player() == CHANCE
        s.apply(f"roll {roll}")
        r = s.region_of("L1.14")
        if won:
            assert s.occ[r] == 0 and s.items[r] == "ashes-of-alar"
        else:
            assert s.occ[r] == 2 and s.items[s.region_of("L1.12")] == "ashes-of-alar"


def test_ashes_in_decline_do_nothing():
    """R-ITEM-1: the Ashes in a Region of the owner's In Decline race give it nothing."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        decline = "trolls"
        hand = 5
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1 }
        "L1.12" = { player = 0, tokens = 1, decline = true, item = "ashes-of-alar" }
    """)
    assert not any(a.startswith("ashes") for a in acts(s))


def test_ashes_pay_a_toll_on_a_far_target_first():
    """RULES §8 with Ashes: an Aegis Region out of ordinary reach is offered as ``pay aegis``
    first, then as an Ashes conquest."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        hand = 6
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.12" = { player = 0, tokens = 1, item = "ashes-of-alar" }
        "L1.4" = { player = 1, tokens = 1, item = "aegis-of-aggramar" }
    """)
    assert "pay aegis" in acts(s) and "ashes L1.4" not in acts(s)
    s.apply("pay aegis")
    assert "ashes L1.4" in acts(s)
    s.apply("ashes L1.4")
    r = s.region_of("L1.4")
    assert s.occ[r] == 0
    assert s.items[r] == "aegis-of-aggramar"  # a Region holds one item: the Ashes stay behind
    assert s.items[s.region_of("L1.12")] == "ashes-of-alar"


def test_naga_with_ashes_may_reach_water():
    """R-CONQ-5, RULES §9 Naga, §11 Ashes: water only for a race that may enter it."""
    s = ashes(race="naga")
    assert "ashes L1.7" in acts(s) and "conquer L1.7" not in acts(s)  # the lake is far
    s.apply("ashes L1.7")
    assert s.occ[s.region_of("L1.7")] == 0
    s = ashes(race="orcs")
    assert "ashes L1.7" not in acts(s)


def test_ashes_onto_a_face_down_item_reveal_it_and_stay():
    """R-ITEM-1 (reveal on entering), ruling: a Region holds one item, so the Ashes stay."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        hand = 6
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.12" = { player = 0, tokens = 1, item = "ashes-of-alar" }
        "S3.2" = { item = "?" }
    """)
    s.apply("ashes S3.2")
    assert s.current_player() == CHANCE
    s.apply("item dark-portal")
    assert s.items[s.region_of("S3.2")] == "dark-portal"
    assert s.items[s.region_of("L1.12")] == "ashes-of-alar"


# ---------------------------------------------------------------------------------------------
# Doomhammer

DOOM = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "{race}"
power = "mining"
hand = {hand}
vc = {vc}
decline = "trolls"
[[players]]
race = "dwarves"
power = "ranger"
[regions]
"L1.9" = {{ player = 0, tokens = {held}, item = "doomhammer"{decline} }}
"L1.5" = {{ player = 1, tokens = 3 }}
"L1.0" = {{ player = 1, tokens = 1 }}
"L1.4" = {{ murlocs = 1 }}
"L1.13" = {{ player = 0, decline = true, tokens = 1 }}
"""


def doom(race="orcs", hand=4, vc=5, decline="", held=1):
    return scenario(DOOM.format(race=race, hand=hand, vc=vc, decline=decline, held=held))


def test_doomhammer_pays_the_defender_and_conquers_with_one_token():
    """RULES §11 Doomhammer: 2 VC to the target's owner, then exactly 1 token conquers; the
    defender loses as in R-CONQ-7; R-ITEM-2: the Doomhammer moves into the Region."""
    s = doom()
    s.apply("doomhammer L1.5")  # would cost 5
    r = s.region_of("L1.5")
    assert (s.vc[0], s.vc[1]) == (3, 7)
    assert (s.occ[r], s.tokens[r], s.hand[0]) == (0, 1, 3)
    assert s.hand[1] == 2  # 3 defenders: 1 discarded, 2 to redeploy
    assert s.items[r] == "doomhammer" and s.items[s.region_of("L1.9")] is None
    assert not any(a.startswith("doomhammer") for a in acts(s))  # once per turn


def test_doomhammer_pays_the_stash_for_murlocs_and_own_decline_race():
    """RULES §11 Doomhammer: to the stash if the target has no owner (Murlocs) or is the
    player's own In Decline race."""
    for target in ("L1.4", "L1.13"):
        s = doom()
        before = sum(s.vc)
        s.apply(f"doomhammer {target}")
        assert s.vc[0] == 3 and sum(s.vc) == before - 2
        assert s.occ[s.region_of(target)] == 0 and s.tokens[s.region_of(target)] == 1


def test_doomhammer_needs_2_vc():
    """RULES §8: the payment is made in full before the action; with 1 VC no Doomhammer."""
    assert not any(a.startswith("doomhammer") for a in acts(doom(vc=1)))
    assert "doomhammer L1.5" in acts(doom(vc=2))


def test_doomhammer_tauren_place_two_tokens():
    """RULES §9 Tauren, §11 Doomhammer: exactly 2 Tauren tokens; not usable with 1 in hand."""
    s = doom(race="tauren", hand=2, held=2)
    s.apply("doomhammer L1.5")
    assert s.tokens[s.region_of("L1.5")] == 2 and s.hand[0] == 0
    s = doom(race="tauren", hand=1, held=2)
    assert not any(a.startswith("doomhammer") for a in acts(s))


def test_doomhammer_in_decline_does_nothing():
    """R-ITEM-1: In Decline the Doomhammer gives nothing."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        decline = "trolls"
        hand = 5
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1 }
        "L1.13" = { player = 0, tokens = 1, decline = true, item = "doomhammer" }
        "L1.5" = { player = 1, tokens = 3 }
    """)
    assert not any(a.startswith("doomhammer") for a in acts(s))


def test_doomhammer_and_lights_hope_chapel():
    """RULES §11: a Doomhammer conquest is a conquest: the Chapel holder loses no token."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        hand = 3
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1, item = "doomhammer" }
        "L1.5" = { player = 1, tokens = 3 }
        "L1.0" = { player = 1, tokens = 1, item = "lights-hope-chapel" }
    """)
    box = s.box["dwarves"]
    s.apply("doomhammer L1.5")
    assert s.hand[1] == 3 and s.box["dwarves"] == box


# ---------------------------------------------------------------------------------------------
# Frostmourne

FROST = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "{race}"
power = "{power}"
hand = {hand}
[[players]]
race = "dwarves"
power = "ranger"
[regions]
"L1.9" = {{ player = 0, tokens = 1, item = "frostmourne"{decline} }}
"L1.5" = {{ player = 1, tokens = 3 }}
"L1.4" = {{ murlocs = 1 }}
"""


def frost(race="orcs", power="mining", hand=8, decline=""):
    return scenario(FROST.format(race=race, power=power, hand=hand, decline=decline))


def test_frostmourne_one_conquest_costs_2_fewer():
    """RULES §11 Frostmourne: once per turn one conquest -2; R-ITEM-2: it moves there."""
    s = frost()
    s.apply("frostmourne L1.5")  # 2 + 3 = 5 -> 3
    r = s.region_of("L1.5")
    assert (s.occ[r], s.tokens[r], s.hand[0]) == (0, 3, 5)
    assert s.items[r] == "frostmourne"
    assert not any(a.startswith("frostmourne") for a in acts(s))  # once per turn
    s.apply("conquer L1.4")
    assert s.tokens[s.region_of("L1.4")] == 3  # the next conquest pays in full


def test_frostmourne_stacks_then_clamps_at_one():
    """R-CONQ-4: reductions stack (Trolls -1 on a non-empty Region), then never below 1."""
    s = frost(race="trolls")
    s.apply("frostmourne L1.4")  # 3 - 1 - 2 = 0 -> 1
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
    s.apply("frostmourne L1.5")
    s.apply("roll 2")
    assert s.occ[s.region_of("L1.5")] == 0 and s.items[s.region_of("L1.5")] == "frostmourne"


def test_frostmourne_in_decline_does_nothing():
    """R-ITEM-1: nothing from an In Decline Region."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        decline = "trolls"
        hand = 5
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1 }
        "L1.13" = { player = 0, tokens = 1, decline = true, item = "frostmourne" }
        "L1.5" = { player = 1, tokens = 3 }
    """)
    assert not any(a.startswith("frostmourne") for a in acts(s))


def test_ethereals_steal_frostmourne_and_use_it_at_once():
    """RULES §9 Ethereals (steal a face-up Artifact, its power usable at once), R-ITEM-2."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "ethereals"
        power = "mining"
        hand = 6
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 3, item = "frostmourne" }
    """)
    assert "frostmourne L1.5" not in acts(s)
    s.apply("steal L1.5 L1.9")
    assert s.items[s.region_of("L1.9")] == "frostmourne"
    assert "frostmourne L1.5" in acts(s)
    s.apply("frostmourne L1.5")
    assert s.tokens[s.region_of("L1.5")] == 3 and s.items[s.region_of("L1.5")] == "frostmourne"


# ---------------------------------------------------------------------------------------------
# Heart of Azeroth

HEART = """
boards = ["L1", "M1", "S3"]
phase = "conquer"
[[players]]
race = "orcs"
power = "mining"
[[players]]
race = "dwarves"
power = "ranger"
vc = {vc1}
decline = "trolls"
[[players]]
race = "humans"
power = "farmer"
[regions]
"L1.5" = {{ player = 0, tokens = 1, item = "heart-of-azeroth"{decline} }}
"L1.14" = {{ player = 0, tokens = 1 }}
"L1.4" = {{ player = 1, tokens = 1 }}
"L1.0" = {{ player = 1, tokens = 1 }}
"L1.13" = {{ player = 1, tokens = 1, decline = true }}
"L1.11" = {{ player = 2, tokens = 1 }}
"""


def heart(vc1=5, decline=""):
    return scenario(HEART.format(vc1=vc1, decline=decline))


def test_heart_owner_moves_it_then_adjacent_opponents_pay_1_vc():
    """RULES §11 Heart, R-ORDER-2: moved at placement; after scoring, each opponent whose Active
    race holds a Region adjacent to it pays the owner 1 VC (once, however many Regions)."""
    s = heart()
    s.apply("end")
    assert acts(s) == {"heart L1.5", "heart L1.14"}
    vc = list(s.vc)
    s.apply("heart L1.14")  # adjacent to L1.10, L1.11 (seat 2), L1.13 (seat 1 In Decline)
    assert s.items[s.region_of("L1.14")] == "heart-of-azeroth"
    assert s.vc[2] == vc[2] - 1 and s.vc[1] == vc[1]
    assert ("Heart of Azeroth", 1) in s.last_score[0]


def test_heart_staying_put_collects_from_each_opponent_once():
    """RULES §11 Heart: L1.5 touches seat 1's L1.4 and L1.0 (one payment) and nobody else."""
    s = heart()
    s.apply("end")
    vc = list(s.vc)
    s.apply("heart L1.5")
    assert s.vc[1] == vc[1] - 1 and s.vc[2] == vc[2]
    assert ("Heart of Azeroth", 1) in s.last_score[0]
    assert s.vc[0] - vc[0] == sum(v for _, v in s.last_score[0])


def test_heart_payment_is_forced_down_to_zero():
    """RULES §8: forced payments take what the payer has, down to 0."""
    s = heart(vc1=0)
    finish_turn(s, prefer=("heart L1.5",))
    assert s.vc[1] == 0
    assert "Heart of Azeroth" not in dict(s.last_score[0])


def test_heart_in_decline_does_nothing():
    """R-ITEM-1: held by an In Decline race the Heart is neither moved nor paid for."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        decline = "trolls"
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 0, tokens = 1, decline = true, item = "heart-of-azeroth" }
        "L1.4" = { player = 1, tokens = 1 }
    """)
    vc1 = s.vc[1]
    s.apply("end")
    assert s.turn == 1 and s.vc[1] == vc1


# ---------------------------------------------------------------------------------------------
# Tolls on targets that only an Artifact can afford (audit)

TOLL_FAR = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "orcs"
power = "mining"
hand = {hand}
vc = 5
[[players]]
race = "dwarves"
power = "marshdweller"
[regions]
"L1.5" = {{ player = 0, tokens = 1, item = "{item}" }}
"L1.6" = {{ player = 1, tokens = 5 }}
"""


def test_doomhammer_offers_the_toll_of_a_target_out_of_ordinary_reach():
    """RULES §11 Doomhammer ("conquer a legal target with exactly 1 token"), RULES §8 (tolls are
    paid before the action): L1.6, a Marshdweller Swamp with 5 defenders, costs 7: far beyond an
    ordinary conquest with 1 token in hand, so only the Doomhammer can take it; the Marshdweller
    toll must then be payable (``pay marsh-L1.6``), after which ``doomhammer L1.6`` is legal."""
    s = scenario(TOLL_FAR.format(hand=1, item="doomhammer"))
    assert "pay marsh-L1.6" in acts(s)
    s.apply("pay marsh-L1.6")
    assert "doomhammer L1.6" in acts(s)
    s.apply("doomhammer L1.6")
    r = s.region_of("L1.6")
    assert (s.occ[r], s.tokens[r]) == (0, 1)
    assert s.vc[0] == 5 - 1 - 2 and s.vc[1] == 5 + 1 + 2


def test_frostmourne_offers_the_toll_of_a_target_only_it_brings_in_reach():
    """RULES §11 Frostmourne (one conquest -2), R-CONQ-9, RULES §8: L1.6 (Marshdweller Swamp, 5
    defenders) costs 7, 4 short of 3 tokens in hand (out of the final conquest's reach); with
    Frostmourne it costs 5, a final conquest 2 short. The toll must be payable first."""
    s = scenario(TOLL_FAR.format(hand=3, item="frostmourne"))
    assert "pay marsh-L1.6" in acts(s)
    s.apply("pay marsh-L1.6")
    assert "frostmourne L1.6" in acts(s)
