"""Games in progress on the server: the engine, the seats, the log, the database and bots.

A :class:`LiveGame` wraps a :class:`smallworld.core.game.Game`. Every change goes through
:meth:`LiveGame.act` (a human's action) or :meth:`LiveGame.bot_step` (one bot action): the
action is applied, chance is resolved server-side until a player must decide, and the new
action texts are written to the database in one transaction *before* the change is
acknowledged. If the write fails, the game is rebuilt from the database, so memory and disk
never disagree.

:class:`GameHub` keeps the live games by id, loading a saved game on first use with
``Game.from_record`` (a restarted server loses nothing).
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from smallworld.bots import BOTS, make_bot
from smallworld.core.actions import Action, as_action
from smallworld.core.chance import sample
from smallworld.core.errors import IllegalActionError, RulesError
from smallworld.core.game import Game
from smallworld.core.record import GameRecord, start_state
from smallworld.core.spec import EDITIONS
from smallworld.core.state import CHANCE, NOBODY
from smallworld.core.undo import UndoStack
from smallworld.web.describe import Logbook
from smallworld.web.storage import Store, StoredGame

MAX_NAME = 24
EDITION_NAMES = {"swow": "Small World of Warcraft", "swow-team": "Battle for Azeroth (team variant)"}


class SetupError(ValueError):
    """A new-game or import request that cannot be honoured (the message says why)."""


class NotYourTurn(IllegalActionError):
    """An action from a seat that is not the one to act."""


@dataclass
class Seat:
    """One seat's configuration. ``token`` is the secret of a human seat's private link."""

    name: str
    kind: str  # "human" | "bot"
    bot: str | None = None
    token: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "bot": self.bot, "token": self.token}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Seat:
        return cls(name=str(d["name"]), kind=str(d["kind"]), bot=d.get("bot"), token=d.get("token"))


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_game_id() -> str:
    return secrets.token_hex(5)


def check_seats(seats: list[dict[str, Any]]) -> list[Seat]:
    """Validate a seat list from a request; give human seats their secret tokens.

    Raises:
        SetupError: count outside 2–5, empty or duplicate names, unknown kind or bot.
    """
    if not isinstance(seats, list) or not 2 <= len(seats) <= 5:
        raise SetupError("a game needs 2 to 5 seats")
    out: list[Seat] = []
    seen: set[str] = set()
    for i, d in enumerate(seats):
        if not isinstance(d, dict):
            raise SetupError(f"seat {i + 1}: expected an object with name and kind")
        name = " ".join(str(d.get("name") or "").split())
        kind = d.get("kind", "human")
        if not name:
            name = f"Player {i + 1}"
        if len(name) > MAX_NAME:
            raise SetupError(f"seat {i + 1}: name {name[:30]!r} is longer than {MAX_NAME} characters")
        if name.casefold() in seen:
            raise SetupError(f"seat {i + 1}: two seats are called {name!r}")
        seen.add(name.casefold())
        if kind == "human":
            out.append(Seat(name=name, kind="human", token=new_token()))
        elif kind == "bot":
            bot = d.get("bot") or "random"
            if bot not in BOTS:
                raise SetupError(f"seat {i + 1}: unknown bot {bot!r} (known: {', '.join(sorted(BOTS))})")
            out.append(Seat(name=name, kind="bot", bot=bot))
        else:
            raise SetupError(f"seat {i + 1}: kind must be 'human' or 'bot', not {kind!r}")
    return out


@dataclass
class Connection:
    """One open WebSocket: who it is (``seat`` or the hotseat host) and what it has been sent."""

    ws: Any
    seat: int | None
    host: bool
    log_sent: int = 0
    perspective: int | None = -99


@dataclass
class LiveGame:
    id: str
    title: str
    seats: list[Seat]
    host_token: str
    game: Game
    log: Logbook
    created_at: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sockets: list[Connection] = field(default_factory=list)
    bots: dict[int, Any] = field(default_factory=dict)
    bot_task: asyncio.Task[Any] | None = None
    last_human: int | None = None
    undo: UndoStack = field(default_factory=UndoStack)  # human take-backs (web/takeback.py)

    # ---- building ---------------------------------------------------------------------------

    @classmethod
    def create(cls, store: Store, *, seats: list[Seat], edition: str = "swow",
               seed: int | str | None = None, title: str | None = None) -> LiveGame:
        """A new game, stored with its setup draws."""
        if edition not in EDITIONS:
            raise SetupError(f"unknown edition {edition!r} (known: {', '.join(EDITIONS)})")
        try:
            game = Game.new(len(seats), seed=seed, edition=edition, seats=[s.name for s in seats])
        except ValueError as e:
            raise SetupError(str(e)) from None
        live = cls(
            id=new_game_id(), title=title or _default_title(seats), seats=seats,
            host_token=new_token(), game=game, log=Logbook(),
        )
        live._settle()
        store.create(
            game_id=live.id, title=live.title, header=game.record.header,
            seats=[s.to_json() for s in seats], host_token=live.host_token,
            actions=game.record.actions, round=game.state.round, result=game.record.result,
        )
        return live

    @classmethod
    def load(cls, stored: StoredGame) -> LiveGame:
        """Rebuild a saved game (``Game.from_record``) and its log. Raises ``ReplayError``."""
        record = stored.record()
        game = Game.from_record(record)
        live = cls(
            id=stored.id, title=stored.title, seats=[Seat.from_json(s) for s in stored.seats],
            host_token=stored.host_token, game=game, log=rebuild_log(record),
            created_at=stored.created_at,
        )
        return live

    # ---- seats and perspective ---------------------------------------------------------------

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def seat_kind(self, p: int) -> str:
        if p == CHANCE:
            return "chance"
        if p == NOBODY or p < 0:
            return "nobody"
        return self.seats[p].kind

    def host_perspective(self) -> int | None:
        """The seat whose view the hotseat page shows: the human seat to act, else the last
        human seat that acted (or the first human seat); ``None`` when no seat is human."""
        s = self.game.state
        p = s.current_player()
        if p >= 0 and self.seats[p].kind == "human":
            return p
        humans = self.humans()
        if not humans:
            return None
        if self.last_human in humans:
            return self.last_human
        return humans[0]

    # ---- changing the game -------------------------------------------------------------------

    def _apply(self, a: Action, *, check: bool) -> None:
        g = self.game
        at = len(g.record.actions)
        self.log.apply(g.state, a, at, lambda: g.apply(a, check=check))

    def _settle(self) -> None:
        g = self.game
        while g.state.current_player() == CHANCE:
            self._apply(sample(g.state, g.rng), check=False)

    def _commit(self, store: Store, start: int, n_log: int) -> None:
        g = self.game
        try:
            store.append(self.id, start, g.record.actions[start:], round=g.state.round,
                         result=g.record.result)
        except Exception:
            self._restore(store, n_log)
            raise

    def _restore(self, store: Store, n_log: int) -> None:
        stored = store.load(self.id)
        if stored is None:  # deleted meanwhile
            return
        self.game = Game.from_record(stored.record())
        del self.log.entries[n_log:]

    def act(self, store: Store, seat: int, action: str | Action) -> Action:
        """Seat ``seat`` plays ``action``; chance is resolved; everything is stored.

        Raises:
            NotYourTurn: another seat (or chance) is to act, or the game is over.
            ActionSyntaxError / IllegalActionError: the engine's refusal (nothing changed).
            StoreError: the database refused the write (the game is rolled back).
        """
        s = self.game.state
        p = s.current_player()
        if p == NOBODY:
            raise NotYourTurn("the game is over")
        if p != seat:
            who = self.seats[p].name if p >= 0 else "chance"
            raise NotYourTurn(f"it is not {self.seats[seat].name}'s turn to act: waiting for {who}")
        a = as_action(action)
        start, n_log = len(self.game.record.actions), len(self.log.entries)
        human = self.seats[seat].kind == "human"
        if human:
            self.undo.before(self.game, seat, (n_log, self.log._turn_key))
        try:
            self._play(store, a, n_log)
            self._commit(store, start, n_log)
        except RulesError:
            if human:  # refused, nothing changed: no take-back of an action never made
                self.undo.frames.pop()
            raise
        except Exception:
            self.undo.forget()  # the game was rebuilt from the database
            raise
        if human:
            self.undo.after(self.game)
            self.last_human = seat
        return a

    def bot_to_move(self) -> int | None:
        s = self.game.state
        p = s.current_player()
        if p >= 0 and self.seats[p].kind == "bot":
            return p
        return None

    def bot_for(self, p: int) -> Any:
        bot = self.bots.get(p)
        if bot is None:
            # seeded from the game's seed: the same seed and human moves give the same game
            seed = self.game.record.header.get("seed")
            bot = self.bots[p] = make_bot(self.seats[p].bot or "random", f"{seed}-{p}")
        return bot

    def bot_choice(self) -> tuple[int, Action] | None:
        """The bot to move and its choice (computed on a copy of the state), or None."""
        p = self.bot_to_move()
        if p is None:
            return None
        s = self.game.state
        return p, self.bot_for(p).choose(s.copy(), p, s.legal_actions())

    def bot_apply(self, store: Store, p: int, a: Action) -> None:
        """Apply bot ``p``'s chosen action (and the chance after it) and store it."""
        if self.bot_to_move() != p:
            raise NotYourTurn(f"{self.seats[p].name} is no longer to move")
        start, n_log = len(self.game.record.actions), len(self.log.entries)
        self.undo.forget()  # a bot acted: no human take-back reaches back past it
        self._play(store, a, n_log)
        self._commit(store, start, n_log)

    def _play(self, store: Store, a: Action, n_log: int) -> None:
        """Apply ``a`` then resolve chance. The engine refuses an illegal action without
        changing anything; any other failure (a bug) rebuilds the game from the database."""
        try:
            self._apply(a, check=True)
        except RulesError:
            raise
        except Exception:
            self._restore(store, n_log)
            raise
        try:
            self._settle()
        except Exception:
            self._restore(store, n_log)
            raise

    def bot_step(self, store: Store) -> bool:
        """One bot action (and the chance after it), stored. False when no bot is to move."""
        choice = self.bot_choice()
        if choice is None:
            return False
        self.bot_apply(store, *choice)
        return True

    def export(self) -> dict[str, Any]:
        return self.game.record.to_json()


def rebuild_log(record: GameRecord) -> Logbook:
    """The log of a recorded game, by replaying its actions once more."""
    log = Logbook()
    s = start_state(record.header)
    for i, text in enumerate(record.actions):
        a = as_action(text)
        log.apply(s, a, i, lambda a=a: s.apply(a))
    return log


def _default_title(seats: list[Seat]) -> str:
    return ", ".join(s.name for s in seats)


class GameHub:
    """The live games of one server, loaded from ``store`` on demand."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.live: dict[str, LiveGame] = {}

    def get(self, game_id: str) -> LiveGame | None:
        live = self.live.get(game_id)
        if live is not None:
            return live
        stored = self.store.load(game_id)
        if stored is None:
            return None
        live = LiveGame.load(stored)
        self.live[game_id] = live
        return live

    def add(self, live: LiveGame) -> None:
        self.live[live.id] = live

    def forget(self, game_id: str) -> None:
        live = self.live.pop(game_id, None)
        if live is not None and live.bot_task is not None:
            live.bot_task.cancel()
