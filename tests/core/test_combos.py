"""Picking a combo (RULES §4) and the initial column (R-SET-2)."""

from __future__ import annotations

import pytest

from smallworld.core import combos, engine
from smallworld.core.errors import IllegalActionError
from smallworld.core.state import CHANCE, replaced
from tests.builders import position, seat
from tests.conftest import acts


def pick(vc):
    """Seat 0 (``vc`` VC) picks from a column of six combos: Trolls Sailing, Dwarves Farmer (2 VC
    on it), Orcs Mining, Tauren Fishing (1 VC on it), Gnomes Ranger, Naga Explorer."""
    return position("", seat(vc=vc), seat(), phase="pick", column={"combos": [
        ["trolls", "sailing", 0], ["dwarves", "farmer", 2], ["orcs", "mining", 0],
        ["tauren", "fishing", 1], ["gnomes", "ranger", 0], ["naga", "explorer", 0]]})


def test_pick_pays_one_coin_per_combo_above_and_takes_its_coins():
    """R-PICK-2, R-PICK-3: picking position 3 puts 1 VC on positions 0-2, takes the 1 VC lying
    on it, and banner + badge tokens (Tauren 11 + Fishing 3 = 14)."""
    s = pick(5)
    engine.apply_action(s, "pick 3")
    assert s.vc[0] == 5 - 3 + 1
    assert s.active[0] == "tauren" and s.power[0] == "fishing"
    assert s.hand[0] == 14 and s.in_box("tauren") == 16 - 14
    assert [c[2] for c in s.column[:3]] == [1, 3, 1]


def test_column_slides_up_and_a_new_combo_is_revealed_by_chance():
    """R-PICK-4: combos below slide up with their coins; a new combo is drawn into the last slot."""
    s = pick(5)
    engine.apply_action(s, "pick 1")
    assert [c[0] for c in s.column[:5]] == ["trolls", "orcs", "tauren", "gnomes", "naga"]
    assert s.column[3][2] == 0 and s.column[2][2] == 1
    assert s.current_player() == CHANCE
    banners = {str(a) for a in engine.legal_actions(s)}
    assert "banner dwarves" not in banners and "banner blood-elves" in banners
    assert len(banners) == 16 - 6
    engine.apply_action(s, "banner pandaren")
    engine.apply_action(s, "badge archaeologist")
    assert s.column[5] == ("pandaren", "archaeologist", 0)


def test_cannot_pick_beyond_coins():
    """R-PICK-2: fewer than k VC: position k cannot be picked."""
    s = pick(2)
    assert acts(s) == {"pick 0", "pick 1", "pick 2"}
    with pytest.raises(IllegalActionError, match="too few"):
        engine.apply_action(s, "pick 4")


def test_tokens_capped_by_box():
    """R-PICK-3: the tokens taken are capped by that race's tokens left in the box."""
    s = pick(5)
    s.box[s.spec.race_index["trolls"]] = 4  # as if most Trolls were elsewhere
    engine.apply_action(s, "pick 0")
    assert s.hand[0] == 4 and s.in_box("trolls") == 0


def test_new_game_reveals_six_combos(tmp_path):
    """R-SET-2: 6 visible combos at positions 0-5; the rest stays in the stacks."""
    from smallworld.core.game import Game

    g = Game.new(3, seed=11)
    assert g.current_player() == CHANCE
    g.settle()
    assert all(race and power and coins == 0 for race, power, coins in g.state.column)
    assert len(g.state.banner_stack) == 10 and len(g.state.badge_stack) == 14
    assert len(g.record.actions) == 12


def test_banner_returns_to_bottom_most_empty_slot():
    """R-PICK-5 (revised ruling): a leaving banner goes to the bottom-most empty slot of the
    column, the one farthest from the free top slot (IT "più in basso"); a badge is drawn for it."""
    s = pick(5)
    s.column = replaced(s.column, 4, (None, None, 0))
    s.column = replaced(s.column, 5, (None, None, 0))
    combos.return_banner(s, "humans")
    assert s.column[5][0] == "humans" and s.column[4] == (None, None, 0)
    assert s.chance == [("badge", 5)]


def test_banner_of_a_race_leaving_by_conquest_fills_the_bottom_most_empty_slot():
    """R-DEC-4, R-PICK-5: the last In Decline token of a race is conquered; with the stacks
    exhausted and two empty slots, its banner goes to slot 5, not slot 4."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, decline = true, tokens = 1 }
    ''', seat("orcs", "mining", hand=6), seat(decline="trolls"),
        column={"combos": [["dwarves", "farmer", 0], ["naga", "sailing", 0], ["tauren", "fishing", 0],
                           ["gnomes", "ranger", 0]]})
    s.banner_stack = []
    engine.apply_action(s, "conquer L1.5")
    assert s.decline[1] is None
    assert s.column[4] == (None, None, 0) and s.column[5][0] == "trolls"


def test_empty_badge_stack_is_refilled_from_the_discards():
    """R-PICK-4: when the badge stack is empty, its discards are shuffled into a new stack."""
    s = pick(5)
    discards = sorted(s.badge_stack)
    s.badge_discard = discards
    s.badge_stack = []
    engine.apply_action(s, "pick 0")
    engine.apply_action(s, "banner pandaren")
    assert {str(a) for a in engine.legal_actions(s)} == {f"badge {b}" for b in discards}
    engine.apply_action(s, f"badge {discards[0]}")
    assert s.column[5] == ("pandaren", discards[0], 0)
    assert s.badge_stack == discards[1:] and s.badge_discard == []
