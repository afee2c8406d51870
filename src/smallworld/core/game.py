"""A game in progress: state + record + a seeded source of chance.

:class:`Game` is what drivers (CLI, web server, tournaments, RL) hold: it applies actions,
appends them to the record, and resolves chance events from its own seeded RNG (never the global
one), so the same seed and the same player actions give the same game.

Without a seed, a game gets a secret 256-bit seed: the header commits to it and reveals it when
the game ends (:mod:`smallworld.core.fairness`); ``Game.new(n, seed=7)`` keeps the reproducible
stream of a chosen seed.

A game keeps what happened: the events of each action it applied (:mod:`smallworld.core.events`),
in its record beside the action (``record.events[i]`` for ``record.actions[i]``). ``events=False``
collects none (a bot tournament's speed; its record then has no events).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from smallworld.core import chance, fairness
from smallworld.core.actions import Action, as_action
from smallworld.core.engine import apply_action, legal_actions
from smallworld.core.errors import ReplayError
from smallworld.core.record import GameRecord, header_for, replay
from smallworld.core.setup import new_state
from smallworld.core.state import CHANCE, State


class Game:
    """A game with its record.

    Attributes:
        state: the current :class:`State`. record: the :class:`GameRecord` so far.
    """

    def __init__(self, state: State, record: GameRecord, rng: Any, secret: str | None = None,
                 *, events: bool = True) -> None:
        self.state = state
        self.record = record
        self.rng = rng
        #: the sealed seed (never in the record before the end), None for a chosen seed
        self.secret = secret
        if events and record.events is None:
            record.events = [] if not record.actions else None
        #: whether each action's events are collected (into ``record.events``)
        self.collects = events and record.events is not None

    @classmethod
    def new(
        cls,
        n_players: int,
        *,
        seed: int | str | None = None,
        faces: Sequence[str] | None = None,
        edition: str = "swow",
        seats: Sequence[str] | None = None,
        events: bool = True,
    ) -> Game:
        """A new game. With ``seed`` None, a secret 256-bit seed is drawn and sealed: the header
        holds its commitment, and the seed itself once the game is over (fairness). A chosen
        ``seed`` is recorded as it is and gives the same game every time. ``events``: keep
        each action's events (the default; off for bot tournaments).

        Raises:
            ValueError: bad player count, edition, face ids or seats.
        """
        if seed is None:
            secret = fairness.new_secret_seed()
            s = new_state(n_players, seed=secret, faces=faces, edition=edition, seats=seats)
            header = header_for(s, None)
            fairness.seal(header, secret)
            return cls(s, GameRecord(header), fairness.SecretChance(secret), secret, events=events)
        s = new_state(n_players, seed=seed, faces=faces, edition=edition, seats=seats)
        return cls(s, GameRecord(header_for(s, seed)), fairness.chosen_chance(seed), events=events)

    @classmethod
    def from_record(cls, record: GameRecord, *, secret: str | None = None,
                    events: bool = True) -> Game:
        """Resume a recorded game (replays it; raises ``ReplayError`` if it does not replay).
        Later chance draws come from the seed advanced past the recorded ones: the header's
        seed, or for a sealed game ``secret`` (without it, drawing chance raises). With
        ``events`` the replay collects each action's events again (an old record without
        them gets them; recorded ones are replaced by the engine's own).

        Raises:
            ReplayError: the record does not replay, or ``secret`` does not match the
                header's commitment.
        """
        got: list[list[dict[str, Any]]] | None = [] if events else None
        s = replay(record, events=got)
        header = dict(record.header)
        words = {h[0] for h in chance.HANDLERS.values()}
        info = header.get("chance")
        if isinstance(info, dict):
            seed = header.get("seed") or secret
            if seed is not None and fairness.commitment(str(seed)) != info.get("commit"):
                raise ReplayError("the secret seed does not match the record's commitment")
            start = int(info.get("from", 0))
            drawn = sum(1 for a in record.actions[start:] if a.split()[0] in words)
            rng: Any = fairness.SecretChance(str(seed), drawn) if seed else fairness.UnknownSeed()
            secret = str(seed) if seed else None
        else:
            rng = fairness.chosen_chance(header.get("seed"))
            for _ in range(sum(1 for a in record.actions if a.split()[0] in words)):
                rng.random()
            secret = None
        return cls(s, GameRecord(header, list(record.actions), record.result, got), rng, secret,
                   events=events)

    def legal_actions(self) -> list[Action]:
        """:func:`smallworld.core.engine.legal_actions` of the game's state."""
        return legal_actions(self.state)

    def current_player(self) -> int:
        return self.state.current_player()

    def apply(self, action: Action | str, *, check: bool = True) -> Action:
        """Apply a player's or chance action and record it: the engine's one way of applying an
        action (:func:`smallworld.core.engine.apply_action`), then the action's text and events
        appended to the record. Returns the parsed action.

        Raises:
            ActionSyntaxError: unparsable text.
            IllegalActionError: not legal now (with ``check``; the game is unchanged then).
        """
        a = as_action(action)
        s = self.state
        if self.collects:
            got = s.events = []
            try:
                apply_action(s, a, check=check)
            finally:
                s.events = None
            assert self.record.events is not None
            self.record.events.append(got)
        else:
            apply_action(s, a, check=check)
        self.record.actions.append(str(a))
        if self.state.is_over():
            self.record.result = self.state.result
            if self.secret is not None:  # the end reveals the sealed seed (fairness)
                self.record.header["seed"] = self.secret
        return a

    def resolve_chance(self) -> Action:
        """Draw the pending chance event's outcome from this game's RNG and apply it."""
        return self.apply(chance.sample(self.state, self.rng), check=False)

    def skip_drawn(self, actions: Sequence[str]) -> None:
        """Advance the chance RNG past the chance outcomes among ``actions``: recorded actions
        made by another copy of this game (a server process sharing its database) and played
        here with :meth:`apply`, which does not draw. The next draw is then the one
        :meth:`from_record` would make (one number per outcome, RULES §15). A game whose sealed
        seed is unknown here (it cannot draw) is left as it is."""
        words = {h[0] for h in chance.HANDLERS.values()}
        if isinstance(self.rng, fairness.UnknownSeed):
            return
        for text in actions:
            if text.split(" ", 1)[0] in words:
                self.rng.random()

    def settle(self) -> None:
        """Resolve chance events until a player must act or the game is over."""
        while self.state.current_player() == CHANCE:
            self.resolve_chance()

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state.result

