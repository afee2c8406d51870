"""Random-game smoke test for Kobolds, Naga, Night Elves, Orcs, Pandaren, Tauren, Trolls and
Worgen (RULES §9): seeded random games whose first column offers these races run to the end
without errors, with every race's tokens conserved at every step (RULES §2.1: box + hand + boards
== in box) and pieces within their supply (RULES §2.3: Wisp Walls 9, Harmony 4)."""

from __future__ import annotations

import random

import pytest

from smallworld.content.data import PIECE_SUPPLY
from smallworld.core import chance, engine
from smallworld.core.state import CHANCE
from tests.conftest import scenario
from tests.invariants import check_invariants

MINE = {"kobolds", "naga", "night-elves", "orcs", "pandaren", "tauren", "trolls", "worgen"}

COLUMNS = [
    [("tauren", "intimidating"), ("pandaren", "blacksmith"), ("worgen", "sailing"),
     ("naga", "fishing"), ("kobolds", "championing"), ("night-elves", "garrisoned")],
    [("orcs", "battle-master"), ("trolls", "blacksmith"), ("tauren", "championing"),
     ("pandaren", "intimidating"), ("night-elves", "ranger"), ("worgen", "portal-mage")],
    [("naga", "intimidating"), ("kobolds", "mining"), ("trolls", "beast-master"),
     ("orcs", "enraged"), ("worgen", "defensive"), ("pandaren", "marshdweller")],
]
TABLES = {3: ["L1", "M1", "S3"], 5: ["L1", "L2", "M1", "S1", "S2"]}


def start(n: int, column: list[tuple[str, str]]):
    combos = ", ".join(f'["{r}", "{p}", 0]' for r, p in column)
    players = "[[players]]\n" * n
    return scenario(f"""
        boards = {TABLES[n]!r}
        setup_murlocs = true
        phase = "pick"
        {players}
        [column]
        combos = [{combos}]
    """.replace("'", '"'))


def play(s, seed: int, seen: set[str]) -> None:
    rng = random.Random(seed)
    steps = 0
    while not s.is_over():
        if s.current_player() == CHANCE:
            a = chance.sample(s, rng)
        else:
            legal = engine.legal_actions(s)
            assert legal, f"no legal action at step {steps} (phase {s.phase})"
            a = legal[rng.randrange(len(legal))]
        engine.apply_action(s, a, check=False)
        seen.update(r for r in s.active if r in MINE)
        check_invariants(s)
        assert s.in_supply("harmony") + len(s.flags.get("harmony", ())) == PIECE_SUPPLY["harmony"]
        assert 0 <= s.in_supply("wisp-wall") <= PIECE_SUPPLY["wisp-wall"]
        steps += 1
        assert steps < 20000, "game does not end"
    assert s.round == s.spec.rounds


@pytest.mark.parametrize("n", [3, 5])
@pytest.mark.parametrize("col", range(len(COLUMNS)))
def test_random_games_with_races_b(n, col):
    """RULES §9 (these races), §2.1, §2.3: seeded random games run to completion, conserving
    tokens and pieces; each column's races do get played."""
    seen: set[str] = set()
    for seed in range(6):
        play(start(n, COLUMNS[col]), 1000 * col + 10 * n + seed, seen)
    assert {r for r, _ in COLUMNS[col]} <= seen  # every offered race was played
