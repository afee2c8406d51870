"""The OpenSpiel-style interface: explicit chance nodes, cheap independent clones, the env's
action ids, and terminal returns."""

from __future__ import annotations

import numpy as np
import pytest

from smallworld.core import chance
from smallworld.core.errors import IllegalActionError
from smallworld.core.record import replay
from smallworld.rl import SmallWorldEnv
from smallworld.rl.rewards import terminal_rewards
from smallworld.rl.spiel import (
    CHANCE_PLAYER_ID,
    TERMINAL_PLAYER_ID,
    SpielGame,
    random_playout,
)
from tests.rl.helpers import play_masked


def test_chance_nodes_are_explicit_with_probabilities():
    game = SpielGame(2)
    st = game.new_initial_state(7)
    assert st.is_chance_node() and st.current_player() == CHANCE_PLAYER_ID
    outs = st.chance_outcomes()
    assert sum(p for _, p in outs) == pytest.approx(1.0) and len(outs) <= game.max_chance_outcomes()
    assert st.legal_actions() == [k for k, _ in outs]
    assert st.action_to_string(outs[0][0]).startswith("banner ")
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[-1][0])
    assert st.current_player() == 0 and not st.legal_actions(1)
    with pytest.raises(ValueError):
        st.chance_outcomes()


def test_the_env_game_replays_through_spiel_ids():
    """Every recorded action of an env episode maps to a legal id here (player actions: the
    env's catalogue index; chance: the outcome's position) and gives the same final state."""
    env = SmallWorldEnv(2)
    play_masked(env, seed=11)
    game = SpielGame(2)
    st = game.new_initial_state(11)
    for text in env.game.record.actions:
        if st.is_chance_node():
            ids = [k for k, (a, _p) in enumerate(chance.outcomes(st.state)) if str(a) == text]
        else:
            ids = [env.actions.index(st.engine_action(i)) for i in st.legal_actions()
                   if str(st.engine_action(i)) == text]
        assert len(ids) == 1, text
        st.apply_action(ids[0])
    assert st.is_terminal() and st.current_player() == TERMINAL_PLAYER_ID
    assert st.state == env.game_state == replay(env.game.record)
    assert st.returns() == terminal_rewards(st.state.result, st.state.spec, "win")


def test_clones_are_independent_and_illegal_ids_change_nothing():
    st = SpielGame(3).new_initial_state(2)
    rng = np.random.default_rng(0)
    for _ in range(40):
        if st.is_chance_node():
            st.apply_action(st.chance_outcomes()[0][0])
        else:
            st.apply_action(int(rng.choice(st.legal_actions())))
    c = st.clone()
    assert c.state == st.state and c.history == st.history
    random_playout(c, rng)
    assert c.is_terminal() and not st.is_terminal() and len(c.history) > len(st.history)
    mask = st.legal_actions_mask()
    if not st.is_chance_node():
        assert list(np.flatnonzero(mask)) == st.legal_actions()
        bad = int(np.flatnonzero(mask == 0)[0])
        before = st.state.copy()
        with pytest.raises(IllegalActionError):
            st.apply_action(bad)
        assert st.state == before


def test_observation_tensor_comes_from_the_view():
    st = SpielGame(2).new_initial_state(3)
    while st.is_chance_node():
        st.apply_action(0)
    obs = st.observation_tensor(0)
    assert obs.shape == tuple(st.game.observation_tensor_shape())
    st.state.vc[1] += 9  # hidden from seat 0
    np.testing.assert_array_equal(st.observation_tensor(0), obs)
