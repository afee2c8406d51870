"""An OpenSpiel-style interface to the engine, for search methods (MCTS, AlphaZero-style).

Unlike the PettingZoo env, which resolves chance inside with the game's seeded RNG, here chance
is **explicit**: a state whose :meth:`SpielState.current_player` is :data:`CHANCE_PLAYER_ID`
(-1) is a chance node; :meth:`SpielState.chance_outcomes` lists ``(outcome id, probability)``
and :meth:`SpielState.apply_action` applies the one a search samples or enumerates. The
engine's :class:`~smallworld.core.state.State` is flat and copies in one step, so
:meth:`SpielState.clone` is cheap (``benchmarks/rl_env.py --clone`` prints the figure); the
action ids of player nodes are the env's catalogue indexes (:mod:`smallworld.rl.catalogue`), so
a policy trained in the env plays here unchanged.

Conventions follow ``pyspiel`` (``current_player``, ``is_chance_node``, ``is_terminal``,
``legal_actions`` ascending, ``chance_outcomes``, ``apply_action``, ``clone``, ``returns``,
``observation_tensor``, ``action_to_string``), but ``pyspiel`` is not required. Chance outcome
ids are the **positions** in the pending event's outcome list (banner races, badges, die faces,
items, Bomb sides; at most :meth:`SpielGame.max_chance_outcomes`), stable for a given state.
The same games registered with OpenSpiel itself (``pyspiel.load_game``, with OpenSpiel's
observers, serialization and declared utilities) are :mod:`smallworld.rl.openspiel_game`
(``pip install ".[spiel]"``).

Hidden information: Small World hides only other seats' VC totals and the future order of the
stacks (RULES §15), and the latter are chance draws here, never stored. So a state is a
perfect-information position except for those VC totals: search that must not peek should
start from :func:`smallworld.core.view.determinize` (``SpielState.from_state(determinize(s,
seat, rng))``). :meth:`SpielState.observation_tensor` is built from ``view(state, seat)`` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from smallworld.core import chance, engine
from smallworld.core import edition as editions
from smallworld.core.actions import Action
from smallworld.core.errors import IllegalActionError
from smallworld.core.setup import new_state
from smallworld.core.state import CHANCE, State
from smallworld.core.view import view
from smallworld.rl.catalogue import MAX_TOKENS, ActionCatalogue, region_slots
from smallworld.rl.observations import CompactEncoder, observation_encoder
from smallworld.rl.rewards import check_mode, terminal_rewards

CHANCE_PLAYER_ID = -1
TERMINAL_PLAYER_ID = -4


class SpielGame:
    """The game description (``pyspiel.Game``-like).

    Args:
        players: 2–5. edition: ``"swow"``, ``"swow-team"`` or ``"classic"``. faces: fixed board faces.
        reward: terminal utility, a mode of :mod:`smallworld.rl.rewards` (default ``"win"``).

    Raises:
        ValueError: bad arguments.
    """

    def __init__(self, players: int = 2, edition: str = "swow", *, faces: Sequence[str] | None = None,
                 reward: str = "win") -> None:
        if players not in (2, 3, 4, 5):
            raise ValueError(f"players must be 2 to 5, not {players!r}")
        self.players = players
        self.edition = edition
        self.faces = tuple(faces) if faces is not None else None
        self.reward = check_mode(reward)
        self.catalogue = ActionCatalogue(region_slots(players, self.faces, edition), MAX_TOKENS, edition)
        self.encoder = observation_encoder(edition, players, self.catalogue.n_slots)
        self.compact = CompactEncoder(self.encoder, edition)

    def num_players(self) -> int:
        return self.players

    def num_distinct_actions(self) -> int:
        """Player action ids: ``0 .. N-1``, the env's catalogue."""
        return self.catalogue.size

    def max_chance_outcomes(self) -> int:
        """An upper bound of the outcomes of one chance event."""
        ed = editions.get(self.edition)
        return max(len(ed.races), len(ed.powers), len(ed.items), len(set(ed.die_faces)), 2)

    def observation_tensor_shape(self) -> list[int]:
        return [self.compact.size]

    def new_initial_state(self, seed: int | str = 0) -> SpielState:
        """The game of seed ``seed`` (its boards; nothing else is drawn yet): the first nodes are
        the chance nodes revealing the column."""
        s = new_state(self.players, seed=seed, faces=self.faces, edition=self.edition,
                      seats=[f"player_{p}" for p in range(self.players)])  # as the env's agents
        return SpielState(self, s)


class SpielState:
    """A position (``pyspiel.State``-like); see the module doc."""

    __slots__ = ("_legal", "game", "history", "state")

    def __init__(self, game: SpielGame, state: State, history: list[int] | None = None) -> None:
        self.game = game
        self.state = state
        self.history: list[int] = history if history is not None else []
        self._legal: dict[int, Action] | None = None

    @classmethod
    def from_state(cls, game: SpielGame, state: State) -> SpielState:
        """Wrap an engine state (copied), e.g. a :func:`~smallworld.core.view.determinize`."""
        return cls(game, state.copy())

    # ---- who acts ----------------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE_PLAYER_ID` or :data:`TERMINAL_PLAYER_ID`."""
        if self.state.is_over():
            return TERMINAL_PLAYER_ID
        p = self.state.current_player()
        return CHANCE_PLAYER_ID if p == CHANCE else p

    def is_chance_node(self) -> bool:
        return not self.state.is_over() and self.state.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.state.is_over()

    # ---- actions -----------------------------------------------------------------------------

    def _by_id(self) -> dict[int, Action]:
        if self._legal is None:
            s = self.state
            if s.is_over():
                self._legal = {}
            elif s.current_player() == CHANCE:
                self._legal = {k: a for k, (a, _p) in enumerate(chance.outcomes(s))}
            else:
                self._legal = self.game.catalogue.bind(s.spec).mask(engine.legal_actions(s))[1]
        return self._legal

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Ascending action ids of the node (chance: outcome ids); empty for another player."""
        if player is not None and player != self.current_player():
            return []
        return sorted(self._by_id())

    def legal_actions_mask(self) -> np.ndarray:
        """int8 ``(num_distinct_actions,)`` mask of a player node (zeros at chance/terminal)."""
        m = np.zeros(self.game.catalogue.size, dtype=np.int8)
        if not self.is_chance_node():
            m[list(self._by_id())] = 1
        return m

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome id, probability)`` of the pending chance event (probabilities sum to 1).

        Raises:
            ValueError: not a chance node.
        """
        if not self.is_chance_node():
            raise ValueError("not a chance node")
        return [(k, pr) for k, (_a, pr) in enumerate(chance.outcomes(self.state))]

    def engine_action(self, action_id: int) -> Action:
        """The engine :class:`Action` of a legal id here.

        Raises:
            IllegalActionError: not a legal id of this node.
        """
        a = self._by_id().get(int(action_id))
        if a is None:
            raise IllegalActionError(f"action id {action_id} is not legal here ({self.action_to_string(action_id)})")
        return a

    def apply_action(self, action_id: int) -> None:
        """Apply a legal id (player action or chance outcome) in place.

        Raises:
            IllegalActionError: not a legal id (the state is unchanged).
        """
        a = self.engine_action(action_id)
        engine.apply_action(self.state, a, check=False)
        self.history.append(int(action_id))
        self._legal = None

    def child(self, action_id: int) -> SpielState:
        """A clone with ``action_id`` applied."""
        c = self.clone()
        c.apply_action(action_id)
        return c

    def clone(self) -> SpielState:
        """An independent copy (one :meth:`State.copy`)."""
        return SpielState(self.game, self.state.copy(), self.history[:])

    def action_to_string(self, player: int | None = None, action_id: int | None = None) -> str:
        """The engine notation of an id (``"conquer L1.4"``, ``"roll 2"``); ``pyspiel`` order
        ``(player, action)`` or the id alone."""
        if action_id is None:
            player, action_id = None, player
        a = self._by_id().get(int(action_id))  # type: ignore[arg-type]
        if a is not None:
            return str(a)
        if self.is_chance_node():
            return f"chance outcome {action_id} (not an outcome here)"
        b = self.game.catalogue.bind(self.state.spec).action(int(action_id))  # type: ignore[arg-type]
        return str(b) if b is not None else f"action {action_id} (no action in this game)"

    # ---- outcome and observations ------------------------------------------------------------

    def returns(self) -> list[float]:
        """Terminal utility of each seat (:mod:`smallworld.rl.rewards` mode of the game); zeros
        before the end."""
        s = self.state
        if not s.is_over() or s.result is None:
            return [0.0] * self.game.players
        return terminal_rewards(s.result, s.spec, self.game.reward)

    def observation_tensor(self, player: int) -> np.ndarray:
        """The compact observation of seat ``player`` (float32, from its view only)."""
        flat = self.game.encoder.bind(self.state.spec).encode(view(self.state, player))
        return self.game.compact.compact(flat)

    def __str__(self) -> str:
        s = self.state
        return f"round {s.round}, phase {s.phase}, player {self.current_player()}, VC {s.vc}"

    def __repr__(self) -> str:
        return f"<SpielState {self}>"


def random_playout(state: SpielState, rng: Any) -> list[float]:
    """Play ``state`` (in place) to the end with uniformly random actions and chance drawn by
    its probabilities (``rng`` a ``numpy.random.Generator``); returns :meth:`~SpielState.returns`."""
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=np.asarray(probs) / sum(probs))))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    return state.returns()
