"""The games registered with OpenSpiel (``pip install ".[spiel]"``): ``pyspiel.load_game``.

Importing this module registers three games with ``pyspiel`` (one per edition):

| short name | edition | players |
|---|---|---|
| ``smallworld_swow`` | Small World of Warcraft | 2–5 |
| ``smallworld_swow_team`` | its team variant "Battle for Azeroth" (RULES §12) | 2–5 |
| ``smallworld_classic`` | the original Small World | 2–5 |

Parameters (``pyspiel.load_game("smallworld_swow", {"players": 3})``):

- ``players`` (int, 2): 2 to 5.
- ``seed`` (int, -1): ``-1`` makes the first node a chance node drawing the boards uniformly
  among the legal selections (R-SET-1, what ``random_selection`` draws; classic has one map per
  player count, so no such node); a seed ``>= 0`` fixes the boards of ``Game.new(players,
  seed=seed)`` and the game starts at the reveals of the first combos.
- ``reward`` (str, ``"win"``): the terminal utility, ``"win"``, ``"rank"`` or ``"vc_scaled"``
  (:mod:`smallworld.rl.rewards`). ``"vc_diff"`` has no finite bound to declare and ``"none"``
  no utility, so neither is offered.
- ``max_game_length`` (int, -1): the most player actions of a game (``-1``:
  :func:`default_max_game_length`). A game that reaches it ends there and is scored as a
  finished game (R-END-1: VC, then tokens on the boards); random games take 90–230 player
  actions, the default allows 3 000 to 6 000.

What OpenSpiel sees:

- **Chance** is explicit (``EXPLICIT_STOCHASTIC``): banner and badge reveals, the reinforcement
  die, items, Bomb sides and the board draw are chance nodes; an outcome id is the position of
  the outcome in the pending event's list (:func:`smallworld.core.chance.outcomes`), below
  ``max_chance_outcomes``.
- **Player actions** are the indexes of the edition's fixed action catalogue
  (:mod:`smallworld.rl.catalogue`), as in the PettingZoo env: a policy trained there plays here.
- **Utility** per edition, player count and reward, declared on each loaded game's
  ``get_type()`` (:func:`utility_of`): ``"win"`` is constant-sum 1 (the winners share 1),
  constant-sum 2 in the 4-player team variant (two sides of two) and general-sum in the
  5-player team variant (sides of 2, 2 and 1 players: the returns sum to 2, 5/3, 1.5 or 1);
  ``"rank"`` is zero-sum but in the 5-player team variant; ``"vc_scaled"`` is zero-sum with two
  sides of equal size (2 players, the 4-player team variant), general-sum otherwise (clipping).
- **Observations** come from :func:`smallworld.core.view.view` through an OpenSpiel observer
  (:meth:`SmallWorldGame.make_py_observer`): the observation tensor is the compact observation
  of the env (``observation="compact"``) and its string the seat's view as JSON; other seats'
  VC are not in them. The information state (perfect recall) is the public history: every action
  and every chance outcome is seen by all, so perfect recall reconstructs every seat's VC. Its
  string is the seat and that history in the engine's notation, its tensor the observation
  followed by every seat's VC / 50 (relative seat order, clipped to 5).
- ``str(state)`` is the full state: a summary of the position, then the engine state as JSON
  (:meth:`~smallworld.core.state.State.to_dict`, the hidden VC included).
- ``state.clone()`` (and the C++ ``Clone``) copy the engine state with
  :meth:`~smallworld.core.state.State.copy`; the game description (board table, catalogue,
  encoders) is shared, never copied.
- ``state.serialize()`` / ``game.deserialize_state(text)`` keep the parameters (the seed) in
  the game string and the action ids in the history: deserializing replays them.

Search that must not read other seats' VC starts from :meth:`SmallWorldState.resample_from_view`
(the determinization of the project's bots, :func:`smallworld.core.view.determinize`), as
:class:`DeterminizedBot` does for any ``pyspiel.Bot``.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np

try:
    import pyspiel
except ModuleNotFoundError as e:  # pragma: no cover - depends on the installed extras
    raise ModuleNotFoundError(
        "smallworld.rl.openspiel_game needs open_spiel: install the extra with pip install 'smallworld[spiel]'"
    ) from e

from smallworld.core import chance, engine
from smallworld.core import edition as editions
from smallworld.core.actions import Action
from smallworld.core.errors import IllegalActionError
from smallworld.core.scoring import final_result
from smallworld.core.setup import choose_faces, new_state
from smallworld.core.state import CHANCE, State
from smallworld.core.view import determinize, view
from smallworld.rl.catalogue import MAX_TOKENS, ActionCatalogue, region_slots
from smallworld.rl.layout import SCALES
from smallworld.rl.observations import CompactEncoder, observation_encoder
from smallworld.rl.render import render_text
from smallworld.rl.rewards import check_mode, terminal_rewards

#: registered short name of each edition
SHORT_NAMES = {"swow": "smallworld_swow", "swow-team": "smallworld_swow_team", "classic": "smallworld_classic"}
_LONG_NAMES = {
    "swow": "Small World of Warcraft",
    "swow-team": "Small World of Warcraft: Battle for Azeroth (team variant)",
    "classic": "Small World",
}
#: the terminal utilities offered (bounded: see the module doc)
REWARDS = ("win", "rank", "vc_scaled")
#: player actions allowed per player turn by :func:`default_max_game_length`
TURN_ACTIONS = 150
_DEFAULTS = {"players": 2, "seed": -1, "reward": "win", "max_game_length": -1}
_VC_CAP = 5.0  # VC / 50 is clipped there, as in the compact observation


def default_max_game_length(edition: str, players: int) -> int:
    """Rounds × players × :data:`TURN_ACTIONS`: 3 000 player actions with 2 players, 6 000 with 5,
    against 90–230 in random games (docs/rl.md)."""
    return editions.get(edition).rounds_by_players[players] * players * TURN_ACTIONS


def utility_of(edition: str, players: int, reward: str) -> tuple[Any, float | None, float, float]:
    """``(pyspiel.GameType.Utility, utility_sum or None, min_utility, max_utility)`` of a game.

    Raises:
        ValueError: a reward not in :data:`REWARDS`.
    """
    if reward not in REWARDS:
        check_mode(reward)
        raise ValueError(f"reward {reward!r} is not offered in OpenSpiel (no finite bound or no utility); "
                         f"known: {', '.join(REWARDS)}")
    U = pyspiel.GameType.Utility
    team5 = edition == "swow-team" and players == 5
    if reward == "win":
        if team5:
            return U.GENERAL_SUM, None, 0.0, 1.0
        total = 2.0 if edition == "swow-team" and players == 4 else 1.0
        return U.CONSTANT_SUM, total, 0.0, 1.0
    if reward == "rank":
        return (U.GENERAL_SUM, None, -1.0, 1.0) if team5 else (U.ZERO_SUM, 0.0, -1.0, 1.0)
    two_sides = players == 2 or (edition == "swow-team" and players == 4)
    return (U.ZERO_SUM, 0.0, -1.0, 1.0) if two_sides else (U.GENERAL_SUM, None, -1.0, 1.0)


def _game_type(edition: str, utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAMES[edition],
        long_name=_LONG_NAMES[edition],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


class _Tables:
    """What every state of one game shares (never copied): catalogue, encoders, board draw."""

    def __init__(self, edition: str, players: int, seed: int, reward: str, max_len: int) -> None:
        self.args = (edition, players, seed, reward, max_len)
        self.edition, self.players, self.seed, self.reward, self.max_len = self.args
        self.catalogue = ActionCatalogue(region_slots(players, None, edition), MAX_TOKENS, edition)
        self.encoder = observation_encoder(edition, players, self.catalogue.n_slots)
        self.compact = CompactEncoder(self.encoder, edition)
        self.seats = [f"player_{p}" for p in range(players)]  # as the env's agents
        ed = editions.get(edition)
        if seed >= 0:
            self.selections: list[tuple[str, ...]] = [choose_faces(players, seed, edition)]
        else:  # every legal selection, uniform (R-SET-1; classic: its one map, C-SET-1)
            if ed.board_selections is None:
                raise ValueError(f"edition {edition!r} declares no board selections (Edition.board_selections)")
            self.selections = [tuple(sel) for sel in ed.board_selections(players)]
        self._initial: dict[int, State] = {}
        self._bound: dict[int, tuple[Any, Any, Any]] = {}
        # a chance event draws a race, a badge, an item, a die face, a Bomb side or the boards
        board_draw = len(self.selections) if len(self.selections) > 1 else 0
        self.max_chance_outcomes = max(len(ed.races), len(ed.powers), len(ed.items), len(set(ed.die_faces)), 2,
                                       board_draw)

    def __deepcopy__(self, memo: Any) -> _Tables:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_tables, self.args)

    def initial(self, k: int) -> State:
        """A copy of the new game on board selection ``k`` (made once, then copied)."""
        s = self._initial.get(k)
        if s is None:
            s = self._initial[k] = new_state(self.players, faces=self.selections[k], edition=self.edition,
                                             seats=self.seats)
        return s.copy()

    def bound(self, s: State) -> tuple[Any, Any]:
        """The catalogue and the observation encoder bound to ``s``'s board table."""
        b = self._bound.get(id(s.spec))
        if b is None or b[0] is not s.spec:
            b = self._bound[id(s.spec)] = (s.spec, self.catalogue.bind(s.spec), self.encoder.bind(s.spec))
        return b[1], b[2]


@functools.lru_cache(maxsize=64)
def _tables(edition: str, players: int, seed: int, reward: str, max_len: int) -> _Tables:
    return _Tables(edition, players, seed, reward, max_len)


class _Core:
    """The Python side of a state, the only attribute OpenSpiel copies or pickles: the engine
    state (``None`` before the board draw), the action ids applied, their actions (text for the
    board draw), the count of player actions, whether the engine state is the one the history
    reaches (a determinized state is not), and the legal ids of the position with their actions
    and chance probabilities (computed once per position, shared by copies)."""

    __slots__ = ("acts", "exact", "ids", "legal", "moves", "probs", "s", "t", "text")

    def __init__(self, t: _Tables, s: State | None, ids: list[int], acts: list[str], moves: int,
                 exact: bool = True) -> None:
        self.t, self.s, self.ids, self.acts, self.moves, self.exact = t, s, ids, acts, moves, exact
        self.legal: dict[int, Any] | None = None
        self.probs: list[float] = []
        self.text: str | None = None  # str(state), made once per position

    def __deepcopy__(self, memo: Any) -> _Core:
        c = _Core(self.t, None if self.s is None else self.s.copy(), self.ids[:], self.acts[:], self.moves,
                  self.exact)
        c.legal, c.probs, c.text = self.legal, self.probs, self.text
        return c

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if self.exact:  # the seed is in the game's parameters: the history is enough
            return (_replay, (self.t, tuple(self.ids)))
        return (_Core, (self.t, self.s, self.ids, self.acts, self.moves, False))

    # ---- the game's logic, used by SmallWorldState ------------------------------------------

    def over(self) -> bool:
        s = self.s
        return s is not None and (s.is_over() or self.moves >= self.t.max_len)

    def chance_node(self) -> bool:
        s = self.s
        return s is None or (s.current_player() == CHANCE and not self.over())

    def by_id(self) -> dict[int, Any]:
        """Legal id -> engine :class:`Action` (the board draw: ``"boards L1 M2 ..."``)."""
        if self.legal is None:
            s = self.s
            if s is None:
                n = len(self.t.selections)
                self.legal = {k: "boards " + " ".join(f) for k, f in enumerate(self.t.selections)}
                self.probs = [1.0 / n] * n
            elif self.over():
                self.legal = {}
            elif s.current_player() == CHANCE:
                outs = chance.outcomes(s)
                self.legal = {k: a for k, (a, _pr) in enumerate(outs)}
                self.probs = [pr for _a, pr in outs]
            else:
                self.legal = self.t.bound(s)[0].mask(engine.legal_actions(s))[1]
        return self.legal

    def apply(self, action_id: int) -> None:
        chance_node = self.chance_node()
        a = self.by_id().get(action_id)
        if a is None:
            raise IllegalActionError(f"action id {action_id} is not legal here")
        if self.s is None:
            self.s = self.t.initial(action_id)
        else:
            engine.apply_action(self.s, a, check=False)
            if not chance_node:
                self.moves += 1
        self.acts.append(str(a))
        self.ids.append(action_id)
        self.legal = None
        self.text = None


def _replay(t: _Tables, ids: tuple[int, ...]) -> _Core:
    """The state reached by applying ``ids`` from the start (deserialization)."""
    c = _Core(t, None, [], [], 0)
    if t.seed >= 0 or len(t.selections) == 1:
        c.s = t.initial(0)
    for i in ids:
        c.apply(int(i))
    return c


class SmallWorldGame(pyspiel.Game):
    """A registered OpenSpiel game (``pyspiel.load_game(SHORT_NAMES[edition], params)``).

    ``SmallWorldGame`` is ``smallworld_swow``; :class:`SwowTeamGame` and :class:`ClassicGame`
    the other editions.

    Args:
        params: the game parameters (see the module doc).
        edition: overrides the class's edition (``"swow"``, ``"swow-team"``, ``"classic"``).

    Raises:
        ValueError: a bad player count, edition or reward.
    """

    EDITION = "swow"

    def __init__(self, params: dict[str, Any] | None = None, edition: str | None = None) -> None:
        p = {**_DEFAULTS, **(params or {})}
        edition = edition or self.EDITION
        if edition not in SHORT_NAMES:
            raise ValueError(f"unknown edition {edition!r}; known: {', '.join(SHORT_NAMES)}")
        players, seed, reward = int(p["players"]), int(p["seed"]), str(p["reward"])
        if players not in (2, 3, 4, 5):
            raise ValueError(f"players must be 2 to 5, not {players!r}")
        utility, total, lo, hi = utility_of(edition, players, reward)
        max_len = int(p["max_game_length"])
        if max_len <= 0:
            max_len = default_max_game_length(edition, players)
        t = _tables(edition, players, seed, reward, max_len)
        info = pyspiel.GameInfo(
            num_distinct_actions=t.catalogue.size,
            max_chance_outcomes=t.max_chance_outcomes,
            num_players=players,
            min_utility=lo,
            max_utility=hi,
            utility_sum=total,
            max_game_length=max_len,
        )
        super().__init__(_game_type(edition, utility),
                         info, {k: p[k] for k in _DEFAULTS})
        self.tables = t
        self.edition = edition

    def new_initial_state(self) -> SmallWorldState:
        """The start: the board draw (``seed`` -1, Warcraft editions) or the first reveals."""
        return SmallWorldState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        """The observer of ``iig_obs_type`` (default: the observation, ``perfect_recall=False``)."""
        return Observer(self.tables, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class SmallWorldState(pyspiel.State):
    """A position of a :class:`SmallWorldGame` (see the module doc)."""

    def __init__(self, game: SmallWorldGame) -> None:
        super().__init__(game)
        t = game.tables
        self._core = _replay(t, ())

    # ---- pyspiel.State -----------------------------------------------------------------------

    def current_player(self) -> int:
        c = self._core
        s = c.s
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if c.over():
            return int(pyspiel.PlayerId.TERMINAL)
        p = s.current_player()
        return int(pyspiel.PlayerId.CHANCE) if p == CHANCE else p

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._core.by_id())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome id, probability)`` of the pending chance event.

        Raises:
            ValueError: not a chance node.
        """
        c = self._core
        if not c.chance_node():
            raise ValueError("not a chance node")
        return list(zip(c.by_id(), c.probs))

    def _apply_action(self, action: int) -> None:
        self._core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        c = self._core
        a = c.by_id().get(int(action))
        if a is not None:
            return str(a)
        if c.s is None or player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action} (not an outcome here)"
        b = c.t.bound(c.s)[0].action(int(action))
        return str(b) if b is not None else f"action {action} (no action in this game)"

    def is_terminal(self) -> bool:
        return self._core.over()

    def returns(self) -> list[float]:
        """Terminal utilities (the game's ``reward``); zeros before the end."""
        c = self._core
        if not c.over():
            return [0.0] * c.t.players
        s = c.s
        assert s is not None
        result = s.result if s.is_over() and s.result is not None else final_result(s)  # truncated: scored now
        return terminal_rewards(result, s.spec, c.t.reward)

    def __str__(self) -> str:
        c = self._core
        if c.text is None:
            s = c.s
            if s is None:
                c.text = "boards not drawn yet (chance)"
            else:
                head = render_text(s, c.t.seats)
                c.text = f"{head}\nVC {' '.join(str(v) for v in s.vc)}\nstate {json.dumps(s.to_dict(), sort_keys=True)}"
        return c.text

    # ---- beyond pyspiel ----------------------------------------------------------------------

    @property
    def engine_state(self) -> State | None:
        """The engine's full state (hidden VC included; ``None`` before the board draw)."""
        return self._core.s

    def engine_action(self, action_id: int) -> Action:
        """The engine :class:`~smallworld.core.actions.Action` of a legal id here (chance: the outcome).

        Raises:
            IllegalActionError: not a legal id, or the board draw (no engine action).
        """
        c = self._core
        a = c.by_id().get(int(action_id))
        if a is None or c.s is None:
            raise IllegalActionError(f"action id {action_id} names no engine action here")
        return a

    def resample_from_view(self, player: int, rng: Any = None) -> SmallWorldState:
        """A clone in which every fact hidden from ``player``'s observation is resampled (other
        seats' VC, teammates' excepted: :func:`smallworld.core.view.determinize`, what the
        project's search bots do), for search that must not read other seats' coins. The
        player's own legal actions are unchanged. ``rng``: a ``random.Random``, a seed or
        ``None`` (a fresh one).
        """
        c = self.clone()
        core = c._core
        if core.s is not None and player >= 0:
            r = rng if isinstance(rng, random.Random) else random.Random(rng)
            core.s = determinize(core.s, player, r)
            core.exact = False
            core.text = None
        return c


class Observer:
    """An OpenSpiel Python observer (``tensor``, ``dict``, ``set_from``, ``string_from``).

    - ``perfect_recall=False``, private information of one player (the observation): tensor
      ``observation``, the compact vector of ``view(state, player)``; string: that view as JSON.
    - ``perfect_recall=True`` (the information state): tensors ``observation`` and ``vc`` (every
      seat's VC / 50 in relative seat order, clipped to 5: perfect recall knows them); string:
      the seat and the history in the engine's notation.
    - no private information (public observation): the spectator's view (``view(state, None)``).

    Raises:
        ValueError: game-specific parameters, or private information of all players (not
        offered: use the state itself).
    """

    def __init__(self, t: _Tables, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        priv = iig_obs_type.private_info
        if priv == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("private information of all players is not offered (the state has it)")
        self.t = t
        self.public = priv == pyspiel.PrivateInfoType.NONE
        self.recall = bool(iig_obs_type.perfect_recall)
        n_vc = t.players if self.recall and not self.public else 0
        self.tensor = np.zeros(t.compact.size + n_vc, np.float32)
        self.dict = {"observation": self.tensor[: t.compact.size]}
        if n_vc:
            self.dict["vc"] = self.tensor[t.compact.size:]

    def set_from(self, state: SmallWorldState, player: int) -> None:
        c = state._core
        s = c.s
        if s is None:
            self.tensor.fill(0.0)
            return
        enc = c.t.bound(s)[1]
        self.dict["observation"][:] = c.t.compact.compact(enc.encode(view(s, None if self.public else player)))
        if "vc" in self.dict:
            n = c.t.players
            vc = [s.vc[(player + j) % n] / SCALES["vc"] for j in range(n)]
            self.dict["vc"][:] = np.minimum(np.asarray(vc, np.float32), _VC_CAP)

    def string_from(self, state: SmallWorldState, player: int) -> str:
        c = state._core
        if self.recall:
            who = "public" if self.public else f"player {player}"
            return who + "\n" + "\n".join(c.acts)
        if c.s is None:
            return "boards not drawn yet"
        return json.dumps(view(c.s, None if self.public else player), sort_keys=True, separators=(",", ":"))


class DeterminizedBot(pyspiel.Bot):
    """Wraps a ``pyspiel.Bot`` (e.g. OpenSpiel's Python ``MCTSBot``) so that it never sees other
    seats' VC: each ``step`` hands it :meth:`SmallWorldState.resample_from_view` of the state
    for the acting seat. The action it returns is legal in the real state (the seat's own legal
    actions do not depend on the resampled facts).

    Args:
        bot: the searching bot. seed: seeds the determinizations.
    """

    def __init__(self, bot: Any, seed: int | None = None) -> None:
        super().__init__()
        self.bot = bot
        self.rng = random.Random(seed)

    def step(self, state: SmallWorldState) -> int:
        return int(self.bot.step(state.resample_from_view(state.current_player(), self.rng)))

    def restart_at(self, state: SmallWorldState) -> None:
        self.bot.restart_at(state)

    def inform_action(self, state: SmallWorldState, player_id: int, action: int) -> None:
        self.bot.inform_action(state, player_id, action)


class SwowTeamGame(SmallWorldGame):
    """``smallworld_swow_team``: the team variant (RULES §12)."""

    EDITION = "swow-team"


class ClassicGame(SmallWorldGame):
    """``smallworld_classic``: the original Small World."""

    EDITION = "classic"


#: the registered game class of each edition (a class, not a closure: pyspiel keeps the
#: creator until the interpreter is gone, and freeing a closure then aborts the process)
GAME_CLASSES: dict[str, type[SmallWorldGame]] = {"swow": SmallWorldGame, "swow-team": SwowTeamGame,
                                                 "classic": ClassicGame}
for _edition, _cls in GAME_CLASSES.items():
    pyspiel.register_game(_game_type(_edition, utility_of(_edition, 2, "win")[0]), _cls)
