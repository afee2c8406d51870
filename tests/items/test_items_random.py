"""Random-game smoke tests for the items (RULES §11, R-SET-4): seeded random games run to the end
without errors, race tokens are conserved (RULES §2.1: box + hands + boards == in_box), every
item gets revealed in some game, and the items' own actions get used."""

from __future__ import annotations

import random

from smallworld.content.data import ITEMS
from smallworld.core.game import Game
from smallworld.core.state import CHANCE, State
from tests.builders import position, seat
from tests.conftest import random_step
from tests.invariants import check_invariants

ITEM_ACTIONS = {"ashes", "doomhammer", "frostmourne", "aegis", "heart", "battleground"}
MAX_GAMES = 150


def _play(g: Game, rng: random.Random, seen: set[str], used: set[str]) -> None:
    while not g.state.is_over():
        if g.current_player() == CHANCE:
            a = g.resolve_chance()
        else:
            a = g.apply(rng.choice(g.legal_actions()), check=False)
        check_invariants(g.state)
        if a.kind == "item":
            seen.add(str(a.args[0]))
        elif a.kind in ITEM_ACTIONS or (a.kind == "pay" and a.args[0] == "aegis"):
            used.add(a.kind if a.kind != "pay" else "pay aegis")


def test_every_item_is_revealed_in_seeded_5_player_games():
    """R-SET-4, R-ITEM-1: across seeded random 5-player games every one of the 12 items is
    revealed at least once (the Well's replacement draw counts), every game ends, tokens are
    conserved at every step, and the Artifacts' and Battleground's actions are used."""
    seen: set[str] = set()
    used: set[str] = set()
    games = 0
    while games < MAX_GAMES and (seen != set(ITEMS) or used != ITEM_ACTIONS | {"pay aegis"}):
        g = Game.new(5, seed=f"items-{games}")
        _play(g, random.Random(games), seen, used)
        assert g.state.round == g.state.spec.rounds  # R-TURN-1: it ran every round
        games += 1
    assert seen == set(ITEMS), f"never revealed: {sorted(set(ITEMS) - seen)}"
    assert used == ITEM_ACTIONS | {"pay aegis"}, f"never used: {sorted(ITEM_ACTIONS - used)}"


def crowded() -> State:
    """Every item in play at once: seat 0's Orcs, seat 1's Kobolds (In Decline Trolls), seat 2's
    Tauren, on L1 + M1 + S3."""
    return position('''
        "L1.9" = { player = 0, tokens = 2, item = "ashes-of-alar" }
        "L1.5" = { player = 0, tokens = 1, item = "doomhammer" }
        "L1.4" = { player = 0, tokens = 1, item = "frostmourne" }
        "L1.13" = { player = 1, tokens = 2, item = "aegis-of-aggramar" }
        "L1.10" = { player = 1, tokens = 1, item = "battleground" }
        "L1.6" = { player = 1, tokens = 1, decline = true, item = "heart-of-azeroth" }
        "L1.1" = { player = 2, tokens = 2, item = "lights-hope-chapel" }
        "L1.2" = { player = 2, tokens = 2, item = "spirit-healer" }
        "L1.3" = { item = "karazhan" }
        "L1.14" = { murlocs = 1, item = "meeting-stone" }
        "M1.4" = { item = "dark-portal" }
        "S3.2" = { item = "?" }
        "L1.7" = { item = "well-of-eternity" }
    ''', seat("orcs", "mining", hand=6), seat("kobolds", "ranger", decline="trolls"),
                    seat("tauren", "farmer"), boards=("L1", "M1", "S3"))


def _playout(s: State, rng: random.Random) -> None:
    steps = 0
    while not s.is_over():
        random_step(s, rng)
        check_invariants(s)
        steps += 1
        assert steps < 20000


def test_random_playouts_from_a_board_full_of_items():
    """RULES §11: every item in play at once (Tauren, a Neutral race, an In Decline holder);
    random playouts run to the end with tokens conserved and items never duplicated."""
    start = crowded()
    for seed in range(12):
        s = start.copy()
        _playout(s, random.Random(seed))
        on_board = [i for here in s.items for i in here if i != "?"]
        assert len(on_board) == len(set(on_board))
        assert not set(on_board) & set(s.item_pool)
