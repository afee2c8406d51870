"""The fixed action catalogue: layout, index <-> action round trips, and the mask equal to the
engine's legal actions at every step of complete games."""

from __future__ import annotations

import pytest

from smallworld.bots import make_bot
from smallworld.content.registry import ITEM_ABILITIES, POWER_ABILITIES, RACE_ABILITIES
from smallworld.core import engine
from smallworld.core.actions import CHANCE_KINDS, Action
from smallworld.core.game import Game
from smallworld.rl import ActionCatalogue, CatalogueError, SmallWorldEnv, region_slots
from smallworld.rl.catalogue import MAX_TOKENS, AmountBeyondCap
from tests.rl.helpers import play_masked


def _bound(n: int = 3, seed: int = 5, edition: str = "swow", cap: int = MAX_TOKENS):
    g = Game.new(n, seed=seed, edition=edition)
    g.settle()
    cat = ActionCatalogue(region_slots(n), cap)
    return g, cat, cat.bind(g.state.spec)


def test_region_slots_cover_every_selection():
    """The slot count is the largest board selection per player count (RULES §2.4)."""
    assert [region_slots(n) for n in (2, 3, 4, 5)] == [26, 39, 51, 64]
    assert region_slots(3, ["L1", "M1", "S3"]) == 15 + 12 + 8
    with pytest.raises(ValueError):
        region_slots(6)


def test_blocks_tile_the_index_range():
    cat = ActionCatalogue(region_slots(5))
    at = 0
    for _, start, stop in cat.layout():
        assert start == at and stop > start
        at = stop
    assert at == cat.size == len(cat)
    assert cat.block_of(0).name == "pick" and cat.block_of(cat.size - 1).name == "intimidate-move"
    with pytest.raises(IndexError):
        cat.block_of(cat.size)


def test_every_index_round_trips_in_a_game():
    """action(i) -> index(...) == i for every index naming an action; unused slots name none."""
    g, cat, b = _bound(3)
    named = 0
    for i in range(cat.size):
        a = b.action(i)
        if a is None:
            continue
        named += 1
        assert b.index(a) == i, (i, a)
    n = g.state.spec.n_regions
    assert b.action(cat.blocks[[x.name for x in cat.blocks].index("conquer")].start + n) is None
    assert named > 0.5 * cat.size


def test_unknown_actions_are_named_in_the_error():
    _, _, b = _bound(3)
    for bad in [Action("teleport", ("L1.1",)), Action("pay", ("bribe",)), Action("pick", (9,)),
                Action("conquer", ("Z9.9",)), Action("portal", ("M1.1", "M1.1"))]:
        with pytest.raises(CatalogueError, match=r"pick 9|teleport|bribe|Z9\.9|portal"):
            b.index(bad)


def test_redeploy_cap_leaves_only_larger_amounts_out():
    """With a small cap, `redeploy R N` above it has no index and is left out of the mask; the
    smaller amounts stay."""
    g, _, b = _bound(3, cap=2)
    rid = g.state.spec.region_ids[0]
    with pytest.raises(AmountBeyondCap):
        b.index(Action("redeploy", (rid, 3)))
    mask, by_index = b.mask([Action("redeploy", (rid, n)) for n in (1, 2, 3)])
    assert mask.sum() == 2 and sorted(str(a) for a in by_index.values()) == [f"redeploy {rid} 1", f"redeploy {rid} 2"]
    with pytest.raises(CatalogueError, match="teleport"):
        b.mask([Action("teleport", ())])


def test_every_declared_ability_action_kind_has_a_block():
    """Each kind in the content's `action_kinds` (RULES §9-§11) is in the catalogue."""
    cat = ActionCatalogue(10)
    kinds = {blk.kind for blk in cat.blocks}
    declared = set()
    for table in (RACE_ABILITIES, POWER_ABILITIES, ITEM_ABILITIES):
        for ab in table.values():
            declared |= set(ab.action_kinds)
    assert declared and declared <= kinds, declared - kinds
    assert not kinds & CHANCE_KINDS


CONFIGS = [(2, "swow"), (3, "swow"), (4, "swow"), (5, "swow"), (2, "swow-team"), (3, "swow-team"),
           (4, "swow-team"), (5, "swow-team")]


def _check_mask(env: SmallWorldEnv, obs) -> None:
    legal = engine.legal_actions(env.game_state)
    mask = obs["action_mask"]
    assert mask.dtype.name == "int8" and mask.shape == (env.catalogue.size,)
    indexes = {env.actions.index(a) for a in legal}  # raises CatalogueError naming an unknown one
    assert len(indexes) == len(legal)
    assert set(mask.nonzero()[0].tolist()) == indexes
    for a in legal:
        assert env.actions.action(env.actions.index(a)) == a


@pytest.mark.parametrize("players,edition", CONFIGS)
def test_mask_is_exactly_the_legal_actions_in_random_games(players, edition):
    """At every step of complete random games the mask is 1 exactly at the legal actions and
    every legal action maps to an index and back to the same Action."""
    env = SmallWorldEnv(players, edition)
    for seed in (players * 10 + 1, players * 10 + 2, players * 10 + 3):
        played = play_masked(env, seed, rng_seed=seed, each=_check_mask)
        assert env.game_state.is_over() and len(played) > 50


@pytest.mark.parametrize("players", [3, 4])
def test_mask_is_exactly_the_legal_actions_in_greedy_games(players):
    """Greedy bots use powers and items more than random play does (other action kinds)."""
    env = SmallWorldEnv(players)
    for seed in (7, 8):
        env.reset(seed=seed)
        bots = [make_bot("greedy", seed=f"{seed}:{p}") for p in range(players)]
        kinds = set()
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            _check_mask(env, obs)
            s, p = env.game_state, env.seat_of(agent)
            a = bots[p].choose(s, p, engine.legal_actions(s))
            kinds.add(a.kind)
            env.step(env.actions.index(a))
        assert {"pick", "conquer", "end"} <= kinds


def test_a_theft_naming_one_of_several_artifacts_has_an_index():
    """R-ITEM-2: a Region may hold several Artifacts, and the Ethereals' theft then names one
    (``steal FROM TO ARTIFACT``). The catalogue's ``steal FROM TO`` index takes the first one
    listed, so the mask never meets an action it cannot index (this crashed training)."""
    from smallworld.rl.catalogue import ActionCatalogue
    from tests.conftest import scenario

    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "ethereals"
        power = "farmer"
        hand = 3
        [[players]]
        race = "orcs"
        power = "mining"
        [regions]
        "L1.5" = { player = 0, tokens = 1 }
        "L1.4" = { player = 1, tokens = 1, items = ["frostmourne", "doomhammer"] }
    """)
    legal = engine.legal_actions(s)
    thefts = [a for a in legal if a.kind == "steal"]
    assert len(thefts) == 2
    bound = ActionCatalogue(s.spec.n_regions).bind(s.spec)
    mask, by_index = bound.mask(legal)
    i = bound.index(thefts[0])
    assert bound.index(thefts[1]) == i and mask[i] == 1 and by_index[i] == thefts[0]
    assert int(mask.sum()) == len(legal) - 1
    engine.apply_action(s, by_index[i])
    assert "frostmourne" in s.items[s.region_of("L1.5")]


def test_region_slots_and_stable_ids_come_from_the_editions_board_selections(monkeypatch):
    """RL sizes its tables from Edition.board_selections, never from the edition's name: an
    edition (a copy of classic) whose 2-player game may use map C2 or C5 gets the larger map's
    48 slots, and stable Region ids over C2 and C5 only; one declaring no selections is refused
    by name."""
    import dataclasses

    from smallworld.core import edition as editions
    from smallworld.rl.observations import stable_region_ids

    classic = editions.get("classic")
    toy = dataclasses.replace(classic, name="toy-two-maps", board_selections=lambda n: [("C2",), ("C5",)])
    monkeypatch.setitem(editions._EDITIONS, toy.name, toy)
    assert region_slots(2, edition="classic") == 23
    assert region_slots(2, edition=toy.name) == 48
    assert region_slots(2, ["C2"], edition=toy.name) == 23
    ids = stable_region_ids(toy.name)
    assert {ref.split(".")[0] for ref in ids} == {"C2", "C5"} and len(ids) == 23 + 48
    assert list(ids.values()) == list(range(len(ids)))
    bare = dataclasses.replace(classic, name="toy-no-selections", board_selections=None)
    monkeypatch.setitem(editions._EDITIONS, bare.name, bare)
    with pytest.raises(ValueError, match=r"toy-no-selections.*declares no board selections"):
        region_slots(2, edition=bare.name)
    with pytest.raises(ValueError, match="is for 2 to 5 players, not 6"):
        region_slots(6, edition="classic")
