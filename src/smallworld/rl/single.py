"""A single-agent gymnasium env: one learning seat, the other seats played by the project's bots.

``SmallWorldSingleAgentEnv`` wraps :class:`smallworld.rl.SmallWorldEnv`: ``step(i)`` applies the
learner's action, then the bots (:func:`smallworld.bots.make_bot`: ``"random"``, ``"greedy"``,
``"mcts"``, and the ladder ``"random-nodecline"``, ``"greedy-eps"``, ``"mcts-fast"``) or policies
(callables ``f(observation, action_mask) -> index``, see :mod:`smallworld.rl.opponents`) play
until the learner must act again or the game ends. Observation and action spaces are the AEC
env's (``Dict(observation, action_mask)`` and ``Discrete(N)``; with ``mask_in_obs=False`` the
observation alone, the mask in ``info["action_mask"]``);
:meth:`~SmallWorldSingleAgentEnv.action_masks` gives the mask as booleans (sb3-contrib's
``MaskablePPO`` finds it by itself).

The reward of a step is the learner's reward (:mod:`smallworld.rl.rewards`) accumulated over
its action and the bots' actions that follow (rewards earned while the bots play before the
learner's first action are added to its first step).

Illegal actions (``illegal_action=``): ``"penalize"`` (default) leaves the game unchanged and
returns ``illegal_reward`` with ``info["illegal_action"] = True`` (the attempt counts toward
``max_actions``, so an agent that never plays legally is truncated); ``"terminate"`` ends the
episode with ``illegal_reward`` (the game is left as it was); ``"raise"`` raises
:class:`~smallworld.core.errors.IllegalActionError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from smallworld.core import engine
from smallworld.core.errors import IllegalActionError
from smallworld.core.view import view
from smallworld.rl.catalogue import MAX_TOKENS
from smallworld.rl.env import DEFAULT_MAX_ACTIONS, SmallWorldEnv, as_index
from smallworld.rl.opponents import check_opponent, resolve_opponent
from smallworld.rl.rewards import check_mode

ILLEGAL_MODES = ("penalize", "terminate", "raise")


def _opponent_list(opponents: Any, others: int) -> list[Any]:
    """One opponent per other seat, checked (``ValueError`` / ``TypeError`` naming the problem)."""
    if _single_opponent(opponents):
        opponents = [opponents] * others
    opponents = list(opponents)
    if len(opponents) != others:
        raise ValueError(f"{len(opponents)} opponents given for {others} other seats")
    for o in opponents:
        check_opponent(o)
    return opponents


def _single_opponent(o: Any) -> bool:
    """``o`` is one opponent (to repeat for every other seat) rather than a list of them."""
    if isinstance(o, str):
        return True
    if isinstance(o, tuple) and len(o) == 2 and isinstance(o[0], str) and isinstance(o[1], dict):
        return True
    return not isinstance(o, (list, tuple))


class SmallWorldSingleAgentEnv(gym.Env):
    """One learner against bots (see the module doc).

    ``players``, ``edition``, ``faces``, ``reward``, ``dense_reward``, ``max_redeploy``,
    ``adjacency``, ``observation`` and ``mask_in_obs`` are as for
    :class:`~smallworld.rl.SmallWorldEnv`.

    Args:
        seat: the learner's seat (0-based), or ``"random"`` (drawn each episode).
        opponents: one opponent for every other seat, or one per other seat in seat order. An
            opponent is a bot name (``smallworld.bots.BOTS``; a name with options as a
            ``(name, {"epsilon": 0.3})`` pair), an object with ``choose(state, seat, legal) ->
            Action``, a policy callable ``f(observation, action_mask) -> index`` (given that
            seat's observation, built from its view only, and its int8 mask), or a pool with
            ``draw(rng) -> opponent`` drawn anew each episode
            (:class:`smallworld.rl.opponents.SnapshotPool`). Named bots are rebuilt every
            episode, seeded from the game seed, so episodes are reproducible.
        illegal_action: ``"penalize"``, ``"terminate"`` or ``"raise"``; illegal_reward: the
            reward of an illegal action.
        max_actions: learner steps (legal or not) after which the episode is truncated (the
            bots' actions do not count).
        render_mode: ``None`` or ``"ansi"``.

    Raises:
        ValueError: a bad argument (the message names it).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (as gymnasium.Env)

    def __init__(
        self,
        players: int = 3,
        edition: str = "swow",
        *,
        seat: int | str = 0,
        opponents: str | Sequence[Any] = "random",
        faces: Sequence[str] | None = None,
        reward: str = "win",
        dense_reward: bool | str = False,
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_redeploy: int = MAX_TOKENS,
        adjacency: bool = True,
        observation: str = "flat",
        mask_in_obs: bool = True,
        render_mode: str | None = None,
    ) -> None:
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"unknown illegal_action {illegal_action!r}; known: {', '.join(ILLEGAL_MODES)}")
        if seat != "random" and (not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"seat must be 0 to {players - 1} or 'random', not {seat!r}")
        check_mode(reward)
        opponents = _opponent_list(opponents, players - 1)
        if max_actions < 1:
            raise ValueError(f"max_actions must be >= 1, not {max_actions}")
        self.aec = SmallWorldEnv(
            players, edition, faces=faces, reward=reward, dense_reward=dense_reward,
            max_actions=DEFAULT_MAX_ACTIONS * players, max_redeploy=max_redeploy, adjacency=adjacency,
            observation=observation, mask_in_obs=mask_in_obs, render_mode=render_mode,
        )
        self.seat_option = seat
        self.opponents = opponents
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_actions = max_actions
        self.render_mode = render_mode
        agent0 = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(agent0)
        self.action_space: spaces.Discrete = self.aec.action_spaces[agent0]
        self.seat = seat if isinstance(seat, int) else 0
        self._bots: dict[int, Any] = {}
        self._over = True

    def set_opponents(self, opponents: Any) -> None:
        """Replace the opponents (same forms as the constructor's ``opponents``); they play from
        the next ``reset``. Through a vector env: ``venv.env_method("set_opponents", o)``
        (``set_attr`` would set the attribute on a wrapper such as ``Monitor``).

        Raises:
            ValueError, TypeError: as the constructor.
        """
        self.opponents = _opponent_list(opponents, self.aec.players - 1)

    @property
    def agent(self) -> str:
        """The learner's agent name in the AEC env."""
        return self.aec.possible_agents[self.seat]

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a game (of seed ``seed`` if given, else one drawn from the env's RNG); the bots
        play until the learner must act. Returns ``(observation, info)``."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        if self.seat_option == "random":
            self.seat = int(self.np_random.integers(self.aec.players))
        self.aec.reset(seed=game_seed)
        others = [p for p in range(self.aec.players) if p != self.seat]
        self._bots = {
            p: resolve_opponent(o, f"{game_seed}:{p}", self.np_random)
            for p, o in zip(others, self.opponents)
        }
        self.steps = 0
        self._over = False
        self._carry = self._play_bots()
        info = {"seat": self.seat, "game_seed": game_seed}
        return self.aec.observe(self.agent), self._with_mask(info)

    def _with_mask(self, info: dict[str, Any]) -> dict[str, Any]:
        if not self.aec.mask_in_obs:
            info["action_mask"] = self.aec.action_mask(self.agent)
        return info

    def _play_bots(self) -> float:
        """Bots act until the learner must act or the episode ends; the learner's reward."""
        aec, me = self.aec, self.agent
        total = 0.0
        while not (aec.terminations[me] or aec.truncations[me]) and aec.agent_selection != me:
            s = aec.game_state
            agent = aec.agent_selection
            p = aec.seat_of(agent)
            bot = self._bots[p]
            if hasattr(bot, "choose"):
                aec.step_action(bot.choose(s, p, engine.legal_actions(s)))
            else:  # a policy: its own seat's observation (from its view) and mask
                aec.step(bot(aec.encode_view(view(s, p)), aec.action_mask(agent)))
            total += aec.rewards[me]
        return total

    def action_masks(self) -> np.ndarray:
        """Boolean mask of the learner's legal actions, shape ``(N,)``."""
        if self._over:
            return np.zeros(self.action_space.n, dtype=bool)
        return self.aec.action_mask(self.agent).astype(bool)

    def step(self, action: int | np.integer) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action, then the bots'. Returns ``(observation, reward,
        terminated, truncated, info)``.

        Raises:
            RuntimeError: the episode is over (call ``reset``).
            IllegalActionError: an illegal index with ``illegal_action="raise"``.
            TypeError: ``action`` is not an integer.
        """
        if self._over:
            raise RuntimeError("the episode is over; call reset()")
        aec, me = self.aec, self.agent
        i = as_index(action)
        self.steps += 1
        if i not in aec.legal_actions():
            if self.illegal_action == "raise":
                self.steps -= 1
                raise IllegalActionError(aec.explain(i))
            terminated = self.illegal_action == "terminate"
            truncated = not terminated and self.steps >= self.max_actions
            self._over = terminated or truncated
            return aec.observe(me), self.illegal_reward, terminated, truncated, self._with_mask({
                "illegal_action": True, "reason": aec.explain(i),
            })
        aec.step(i)
        reward = aec.rewards[me] + self._carry
        self._carry = 0.0
        reward += self._play_bots()
        terminated = aec.terminations[me]
        truncated = not terminated and (aec.truncations[me] or self.steps >= self.max_actions)
        self._over = terminated or truncated
        info: dict[str, Any] = {"illegal_action": False}
        if terminated:
            info["result"] = dict(aec.game_state.result or {})
            info["seat"] = self.seat
        return aec.observe(me), float(reward), terminated, truncated, self._with_mask(info)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the AEC env's text summary."""
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
