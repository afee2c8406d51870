"""Observations: built from the observing seat's view only (RULES §15), documented layout."""

from __future__ import annotations

import random

import numpy as np
import pytest

from smallworld.core import engine
from smallworld.core.state import replaced
from smallworld.core.view import view
from smallworld.rl import ObservationEncoder, SmallWorldEnv
from smallworld.rl.layout import flag_plan, tables
from tests.rl.helpers import play_masked


def _midgame(players: int = 3, edition: str = "swow", seed: int = 4, steps: int = 40, **options) -> SmallWorldEnv:
    env = SmallWorldEnv(players, edition, **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        mask = env.action_mask(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return env


#: every observation option of the env (the hidden-information tests run for each)
OPTIONS = [
    {},
    {"observation": "compact"},
    {"observation": "compact", "mask_in_obs": False},
    {"observation": "graph"},
    {"observation": "graph", "mask_in_obs": False},
    {"observation": "flat", "mask_in_obs": False, "adjacency": False},
]


def _vector(obs) -> np.ndarray:
    """Any observation option as one flat array (dicts in key order)."""
    if isinstance(obs, dict):
        return np.concatenate([_vector(obs[k]) for k in sorted(obs)])
    return np.asarray(obs, dtype=np.float64).ravel()


def test_layout_names_and_sizes_agree():
    enc = ObservationEncoder(4, 51)
    names = enc.feature_names()
    assert len(names) == enc.size == len(set(names))
    at = 0
    for sl in enc.layout.values():
        assert sl.start == at
        at = sl.stop
    assert at == enc.size
    assert names[enc.layout["players"].start] == "players[+0].seat=0"
    assert enc.layout["adjacency"].stop - enc.layout["adjacency"].start == 51 * 50 // 2
    assert "adjacency" not in ObservationEncoder(4, 51, adjacency=False).layout


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_hidden_facts_do_not_change_a_seats_observation(options):
    """Two states that differ only in what seat 0 may not know (other seats' VC and last
    scores, the order of the stacks, the unrevealed item pool) give seat 0 the same
    observation; seat 0's own VC does change it (so the comparison can fail). For every
    observation option."""
    env = _midgame(**options)
    me = "player_0"

    def obs(agent):
        return _vector(env.observe(agent))

    before = obs(me)
    other_before = obs("player_1")
    s = env.game_state
    s.vc[1] += 17
    s.vc[2] += 3
    s.last_score = replaced(s.last_score, 1, (("Regions", 40),))
    s.banner_stack.reverse()
    s.badge_stack.reverse()
    s.item_pool.reverse()
    np.testing.assert_array_equal(obs(me), before)
    assert not np.array_equal(obs("player_1"), other_before)  # its own VC
    s.vc[0] += 1
    assert not np.array_equal(obs(me), before)


@pytest.mark.parametrize("options", OPTIONS[:4], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_teammates_see_each_other_but_not_the_opponents(options):
    """R-TEAM-6: in the team variant a teammate's VC is part of the observation."""
    env = _midgame(4, "swow-team", **options)
    before = _vector(env.observe("player_0"))
    env.game_state.vc[1] += 5  # Horde, an opponent of seat 0 (Alliance)
    np.testing.assert_array_equal(_vector(env.observe("player_0")), before)
    env.game_state.vc[2] += 5  # Alliance, seat 0's teammate
    assert not np.array_equal(_vector(env.observe("player_0")), before)


def test_observation_is_a_function_of_the_view():
    """Encoding the view reproduces observe(); the encoder never receives the state."""
    env = _midgame()
    s = env.game_state
    for seat, agent in enumerate(env.possible_agents):
        np.testing.assert_array_equal(env._encoder.encode(view(s, seat)), env.observe(agent)["observation"])


def test_seats_are_relative_to_the_viewer():
    env = _midgame()
    enc = env.encoder
    names = enc.feature_names()
    for seat, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)["observation"]
        assert obs[names.index(f"players[+0].seat={seat}")] == 1
        assert obs[names.index("players[+0].vc_known")] == 1
        assert obs[names.index("players[+1].vc_known")] == 0


def test_region_entries_follow_the_view():
    env = _midgame()
    names = env.encoder.feature_names()
    obs = env.observe("player_0")["observation"]
    v = view(env.game_state, 0)
    for k, r in enumerate(v["regions"]):
        assert obs[names.index(f"regions[{k}].in_play")] == 1
        assert obs[names.index(f"regions[{k}].tokens/10")] == pytest.approx(r["tokens"] / 10)
        occupant = r["occupant"] or "empty"
        assert obs[names.index(f"regions[{k}].occupant={occupant}")] == 1
        if r["item"] == "?":
            assert obs[names.index(f"regions[{k}].item=face-down")] == 1
    n = len(v["regions"])
    if n < env.n_slots:
        assert obs[names.index(f"regions[{n}].in_play")] == 0


def test_every_flag_and_piece_of_real_games_is_encoded():
    """Content state shown in views (public flags, pieces) is all known to the encoder; a new
    flag would be silently ignored otherwise."""
    seen_flags: set[str] = set()
    seen_tflags: set[str] = set()
    seen_pieces: set[str] = set()

    def each(env, obs):
        v = view(env.game_state, env.seat_of(env.agent_selection))
        seen_flags.update(v["flags"])
        seen_tflags.update(v["turn_flags"])
        for r in v["regions"]:
            seen_pieces.update(r["pieces"])
        assert obs["observation"].dtype == np.float32
        assert env.observation_space(env.agent_selection).contains(obs)

    for players, seed in ((3, 1), (4, 2), (5, 3), (2, 4)):
        play_masked(SmallWorldEnv(players), seed, rng_seed=seed, each=each)
    assert seen_flags and seen_tflags and seen_pieces
    plan = flag_plan("swow")
    flags, flag_prefixes = plan.keys("flags")
    tflags, tflag_prefixes = plan.keys("tflags")
    for key in seen_flags:
        assert key in flags or key.startswith(flag_prefixes), key
    for key in seen_tflags:
        assert key in tflags or key.startswith((*tflag_prefixes, "used:", "pending:")), key
    assert seen_pieces <= set(tables("swow").pieces)


def test_pending_region_of_a_special_action_waiting_on_frostmourne():
    """Frostmourne cumulates with a special conquest (RULES §11): its pending flag holds the text
    of the special action waiting on its holder's choice (``"airborne M4.4"``) before it holds a
    Region number: the observation marks that
    action's Region instead of failing on the text (found by PettingZoo's api_test, 4-player
    team game)."""
    plan = flag_plan()
    index = {"M4.3": 7, "M4.4": 8}
    tf = {"pending:frostmourne": "airborne M4.4"}
    assert plan.pending_regions({}, tf, index) == [8]
    assert plan.pending_regions({}, tf) == []
    assert plan.pending_regions({}, {"pending:frostmourne": 8}, index) == [8]



#: the seeded random games of the fuzzes below: every edition and player count, the team variant
FUZZ_CONFIGS = [(2, "swow"), (3, "swow"), (4, "swow"), (5, "swow"), (2, "swow-team"), (3, "swow-team"),
                (4, "swow-team"), (5, "swow-team"), (2, "classic"), (3, "classic"), (4, "classic"),
                (5, "classic")]


@pytest.mark.parametrize("players,edition", FUZZ_CONFIGS)
def test_observations_of_random_games_fit_the_space(players, edition):
    """Seeded random games (8 per configuration, actions drawn from the mask): every observation
    is made and fits its space, and the mask always offers an action. PettingZoo's api_test runs
    with seeded spaces (``tests/rl/helpers.py::seeded_api_test``), so random states are explored
    here and below, the same ones on every run."""
    env = SmallWorldEnv(players, edition)

    def each(env, obs):
        assert env.observation_space(env.agent_selection).contains(obs)
        assert obs["action_mask"].any()

    for k in range(8):
        seed = 5000 + 100 * players + k
        play_masked(env, seed, rng_seed=seed, each=each)
        assert env.game_state.is_over()


@pytest.mark.parametrize("players,edition", [(2, "swow"), (3, "swow"), (4, "swow"), (5, "swow"),
                                             (4, "swow-team"), (5, "swow-team")])
def test_observations_of_pending_choices_in_many_random_games(players, edition):
    """Rare states: a choice pending on an item or a power (Frostmourne while a special conquest
    waits on its holder, about one random game in 200). 200 seeded random games per
    configuration, played through the env with the observation made only where a choice is
    pending, and every 10th action: each fits its space. (Found by an unseeded api_test once:
    the observation failed on Frostmourne's pending text.)"""
    env = SmallWorldEnv(players, edition)
    pending = 0
    for g in range(200):
        env.reset(seed=7000 + g)
        rng = random.Random(g)
        n = 0
        while not env.game_state.is_over():
            s = env.game_state
            legal = engine.legal_actions(s)
            env.step(env.actions.index(legal[rng.randrange(len(legal))]))
            n += 1
            s = env.game_state
            waiting = any(k.startswith("pending") for k in s.tflags) or any(k.startswith("pending") for k in s.flags)
            if (waiting or n % 10 == 0) and not s.is_over():
                pending += waiting
                agent = env.agent_selection
                assert env.observation_space(agent).contains(env.observe(agent))
    assert pending > 0


def test_every_edition_is_encoded_by_the_one_section_encoder():
    """Warcraft and classic observations are rows of SECTIONS filled by one encoder; the classic
    name kept for older code is that encoder with edition="classic"; an encoder refuses a game of
    another edition (swow and swow-team share theirs)."""
    from smallworld.core.setup import new_state
    from smallworld.rl.encode_classic import ClassicObservationEncoder
    from smallworld.rl.layout import SECTIONS

    classic = ObservationEncoder(3, 64, edition="classic")
    assert [s.name for s in SECTIONS["classic"]] == ["game", "flags", "column", "players", "regions"]
    assert [s.name for s in SECTIONS["swow"]] == ["game", "flags", "column", "team", "players", "regions"]
    assert SECTIONS["swow-team"] is SECTIONS["swow"]
    legacy = ClassicObservationEncoder(3, 64)
    assert isinstance(legacy, ObservationEncoder)
    assert legacy.feature_names() == classic.feature_names() and legacy.layout == classic.layout
    with pytest.raises(ValueError, match="cannot encode a 'swow' game"):
        classic.bind(new_state(3, seed=1, edition="swow").spec)
    ObservationEncoder(4, 51).bind(new_state(4, seed=1, edition="swow-team").spec)


def test_a_new_edition_gets_the_standard_sections_from_its_edition_data():
    """An edition without a row of SECTIONS is observed through STANDARD, every table read from
    its Edition (here a copy of classic under another name): entries follow the view."""
    import dataclasses

    from smallworld.core import chance
    from smallworld.core import edition as editions
    from smallworld.core.setup import new_state
    from smallworld.core.state import CHANCE
    from smallworld.rl.layout import SECTIONS, STANDARD

    toy = dataclasses.replace(editions.get("classic"), name="toy-classic")
    assert toy.name not in SECTIONS
    enc = ObservationEncoder(3, 30, edition=toy, adjacency=False)
    assert enc.sections is STANDARD
    names = enc.feature_names()
    assert len(names) == enc.size == len(set(names))
    assert "players[+0].race=amazons" in names and "regions[0].terrain=farmland" in names
    assert "regions[0].border" in names and "regions[0].occupant=neutral" in names
    assert not any(n.startswith(("team.", "game.edition=")) or ".item" in n for n in names)
    s = new_state(3, seed=2, edition=toy)
    bound = enc.bind(s.spec)
    rng = random.Random(2)
    for _ in range(60):
        if s.current_player() == CHANCE:
            engine.apply_action(s, chance.sample(s, rng), check=False)
        else:
            legal = engine.legal_actions(s)
            engine.apply_action(s, legal[rng.randrange(len(legal))])
    v = view(s, 1)
    obs = bound.encode(v)
    assert obs[names.index("players[+0].seat=1")] == 1
    for k, r in enumerate(v["regions"]):
        assert obs[names.index(f"regions[{k}].tokens/10")] == pytest.approx(r["tokens"] / 10)
        occupant = {None: "empty", "murlocs": "neutral"}.get(r["occupant"], r["occupant"])
        assert obs[names.index(f"regions[{k}].occupant={occupant}")] == 1
    for pl in v["players"]:
        j = (pl["seat"] - 1) % 3
        if pl["race"] is not None:
            assert obs[names.index(f"players[+{j}].race={pl['race']}")] == 1


@pytest.mark.parametrize("edition", ["swow", "classic"])
def test_edition_terrains_and_symbols_cover_its_boards(edition):
    """Edition.terrains and Edition.symbols (the observation's terrain and symbol one-hots)
    name every terrain and symbol of every Region the edition's boards have."""
    from smallworld.core import edition as editions
    from smallworld.rl.observations import stable_region_ids

    ed = editions.get(edition)
    faces = sorted({ref.split(".")[0] for ref in stable_region_ids(edition)})
    terrains: set[str] = set()
    symbols: set[str] = set()
    for face in faces:
        for region in ed.load_face(face).regions:
            terrains.add(region.terrain)
            symbols.update(region.symbols)
    assert terrains == set(ed.terrains)
    assert symbols == set(ed.symbols)
