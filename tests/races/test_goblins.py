"""Goblins (RULES §9, R-ORDER-1/2, R-DEC-2): face-down Bombs placed at turn end on opponents'
Active Regions next to theirs, revealed at the start of the Goblins' next turn. Bomb sides are
never stored (RULES §15): the chance event ``bomb R live|dud`` draws them at reveal from the
undetermined remainder.

Board facts (L1): L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 is adjacent to L1.0, L1.4,
L1.6, L1.9, L1.13; L1.6 is adjacent to the Lake L1.7.
"""

from __future__ import annotations

import pytest

from smallworld.core import chance, engine
from smallworld.core.state import CHANCE, EMPTY
from tests.builders import position, seat
from tests.conftest import acts


def place(phase="redeploy", neighbour="humans", murloc='"L1.0" = { murlocs = 1 }'):
    """Seat 0's Goblins hold L1.9 and L1.5 at turn end; seat 1's ``neighbour`` (Active) hold L1.4
    and L1.6, their In Decline Trolls L1.13; ``murloc`` is the last Region line."""
    return position('''
        "L1.9" = { player = 0, tokens = 2 }
        "L1.5" = { player = 0, tokens = 1 }
        "L1.4" = { player = 1, tokens = 2 }
        "L1.13" = { player = 1, decline = true, tokens = 1 }
        "L1.6" = { player = 1, tokens = 1 }
    ''' + murloc, seat("goblins", "farmer"), seat(neighbour, "mining", decline="trolls"), phase=phase)


BOMBED = '"L1.4" = { player = 0, tokens = 3, pieces = { bomb = 1 } }'


def reveal(flags=None, bombed=BOMBED, phase="start"):
    """Seat 1's Goblins (L1.9) start their turn: a Bomb lies in the Humans' L1.4 (``bombed``);
    the Humans also hold L1.6."""
    top = {"flags": flags} if flags else {}
    return position(f'''
        "L1.9" = {{ player = 1, tokens = 2 }}
        {bombed}
        "L1.6" = {{ player = 0, tokens = 1 }}
    ''', seat("humans", "mining", decline="trolls"), seat("goblins", "farmer"), phase=phase, turn=1, **top)


def plants(s):
    return {a.split()[1] for a in acts(s) if a.startswith("plant ")}


def test_placement_targets():
    """RULES §9 Goblins: Regions adjacent to theirs occupied by an opponent's Active race; not In
    Decline (L1.13), not Murlocs (L1.0); 'done' stops."""
    s = place()
    assert s.current_player() == 0
    assert plants(s) == {"L1.4", "L1.6"} and "done" in acts(s)


def test_one_bomb_per_region_and_stack_decreases():
    """RULES §9 Goblins: at most one Bomb per Region; each comes off the stack (12)."""
    s = place()
    engine.apply_action(s, "plant L1.4")
    assert s.piece("bomb", s.region_of("L1.4")) == 1 and s.in_supply("bomb") == 11
    assert plants(s) == {"L1.6"}
    engine.apply_action(s, "plant L1.6")
    assert s.turn == 1  # nothing left to bomb: the placement closes by itself


def test_never_on_water():
    """RULES §9 Goblins (KO): never on a Sea/Lake (a Naga there is not a target)."""
    s = place(neighbour="naga", murloc='"L1.7" = { player = 1, tokens = 1 }\n"L1.1" = { player = 0 }')
    assert "L1.7" not in plants(s)


def test_box_limit_stops_placement():
    """RULES §2.3: 12 Bombs; with one left in the stack only one can be placed."""
    s = place(phase="conquer")
    s.supply[s.spec.piece_index["bomb"]] = 1
    s.flags.update({"bombs-live": 5, "bombs-dud": 6})
    engine.apply_action(s, "end")
    while s.phase == "redeploy":
        engine.apply_action(s, engine.legal_actions(s)[0])
    engine.apply_action(s, "plant L1.6")
    assert s.in_supply("bomb") == 0 and s.turn == 1
    s2 = place(phase="conquer")
    s2.supply[s2.spec.piece_index["bomb"]] = 0
    engine.apply_action(s2, "end")
    while s2.phase == "redeploy":
        engine.apply_action(s2, engine.legal_actions(s2)[0])
    assert s2.turn == 1, "no Bomb left: no placement"


def test_reveal_odds_from_the_undetermined_remainder():
    """RULES §9, §15: the side is drawn at reveal; P(live) = lives not yet revealed / Bombs not
    yet revealed (fresh: 6/12; after 4 lives and 1 dud: 2/7)."""
    s = reveal()
    assert s.current_player() == CHANCE
    assert {str(a): p for a, p in chance.outcomes(s)} == {"bomb L1.4 live": 0.5, "bomb L1.4 dud": 0.5}
    s = reveal(flags={"bombs-live": 4, "bombs-dud": 1})
    outs = {str(a): p for a, p in chance.outcomes(s)}
    assert outs == {"bomb L1.4 live": pytest.approx(2 / 7), "bomb L1.4 dud": pytest.approx(5 / 7)}


def test_only_duds_left_resolves_by_itself():
    """RULES §9: with all 6 lives revealed, a Bomb can only be a dud (no chance choice)."""
    s = reveal(flags={"bombs-live": 6})
    assert s.current_player() != CHANCE
    assert s.flags["bombs-dud"] == 1 and s.piece("bomb", s.region_of("L1.4")) == 0
    assert s.occ[s.region_of("L1.4")] == 0


def test_live_bomb_empties_the_region_as_a_conquest_loss():
    """RULES §9 Goblins, R-CONQ-7: live: the occupant takes its tokens in hand, discards 1; the
    Region is empty; the Bomb leaves the game; the defender redeploys at the end of the turn."""
    s = reveal()
    box = s.in_box("humans")
    engine.apply_action(s, "bomb L1.4 live")
    r = s.region_of("L1.4")
    assert s.occ[r] == EMPTY and s.tokens[r] == 0
    assert s.hand[0] == 2 and s.in_box("humans") == box + 1
    assert s.piece("bomb", r) == 0 and s.in_supply("bomb") == 11 and s.flags["bombs-live"] == 1
    assert 0 in s.defenders


def test_dud_does_nothing():
    """RULES §9 Goblins: a dud does nothing; it leaves the game."""
    s = reveal()
    engine.apply_action(s, "bomb L1.4 dud")
    r = s.region_of("L1.4")
    assert s.occ[r] == 0 and s.tokens[r] == 3
    assert s.piece("bomb", r) == 0 and s.in_supply("bomb") == 11 and s.flags["bombs-dud"] == 1


def test_bomb_on_emptied_region_returns_unrevealed_to_the_stack():
    """RULES §9 Goblins: a Bomb on a Region emptied meanwhile returns unrevealed to the top of the
    stack: back in the undetermined pool (no side drawn, nothing counted), and it is the next one
    placed (the odds of the next reveal are unchanged: 6/12)."""
    s = reveal(bombed='"L1.4" = { pieces = { bomb = 1 } }')
    assert s.current_player() != CHANCE
    assert s.piece("bomb", s.region_of("L1.4")) == 0 and s.in_supply("bomb") == 12
    assert "bombs-live" not in s.flags or s.flags["bombs-live"] == 0
    assert s.flags.get("bombs-dud", 0) == 0


def test_bomb_on_region_now_held_by_the_goblins_returns():
    """RULES §9 Goblins: a Bomb on a Region now held by the Goblins' own player counts as emptied."""
    s = reveal(bombed='"L1.4" = { player = 1, tokens = 1, pieces = { bomb = 1 } }')
    assert s.current_player() != CHANCE and s.in_supply("bomb") == 12


def test_occupant_now_in_decline_still_explodes():
    """RULES §9 Goblins: 'still occupied by an opponent (even now In Decline)': all discarded."""
    s = reveal(bombed='"L1.4" = { player = 0, decline = true, tokens = 1, pieces = { bomb = 1 } }')
    assert s.current_player() == CHANCE
    engine.apply_action(s, "bomb L1.4 live")
    assert s.occ[s.region_of("L1.4")] == EMPTY and s.decline[0] is None  # Trolls left the game


def test_explosion_is_no_conquest_for_bonuses():
    """RULES §9 Goblins ruling: no faction bonus, and a Military Objective there stays."""
    s = reveal(bombed='"L1.4" = { player = 0, tokens = 3, pieces = { bomb = 1, military-objective = 1 } }')
    engine.apply_action(s, "bomb L1.4 live")
    r = s.region_of("L1.4")
    assert s.defeated == {} and s.conquests == 0
    assert s.piece("military-objective", r) == 1


def test_decline_reveals_placed_bombs_at_once():
    """R-DEC-2: when the Goblins go In Decline their placed Bombs are revealed and applied."""
    s = reveal(phase="decide")
    assert s.current_player() == 1
    engine.apply_action(s, "decline")
    assert s.current_player() == CHANCE and s.decline[1] == "goblins"
    engine.apply_action(s, "bomb L1.4 live")
    assert s.occ[s.region_of("L1.4")] == EMPTY


def test_pick_shuffles_a_new_stack_of_twelve():
    """RULES §9 Goblins: each time they are picked, all 12 Bombs make a new stack (counts reset)."""
    s = position('', seat(), seat("humans", "mining"), phase="pick", flags={"bombs-live": 3, "bombs-dud": 4},
        column={"combos": [["goblins", "farmer", 0]]})
    s.supply[s.spec.piece_index["bomb"]] = 5
    engine.apply_action(s, "pick 0")
    assert s.in_supply("bomb") == 12 and s.flags["bombs-live"] == 0 and s.flags["bombs-dud"] == 0


def test_harmony_holder_pays_or_returns_the_bomb():
    """RULES §9 Goblins + Pandaren: revealing a Bomb on a Pandaren Region is an attack: a Harmony
    holder pays 2 VC first, or returns the Bomb unrevealed to the stack."""
    def fresh():
        return position('''
            "L1.9" = { player = 1, tokens = 2 }
            "L1.4" = { player = 0, tokens = 2, pieces = { bomb = 1 } }
        ''', seat("pandaren", "mining"), seat("goblins", "farmer", harmony=True), phase="start", turn=1)

    s = fresh()
    assert s.current_player() == 1 and acts(s) == {"bomb-pay L1.4", "bomb-return L1.4"}
    engine.apply_action(s, "bomb-pay L1.4")
    assert (s.vc[0], s.vc[1]) == (7, 3) and s.current_player() == CHANCE
    s = fresh()
    engine.apply_action(s, "bomb-return L1.4")
    assert s.in_supply("bomb") == 12 and s.tokens[s.region_of("L1.4")] == 2 and s.vc[1] == 5


def test_bomb_sides_are_in_no_state():
    """RULES §15: nothing in the state (nor a view) tells a placed Bomb's side."""
    from smallworld.core.view import view

    s = reveal()
    d = s.to_dict()
    text = repr(d)
    assert "live" not in text.replace("bombs-live", "") and "dud" not in text.replace("bombs-dud", "")
    assert view(s, 1)["regions"][s.region_of("L1.4")]["pieces"] == {"bomb": 1}


def aegis_reveal(vc, l14='item = "aegis-of-aggramar", pieces = { bomb = 1 }', power="mining"):
    """Seat 1's Goblins (``vc`` VC) start their turn; their Bomb lies in the Humans' L1.4 (``l14``:
    with the Aegis)."""
    return position(f'''
        "L1.9" = {{ player = 1, tokens = 2 }}
        "L1.4" = {{ player = 0, tokens = 2, {l14} }}
        "L1.6" = {{ player = 0, tokens = 1 }}
    ''', seat("humans", power), seat("goblins", "farmer", vc=vc), phase="start", turn=1)


def test_aegis_on_a_bombed_region_may_be_paid_before_the_reveal():
    """RULES §11 Aegis of Aggramar ("immune to conquest and powers unless the attacker first pays
    the owner 2 VC"), RULES §8 (paid in full before the action), RULES §9 Goblins: a Bomb reveal
    is a power (RULES §10, "immune to every power": bombs). The Goblins may pay the Aegis owner
    2 VC first and reveal the Bomb, or return it unrevealed to the top of the stack, as for
    Harmony; they used to get no choice (the Bomb always went back)."""
    s = aegis_reveal(5)
    assert s.current_player() == 1 and acts(s) == {"bomb-pay L1.4", "bomb-return L1.4"}
    engine.apply_action(s, "bomb-pay L1.4")
    assert (s.vc[0], s.vc[1]) == (7, 3) and s.current_player() == CHANCE
    engine.apply_action(s, "bomb L1.4 live")
    assert s.occ[s.region_of("L1.4")] == EMPTY
    s = aegis_reveal(5)
    engine.apply_action(s, "bomb-return L1.4")
    assert s.in_supply("bomb") == 12 and s.tokens[s.region_of("L1.4")] == 2 and s.vc[1] == 5
    poor = aegis_reveal(1)
    assert acts(poor) == {"bomb-return L1.4"}, "who cannot pay in full cannot reveal (RULES §8)"


def test_watch_tower_sends_the_bomb_back_unrevealed():
    """RULES §10 Defensive ("immune to every conquest and every power"): no toll lifts a Watch
    Tower, so its Bomb returns unrevealed with no choice."""
    s = aegis_reveal(5, "pieces = { bomb = 1, watch-tower = 1 }", power="defensive")
    assert s.current_player() != CHANCE and s.in_supply("bomb") == 12
    assert s.piece("bomb", s.region_of("L1.4")) == 0


def aegis_place(vc):
    """Seat 0's Goblins (``vc`` VC) at turn end next to the Humans' L1.4 (with the Aegis) and L1.5."""
    return position('''
        "L1.9" = { player = 0, tokens = 2 }
        "L1.4" = { player = 1, tokens = 2, item = "aegis-of-aggramar" }
        "L1.5" = { player = 1, tokens = 1 }
    ''', seat("goblins", "farmer", vc=vc), seat("humans", "mining"), phase="redeploy")


def test_aegis_may_be_paid_when_placing_a_bomb_which_then_owes_nothing_at_its_reveal():
    """RULES §11 Aegis of Aggramar (revised ruling, KO): the 2 VC may be paid at any use of the
    Aegis Region, including placing a Goblins' Bomb (``pay aegis`` at placement); a Bomb placed
    after paying owes nothing more when revealed."""
    s = aegis_place(5)
    assert plants(s) == {"L1.5"} and "pay aegis" in acts(s)
    engine.apply_action(s, "pay aegis")
    assert s.vc == [3, 7] and plants(s) == {"L1.4", "L1.5"}
    engine.apply_action(s, "plant L1.4")
    engine.apply_action(s, "done")
    while s.turn == 1 or s.current_player() != CHANCE:  # the Humans' turn passes
        legal = sorted(acts(s))
        engine.apply_action(s, "end" if "end" in legal else ("expand" if "expand" in legal else legal[0]))
        if s.turn == 0 and s.current_player() == CHANCE:
            break
    assert s.turn == 0 and s.chance[0] == ("bomb", s.region_of("L1.4"), 0), "no second payment"


def test_aegis_at_placement_needs_2_vc():
    """RULES §8: who cannot pay in full cannot plant on the Aegis Region."""
    s = aegis_place(1)
    assert plants(s) == {"L1.5"} and "pay aegis" not in acts(s)


def test_prepaid_bomb_survives_a_state_round_trip():
    """The placement payment is public state and round-trips through JSON (RULES §15)."""
    from smallworld.core.state import State

    s = aegis_place(5)
    engine.apply_action(s, "pay aegis")
    engine.apply_action(s, "plant L1.4")
    assert s.flags["bombs-prepaid"] == ("L1.4:aegis",)
    assert State.from_dict(s.to_dict(), s.spec) == s
