"""The games registered with OpenSpiel (smallworld.rl.openspiel_game): pyspiel's own random
simulation test on every edition and player count, utilities, the board draw, clones,
serialization, observations that never show other seats' VC, and OpenSpiel's MCTS playing."""

from __future__ import annotations

import random
import runpy
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

from smallworld.boards.selection import legal_selections, random_selection  # noqa: E402
from smallworld.core.game import Game  # noqa: E402
from smallworld.core.view import view  # noqa: E402
from smallworld.rl import SmallWorldEnv  # noqa: E402
from smallworld.rl.openspiel_game import (  # noqa: E402
    SHORT_NAMES,
    DeterminizedBot,
    SmallWorldState,
    default_max_game_length,
)

ROOT = Path(__file__).resolve().parents[2]
U = pyspiel.GameType.Utility
EDITIONS = sorted(SHORT_NAMES)


def _load(edition: str, **params) -> pyspiel.Game:
    return pyspiel.load_game(SHORT_NAMES[edition], params)


def _advance(st: SmallWorldState, rng: np.random.Generator, player_actions: int | None = None) -> SmallWorldState:
    """Random play (chance by its probabilities) to the end, or until ``player_actions`` more
    player actions were made and a player is to act."""
    done = 0
    while not st.is_terminal():
        if st.is_chance_node():
            ids, probs = zip(*st.chance_outcomes())
            assert max(ids) < st.get_game().max_chance_outcomes() and sum(probs) == pytest.approx(1.0)
            st.apply_action(int(rng.choice(ids, p=np.asarray(probs) / sum(probs))))
            continue
        if player_actions is not None and done >= player_actions:
            break
        legal = st.legal_actions()
        st.apply_action(legal[int(rng.integers(len(legal)))])
        done += 1
    return st


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edition", EDITIONS)
def test_pyspiel_random_sim_test(edition, players):
    """OpenSpiel's checks (legal actions sorted and masked, clones equal, serialization round
    trips at every power-of-two step, tensors of the declared shapes, returns within the
    utility bounds, game length within max_game_length): one game per edition and player count."""
    pyspiel.random_sim_test(_load(edition, players=players), num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_with_a_fixed_seed_and_other_rewards():
    for params in ({"players": 3, "seed": 7}, {"players": 2, "reward": "rank"},
                   {"players": 3, "reward": "vc_scaled", "seed": 2}):
        pyspiel.random_sim_test(_load("swow", **params), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("edition", "players", "reward", "utility", "total", "bounds"), [
    ("swow", 2, "win", U.CONSTANT_SUM, 1.0, (0, 1)),
    ("swow", 5, "win", U.CONSTANT_SUM, 1.0, (0, 1)),
    ("classic", 3, "win", U.CONSTANT_SUM, 1.0, (0, 1)),
    ("swow-team", 3, "win", U.CONSTANT_SUM, 1.0, (0, 1)),
    ("swow-team", 4, "win", U.CONSTANT_SUM, 2.0, (0, 1)),   # two sides of two: the winners' side gets 1 each
    ("swow-team", 5, "win", U.GENERAL_SUM, None, (0, 1)),   # sides of 2, 2 and 1
    ("swow", 4, "rank", U.ZERO_SUM, 0.0, (-1, 1)),
    ("swow-team", 4, "rank", U.ZERO_SUM, 0.0, (-1, 1)),
    ("swow-team", 5, "rank", U.GENERAL_SUM, None, (-1, 1)),
    ("classic", 2, "vc_scaled", U.ZERO_SUM, 0.0, (-1, 1)),
    ("swow", 3, "vc_scaled", U.GENERAL_SUM, None, (-1, 1)),  # clipping breaks the zero sum
])
def test_utility_per_edition_variant_and_reward(edition, players, reward, utility, total, bounds):
    game = _load(edition, players=players, reward=reward)
    t = game.get_type()
    assert t.utility == utility and t.short_name == SHORT_NAMES[edition]
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (game.min_utility(), game.max_utility()) == bounds
    assert game.max_game_length() == default_max_game_length(edition, players)
    if total is not None:
        assert game.utility_sum() == total
    rng = np.random.default_rng(players)
    sums = set()
    for _ in range(3):
        st = _advance(game.new_initial_state(), rng)
        r = st.returns()
        assert all(bounds[0] <= x <= bounds[1] for x in r)
        sums.add(round(sum(r), 9))
        if total is not None:
            assert sum(r) == pytest.approx(total)
    if edition == "swow-team" and players == 5 and reward == "win":
        assert sums <= {1.0, 1.5, 2.0, round(5 / 3, 9)}


def test_unbounded_or_empty_rewards_are_refused():
    for reward in ("vc_diff", "none", "nope"):
        with pytest.raises(Exception, match="reward"):
            _load("swow", reward=reward)


@pytest.mark.parametrize("players", [2, 3])
def test_the_board_draw_is_a_uniform_chance_node_over_the_legal_selections(players):
    game = _load("swow", players=players)
    st = game.new_initial_state()
    sels = list(legal_selections(players))
    outs = st.chance_outcomes()
    assert st.is_chance_node() and len(outs) == len(sels) <= game.max_chance_outcomes()
    assert all(p == pytest.approx(1 / len(sels)) for _, p in outs)
    assert [st.action_to_string(pyspiel.PlayerId.CHANCE, k) for k, _ in outs] == ["boards " + " ".join(s) for s in sels]
    # what random_selection draws (R-SET-1) is one of them
    assert {random_selection(players, random.Random(k)) for k in range(300)} <= set(sels)
    st.apply_action(5)
    assert st.engine_state.spec.faces == sels[5]
    # classic: one map per player count, no board draw; a seed fixes the boards of Game.new
    assert _load("classic", players=players).new_initial_state().engine_state is not None
    fixed = _load("swow", players=players, seed=11).new_initial_state()
    assert fixed.engine_state.spec.faces == Game.new(players, seed=11).state.spec.faces


def test_chance_outcomes_and_player_ids_match_the_engine_and_the_env_catalogue():
    game = _load("swow", players=3, seed=4)
    env = SmallWorldEnv(3)
    env.reset(seed=4)
    actions = env.actions
    st = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(150):
        if st.is_terminal():
            break
        if st.is_chance_node():
            outs = st.chance_outcomes()
            assert sum(p for _, p in outs) == pytest.approx(1.0) and len(outs) <= game.max_chance_outcomes()
            assert st.legal_actions() == [k for k, _ in outs]
        else:
            legal = st.legal_actions()
            assert legal == sorted(actions.index(st.engine_action(i)) for i in legal)
            assert list(np.flatnonzero(st.legal_actions_mask())) == legal
            assert st.legal_actions((st.current_player() + 1) % 3) == []
        _advance(st, rng, 1)


def test_clones_copy_only_the_engine_state():
    st = _advance(_load("swow", players=2).new_initial_state(), np.random.default_rng(3), 30)
    c = st.clone()
    assert type(c) is SmallWorldState and str(c) == str(st) and c.history() == st.history()
    assert c.engine_state is not st.engine_state and c.engine_state == st.engine_state
    assert c.engine_state.spec is st.engine_state.spec and c._core.t is st._core.t  # shared description
    _advance(c, np.random.default_rng(4))
    assert c.is_terminal() and not st.is_terminal() and len(c.history()) > len(st.history())


def test_serialization_replays_the_history():
    game = _load("swow-team", players=4)
    st = _advance(game.new_initial_state(), np.random.default_rng(5), 40)
    text = pyspiel.serialize_game_and_state(game, st)
    game2, st2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(st2) == str(st) and st2.history() == st.history()
    assert st2.engine_state == st.engine_state
    # a determinized state is not the one its history reaches: it keeps its engine state
    d = st.resample_from_view(st.current_player(), 3)
    d2 = game.deserialize_state(d.serialize())
    assert d2.engine_state == d.engine_state and str(d2) == str(d)


def test_observations_never_show_other_seats_vc():
    game = _load("swow", players=3)
    st = _advance(game.new_initial_state(), np.random.default_rng(6), 60)
    seat = st.current_player()
    twin = st.clone()
    for q in range(3):
        if q != seat:
            twin._core.s.vc[q] += 7 * (q + 1)
    twin._core.text = None
    assert view(twin.engine_state, seat) == view(st.engine_state, seat)
    assert twin.observation_string(seat) == st.observation_string(seat)
    assert twin.observation_tensor(seat) == st.observation_tensor(seat)
    assert len(st.observation_tensor(seat)) == game.observation_tensor_shape()[0]
    assert str(twin) != str(st)  # the full state string has every VC
    # information state (perfect recall): the public history, the same for every seat but its
    # first line; its tensor adds every VC, which perfect recall reconstructs
    lines = [st.information_state_string(p).split("\n") for p in range(3)]
    assert lines[0][1:] == lines[1][1:] == lines[2][1:] and len(lines[0]) == len(st.history()) + 1
    assert twin.information_state_tensor(seat) != st.information_state_tensor(seat)
    assert len(st.information_state_tensor(seat)) == game.information_state_tensor_shape()[0]
    # the compact observation of the env for the same position
    env_compact = game.tables.compact.compact(
        game.tables.encoder.bind(st.engine_state.spec).encode(view(st.engine_state, seat)))
    assert np.array_equal(np.asarray(st.observation_tensor(seat), np.float32), env_compact)


def test_resample_from_view_keeps_what_the_seat_knows():
    st = _advance(_load("swow", players=3).new_initial_state(), np.random.default_rng(7), 50)
    seat = st.current_player()
    d = st.resample_from_view(seat, random.Random(0))
    assert view(d.engine_state, seat) == view(st.engine_state, seat)
    assert d.legal_actions() == st.legal_actions() and d.history() == st.history()
    assert d.engine_state.vc[seat] == st.engine_state.vc[seat]
    assert any(st.resample_from_view(seat, k).engine_state.vc != st.engine_state.vc for k in range(5))
    assert st.engine_state.vc != d.engine_state.vc or d.engine_state is not st.engine_state


@pytest.mark.parametrize("edition", EDITIONS)
def test_resampling_never_changes_the_seats_legal_actions(edition):
    """At every decision of a random game of 2 and of 5 players, the determinization for the
    seat to act keeps its legal actions (so DeterminizedBot's answer is legal in the real state)."""
    for players in (2, 5):
        st = _load(edition, players=players).new_initial_state()
        rng = np.random.default_rng(players)
        while not st.is_terminal():
            _advance(st, rng, 0)  # chance, up to the next decision
            if not st.is_terminal():
                seat = st.current_player()
                assert st.resample_from_view(seat, random.Random(len(st.history()))).legal_actions() == st.legal_actions()
                _advance(st, rng, 1)


def test_a_game_that_reaches_max_game_length_ends_and_is_scored():
    game = _load("classic", players=2, max_game_length=25)
    st = _advance(game.new_initial_state(), np.random.default_rng(8))
    assert st.is_terminal() and st.current_player() == pyspiel.PlayerId.TERMINAL
    assert not st.engine_state.is_over()
    assert sum(st.returns()) == pytest.approx(1.0) and st.legal_actions() == []
    assert sum(1 for pa in st.full_history() if pa.player >= 0) == 25


def _mcts(game: pyspiel.Game, seed: int, simulations: int = 3) -> DeterminizedBot:
    rs = np.random.RandomState(seed)
    return DeterminizedBot(mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                                        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
                                        random_state=rs), seed=seed)


def test_the_determinized_mcts_bot_does_not_read_other_seats_vc():
    """Two states differing only in other seats' VC: the same bot with the same seeds chooses
    the same action (as tests/bots/test_hidden_information.py for the project's bots)."""
    game = _load("swow", players=2, seed=3)
    st = _advance(game.new_initial_state(), np.random.default_rng(9), 12)
    seat = st.current_player()
    twin = st.clone()
    twin._core.s.vc[1 - seat] += 11
    assert _mcts(game, 5).step(st) == _mcts(game, 5).step(twin)


@pytest.mark.parametrize("edition", EDITIONS)
def test_openspiel_mcts_plays_full_games(edition):
    """OpenSpiel's Python MCTSBot (behind DeterminizedBot) against a random bot, to the end."""
    game = _load(edition, players=2)
    rng = np.random.default_rng(10)
    bots = [_mcts(game, 1, simulations=2), UniformRandomBot(1, np.random.RandomState(2))]
    st = game.new_initial_state()
    while not st.is_terminal():
        if st.is_chance_node():
            ids, probs = zip(*st.chance_outcomes())
            st.apply_action(int(rng.choice(ids, p=np.asarray(probs) / sum(probs))))
        else:
            st.apply_action(bots[st.current_player()].step(st))
    assert st.engine_state.is_over() and sum(st.returns()) == pytest.approx(1.0)


def test_the_mcts_example_runs():
    ns = runpy.run_path(str(ROOT / "examples" / "openspiel_mcts.py"), run_name="example")
    returns, vc = ns["play"]("classic", 2, simulations=2, seed=1)
    assert sum(returns) == pytest.approx(1.0) and len(vc) == 2


def test_an_illegal_id_raises_and_changes_nothing():
    from smallworld.core.errors import IllegalActionError

    st = _advance(_load("swow", players=2).new_initial_state(), np.random.default_rng(11), 20)
    legal = st.legal_actions()
    bad = next(i for i in range(st.num_distinct_actions()) if i not in legal)
    before, history = str(st), st.history()
    with pytest.raises(IllegalActionError):
        st.apply_action(bad)
    assert str(st) == before and st.history() == history
    assert st.action_to_string(st.current_player(), bad)  # still named


def test_the_public_observer_shows_the_spectators_view():
    from open_spiel.python.observation import make_observation

    game = _load("classic", players=3)
    st = _advance(game.new_initial_state(), np.random.default_rng(12), 30)
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.string_from(st, 0) == public.string_from(st, 2)
    assert '"vc":null' in public.string_from(st, 0)
    public.set_from(st, 0)
    assert public.tensor.shape == (game.observation_tensor_shape()[0],)
    with pytest.raises(ValueError, match="all players"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
