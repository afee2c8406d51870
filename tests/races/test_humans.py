"""Humans (RULES §9): each turn end they take back and place up to 2 Military Objectives (box: 2)
on different Regions not occupied by an Alliance race; a non-Horde conqueror gains 2 VC and the
token returns (the Humans' owner also gains 2 unless it conquered); a Horde conquest leaves it.

Board facts (L1): L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13.
"""

from __future__ import annotations

from smallworld.core import engine
from tests.builders import position, seat
from tests.conftest import acts

MO = "military-objective"


def place(more=""):
    """Seat 0's Humans (L1.9; In Decline Worgen in L1.13) at turn end, among seat 1's Orcs (L1.4;
    In Decline Draenei in L1.5), seat 2's Gnomes (L1.6) and a Murloc (L1.0)."""
    return position('''
        "L1.9" = { player = 0, tokens = 2 }
        "L1.13" = { player = 0, decline = true }
        "L1.4" = { player = 1, tokens = 2 }
        "L1.5" = { player = 1, decline = true }
        "L1.6" = { player = 2, tokens = 1 }
        "L1.0" = { murlocs = 1 }
    ''' + more, seat("humans", "farmer", decline="worgen"), seat("orcs", "mining", decline="draenei"),
                    seat("gnomes", "herbalist"), phase="redeploy")


def conquer(turn, other, phase="conquer"):
    """Humans (seat 0, L1.9) and ``other`` (seat 1, L1.13), 6 in hand each, seat ``turn`` to play;
    Military Objectives in L1.4 (with a Murloc) and in the empty L1.5."""
    return position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.13" = { player = 1, tokens = 1 }
        "L1.4" = { murlocs = 1, pieces = { military-objective = 1 } }
        "L1.5" = { pieces = { military-objective = 1 } }
    ''', seat("humans", "farmer", hand=6), seat(other, "mining", hand=6), phase=phase, turn=turn)


def spots(s):
    return {a.split()[1] for a in acts(s) if a.startswith("objective ")}


def test_placement_not_on_alliance_regions():
    """RULES §9 Humans: not on Regions occupied by an Alliance race (their own, In Decline Worgen,
    Draenei, Gnomes); Horde, Murloc and empty Regions qualify."""
    s = place()
    assert s.current_player() == 0 and "done" in acts(s)
    sp = spots(s)
    assert {"L1.4", "L1.0", "L1.3", "S3.2"} <= sp
    assert not sp & {"L1.9", "L1.13", "L1.5", "L1.6"}


def test_two_different_regions_at_most():
    """RULES §2.3, §9 Humans: 2 pieces, on different Regions; then the placement ends."""
    s = place()
    engine.apply_action(s, "objective L1.4")
    assert "L1.4" not in spots(s) and s.in_supply(MO) == 1
    engine.apply_action(s, "objective L1.3")
    assert s.in_supply(MO) == 0 and s.turn == 1
    assert s.piece(MO, s.region_of("L1.4")) == s.piece(MO, s.region_of("L1.3")) == 1


def test_up_to_two():
    """RULES §9 Humans (English 'up to 2'): placing none or one is allowed."""
    s = place()
    engine.apply_action(s, "objective L1.4")
    engine.apply_action(s, "done")
    assert s.turn == 1 and s.in_supply(MO) == 1


def test_taken_back_each_turn_end():
    """RULES §9 Humans: both are taken back from the board before placing again."""
    s = place('"L1.3" = { pieces = { military-objective = 2 } }')
    assert s.in_supply(MO) == 2 and s.piece(MO, s.region_of("L1.3")) == 0
    assert "L1.3" in spots(s)


def test_non_horde_conqueror_and_owner_gain_two_each():
    """RULES §9 Humans: a non-Horde (Neutral Kobolds) conqueror gains 2 VC, the Humans' owner 2;
    the token returns to the Humans."""
    s = conquer(1, "kobolds")
    engine.apply_action(s, "conquer L1.5")
    assert (s.vc[0], s.vc[1]) == (7, 7)
    assert s.piece(MO, s.region_of("L1.5")) == 0 and s.in_supply(MO) == 1


def test_humans_conquering_gain_two_only():
    """RULES §9 Humans: the Humans themselves gain 2 VC (not 4)."""
    s = conquer(0, "orcs")
    engine.apply_action(s, "conquer L1.4")
    assert (s.vc[0], s.vc[1]) == (7, 5)
    assert s.piece(MO, s.region_of("L1.4")) == 0


def test_horde_conquest_leaves_it_in_place():
    """RULES §9 Humans: a Horde race conquering a Military Objective Region: nothing, it stays."""
    s = conquer(1, "orcs")
    engine.apply_action(s, "conquer L1.5")
    r = s.region_of("L1.5")
    assert s.occ[r] == 2 and s.piece(MO, r) == 1 and (s.vc[0], s.vc[1]) == (5, 5)


def test_decline_removes_them():
    """R-DEC-2: Military Objectives are tied to the Active race and leave the board."""
    s = conquer(0, "orcs", phase="decide")
    engine.apply_action(s, "decline")
    assert s.in_supply(MO) == 2 and sum(s.pieces[MO]) == 0


def test_gnome_airborne_counts_as_a_conquest():
    """RULES §9 Humans + Gnomes: the Gnomes (Alliance) airborne-assault a Region with a Military
    Objective: +2 VC each."""
    s = position('''
        "L1.9" = { player = 1, tokens = 1 }
        "S3.2" = { pieces = { military-objective = 1 } }
    ''', seat("humans", "farmer"), seat("gnomes", "mining", hand=5), turn=1)
    engine.apply_action(s, "airborne S3.2")
    engine.apply_action(s, "roll 0")
    assert (s.vc[0], s.vc[1]) == (7, 7)


def test_neutral_on_the_battleground_fighting_as_horde_gets_nothing():
    """RULES §9 Humans + Battleground (RULES §11): a Neutral race that chose Horde this turn
    conquers like a Horde race: nothing, the token stays; choosing Alliance it earns the 2 VC."""
    def fresh(side):
        return position('''
            "L1.9" = { player = 1, tokens = 1, item = "battleground" }
            "L1.5" = { pieces = { military-objective = 1 } }
        ''', seat("humans", "farmer"), seat("kobolds", "mining", hand=6), turn=1,
            turn_flags={"battleground-side": side})

    s = fresh("horde")
    engine.apply_action(s, "conquer L1.5")
    assert s.piece(MO, s.region_of("L1.5")) == 1 and (s.vc[0], s.vc[1]) == (5, 5)
    s = fresh("alliance")
    engine.apply_action(s, "conquer L1.5")
    assert s.piece(MO, s.region_of("L1.5")) == 0 and (s.vc[0], s.vc[1]) == (7, 7)
