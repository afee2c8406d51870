"""Interactions of RULES-classic §12 not covered by a race's or power's own module:
C-EDGE-4 (immunity is not defense) and C-EDGE-6 (Amazons take their 4 off before placements)."""

import pytest

from smallworld.core import engine
from tests.classic.helpers import cost, make, rid, tg


@pytest.mark.parametrize("piece,power1,race1", [
    ("hero", "heroic", "humans"), ("dragon", "dragon-master", "humans"), ("hole", "hill", "halflings"),
])
def test_immunity_pieces_make_a_region_immune_not_dearer(piece, power1, race1):
    """C-EDGE-4, C-CONQ-12: a Hero, the Dragon or a Hole makes the opponent's Region immune
    (not a target); it adds nothing to the cost (taken off, the cost is 2 + 1 token)."""
    s = make(race="ratmen", power="merchant", race1=race1, power1=power1, regions=(
        f'"C2.1" = {{ player = 0 }}\n"C2.2" = {{ player = 1, pieces = {{ {piece} = 1 }} }}'))
    assert 2 not in tg(s)
    assert cost(s, 2) == 3
    s.add_piece(piece, rid(s, 2), -1)
    assert 2 in tg(s) and cost(s, 2) == 3


@pytest.mark.parametrize("pieces,extra", [
    ("troll-lair = 1", 1), ("fortress = 1", 1), ("encampment = 2", 2),
])
def test_defense_pieces_and_mountains_add_cost_never_immunity(pieces, extra):
    """C-EDGE-4, C-CONQ-3: a Lair, a Fortress, Encampments (and a Mountain, C2.5) add +1 each
    to the cost and never make the Region immune."""
    s = make(race="ratmen", power="merchant", race1="trolls", power1="bivouacking", regions=(
        f'"C2.1" = {{ player = 0 }}\n"C2.2" = {{ player = 1, pieces = {{ {pieces} }} }}\n'
        '"C2.5" = { player = 1 }'))
    assert {2, 5} <= tg(s)
    assert cost(s, 2) == 3 + extra and cost(s, 5) == 2 + 1 + 1


@pytest.mark.parametrize("power,act", [("heroic", "hero"), ("bivouacking", "camp"), ("fortified", "fortress")])
def test_amazons_take_their_four_off_before_placing_pieces(power, act):
    """C-EDGE-6, C-ORDER-2, C-R-AMAZONS-2: Amazons with 5 tokens on 3 Regions take 4 off after
    redeploying, abandoning the Regions the player chooses (here C2.1 with the most tokens);
    the pieces of Heroic, Bivouacking or Fortified are then offered, and land, only in Regions
    still held."""
    s = make(race="amazons", power=power, hand=0, regions=(
        '"C2.1" = { player = 0, tokens = 3 }\n"C2.2" = { player = 0 }\n"C2.3" = { player = 0 }'))
    engine.apply_action(s, "end")
    while s.phase == "redeploy":
        engine.apply_action(s, "redeploy C2.1 " + str(s.hand[0]))
    while s.decisions and s.decisions[-1] == (0, "race:amazons"):  # C2.1 first, then C2.2
        engine.apply_action(s, min(str(a) for a in engine.legal_actions(s)))
    assert [s.occ[s.region_of(f"C2.{n}")] for n in (1, 2, 3)] == [-1, -1, 0]
    assert s.flags["off-map:amazons"] == 4
    held = {r for r, c in enumerate(s.occ) if c == 0}
    assert held and len(held) < 3
    offered = [a for a in engine.legal_actions(s) if a.kind == act]
    assert offered and {s.region_of(str(a.args[0])) for a in offered} <= held
    engine.apply_action(s, offered[0])
    for kind in ("hero", "encampment", "fortress"):
        lst = s.pieces.get(kind) or []
        assert all(r in held for r, n in enumerate(lst) if n)
