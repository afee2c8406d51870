"""The PettingZoo AEC environment of Small World of Warcraft (``smallworld.rl.SmallWorldEnv``).

Agents are ``player_0`` … ``player_{n-1}`` (seat order). The engine decides who acts
(``State.current_player()``): usually the turn's player, but also a defender redeploying after
losses or a Tauren owner moving a lone token during another player's turn, so the same agent
may act several times in a row and ``agent_selection`` follows the engine rather than a fixed
cycle. Chance events (die rolls, banner/badge draws, item reveals, Bomb sides) are never agents:
the env resolves them with the game's seeded RNG (:meth:`smallworld.core.game.Game.settle`,
:func:`smallworld.core.chance.sample`).

Spaces (the same for every agent and every episode of an env):

- action: ``Discrete(N)``, the :mod:`smallworld.rl.catalogue` (``env.catalogue.layout()``);
- observation: ``Dict(observation=X, action_mask=Box(0, 1, (N,), int8))`` where ``X`` depends
  on ``observation=`` (:mod:`smallworld.rl.observations`: ``"flat"`` ``Box(0, OBS_HIGH, (M,),
  float32)``, ``"compact"`` ``Box(0, high, (M',))``, ``"graph"`` a ``Dict`` of node features and
  an edge index); every option encodes :func:`smallworld.core.view.view` for the observing seat
  only (:mod:`smallworld.rl.encode`); ``action_mask`` is 1 exactly at the legal actions of the
  agent to act (all 0 for the others and once the game is over). With ``mask_in_obs=False`` the
  observation is ``X`` itself and the mask is in ``infos[agent]["action_mask"]`` and
  :meth:`SmallWorldEnv.action_mask`.
- ``state()`` / ``state_space``: a **privileged** global vector for centralized critics (every
  seat's VC included; :class:`smallworld.rl.observations.GlobalState`), never a policy input.

Rewards: :mod:`smallworld.rl.rewards`. Reproducibility: ``reset(seed=s)`` plays the game of
seed ``s`` (boards and every chance draw, as ``Game.new(n, seed=s)``), so the same seed and the
same actions give the same observations and rewards; ``reset()`` without a seed draws the next
game seed from the last seed given (or the constructor's). ``env.game`` is the
:class:`~smallworld.core.game.Game` with its record (replayable by ``smallworld replay``).

An illegal action index raises :class:`~smallworld.core.errors.IllegalActionError` (a
``ValueError``) naming the index, the action it decodes to and why it is illegal; the game is
unchanged. For "illegal move loses" semantics wrap the env in
``pettingzoo.utils.wrappers.TerminateIllegalWrapper``.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from smallworld.core import engine
from smallworld.core.actions import Action, as_action
from smallworld.core.errors import IllegalActionError
from smallworld.core.events import visible
from smallworld.core.explain import explain_illegal
from smallworld.core.game import Game
from smallworld.core.state import State
from smallworld.core.view import view
from smallworld.rl.catalogue import (
    CATALOGUES,
    MAX_TOKENS,
    ActionCatalogue,
    region_slots,
)
from smallworld.rl.observations import (
    OBSERVATIONS,
    CompactEncoder,
    GlobalState,
    GraphEncoder,
    observation_encoder,
)
from smallworld.rl.render import render_text
from smallworld.rl.rewards import (
    VC_DIFF_SCALE,
    check_dense,
    check_mode,
    terminal_rewards,
    vc_diff,
)

OBS_HIGH = 1000.0  # observation bound (entries are scaled counts, normally well below 10)
DEFAULT_MAX_ACTIONS = 20_000  # player actions per episode before truncation (games take ~70-230)


class SmallWorldEnv(AECEnv):
    """PettingZoo AEC env for 2–5 players (see the module doc).

    Args:
        players: 2–5. edition: ``"swow"``, ``"swow-team"`` (RULES §12) or ``"classic"`` (the
            original Small World: its own action catalogue and observation layout,
            :data:`smallworld.rl.catalogue.CATALOGUES`, :data:`smallworld.rl.layout.SECTIONS`).
        seed: seed of the first episode when ``reset`` is given none (``None``: random).
        faces: fixed board faces (e.g. ``("L1", "M2", "S3")``); default drawn from each seed.
        reward: terminal reward, ``"win"`` (default), ``"vc_diff"``, ``"vc_scaled"``,
            ``"rank"`` or ``"none"`` (:mod:`smallworld.rl.rewards`).
        dense_reward: ``False``, ``True``/``"vc"`` (own VC changes) or ``"vc_diff"`` (scaled
            changes of the VC difference).
        observation: ``"flat"`` (default, the ``smallworld_v0`` layout), ``"compact"`` or
            ``"graph"`` (:mod:`smallworld.rl.observations`).
        mask_in_obs: the action mask inside the observation dict (default) or only in
            ``infos[agent]["action_mask"]`` and :meth:`action_mask`.
        max_actions: player actions after which the episode is truncated.
        max_redeploy: cap of ``redeploy R N`` amounts in the catalogue (default: complete).
        adjacency: include the Region adjacency triangle in observations.
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns a text summary).
        events: after each step, ``infos[agent]["events"]`` holds what that step did (the
            engine's events, :mod:`smallworld.core.events`: the action and the chance after
            it) as far as that agent may see them (:func:`smallworld.core.events.visible`);
            off by default (collecting them costs a little on every step).

    Raises:
        ValueError: a bad argument (the message names it).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "smallworld_v0", "render_modes": ["ansi"], "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 3,
        edition: str = "swow",
        *,
        seed: int | str | None = None,
        faces: Sequence[str] | None = None,
        reward: str = "win",
        dense_reward: bool | str = False,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_redeploy: int = MAX_TOKENS,
        adjacency: bool = True,
        observation: str = "flat",
        mask_in_obs: bool = True,
        render_mode: str | None = None,
        events: bool = False,
    ) -> None:
        super().__init__()
        if players not in (2, 3, 4, 5):
            raise ValueError(f"players must be 2 to 5, not {players!r}")
        if edition not in CATALOGUES:
            raise ValueError(f"unknown edition {edition!r}; known: {', '.join(CATALOGUES)}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_actions < 1:
            raise ValueError(f"max_actions must be >= 1, not {max_actions}")
        if observation not in OBSERVATIONS:
            raise ValueError(f"unknown observation {observation!r}; known: {', '.join(OBSERVATIONS)}")
        self.players = players
        self.edition = edition
        self.faces = tuple(faces) if faces is not None else None
        self.reward_mode = check_mode(reward)
        self.dense_reward = check_dense(dense_reward)
        self.observation_mode = observation
        self.mask_in_obs = mask_in_obs
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.events = events
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.n_slots = region_slots(players, self.faces, edition)
        self.catalogue = ActionCatalogue(self.n_slots, max_redeploy, edition)
        self.encoder = observation_encoder(edition, players, self.n_slots, adjacency=adjacency)
        self.compact = CompactEncoder(self.encoder, edition)
        self.graph = GraphEncoder(self.encoder, self.compact, edition) if observation == "graph" else None
        self.global_state = GlobalState(self.compact, players)
        self.state_space = self.global_state.space()
        if observation == "flat":
            inner: spaces.Space = spaces.Box(0.0, OBS_HIGH, (self.encoder.size,), np.float32)
        elif observation == "compact":
            inner = self.compact.space()
        else:
            assert self.graph is not None
            inner = self.graph.space()
        self.inner_observation_space = inner
        self.mask_space = spaces.Box(0, 1, (self.catalogue.size,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": inner, "action_mask": self.mask_space}) if mask_in_obs else inner
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.catalogue.size) for a in self.possible_agents}
        self._first_seed = seed
        self._seeds = random.Random(seed)
        self.game: Game | None = None
        self.game_seed: int | str | None = None

    # ---- spaces ----------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        """``Dict(observation=Box(0, OBS_HIGH, (M,), float32), action_mask=Box(0, 1, (N,),
        int8))``, the same object on every call (``KeyError`` for an unknown agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(N)``, N = ``env.catalogue.size``; the same object on every call."""
        return self.action_spaces[agent]

    # ---- episode ---------------------------------------------------------------------------

    def reset(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game: of seed ``seed`` if given, else the next seed (see the module doc)."""
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        if seed is not None:
            self._seeds = random.Random(f"smallworld-rl:{seed}")
            game_seed: int | str = seed
        else:
            game_seed = self._seeds.randrange(2**31)
        self._first_seed = None
        self.game_seed = game_seed
        # seats named as the agents, so engine messages say "player_0", not "Player 1"
        self.game = Game.new(self.players, seed=game_seed, faces=self.faces, edition=self.edition,
                             seats=self.possible_agents, events=self.events)
        self.game.settle()
        spec = self.game.state.spec
        self.actions = self.catalogue.bind(spec)
        self._encoder = self.encoder.bind(spec)
        self._graph_static = self.graph.bind(spec) if self.graph is not None else None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.num_moves = 0
        self._vc = list(self.game.state.vc)
        self._legal_cache: tuple[np.ndarray, dict[int, Action]] | None = None
        self.agent_selection = self.possible_agents[self.game.state.current_player()]
        self._mask_info()

    def state(self) -> np.ndarray:
        """PettingZoo's global state: a **privileged** float32 vector of shape
        ``state_space.shape`` (the spectator's compact view plus every seat's VC / 50,
        :class:`~smallworld.rl.observations.GlobalState`) for centralized critics; it shows what
        no seat may see (other seats' VC), so it must never be a policy input.

        Raises:
            RuntimeError: before the first ``reset``.
        """
        s = self.game_state  # RuntimeError before reset
        return self.global_state.encode(self._encoder, s)

    @property
    def game_state(self) -> State:
        """The full game state (hidden facts included: for drivers and tests, never for agents).

        Raises:
            RuntimeError: before the first ``reset``.
        """
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game.state

    def seat_of(self, agent: str) -> int:
        """Seat number (0-based) of ``agent`` (``KeyError`` for an unknown agent)."""
        return self._seat[agent]

    def _done(self) -> bool:
        a = self.agent_selection
        return a not in self.terminations or self.terminations[a] or self.truncations[a]

    def _legal(self) -> tuple[np.ndarray, dict[int, Action]]:
        if self._legal_cache is None:
            self._legal_cache = self.actions.mask(engine.legal_actions(self.game_state))
        return self._legal_cache

    def legal_actions(self) -> dict[int, Action]:
        """Index -> :class:`Action` for the agent to act (empty once the episode is over)."""
        if self.game is None or self._done():
            return {}
        return dict(self._legal()[1])

    def action_mask(self, agent: str) -> np.ndarray:
        """int8 ``(N,)``: 1 at the legal actions of ``agent`` (all 0 unless it is to act)."""
        if agent == self.agent_selection and not self._done():
            return self._legal()[0].copy()
        return np.zeros(self.catalogue.size, dtype=np.int8)

    def observe(self, agent: str) -> Any:
        """The observation of ``agent`` (new arrays on every call): with ``mask_in_obs``
        ``{"observation": X, "action_mask": int8 (N,)}``, else ``X`` alone; ``X`` as chosen by
        ``observation=`` (see the module doc)."""
        seat = self._seat[agent]
        obs = self.encode_view(view(self.game_state, seat))
        if not self.mask_in_obs:
            return obs
        return {"observation": obs, "action_mask": self.action_mask(agent)}

    def encode_view(self, v: dict[str, Any]) -> Any:
        """The observation ``X`` (without the mask) of a view ``v`` of this episode's game."""
        flat = self._encoder.encode(v)
        if self.observation_mode == "flat":
            return flat
        compact = self.compact.compact(flat)
        if self.graph is None:
            return compact
        assert self._graph_static is not None
        return self.graph.encode(compact, self._graph_static)

    def _mask_info(self) -> None:
        """Without ``mask_in_obs``: every agent's info holds its current action mask."""
        if not self.mask_in_obs:
            for a in self.agents:
                self.infos[a]["action_mask"] = self.action_mask(a)

    def step(self, action: int | np.integer | None) -> None:
        """Apply the action of catalogue index ``action`` for ``agent_selection`` (``None``
        for an agent that is done), then resolve chance until someone must decide.

        Raises:
            IllegalActionError: ``action`` is not a legal index now (the message says which
                action it names and why it is illegal); nothing changes.
            TypeError: ``action`` is not an integer.
        """
        if self._done():
            self._was_dead_step(action)
            return
        i = as_index(action)
        by_index = self._legal()[1]
        a = by_index.get(i)
        if a is None:
            raise IllegalActionError(self.explain(i))
        self._play(a)

    def step_action(self, action: Action | str) -> None:
        """Apply an engine action (an :class:`Action` or its text, e.g. from a bot) for
        ``agent_selection``; same bookkeeping as :meth:`step`.

        Raises:
            IllegalActionError: the action is not legal now (the game is unchanged).
            RuntimeError: the episode is over.
        """
        if self._done():
            raise RuntimeError(f"{self.agent_selection} is done; step it with None")
        a = as_action(action)
        if a not in engine.legal_actions(self.game_state):
            raise IllegalActionError(explain_illegal(self.game_state, a))
        self._play(a)

    def explain(self, i: int) -> str:
        """Why action index ``i`` is not legal now (for error messages)."""
        who = self.agent_selection
        if not 0 <= i < self.catalogue.size:
            return f"action index {i} is outside the action space Discrete({self.catalogue.size})"
        a = self.actions.action(i)
        if a is None:
            return f"action index {i} names no action in this game (a Region slot not in play)"
        return f"action index {i} ({a}) is not legal for {who}: {explain_illegal(self.game_state, a)}"

    def _play(self, a: Action) -> None:
        agent = self.agent_selection
        g = self.game
        assert g is not None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        start = len(g.record.actions)
        g.apply(a, check=False)
        g.settle()
        self.num_moves += 1
        self._legal_cache = None
        s = g.state
        if self.dense_reward == "vc":
            for p, name in enumerate(self.possible_agents):
                self.rewards[name] += float(s.vc[p] - self._vc[p])
            self._vc = list(s.vc)
        elif self.dense_reward == "vc_diff" and s.vc != self._vc:
            for p, name in enumerate(self.possible_agents):
                self.rewards[name] += (vc_diff(s.vc, p) - vc_diff(self._vc, p)) / VC_DIFF_SCALE
            self._vc = list(s.vc)
        if s.is_over():
            assert s.result is not None
            for p, r in enumerate(terminal_rewards(s.result, s.spec, self.reward_mode)):
                self.rewards[self.possible_agents[p]] += r
            self.terminations = dict.fromkeys(self.agents, True)
            for name in self.agents:
                self.infos[name] = {"result": dict(s.result), "game_seed": self.game_seed}
        else:
            if self.num_moves >= self.max_actions:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[s.current_player()]
        if self.events:
            self._events_info(g, start)
        self._mask_info()
        self._accumulate_rewards()

    def _events_info(self, g: Game, start: int) -> None:
        """Each agent's ``infos[agent]["events"]``: the events of the record's actions from
        ``start`` on that it may see (:func:`smallworld.core.events.visible`)."""
        done = [e for evs in (g.record.events or [])[start:] for e in evs]
        for name in self.agents:
            self.infos[name]["events"] = visible(done, g.state, self._seat[name])

    # ---- rendering -------------------------------------------------------------------------

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: a text summary (spectator's view); else ``None``."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return render_text(self.game_state, self.possible_agents)

    def close(self) -> None:
        pass


def as_index(action: Any) -> int:
    """``action`` as a Python ``int`` (numpy integers and 0-d arrays accepted).

    Raises:
        TypeError: not an integer (bools refused).
    """
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action must be an integer index, not {action!r}")
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if not isinstance(action, numbers.Integral):
        raise TypeError(f"an action must be an integer index, not {type(action).__name__} {action!r}")
    return int(action)
