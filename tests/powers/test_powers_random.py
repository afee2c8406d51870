"""Random-game smoke test of the 20 Special Powers (RULES §10): for each power, seeded random
games in which seat 0 starts by picking that power (with a varying race) run to the end with no
error, every reachable state keeping the invariants: race tokens conserved (box + hand + board ==
in_box, RULES §2.1), pieces within their box (§2.3), and the powers' own pieces accounted for
(Beasts 5, Champion 1: board + hand + box; Watch Towers, Beasts and the Champion only on Active
Regions; at most 1 Fort per Region; a Region held with 0 tokens holds a Beast or the Champion)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from smallworld.content.data import PIECE_SUPPLY, POWERS, RACES
from smallworld.core import chance, engine
from smallworld.core.state import CHANCE, State
from tests.builders import position, seat
from tests.invariants import check_invariants

RACE_IDS = sorted(RACES)
SEEDS = 3  # games per power
#: the powers' own action kinds; the random player favours them so that they get exercised
POWER_KINDS = frozenset({"champion", "intimidate", "portal"})

def table(race, power):
    """A 3-player game (L1 + M2 + S3, Murlocs and items set up as in a new game) where seat 0
    picks ``race`` + ``power``, the only combo of the column."""
    return position("", seat(), seat(), seat(), phase="pick", boards=("L1", "M2", "S3"), setup_murlocs=True,
                    column={"combos": [[race, power, 0]]})


def power_pieces_ok(s: State) -> None:
    n = s.spec.n_regions
    board = s.pieces.get("beast") or [0] * n
    hand = sum(v for k, v in s.flags.items() if k.startswith("beasts-hand-"))
    assert sum(board) + hand + s.in_supply("beast") == PIECE_SUPPLY["beast"]
    champ = s.pieces.get("champion") or [0] * n
    assert sum(champ) + ("champion-hand" in s.flags) + s.in_supply("champion") == PIECE_SUPPLY["champion"]
    for r in range(n):
        occ = s.occ[r]
        for kind in ("beast", "champion", "watch-tower"):
            if s.piece(kind, r):
                assert occ >= 0 and occ % 2 == 0, f"{kind} on a Region not held by an Active race"
        assert s.piece("fort", r) <= 1
        if occ >= 0 and s.tokens[r] == 0:
            assert s.piece("beast", r) or s.piece("champion", r), "Region held with no token"


def play(power: str, seed: int, used: Counter) -> None:
    rng = random.Random(f"{power}-{seed}")
    s = table(RACE_IDS[(seed * 7 + len(power)) % len(RACE_IDS)], power)
    engine.apply_action(s, "pick 0")
    steps = 0
    while not s.is_over():
        if s.current_player() == CHANCE:
            outs = chance.outcomes(s)
            a = rng.choices([o for o, _ in outs], [p for _, p in outs])[0]
        else:
            legal = engine.legal_actions(s)
            assert legal, "a player must always have a legal action"
            assert len({str(x) for x in legal}) == len(legal), "duplicate legal actions"
            mine = [x for x in legal if x.kind in POWER_KINDS]
            if mine and rng.random() < 0.5:
                a = rng.choice(mine)
            elif s.phase == "decide" and rng.random() < 0.8:
                a = legal[0]  # expand: races live longer, so their powers act more
            else:
                a = rng.choice(legal)
            used[a.kind] += 1
        engine.apply_action(s, a, check=False)
        check_invariants(s)
        power_pieces_ok(s)
        steps += 1
        assert steps < 20000
    assert s.result is not None


@pytest.mark.parametrize("power", sorted(POWERS))
def test_random_games_with_each_power(power):
    """RULES §10: every power survives random play with tokens and pieces conserved."""
    used: Counter = Counter()
    for seed in range(SEEDS):
        play(power, seed, used)
    kind = {"championing": "champion", "intimidating": "intimidate", "portal-mage": "portal"}.get(power)
    if kind:
        assert used[kind] > 0
