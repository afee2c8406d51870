"""The classic edition on the edition-agnostic core (RULES-classic §2–§9)."""

from __future__ import annotations

import random

import pytest

from smallworld.core import edition, engine
from smallworld.core.game import Game
from smallworld.core.state import CHANCE, MURLOC
from tests.classic.helpers import cost, make, rid, tg

ED = edition.get("classic")


def test_tables_of_section_2():
    """RULES-classic §2.1–2.3: 14 races (168 tokens), 20 powers, values, lasting badges
    (C-DEC-2), pieces, the die, rounds (C-TURN-1), 5 VC (C-SET-4)."""
    assert len(ED.races) == 14 and len(ED.powers) == 20
    assert sum(r.in_box for r in ED.races.values()) == 168
    assert ED.races["ratmen"].value == 8 and ED.races["ratmen"].in_box == 13
    assert ED.races["skeletons"].in_box == 20 and ED.races["sorcerers"].in_box == 18
    assert ED.powers["merchant"].value == 2 and ED.powers["fortified"].value == 3
    assert {p for p, d in ED.powers.items() if d.lasts} == {"spirit", "seafaring", "fortified"}
    assert ED.pieces["lost-tribe"] == 18 and ED.pieces["mountain"] == 9
    assert sorted(ED.die_faces) == [0, 0, 0, 1, 2, 3]
    assert dict(ED.rounds_by_players) == {2: 10, 3: 10, 4: 9, 5: 8}
    assert ED.starting_vc == 5 and ED.column_size == 6 and not ED.items


def test_every_ability_defined_with_summary():
    """RULES-classic §10–§11: one Ability per race and power, every one enforced (Ghouls,
    C-R-GHOULS-2, and Spirit, C-P-SPIRIT-1, were the last definitions without effect)."""
    for ab in ED.abilities():
        assert ab.summary and ab.kind in ("race", "power")
        assert ab.id in (ED.races if ab.kind == "race" else ED.powers)
    assert {ab.id for ab in ED.abilities() if not ab.implemented} == set()


@pytest.mark.parametrize("n,regions,borders,tribes,mountains", [
    (2, 23, 16, 9, 4), (3, 30, 18, 10, 7), (4, 39, 23, 14, 8), (5, 48, 27, 18, 9),
])
def test_maps(n, regions, borders, tribes, mountains):
    """RULES-classic §2.4: Regions, border Regions, Lost Tribes, Mountains per map (C-SET-1)."""
    assert ED.choose_faces(n, random.Random(0)) == (f"C{n}",)
    f = ED.load_face(f"C{n}")
    assert len(f.regions) == regions
    assert sum("border" in r.symbols for r in f.regions) == borders
    assert sum("lost-tribe" in r.symbols for r in f.regions) == tribes
    assert sum(r.terrain == "mountain" for r in f.regions) == mountains
    for i, nb in enumerate(f.adjacency):
        assert all(i in f.adjacency[j] for j in nb)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup(n):
    """C-SET-2..4: Lost Tribes on their symbol, 5 VC each, 6 visible combos, region notation."""
    g = Game.new(n, seed=3, edition="classic")
    g.settle()
    s = g.state
    assert s.spec.faces == (f"C{n}",)
    tribes = [r for r in range(s.spec.n_regions) if s.occ[r] == MURLOC]
    assert len(tribes) == sum(s.spec.murloc) and all(s.tokens[r] == 1 for r in tribes)
    assert s.in_supply("lost-tribe") == 18 - len(tribes)
    assert s.in_supply("mountain") == 9 - sum(s.spec.mountain)
    assert s.vc == [5] * n
    assert len(s.column) == 6 and all(c[0] and c[1] for c in s.column)
    assert s.spec.region_ids[0] == f"C{n}.0"


def test_first_conquest_on_border_regions_no_travel():
    """C-CONQ-1: a race with no Region conquers only border land Regions (no Sea without
    Seafaring, never the Lake), with no travel cost."""
    s = make()
    border_land = {i for i in range(23) if "border" in s.spec.symbols[i] and not s.spec.water[i]}
    assert tg(s) == border_land
    assert cost(s, 1) == 2  # empty Farmland: 2, no travel
    assert cost(s, 5) == 3  # empty border Mountain: 2 + 1
    assert cost(s, 3) == 2  # the scenario places no Lost Tribe unless asked


def test_later_conquests_adjacent_only():
    """C-CONQ-2: later conquests only next to the Active race (border Regions are no longer
    targets unless adjacent; the player's In Decline Regions give no reach)."""
    s = make(regions='"C2.1" = { player = 0, tokens = 2 }\n"C2.20" = { player = 0, decline = true }',
             p0='decline = "orcs"')
    assert tg(s) == {2, 5, 6}  # 0 is the Sea
    assert 19 not in tg(s)  # next to the In Decline Region only


def test_lost_tribe_and_mountain_defense():
    """C-CONQ-3, C-SET-3: a Lost Tribe adds 1 (one token), a Mountain adds 1; conquering a Lost
    Tribe discards its token (C-CONQ-7: one lost, nothing to redeploy)."""
    s = make(regions='"C2.1" = { player = 0, tokens = 1 }\n"C2.6" = { lost_tribes = 1 }')
    assert cost(s, 6) == 3
    assert cost(s, 5) == 3
    engine.apply_action(s, "conquer C2.6")
    r = rid(s, 6)
    assert s.occ[r] == 0 and s.tokens[r] == 3 and s.hand[0] == 2
    assert s.in_supply("lost-tribe") == 17  # the discarded Lost Tribe does not come back


def test_seas_and_lake_unconquerable():
    """C-CONQ-5: without Seafaring neither the Seas nor the Lake is a target."""
    s = make(regions='"C2.2" = { player = 0, tokens = 1 }\n"C2.1" = { player = 0, tokens = 1 }')
    assert not tg(s) & {0, 7, 22}


def test_conquest_losses_active_defender():
    """C-CONQ-7: the defender loses 1 token and redeploys the rest at the end of the turn."""
    s = make(race1="humans", power1="forest",
             regions='"C2.1" = { player = 0, tokens = 1 }\n"C2.2" = { player = 1, tokens = 3 }\n'
                     '"C2.3" = { player = 1, tokens = 1 }')
    assert cost(s, 2) == 5
    engine.apply_action(s, "conquer C2.2")
    assert s.hand[1] == 2 and s.in_box("humans") == 10 - 4 + 1


def test_keep_empty_race_c_conq_11():
    """C-CONQ-11: a player whose Active race has no token may keep it (expand, scoring only the
    In Decline race) or decline."""
    s = make(hand=0, p0='decline = "orcs"', regions='"C2.20" = { player = 0, decline = true }')
    s.phase, s.step = "decide", "choose"
    acts = {str(a) for a in engine.legal_actions(s)}
    assert acts == {"expand", "decline"}
    engine.apply_action(s, "expand")
    assert {str(a) for a in engine.legal_actions(s)} == {"end"}
    engine.apply_action(s, "end")
    assert s.last_score[0][0] == ("Regions", 1)


def test_tie_break_c_end_1():
    """C-END-1: ties go to the most race tokens on the map (Active + In Decline)."""
    from smallworld.core.scoring import final_result

    s = make(regions='"C2.1" = { player = 0, tokens = 1 }\n"C2.2" = { player = 1, tokens = 3 }')
    s.vc = [10, 10]
    res = final_result(s)
    assert res["winners"] == [1] and res["tokens"] == [1, 3]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_complete(n):
    """Random classic games at 2–5 players run to the end (C-TURN-1: 10/10/9/8 rounds)."""
    g = Game.new(n, seed=11 + n, edition="classic")
    rng = random.Random(n)
    while not g.state.is_over():
        if g.current_player() == CHANCE:
            g.resolve_chance()
        else:
            g.apply(rng.choice(g.legal_actions()))
    assert g.state.round == ED.rounds_by_players[n]
    assert g.state.result is not None


def test_decline_one_at_a_time_c_dec_2_3():
    """C-DEC-2/3, C-PICK-5: declining keeps 1 token per Region, returns the rest and the hand to
    the box, removes the older In Decline race (its banner to the bottom of the stack) and
    discards the badge unless it lasts."""
    s = make(race="ratmen", power="merchant", hand=2, p0='decline = "orcs"', regions=(
        '"C2.1" = { player = 0, tokens = 3 }\n"C2.20" = { player = 0, decline = true }'))
    s.phase, s.step = "decide", "choose"
    box = s.in_box("ratmen")
    engine.apply_action(s, "decline")
    assert s.decline[0] == "ratmen" and s.active[0] is None
    assert s.tokens[rid(s, 1)] == 1 and s.occ[rid(s, 1)] == 1 and s.occ[rid(s, 20)] == -1
    assert s.in_box("ratmen") == box + 2 + 2
    assert s.banner_bottom[-1] == "orcs" and "merchant" in s.badge_discard
