"""The RL environments in the classic edition (the original Small World): its own action
catalogue and observation layout, the PettingZoo API, masks equal to the legal actions in
random and greedy games, the single-agent env against greedy bots, the OpenSpiel-style
interface, and the hidden-information test."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import seed_test

from smallworld.bots import make_bot
from smallworld.classic.registry import POWER_ABILITIES, RACE_ABILITIES
from smallworld.core import engine
from smallworld.core.actions import CHANCE_KINDS, Action
from smallworld.core.roster import changed
from smallworld.core.state import replaced
from smallworld.core.view import view
from smallworld.rl import (
    ActionCatalogue,
    SmallWorldEnv,
    SmallWorldSingleAgentEnv,
    region_slots,
    smallworld_v1,
)
from smallworld.rl.catalogue import CATALOGUES, CatalogueError
from smallworld.rl.spiel import SpielGame, random_playout
from tests.rl.helpers import play_masked, seeded_api_test


def _check_mask(env: SmallWorldEnv, obs) -> None:
    legal = engine.legal_actions(env.game_state)
    mask = obs["action_mask"]
    assert mask.dtype.name == "int8" and mask.shape == (env.catalogue.size,)
    indexes = {env.actions.index(a) for a in legal}  # CatalogueError names an unknown action
    assert len(indexes) == len(legal)
    assert set(mask.nonzero()[0].tolist()) == indexes
    for a in legal:
        assert env.actions.action(env.actions.index(a)) == a


def test_catalogue_is_chosen_per_edition_and_warcraft_is_unchanged():
    """A row of CATALOGUES per edition; Warcraft's sizes are the documented ones (v0/v1)."""
    assert set(CATALOGUES) >= {"swow", "swow-team", "classic"}
    assert [ActionCatalogue(region_slots(n)).size for n in (2, 3, 4, 5)] == [2730, 5343, 8505, 12743]
    assert [region_slots(n, edition="classic") for n in (2, 3, 4, 5)] == [23, 30, 39, 48]
    cat = ActionCatalogue(region_slots(3, edition="classic"), edition="classic")
    names = [b.name for b in cat.blocks]
    assert names[:7] == ["pick", "expand", "decline", "end", "done", "berserk", "ally"]
    assert "buy" not in names and "portal" not in names
    with pytest.raises(ValueError, match="no RL action catalogue"):
        ActionCatalogue(10, edition="nope")


def test_every_classic_action_kind_has_a_block():
    """Each kind of the classic abilities' `action_kinds` is in the classic catalogue."""
    cat = ActionCatalogue(10, edition="classic")
    kinds = {blk.kind for blk in cat.blocks}
    declared = set()
    for table in (RACE_ABILITIES, POWER_ABILITIES):
        for ab in table.values():
            declared |= set(ab.action_kinds)
    assert declared and declared <= kinds, declared - kinds
    assert not kinds & CHANCE_KINDS


def test_classic_index_round_trips_and_unknown_actions_are_named():
    env = SmallWorldEnv(3, "classic")
    env.reset(seed=3)
    b = env.actions
    named = 0
    for i in range(env.catalogue.size):
        a = b.action(i)
        if a is not None:
            named += 1
            assert b.index(a) == i, (i, a)
    assert named > 0.9 * env.catalogue.size
    for bad in [Action("buy", (3,)), Action("ally", (7,)), Action("portal", ("C3.1", "C3.2"))]:
        with pytest.raises(CatalogueError, match=r"buy|ally 7|portal"):
            b.index(bad)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_mask_is_exactly_the_legal_actions_in_random_classic_games(players):
    env = SmallWorldEnv(players, "classic")
    kinds: set[str] = set()

    def each(env, obs):
        _check_mask(env, obs)
        kinds.update(a.kind for a in engine.legal_actions(env.game_state))

    for seed in (players * 10 + 1, players * 10 + 2):
        played = play_masked(env, seed, rng_seed=seed, each=each)
        assert env.game_state.is_over() and len(played) > 50
    assert {"pick", "conquer", "redeploy", "decline", "end"} <= kinds


def test_the_amazons_choice_is_offered_at_appended_indexes():
    """C-R-AMAZONS-2 (revised): the player's choice of the tokens leaving the map is in the
    catalogue (``offmap R``), after every published index, and masked exactly (2p seed 2 meets
    it in a random game)."""
    env = SmallWorldEnv(2, "classic")
    last_published = max(b.start + b.size for b in env.catalogue.blocks if b.name != "offmap")
    (block,) = [b for b in env.catalogue.blocks if b.name == "offmap"]
    assert block.start == last_published and block.size == region_slots(2, edition="classic")
    seen: list[int] = []

    def each(env, obs):
        _check_mask(env, obs)
        seen.extend(i for i in obs["action_mask"].nonzero()[0].tolist() if i >= block.start)

    play_masked(env, 2, rng_seed=2, each=each)
    assert seen and all(env.actions.action(i).kind == "offmap" for i in seen)


@pytest.mark.parametrize("players", [2, 4])
def test_mask_is_exactly_the_legal_actions_in_greedy_classic_games(players):
    env = SmallWorldEnv(players, "classic")
    for seed in (7, 8):
        env.reset(seed=seed)
        bots = [make_bot("greedy", seed=f"{seed}:{p}") for p in range(players)]
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            _check_mask(env, obs)
            s, p = env.game_state, env.seat_of(agent)
            env.step(env.actions.index(bots[p].choose(s, p, engine.legal_actions(s))))
        assert env.game_state.is_over()


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("players", [2, 5])
def test_pettingzoo_api_and_seed_test(players):
    env = SmallWorldEnv(players, "classic", seed=players)
    seeded_api_test(env, num_cycles=300)
    seeded_api_test(smallworld_v1.raw_env(players=players, edition="classic", seed=players), num_cycles=100)
    seed_test(lambda: smallworld_v1.env(players=players, edition="classic"), num_cycles=60)


def _vector(obs) -> np.ndarray:
    if isinstance(obs, dict):
        return np.concatenate([_vector(obs[k]) for k in sorted(obs)])
    return np.asarray(obs, dtype=np.float64).ravel()


@pytest.mark.parametrize("options", [{}, {"observation": "compact"}, {"observation": "graph"}],
                         ids=["flat", "compact", "graph"])
def test_hidden_facts_do_not_change_a_classic_observation(options):
    """Other seats' VC and last scores and the order of the stacks leave seat 0's observation
    unchanged; its own VC changes it."""
    env = SmallWorldEnv(3, "classic", **options)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(40):
        env.step(int(rng.choice(np.flatnonzero(env.action_mask(env.agent_selection)))))
    before = _vector(env.observe("player_0"))
    other_before = _vector(env.observe("player_1"))
    s = env.game_state
    s.vc[1] += 17
    s.vc[2] += 3
    s.last_score = replaced(s.last_score, 1, (("Regions", 40),))
    s.banner_stack.reverse()
    s.badge_stack.reverse()
    np.testing.assert_array_equal(_vector(env.observe("player_0")), before)
    assert not np.array_equal(_vector(env.observe("player_1")), other_before)
    s.vc[0] += 1
    assert not np.array_equal(_vector(env.observe("player_0")), before)


def test_classic_observation_layout_and_bounds():
    """No Warcraft-only entries; every observation of a random game is inside its space (true
    bounds of the compact Box); every flag, turn flag and piece seen in a view is encoded; the
    Spirit's second In Decline race has its own one-hots."""
    env = SmallWorldEnv(5, "classic", observation="compact")
    names = env.encoder.feature_names()
    assert len(names) == env.encoder.size == len(set(names))
    assert not any(x in n for n in names for x in ("team.", ".side=", "item", "faction", "murloc"))
    assert "players[+0].decline2=elves" in names and "players[+0].kept2=spirit" in names
    assert "regions[0].occupant=decline2" in names
    assert env.compact.size < env.encoder.size
    seen: set[str] = set()
    pieces: set[str] = set()

    def each(env, obs):
        v = view(env.game_state, env.seat_of(env.agent_selection))
        seen.update(v["flags"])
        seen.update(v["turn_flags"])
        for r in v["regions"]:
            pieces.update(r["pieces"])
        assert env.observation_space(env.agent_selection).contains(obs)

    for seed in (1, 2):
        play_masked(env, seed, rng_seed=seed, each=each)
    counts = {f.key for f in env.encoder.flag_plan.section if f.encode == "count"}
    known = counts | {"pillaging-non-empty", "diplomat-ally", "diplomat-attacked",
                                                "sorcerers-victims"}
    assert seen and seen <= known, seen - known
    assert pieces and pieces <= set(env.encoder.t.pieces)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_single_agent_env_against_greedy_in_classic():
    check_env(SmallWorldSingleAgentEnv(2, "classic", opponents="greedy", observation="compact",
                                       mask_in_obs=False), skip_render_check=True)
    env = SmallWorldSingleAgentEnv(3, "classic", seat="random", opponents="greedy", observation="compact",
                                   mask_in_obs=False)
    rng = np.random.default_rng(0)
    for seed in (1, 2):
        obs, info = env.reset(seed=seed)
        done = False
        steps = 0
        while not done:
            assert env.observation_space.contains(obs)
            mask = info["action_mask"]
            assert set(np.flatnonzero(mask)) == set(env.aec.legal_actions())
            obs, _reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            done = term or trunc
            steps += 1
        assert term and "result" in info and steps > 10


def test_spiel_interface_in_classic():
    game = SpielGame(2, "classic")
    assert game.num_distinct_actions() == ActionCatalogue(23, edition="classic").size
    st = game.new_initial_state(5)
    rng = np.random.default_rng(0)
    returns = random_playout(st, rng)
    assert st.is_terminal() and sum(returns) == pytest.approx(1.0)
    st = game.new_initial_state(6)
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert st.observation_tensor(0).shape == (game.compact.size,)
    assert st.legal_actions() and all(0 <= i < game.num_distinct_actions() for i in st.legal_actions())


def test_spirit_second_decline_race_is_encoded():
    """C-P-SPIRIT-1: a seat's second In Decline race (``decline2``, Regions coded
    ``2 * (n + p) + 1``) has its own one-hots and Region occupant."""
    env = SmallWorldEnv(3, "classic")
    env.reset(seed=2)
    s = env.game_state
    n = s.spec.n_players
    s.decline2[1] = "elves"
    s.kept2[1] = "spirit"
    changed(s)
    s.occ[0], s.tokens[0] = 2 * (n + 1) + 1, 1
    names = env.encoder.feature_names()
    obs = env.observe("player_0")["observation"]
    assert obs[names.index("players[+1].decline2=elves")] == 1
    assert obs[names.index("players[+1].kept2=spirit")] == 1
    assert obs[names.index("regions[0].occupant=decline2")] == 1
    assert obs[names.index("regions[0].owner=+1")] == 1
    assert obs[names.index("regions[0].occupant=decline")] == 0
