"""Ghouls (C-R-GHOULS-1..5, C-ORDER-1, C-CONQ-7, C-DEC-1/3): In Decline Ghouls keep every token
and take a whole turn of their own before the Active race."""

import tomllib

from smallworld.core import chance, engine
from smallworld.core.decline import go_into_decline
from smallworld.core.scoring import score_turn
from smallworld.core.state import CHANCE
from smallworld.core.view import view
from tests.builders import seat
from tests.classic.helpers import acts_text, classic_position, make, rid, tg
from tests.invariants import check_invariants


def start(race="ratmen", power="merchant", power1="forest", regions="", p0="", p1=""):
    """Seat 0 (Active ``race``, In Decline Ghouls) about to choose expand or decline; ``p0`` and
    ``p1`` are more TOML keys of each seat's table."""
    return classic_position(regions, seat(race, power, decline="ghouls", **tomllib.loads(p0)),
                            seat("humans", power1, **tomllib.loads(p1)), phase="decide")


GHOULS = '"C2.1" = { player = 0, decline = true, tokens = 3 }\n"C2.2" = { player = 0, decline = true, tokens = 2 }'


def finish_redeploy(s):
    while s.phase in ("redeploy", "defend") and s.current_player() >= 0:
        engine.apply_action(s, str(engine.legal_actions(s)[-1]))


def test_decline_keeps_every_token():
    """C-R-GHOULS-1, C-DEC-2: going In Decline every Ghoul token on the map stays, flipped; the
    tokens in hand go back to the box."""
    s = make(race="ghouls", power="hill", hand=2, regions=(
        '"C2.1" = { player = 0, tokens = 3 }\n"C2.2" = { player = 0, tokens = 2 }'))
    box = s.in_box("ghouls")
    go_into_decline(s, 0)
    assert s.decline[0] == "ghouls"
    assert (s.occ[rid(s, 1)], s.tokens[rid(s, 1)]) == (1, 3)
    assert (s.occ[rid(s, 2)], s.tokens[rid(s, 2)]) == (1, 2)
    assert s.in_box("ghouls") == box + 2
    check_invariants(s)


def test_mini_turn_first_then_active_race():
    """C-R-GHOULS-2, C-ORDER-1: after choosing to expand, the In Decline Ghouls ready their troops
    (1 stays per Region), may abandon, conquer next to their own Regions only (not from the Active
    race's Regions, no border Region after a first conquest) and redeploy; then the Active race
    readies its troops and may still abandon."""
    s = start(regions=GHOULS + '\n"C2.9" = { player = 0, tokens = 2 }\n"C2.3" = { player = 1 }')
    engine.apply_action(s, "expand")
    assert s.acting is not None and s.active[0] == "ghouls" and s.power[0] is None
    assert view(s, 0)["in_decline_turn"] and view(s, 0)["players"][0]["race"] == "ghouls"
    assert s.hand[0] == 3 and s.tokens[rid(s, 1)] == 1 and s.tokens[rid(s, 2)] == 1
    acts = acts_text(s)
    assert {"abandon C2.1", "abandon C2.2", "conquer C2.3", "conquer C2.6", "end"} <= acts
    assert "abandon C2.9" not in acts
    assert "conquer C2.10" not in acts and "conquer C2.4" not in acts  # next to C2.9 only
    check_invariants(s)
    engine.apply_action(s, "conquer C2.3")  # humans' lone token: 2 + 1 = 3
    assert s.occ[rid(s, 3)] == 0 and s.hand[0] == 0 and s.conquests == 1
    engine.apply_action(s, "end")
    finish_redeploy(s)
    # back to the Active race: Ghouls In Decline again, Ratmen readied
    assert s.acting is None and s.active[0] == "ratmen" and s.power[0] == "merchant"
    assert s.decline[0] == "ghouls"
    assert [s.occ[rid(s, n)] for n in (1, 2, 3)] == [1, 1, 1]
    assert s.phase == "conquer" and s.hand[0] == 1 and s.conquests == 0
    assert "abandon C2.9" in acts_text(s)
    assert 1 in s.defenders  # the Humans lost a Region (C-TROOP-4)
    check_invariants(s)


def test_ghouls_attack_their_owners_active_race():
    """C-R-GHOULS-2: the Ghouls may attack their owner's own Active race; the Active race loses 1
    token (Elves' saving is against opponents only) and keeps the rest for its own turn, even
    with no Region left (C-CONQ-11)."""
    s = start(race="elves", power="hill",
              regions=GHOULS + '\n"C2.6" = { player = 0, tokens = 3 }')
    engine.apply_action(s, "expand")
    assert "conquer C2.6" in acts_text(s)  # 2 + 3 tokens = 5; Ghouls hold 3 (final conquest)
    s.box[s.spec.race_index["ghouls"]] -= 2  # give the Ghouls enough to pay in full
    s.hand[0] += 2
    engine.apply_action(s, "conquer C2.6")
    assert s.occ[rid(s, 6)] == 0 and s.tokens[rid(s, 6)] == 5
    engine.apply_action(s, "end")
    finish_redeploy(s)
    assert s.active[0] == "elves" and s.hand[0] == 2 and (2 * 0) not in s.occ
    check_invariants(s)


def test_final_conquest_roll_and_first_conquest_from_hand():
    """C-R-GHOULS-2 (Ruling): Ghouls holding no Region make a first conquest on a border Region
    with the tokens they hold (C-CONQ-1), and end with their own optional final-conquest roll."""
    s = start(p0="decline_hand = { ghouls = 1 }", regions='"C2.9" = { player = 0 }')
    engine.apply_action(s, "expand")
    assert s.acting is not None and s.hand[0] == 1
    assert tg(s) and all(s.spec.entry[s.region_of(f"C2.{n}")] for n in tg(s))
    assert "conquer C2.4" in acts_text(s)  # cost 2, one token short: the die
    engine.apply_action(s, "conquer C2.4")
    assert s.current_player() == CHANCE
    engine.apply_action(s, "roll 1")
    assert s.acting is None and s.active[0] == "ratmen"
    assert s.occ[rid(s, 4)] == 1 and s.tokens[rid(s, 4)] == 1
    check_invariants(s)


def test_no_bonus_for_the_active_race_and_no_badge():
    """C-R-GHOULS-3: the Ghouls' conquests do not count for the Active Orcs' bonus; a kept
    Seafaring badge does not let them take water."""
    s = start(race="orcs", power="hill", p0='kept = "seafaring"',
              regions=GHOULS + '\n"C2.9" = { player = 0 }\n"C2.3" = { player = 1 }')
    engine.apply_action(s, "expand")
    assert "conquer C2.0" not in acts_text(s)  # the Sea next to C2.1
    engine.apply_action(s, "conquer C2.3")
    engine.apply_action(s, "end")
    finish_redeploy(s)
    assert s.kept[0] == "seafaring" and s.power[0] == "hill"
    lines = dict(score_turn(s, 0))
    assert not any(k.startswith("Orcs") for k in lines) and lines["Regions"] == 4


def test_diplomat_peace_does_not_bind_them():
    """C-R-GHOULS-4: seat 1's Diplomat named seat 0; seat 0's Ghouls may still attack seat 1's
    Active race, seat 0's Active race may not."""
    s = start(power1="diplomat", regions=GHOULS + '\n"C2.6" = { player = 0 }\n"C2.3" = { player = 1 }')
    s.flags["diplomat-ally"] = 0
    engine.apply_action(s, "expand")
    assert "conquer C2.3" in acts_text(s)
    engine.apply_action(s, "end")
    finish_redeploy(s)
    assert s.acting is None and 3 not in tg(s)


def test_not_on_a_decline_turn_and_removed_by_a_later_decline():
    """C-R-GHOULS-5, C-DEC-1, C-DEC-3: declining, the Ghouls do not act; the Ghouls were the
    older In Decline race, so they leave the map and their banner goes back (C-PICK-5)."""
    s = start(regions=GHOULS + '\n"C2.9" = { player = 0 }')
    engine.apply_action(s, "decline")
    assert s.acting is None
    assert s.decline[0] == "ratmen" and "ghouls" not in s.decline
    assert s.in_box("ghouls") == 10 and 1 not in [s.occ[rid(s, 1)], s.occ[rid(s, 2)]]
    check_invariants(s)


def test_in_decline_ghouls_lose_one_and_redeploy_the_rest():
    """C-CONQ-7 (Ruling), C-TROOP-4: an opponent conquering a 3-token In Decline Ghoul Region
    discards 1; the owner redeploys the other 2 among its Ghoul Regions after scoring."""
    s = make(race="humans", power="forest", hand=6, p1='decline = "ghouls"', regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 1, decline = true, tokens = 3 }\n'
        '"C2.6" = { player = 1, decline = true }\n"C2.8" = { player = 1, decline = true }'))
    box = s.in_box("ghouls")
    engine.apply_action(s, "conquer C2.2")  # 2 + 3 = 5
    assert s.in_box("ghouls") == box + 1 and s.dhand == {"ghouls": 2}
    check_invariants(s)
    engine.apply_action(s, "end")
    while s.current_player() == 0 and s.phase == "redeploy":
        engine.apply_action(s, str(engine.legal_actions(s)[-1]))
    assert s.phase == "defend" and s.current_player() == 1 and s.acting == (1, 1, "spirit", None)
    assert acts_text(s) >= {"redeploy C2.6 2", "redeploy C2.8 1"}
    engine.apply_action(s, "redeploy C2.8 2")
    assert s.acting is None and s.dhand == {} and s.tokens[rid(s, 8)] == 3
    assert s.decline[1] == "ghouls" and s.active[1] == "sorcerers" and s.power[1] == "spirit"
    check_invariants(s)


def test_random_games_with_ghouls_conserve_tokens():
    """C-R-GHOULS-2, C-CONQ-7: random 2–5 player games in which In Decline Ghouls act keep every
    race's tokens (seeds where the Ghouls' own turn happens)."""
    import random

    from smallworld.core.game import Game

    for n, seed in ((2, 4), (3, 3), (4, 1), (5, 3)):
        g = Game.new(n, seed=seed, edition="classic")
        rng = random.Random(seed)
        s = g.state
        acted = False
        while not s.is_over():
            if s.current_player() == CHANCE:
                engine.apply_action(s, chance.sample(s, rng), check=False)
            else:
                engine.apply_action(s, rng.choice(engine.legal_actions(s)))
            acted = acted or s.acting is not None
            check_invariants(s)
        assert acted, (n, seed)


def test_own_heroic_region_taken_by_ghouls_protects_nothing():
    """C-R-GHOULS-2, C-CONQ-12: the Ghouls may take their owner's own Hero Region (immunity is
    against opponents); held by In Decline Ghouls, the Hero there no longer makes it immune."""
    s = start(race="ratmen", power="heroic", regions=(
        '"C2.1" = { player = 0, decline = true, tokens = 5 }\n'
        '"C2.6" = { player = 0, pieces = { hero = 1 } }\n"C2.12" = { player = 1 }'))
    s.supply[s.spec.piece_index["hero"]] -= 1
    assert 6 not in tg(s, 1)
    engine.apply_action(s, "expand")
    assert "conquer C2.6" in acts_text(s)
    engine.apply_action(s, "conquer C2.6")
    engine.apply_action(s, "end")
    finish_redeploy(s)
    assert s.occ[rid(s, 6)] == 1 and s.piece("hero", rid(s, 6)) == 1
    assert 6 in tg(s, 1)


def test_ghoul_conquests_do_not_stop_their_owners_diplomat_naming():
    """C-EDGE-7, C-R-GHOULS-3: the Diplomat player's In Decline Ghouls attacking seat 1 do not
    count as the Diplomat race's attacks: seat 1 may still be named."""
    s = start(power="diplomat", regions=GHOULS + '\n"C2.9" = { player = 0 }\n"C2.3" = { player = 1 }')
    engine.apply_action(s, "expand")
    engine.apply_action(s, "conquer C2.3")
    engine.apply_action(s, "end")
    finish_redeploy(s)
    assert s.acting is None and s.power[0] == "diplomat"
    engine.apply_action(s, "end")
    while s.phase == "redeploy":
        engine.apply_action(s, str(engine.legal_actions(s)[-1]))
    assert "ally 1" in acts_text(s)
