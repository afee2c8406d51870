"""Doomhammer, an Artifact (RULES §11)."""

from __future__ import annotations

from smallworld.core import engine
from tests.conftest import acts
from tests.items._helpers import in_decline, item_table, toll_far

# Board facts (L1): L1.9 (hills, Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 (forest) to L1.0,
# L1.4, L1.6, L1.9, L1.13.


def doom(race="orcs", hand=4, vc=5, decline="", held=1):
    """Seat 0's ``race`` holds the Doomhammer in L1.9 (``held`` tokens, ``decline``) and its In
    Decline Trolls L1.13; the Dwarves hold L1.5 (3) and L1.0; a Murloc in L1.4."""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = {held}, item = "doomhammer"{decline} }}
        "L1.5" = {{ player = 1, tokens = 3 }}
        "L1.0" = {{ player = 1, tokens = 1 }}
        "L1.4" = {{ murlocs = 1 }}
        "L1.13" = {{ player = 0, decline = true, tokens = 1 }}
    ''', race, hand=hand, vc=vc, decline="trolls")


def test_doomhammer_pays_the_defender_and_conquers_with_one_token():
    """RULES §11 Doomhammer: 2 VC to the target's owner, then exactly 1 token conquers; the
    defender loses as in R-CONQ-7; R-ITEM-2: the Doomhammer moves into the Region."""
    s = doom()
    engine.apply_action(s, "doomhammer L1.5")  # would cost 5
    r = s.region_of("L1.5")
    assert (s.vc[0], s.vc[1]) == (3, 7)
    assert (s.occ[r], s.tokens[r], s.hand[0]) == (0, 1, 3)
    assert s.hand[1] == 2  # 3 defenders: 1 discarded, 2 to redeploy
    assert s.items[r] == ("doomhammer",) and s.items[s.region_of("L1.9")] == ()
    assert not any(a.startswith("doomhammer") for a in acts(s))  # once per turn


def test_doomhammer_pays_the_stash_for_murlocs():
    """RULES §11 Doomhammer: to the stash if the target has no owner (Murlocs)."""
    s = doom()
    before = sum(s.vc)
    engine.apply_action(s, "doomhammer L1.4")
    assert s.vc[0] == 3 and sum(s.vc) == before - 2
    assert s.occ[s.region_of("L1.4")] == 0 and s.tokens[s.region_of("L1.4")] == 1


def test_doomhammer_on_own_decline_race_moves_no_vc():
    """RULES §11 Doomhammer (revised ruling): on the player's own In Decline race the player
    pays itself, so no VC moves; not a payment to another player (RULES §8), so it needs no VC."""
    s = doom()
    engine.apply_action(s, "doomhammer L1.13")
    assert s.vc == [5, 5]
    r = s.region_of("L1.13")
    assert (s.occ[r], s.tokens[r]) == (0, 1) and s.items[r] == ("doomhammer",)
    broke = doom(vc=0)
    assert "doomhammer L1.13" in acts(broke) and "doomhammer L1.5" not in acts(broke)
    engine.apply_action(broke, "doomhammer L1.13")
    assert broke.vc == [0, 5]


def test_doomhammer_needs_2_vc():
    """RULES §8: the payment is made in full before the action; with 1 VC no Doomhammer on
    another player's race or Murlocs (only on its own In Decline race, which costs nothing)."""
    assert {a for a in acts(doom(vc=1)) if a.startswith("doomhammer")} == {"doomhammer L1.13"}
    assert "doomhammer L1.5" in acts(doom(vc=2))


def test_doomhammer_tauren_place_two_tokens():
    """RULES §9 Tauren, §11 Doomhammer: exactly 2 Tauren tokens; not usable with 1 in hand."""
    s = doom(race="tauren", hand=2, held=2)
    engine.apply_action(s, "doomhammer L1.5")
    assert s.tokens[s.region_of("L1.5")] == 2 and s.hand[0] == 0
    s = doom(race="tauren", hand=1, held=2)
    assert not any(a.startswith("doomhammer") for a in acts(s))


def test_doomhammer_in_decline_does_nothing():
    """R-ITEM-1: In Decline the Doomhammer gives nothing."""
    s = in_decline("doomhammer")
    assert not any(a.startswith("doomhammer") for a in acts(s))


def test_doomhammer_and_lights_hope_chapel():
    """RULES §11: a Doomhammer conquest is a conquest: the Chapel holder loses no token."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1, item = "doomhammer" }
        "L1.5" = { player = 1, tokens = 3 }
        "L1.0" = { player = 1, tokens = 1, item = "lights-hope-chapel" }
    ''', hand=3)
    box = s.in_box("dwarves")
    engine.apply_action(s, "doomhammer L1.5")
    assert s.hand[1] == 3 and s.in_box("dwarves") == box


def test_doomhammer_offers_the_toll_of_a_target_out_of_ordinary_reach():
    """RULES §11 Doomhammer ("conquer a legal target with exactly 1 token"), RULES §8 (tolls are
    paid before the action): L1.6, a Marshdweller Swamp with 5 defenders, costs 7: far beyond an
    ordinary conquest with 1 token in hand, so only the Doomhammer can take it; the Marshdweller
    toll must then be payable (``pay marsh-L1.6``), after which ``doomhammer L1.6`` is legal."""
    s = toll_far("doomhammer", 1)
    assert "pay marsh-L1.6" in acts(s)
    engine.apply_action(s, "pay marsh-L1.6")
    assert "doomhammer L1.6" in acts(s)
    engine.apply_action(s, "doomhammer L1.6")
    r = s.region_of("L1.6")
    assert (s.occ[r], s.tokens[r]) == (0, 1)
    assert s.vc[0] == 5 - 1 - 2 and s.vc[1] == 5 + 1 + 2
