"""core.changes: the checked state changes races, powers and items make (and their errors)."""

from __future__ import annotations

import pytest

from smallworld.core import changes
from smallworld.core.errors import ChangeError, RulesError
from smallworld.core.game import Game
from smallworld.core.state import EMPTY, State, replaced


@pytest.fixture
def s() -> State:
    st = Game.new(3, seed=1).state.copy()
    st.vc[:] = [5, 5, 5]
    st.hand[:] = [0, 0, 0]
    return st


def test_change_error_is_a_rules_error():
    assert issubclass(ChangeError, RulesError) and issubclass(ChangeError, ValueError)


# ---- VC ---------------------------------------------------------------------------------------


def test_gain_and_pay_vc(s):
    changes.gain_vc(s, 0, 3)
    assert s.vc == [8, 5, 5]
    changes.pay_vc(s, 0, 2)  # to the bank
    assert s.vc == [6, 5, 5]
    changes.pay_vc(s, 0, 6, 2)  # to seat 2, down to exactly 0
    assert s.vc == [0, 5, 11]
    changes.pay_vc(s, 1, 0, 0)  # nothing moves
    assert s.vc == [0, 5, 11]


def test_pay_vc_never_below_zero(s):
    with pytest.raises(ChangeError, match=r"seat 1 cannot pay 6 VC \(it holds 5"):
        changes.pay_vc(s, 1, 6, 0)
    assert s.vc == [5, 5, 5]
    with pytest.raises(ChangeError, match="cannot pay -1"):
        changes.pay_vc(s, 1, -1)


def test_gain_vc_refuses_negative(s):
    with pytest.raises(ChangeError, match="negative"):
        changes.gain_vc(s, 0, -2)
    assert s.vc[0] == 5


def test_score_line(s):
    changes.score_line(s, 1, "Well of Eternity", 2)
    assert s.last_score[1][-1] == ("Well of Eternity", 2)
    assert s.vc[1] == 5  # it moves no VC


# ---- tokens -----------------------------------------------------------------------------------


def test_tray_to_hand_and_back(s):
    race = s.spec.race_keys[0]
    s.box[s.spec.race_index[race]] = 3
    changes.tray_to_hand(s, 2, race, 2)
    assert (s.in_box(race), s.hand[2]) == (1, 2)
    changes.tray_to_hand(s, 2, race, 0)
    with pytest.raises(ChangeError, match=f"the tray holds 1 {race} tokens, not 2"):
        changes.tray_to_hand(s, 2, race, 2)
    assert (s.in_box(race), s.hand[2]) == (1, 2)
    changes.to_tray(s, race, 4)
    assert s.in_box(race) == 5
    with pytest.raises(ChangeError):
        changes.to_tray(s, race, -1)


def test_hand_add_and_take(s):
    changes.hand_add(s, 0, 3)
    changes.hand_take(s, 0, 2)
    assert s.hand[0] == 1
    with pytest.raises(ChangeError, match="hand holds 1 tokens, not 2"):
        changes.hand_take(s, 0, 2)
    with pytest.raises(ChangeError):
        changes.hand_add(s, 0, -1)
    assert s.hand[0] == 1


def test_region_tokens(s):
    s.occ[0], s.tokens[0] = 0, 3
    s.occ[1], s.tokens[1] = 0, 1
    changes.take_tokens(s, 0, 1)
    changes.add_tokens(s, 1, 2)
    changes.move_tokens(s, 1, 0, 3)
    assert (s.tokens[0], s.tokens[1]) == (5, 0)
    assert s.occ[1] == 0  # occupants unchanged
    rid = s.spec.region_ids[1]
    with pytest.raises(ChangeError, match=f"Region {rid} holds 0 tokens, not 1"):
        changes.take_tokens(s, 1)
    with pytest.raises(ChangeError):
        changes.move_tokens(s, 1, 0, 1)
    with pytest.raises(ChangeError):
        changes.add_tokens(s, 1, -1)
    assert (s.tokens[0], s.tokens[1]) == (5, 0)


def test_empty_region_returns_what_left(s):
    s.occ[0], s.tokens[0] = 2, 3
    s.pieces["fort"] = [0] * s.spec.n_regions
    s.pieces["fort"][0] = 1
    s.pieces["beast"] = [0] * s.spec.n_regions
    s.pieces["beast"][0] = 2
    s.supply[s.spec.piece_index["fort"]] = 5
    assert changes.empty_region(s, 0, ("fort", "wisp-wall")) == (2, 3)
    assert (s.occ[0], s.tokens[0]) == (EMPTY, 0)
    assert s.pieces["fort"][0] == 0 and s.in_supply("fort") == 6
    assert s.pieces["beast"][0] == 2  # not listed: stays
    assert changes.empty_region(s, 0) == (EMPTY, 0)


def test_swap_regions(s):
    n = s.spec.n_regions
    s.occ[0], s.tokens[0] = 0, 3
    s.occ[1], s.tokens[1] = 3, 1
    s.pieces["fort"] = [0] * n
    s.pieces["fort"][0] = 1
    s.pieces["mountain"] = [0] * n
    s.pieces["mountain"][1] = 1
    changes.swap_regions(s, 0, 1, frozenset({"mountain"}))
    assert (s.occ[0], s.tokens[0], s.occ[1], s.tokens[1]) == (3, 1, 0, 3)
    assert s.pieces["fort"][:2] == [0, 1]
    assert s.pieces["mountain"][:2] == [0, 1]


def test_add_defender_once(s):
    changes.add_defender(s, 2)
    changes.add_defender(s, 2)
    assert s.defenders == [2]


# ---- pieces -----------------------------------------------------------------------------------


def test_put_and_return_piece(s):
    s.supply[s.spec.piece_index["fort"]] = 2
    s.pieces.pop("fort", None)
    changes.put_piece(s, "fort", 4)  # the Region list is made on first use
    changes.put_piece(s, "fort", 4)
    assert s.piece("fort", 4) == 2 and s.in_supply("fort") == 0
    rid = s.spec.region_ids[5]
    with pytest.raises(ChangeError, match=f"the fort supply holds 0, cannot put 1 on Region {rid}"):
        changes.put_piece(s, "fort", 5)
    changes.return_piece(s, "fort", 4)
    assert s.piece("fort", 4) == 1 and s.in_supply("fort") == 1
    with pytest.raises(ChangeError, match="holds 0 fort, not 1"):
        changes.return_piece(s, "fort", 5)
    with pytest.raises(ChangeError, match="holds 0 wisp-wall"):
        changes.return_piece(s, "wisp-wall", 5)  # no Region list at all
    with pytest.raises(ChangeError):
        changes.put_piece(s, "fort", 4, 0)
    assert s.piece("fort", 4) == 1 and s.in_supply("fort") == 1


def test_put_piece_of_an_unknown_kind_is_an_exhausted_supply(s):
    with pytest.raises(ChangeError, match="the no-such supply holds 0"):
        changes.put_piece(s, "no-such", 0)


def test_clear_pieces(s):
    n = s.spec.n_regions
    s.pieces["watch-tower"] = [0] * n
    s.pieces["watch-tower"][1] = 1
    s.pieces["watch-tower"][3] = 2
    s.supply[s.spec.piece_index["watch-tower"]] = 0
    assert changes.clear_pieces(s, "watch-tower") == 3
    assert not any(s.pieces["watch-tower"]) and s.in_supply("watch-tower") == 3
    assert changes.clear_pieces(s, "watch-tower") == 0
    assert changes.clear_pieces(s, "never-placed") == 0


def test_lift_lay_move_piece(s):
    n = s.spec.n_regions
    s.pieces["beast"] = [0] * n
    s.supply[s.spec.piece_index["beast"]] = 4
    changes.lay_piece(s, "beast", 2, 3)
    assert s.in_supply("beast") == 4  # from a hand: the supply is untouched
    assert changes.lift_piece(s, "beast", 2, 1) == 1
    changes.move_piece(s, "beast", 2, 6)
    assert (s.piece("beast", 2), s.piece("beast", 6)) == (1, 1)
    assert changes.lift_piece(s, "beast", 2) == 1  # all of them
    assert changes.lift_piece(s, "beast", 2) == 0
    assert changes.lift_piece(s, "nothing", 2) == 0
    with pytest.raises(ChangeError, match="holds 1 beast, not 2"):
        changes.lift_piece(s, "beast", 6, 2)
    with pytest.raises(ChangeError):
        changes.move_piece(s, "beast", 2, 6)
    with pytest.raises(ChangeError):
        changes.lay_piece(s, "beast", 2, 0)
    assert s.in_supply("beast") == 4 and s.piece("beast", 6) == 1


def test_supply_draw_refill_set(s):
    s.supply[s.spec.piece_index["harmony"]] = 2
    changes.draw_supply(s, "harmony", 2)
    assert s.in_supply("harmony") == 0
    with pytest.raises(ChangeError, match="the harmony supply holds 0, not 1"):
        changes.draw_supply(s, "harmony", 1)
    changes.refill_supply(s, "harmony", 1)
    assert s.in_supply("harmony") == 1
    with pytest.raises(ChangeError):
        changes.refill_supply(s, "harmony", -1)
    changes.set_supply(s, "harmony", 4)
    assert s.in_supply("harmony") == 4
    with pytest.raises(ChangeError):
        changes.set_supply(s, "harmony", -1)


def test_reset_pieces(s):
    n = s.spec.n_regions
    s.pieces["bomb"] = [0] * n
    s.pieces["bomb"][2] = 1
    s.supply[s.spec.piece_index["bomb"]] = 0  # one lost for good meanwhile
    changes.reset_pieces(s, "bomb", 2)
    assert not any(s.pieces["bomb"]) and s.in_supply("bomb") == 2
    with pytest.raises(ChangeError):
        changes.reset_pieces(s, "bomb", -1)


# ---- items ------------------------------------------------------------------------------------


def test_items(s):
    s.items = replaced(s.items, 0, ("?",))
    changes.put_item(s, 0, "doomhammer")
    changes.put_item(s, 0, "frostmourne")
    assert s.items[0] == ("?", "doomhammer", "frostmourne")
    changes.take_item(s, 0, "doomhammer")
    assert s.items[0] == ("?", "frostmourne")
    rid = s.spec.region_ids[0]
    with pytest.raises(ChangeError, match=f"'doomhammer' does not lie in Region {rid}"):
        changes.take_item(s, 0, "doomhammer")
    s.item_pool[:] = ["karazhan", "dark-portal"]
    changes.draw_item(s, "karazhan")
    assert s.item_pool == ["dark-portal"]
    with pytest.raises(ChangeError, match="'karazhan' is not among the unrevealed items"):
        changes.draw_item(s, "karazhan")


# ---- flags ------------------------------------------------------------------------------------


def test_flags(s):
    changes.set_flag(s, "a", (1, 2))
    assert s.flags["a"] == (1, 2)
    assert changes.bump_flag(s, "n") == 1
    assert changes.bump_flag(s, "n", 2) == 3
    assert changes.clear_flag(s, "a") == (1, 2)
    assert changes.clear_flag(s, "a") is None
    assert changes.clear_flag(s, "a", 0) == 0
    assert "a" not in s.flags and s.flags["n"] == 3


def test_turn_flags(s):
    changes.set_tflag(s, "used", True)
    assert changes.bump_tflag(s, "count") == 1
    assert changes.bump_tflag(s, "count") == 2
    assert changes.clear_tflag(s, "used") is True
    assert changes.clear_tflag(s, "used", "gone") == "gone"
    assert s.tflags == {"count": 2}


def test_mark_paid(s):
    changes.mark_paid(s, "harmony")
    assert s.paid["harmony"] is True


# ---- decisions and chance ---------------------------------------------------------------------


def test_ask_and_close_decision(s):
    s.chance.clear()
    changes.ask(s, 1, "race:tauren")
    changes.ask(s, 2, "power:beast-master")
    assert s.current_player() == 2
    assert changes.close_decision(s) == (2, "power:beast-master")
    assert changes.close_decision(s) == (1, "race:tauren")
    with pytest.raises(ChangeError, match="no decision is open"):
        changes.close_decision(s)


def test_queue_chance(s):
    s.chance.clear()
    changes.queue_chance(s, ("item", 3))
    assert s.chance == [("item", 3)]
    with pytest.raises(ChangeError, match="unknown chance event kind 'nope'"):
        changes.queue_chance(s, ("nope", 3))
    assert s.chance == [("item", 3)]


def test_final_conquest_and_end_conquests(s):
    s.chance.clear()
    s.phase, s.step = "conquer", "conquer"
    changes.final_conquest(s, 4, 5)
    assert s.chance == [("die", 4, 5)]
    assert (s.phase, s.step) == ("", "purchase")
    s.phase = "conquer"
    s.acting = (0, 1, None, None)  # an In Decline race acting (classic Ghouls)
    changes.end_conquests(s)
    assert (s.phase, s.step) == ("", "decline-redeploy")
