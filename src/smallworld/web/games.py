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
import hashlib
import hmac
import secrets
from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from smallworld.bots import BOTS, level_bot, make_bot
from smallworld.core import edition as core_editions
from smallworld.core import engine
from smallworld.core.actions import Action, as_action
from smallworld.core.chance import sample
from smallworld.core.errors import IllegalActionError, Refusal, RulesError
from smallworld.core.events import collect
from smallworld.core.fairness import verify
from smallworld.core.game import Game
from smallworld.core.names import N_
from smallworld.core.record import GameRecord, start_state
from smallworld.core.state import CHANCE, NOBODY
from smallworld.core.undo import UndoStack, is_chance_text
from smallworld.web.chronicle import Logbook
from smallworld.web.speech import _
from smallworld.web.storage import Store, StoredGame, StoredTail, StoreTimeout

MAX_NAME = 24
#: names for people of the editions whose title alone would not tell them apart
_EDITION_TITLES = {"swow": N_("Small World of Warcraft"), "swow-team": N_("Battle for Azeroth (team variant)"),
                   "classic": N_("Small World (the original game)")}


def edition_names() -> dict[str, str]:
    """Every installed edition (``smallworld.core.edition.names()``) with its name for people."""
    known = core_editions.names()
    # the Warcraft editions first (the lobby's default), then the others as installed
    ordered = [e for e in _EDITION_TITLES if e in known] + [e for e in known if e not in _EDITION_TITLES]
    return {e: _EDITION_TITLES.get(e) or core_editions.get(e).title for e in ordered}


#: every installed edition by id, with its name for people (the lobby's list)
EDITION_NAMES = edition_names()


class SetupError(ValueError):
    """A new-game or import request that cannot be honoured (the message says why; a mistake a
    player can make in the lobby's form is a :class:`Refusal`, :func:`setup_words`)."""


def setup_words(error: SetupError) -> str:
    """What a :class:`SetupError` says: its :class:`Refusal` (said in the request's language by
    the API's error answer), or its English message."""
    first = error.args[0] if error.args else ""
    return first if isinstance(first, Refusal) else str(error)


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


def check_seats(seats: list[dict[str, Any]], extra_bots: Collection[str] = ()) -> list[Seat]:
    """Validate a seat list from a request; give human seats their secret tokens.

    Raises:
        SetupError: count outside 2–5, empty or duplicate names, unknown kind or bot.
    """
    if not isinstance(seats, list) or not 2 <= len(seats) <= 5:
        raise SetupError(Refusal(N_("a game needs 2 to 5 seats")))
    out: list[Seat] = []
    seen: set[str] = set()
    for i, d in enumerate(seats):
        if not isinstance(d, dict):
            raise SetupError(f"seat {i + 1}: expected an object with name and kind")
        name = " ".join(str(d.get("name") or "").split())
        kind = d.get("kind", "human")
        if not name:  # a default name in the language spoken (the request's: routes_lobby)
            name = _("Player {n}").format(n=i + 1)
        if len(name) > MAX_NAME:
            raise SetupError(Refusal(N_("seat {n}: name {name} is longer than {most} characters"), n=i + 1,
                                     name=repr(name[:30]), most=MAX_NAME))
        if name.casefold() in seen:
            raise SetupError(Refusal(N_("seat {n}: two seats are called {name}"), n=i + 1, name=repr(name)))
        seen.add(name.casefold())
        if kind == "human":
            out.append(Seat(name=name, kind="human", token=new_token()))
        elif kind == "bot":
            bot = level_bot(d.get("bot") or "random")  # a level id (hard) or a raw bot name
            if bot not in BOTS and bot not in extra_bots:
                raise SetupError(f"seat {i + 1}: unknown bot {bot!r} (known: {', '.join(sorted(BOTS))})")
            out.append(Seat(name=name, kind="bot", bot=bot))
        else:
            raise SetupError(f"seat {i + 1}: kind must be 'human' or 'bot', not {kind!r}")
    return out


#: messages waiting for one page before it counts as too slow and is disconnected
OUTBOX_SIZE = 32
#: the place of a page's pending update in its outbox (:meth:`Connection.offer`)
UPDATE = object()


@dataclass
class Connection:
    """One open WebSocket: who it is (``seat`` or the hotseat host) and what it has been sent.

    Messages for the page wait in ``outbox`` (at most :data:`OUTBOX_SIZE`); a sender task of
    its own (:meth:`smallworld.web.liveplay.LivePlay.pump`) writes them, so a page that stops
    reading never holds up its game. Game updates are coalesced: ``update`` holds the newest
    one the sender has not taken yet (JSON text), and a newer one replaces it, carrying its log
    entries too (:meth:`offer`), so a page that reads slowly is sent the latest game, never a
    backlog of every position. ``dead`` is set once the page is dropped.

    ``log_sent`` and ``perspective``: the log count and the seat's view the page has once
    everything handed to its sender is sent."""

    ws: Any
    seat: int | None
    host: bool
    lang: str = "en"  # the language the page reads
    log_sent: int = 0
    perspective: int | None = -99
    outbox: asyncio.Queue[Any] = field(default_factory=lambda: asyncio.Queue(maxsize=OUTBOX_SIZE))
    dead: asyncio.Event = field(default_factory=asyncio.Event)
    update: str | None = None
    #: the log count the pending ``update`` starts from (0: it resends the whole log)
    update_since: int = 0

    def push(self, data: dict[str, Any] | str | object) -> bool:
        """Queue ``data`` (a message, or its JSON text) for the page without waiting. False
        (and the page is marked dead) when its outbox is full: it has stopped reading."""
        if self.dead.is_set():
            return False
        try:
            self.outbox.put_nowait(data)
        except asyncio.QueueFull:
            self.dead.set()
            return False
        return True

    def since(self, fresh: bool) -> int:
        """The log count a new update for this page starts from: 0 when ``fresh`` (the whole
        log again), else what the page holds once sent everything but a pending update (which
        the new one replaces)."""
        if fresh:
            return 0
        return self.update_since if self.update is not None else self.log_sent

    def offer(self, text: str, since: int, log_total: int, perspective: int | None) -> bool:
        """Hand the page update ``text`` (made from log count ``since``, up to ``log_total``,
        for ``perspective``: see :meth:`since`), replacing the pending one if the sender has
        not taken it yet. False when the page is dead or its outbox full (:meth:`push`)."""
        if self.dead.is_set():
            return False
        if self.update is None and not self.push(UPDATE):
            return False
        self.update, self.update_since = text, since
        self.log_sent, self.perspective = log_total, perspective
        return True

    def take_update(self) -> str | None:
        """The pending update, for the sender (None: nothing pending)."""
        text, self.update = self.update, None
        return text


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
    verdict: Any = None  # the fairness check, once the seed is revealed
    undo: UndoStack = field(default_factory=UndoStack)  # human take-backs (web/takeback.py)
    #: a write gave no answer in time (StoreTimeout): it may still land, so the game is read
    #: from the database again before its next use (GameHub.refresh)
    unsure: bool = False
    #: each perspective's update at one revision and language, built once (web/updates.py: view_text)
    views: dict[tuple[int | None, bool, str], str] = field(default_factory=dict)
    views_at: tuple[Any, Any, int] | None = None

    # ---- building ---------------------------------------------------------------------------

    @classmethod
    def create(cls, store: Store, *, seats: list[Seat], edition: str = "swow",
               seed: int | str | None = None, title: str | None = None) -> LiveGame:
        """A new game, stored with its setup draws."""
        known = core_editions.names()
        if edition not in known:
            raise SetupError(f"unknown edition {edition!r} (known: {', '.join(known)})")
        try:
            game = Game.new(len(seats), seed=seed, edition=edition, seats=[s.name for s in seats])
        except ValueError as e:
            raise SetupError(str(e)) from None
        log = Logbook()
        log.start(game.state)
        live = cls(
            id=new_game_id(), title=title or _default_title(seats), seats=seats,
            host_token=new_token(), game=game, log=log,
        )
        live._settle()
        live.undo.floor = len(game.record.actions)  # the setup is never taken back
        store.create(
            game_id=live.id, title=live.title, header=game.record.header,
            seats=[s.to_json() for s in seats], host_token=live.host_token,
            actions=game.record.actions, round=game.state.round, result=game.record.result,
            secret=game.secret,
        )
        return live

    @classmethod
    def load(cls, stored: StoredGame) -> LiveGame:
        """Rebuild a saved game (``Game.from_record``) and its log. Raises ``ReplayError``."""
        record = stored.record()
        game = Game.from_record(record, secret=stored.secret)
        last: list[Any] = []
        live = cls(
            id=stored.id, title=stored.title, seats=[Seat.from_json(s) for s in stored.seats],
            host_token=stored.host_token, game=game, log=rebuild_log(record, last=last),
            created_at=stored.created_at,
            # take-backs are decided from the stored game (core/undo.py): what it holds
            undo=UndoStack(removed=stored.taken_back, floor=stored.undo_floor),
        )
        live.undo.seed(game, last[0] if last else None)
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
        g.apply(a, check=check)
        events = g.record.events
        self.log.add(g.state, at, str(a), events[-1] if events else [])

    def _settle(self) -> None:
        g = self.game
        while g.state.current_player() == CHANCE:
            self._apply(sample(g.state, g.rng), check=False)

    def _commit(self, store: Store, start: int, n_log: int, *, final: bool = False) -> None:
        """Store the actions from ``start`` on (``final``: no take-back may reach before
        them). A copy of the game that missed a change stored by another process (a move, a
        take-back) is refused by the store (:class:`StoreStale`), and rolled back."""
        actions, kwargs = self._new_actions(start, final)
        try:
            store.append(self.id, start, actions, **kwargs)
        except Exception as e:
            self._unwritten(e, start, n_log)
            raise

    async def _commit_soon(self, store: Store, start: int, n_log: int) -> None:
        """:meth:`_commit` awaited from the event loop (:meth:`Store.append_soon`)."""
        actions, kwargs = self._new_actions(start, False)
        try:
            await store.append_soon(self.id, start, actions, **kwargs)
        except Exception as e:
            self._unwritten(e, start, n_log)
            raise

    def _new_actions(self, start: int, final: bool) -> tuple[list[str], dict[str, Any]]:
        """What :meth:`Store.append` is given for the actions from ``start`` on."""
        g = self.game
        # the end of the game reveals the sealed seed in the header (fairness)
        return g.record.actions[start:], {
            "round": g.state.round, "result": g.record.result,
            "header": g.record.header if g.record.result is not None else None,
            "taken_back": self.undo.removed, "final": final}

    def _unwritten(self, error: Exception, start: int, n_log: int) -> None:
        """The write of the actions from ``start`` on failed: back to the game before them."""
        self._restore(start, n_log)
        if isinstance(error, StoreTimeout):
            self.unsure = True

    def _restore(self, start: int, n_log: int) -> None:
        """Undo everything after action ``start`` by replaying the record's first ``start``
        actions (in memory: works even when the database cannot be read)."""
        g = self.game
        header = dict(g.record.header)
        if g.secret is not None:  # the game was not over before: its seed stays sealed
            header.pop("seed", None)
        record = GameRecord(header, g.record.actions[:start], None)
        self.game = Game.from_record(record, secret=g.secret)
        self.verdict = None
        self.log.forget(n_log, start)
        self.undo.forget()

    def catch_up(self, tail: StoredTail) -> bool:
        """Play the actions another server process stored after this copy's (``tail``, from
        :meth:`Store.tail`), chance outcomes as recorded, as a reload would but without
        replaying the whole game. True when done; False (nothing changed) when only reading
        the whole game again fits: a take-back or the end of the game there (its sealed seed
        revealed), or actions that do not replay here."""
        g = self.game
        start, n_log = len(g.record.actions), len(self.log.entries)
        if (tail.start != start or tail.n_actions <= start or tail.taken_back != self.undo.removed
                or tail.result is not None):
            return False
        # the last player's (not chance) action and the position before it: what a take-back
        # needs (UndoStack.seed), as LiveGame.load finds it
        j = len(tail.actions) - 1
        while j >= 0 and is_chance_text(tail.actions[j]):
            j -= 1
        last = None
        try:
            for i, text in enumerate(tail.actions):
                if i == j:
                    last = (start + i, g.state.current_player(), g.state.copy())
                self._apply(as_action(text), check=True)
            g.skip_drawn(tail.actions)
        except Exception:
            self._restore(start, n_log)
            return False
        self.undo.forget()
        self.undo.floor = tail.undo_floor
        if last is not None:
            self.undo.seed(g, last)
        self.verdict = None
        return True

    def act(self, store: Store, seat: int, action: str | Action) -> Action:
        """Seat ``seat`` plays ``action``; chance is resolved; everything is stored.

        Raises:
            NotYourTurn: another seat (or chance) is to act, or the game is over.
            ActionSyntaxError / IllegalActionError: the engine's refusal (nothing changed).
            StoreError: the database refused the write (the game is rolled back).
        """
        a, start, n_log = self._begin(seat, action)
        try:
            self._commit(store, start, n_log)
        except Exception:
            self.undo.forget()  # the game was rebuilt from the database
            raise
        return self._acted(seat, a)

    async def act_soon(self, store: Store, seat: int, action: str | Action) -> Action:
        """:meth:`act` from the event loop (the server's way): the engine's step here (a
        fraction of a millisecond) and only the write in the store's threads, awaited, so an
        action costs one thread hand-off each way rather than a worker thread blocked on the
        store's (issue #36 point 9). The game's lock must be held. Raises as :meth:`act`."""
        a, start, n_log = self._begin(seat, action)
        try:
            await self._commit_soon(store, start, n_log)
        except Exception:
            self.undo.forget()  # the game was rebuilt from the database
            raise
        return self._acted(seat, a)

    def _begin(self, seat: int, action: str | Action) -> tuple[Action, int, int]:
        """The first half of :meth:`act`: checks, the take-back's frame, the engine's step and
        the chance after it; answers the action and the action and log counts before it."""
        s = self.game.state
        p = s.current_player()
        if p == NOBODY:
            raise NotYourTurn(Refusal(N_("the game is over")))
        if p != seat:
            me = self.seats[seat].name
            raise NotYourTurn(Refusal(N_("it is not {seat}'s turn to act: waiting for {who}"), seat=me, who=self.seats[p].name)
                              if p >= 0 else Refusal(N_("it is not {seat}'s turn to act: waiting for chance"), seat=me))
        a = as_action(action)
        start, n_log = len(self.game.record.actions), len(self.log.entries)
        human = self.seats[seat].kind == "human"
        if human:
            self.undo.before(self.game, seat, (n_log, self.log._turn_key))
        try:
            self._play(a, start, n_log)
        except RulesError:
            if human:  # refused, nothing changed: no take-back of an action never made
                self.undo.frames.pop()
            raise
        except Exception:
            self.undo.forget()  # the game was rebuilt from the database
            raise
        return a, start, n_log

    def _acted(self, seat: int, a: Action) -> Action:
        """The last half of :meth:`act`, once the action is stored."""
        if self.seats[seat].kind == "human":
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
            bot = self.bots[p] = make_bot(self.seats[p].bot or "random", bot_seed(self.game, p))
        return bot

    def bot_choice(self) -> tuple[int, Action] | None:
        """The bot to move and its choice (computed on a copy of the state), or None."""
        p = self.bot_to_move()
        if p is None:
            return None
        s = self.game.state
        return p, self.bot_for(p).choose(s.copy(), p, engine.legal_actions(s))

    def bot_apply(self, store: Store, p: int, a: Action) -> None:
        """Apply bot ``p``'s chosen action (and the chance after it) and store it."""
        if self.bot_to_move() != p:
            raise NotYourTurn(f"{self.seats[p].name} is no longer to move")
        start, n_log = len(self.game.record.actions), len(self.log.entries)
        # a bot acted: no human take-back reaches past it (the record says so; remembering
        # who moved spares replaying it to find out)
        self.undo.before(self.game, p)
        try:
            self._play(a, start, n_log)
            self._commit(store, start, n_log)
        except Exception:
            self.undo.forget()
            raise
        self.undo.after(self.game)

    def _play(self, a: Action, start: int, n_log: int) -> None:
        """Apply ``a`` then resolve chance. The engine refuses an illegal action without
        changing anything; any other failure (a bug) rebuilds the game from the database."""
        try:
            self._apply(a, check=True)
        except RulesError:
            raise
        except Exception:
            self._restore(start, n_log)
            raise
        try:
            self._settle()
        except Exception:
            self._restore(start, n_log)
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

    def fairness(self) -> dict[str, Any]:
        """How this game's chance can be trusted, for every seat's page (fairness):
        ``kind`` ``"sealed"`` (secret seed, commitment shown), ``"revealed"`` (the game is over:
        seed shown and checked, ``verified``), or ``"chosen"`` (the creator chose the seed);
        ``text``: plain sentences; ``host``: who must be trusted (:data:`HOST_TRUST`)."""
        h = self.game.record.header
        info = h.get("chance")
        if not isinstance(info, dict):
            return {"kind": "chosen", "commitment": None, "seed": None, "verified": None,
                    "text": "The game's creator chose the seed for dice and draws, so they "
                            "could know every roll in advance.", "host": HOST_TRUST}
        commit = str(info.get("commit"))
        if h.get("seed") is None:
            return {"kind": "sealed", "commitment": commit, "seed": None, "verified": None,
                    "text": "Dice and draws come from a secret seed locked in before the game "
                            f"began (fingerprint {commit[:12]}). It is revealed when the game "
                            "ends, so anyone can check that no roll was changed. " + HOST_TRUST,
                    "host": HOST_TRUST}
        if self.verdict is None:
            self.verdict = verify(self.game.record)
        v = self.verdict
        text = ("The secret seed is revealed and every die roll and draw checks out: none was "
                "changed after the start. " + HOST_TRUST if v.ok
                else f"The revealed seed does not explain this game's chance: {v.message}.")
        return {"kind": "revealed", "commitment": commit, "seed": h.get("seed"),
                "verified": v.ok, "text": text, "host": HOST_TRUST}


#: who must be trusted for the dice (issue #36 point 4), said wherever fairness is described
HOST_TRUST = ("The server's host is trusted to keep the seed secret: whoever runs the server "
              "can read it and predict every roll. The check proves only that no roll or draw "
              "was changed after the game began.")


def bot_seed(game: Game, p: int) -> str:
    """The seed of seat ``p``'s bot: never anything a seat can see (issue #36 point 3).

    A sealed game's bots are seeded with ``HMAC-SHA256(secret seed, "bot:<seat>")``: nobody
    without the sealed seed can predict them (the public commitment says nothing about it).
    A seed chosen by the creator was never secret: its bots keep the reproducible
    ``"<seed>-<seat>"`` (the same seed and human moves give the same game). A sealed game
    whose secret this process does not hold gets bots seeded from :mod:`secrets`.
    """
    if game.secret is not None:
        return hmac.new(game.secret.encode(), f"bot:{p}".encode(), hashlib.sha256).hexdigest()
    h = game.record.header
    if isinstance(h.get("chance"), dict):
        return secrets.token_hex(32)
    return f"{h.get('seed')}-{p}"


def rebuild_log(record: GameRecord, *, last: list[Any] | None = None) -> Logbook:
    """The log of a recorded game, rendered from the events of its actions, made by replaying
    them once more (:mod:`smallworld.core.events`). ``last``: a list that receives ``(index,
    seat, state before)`` of the record's last player's (not chance) action, if any (what a
    take-back needs: :meth:`UndoStack.seed`)."""
    log = Logbook()
    s = start_state(record.header)
    log.start(s)
    j = len(record.actions) - 1
    if last is not None:
        while j >= 0 and is_chance_text(record.actions[j]):
            j -= 1
    for i, text in enumerate(record.actions):
        a = as_action(text)
        if last is not None and i == j:
            last.append((j, s.current_player(), s.copy()))
        events = collect(s)
        engine.apply_action(s, a)
        log.add(s, i, text, events)
    s.events = None
    return log


def _default_title(seats: list[Seat]) -> str:
    return ", ".join(s.name for s in seats)


#: live games kept in memory; beyond it the least recently used idle ones are forgotten
#: (reloaded from the database on their next use)
MAX_LIVE = 256
#: finished games with no open page kept in memory (the others are read again when asked for)
MAX_FINISHED = 8
HEARD_KEPT = 100_000  # games whose last notified count a server process remembers


def _busy(live: LiveGame) -> bool:
    """A page is open, a request is under way or a bot is at work: never forgotten now."""
    return bool(live.sockets or live.lock.locked()
                or (live.bot_task is not None and not live.bot_task.done()))


class GameHub:
    """The live games of one server, loaded from ``store`` on demand. At most ``max_live``
    are kept: the least recently used games with no open page, no bot at work and no request
    in progress are forgotten first."""

    def __init__(self, store: Store, *, max_live: int = MAX_LIVE,
                 max_finished: int = MAX_FINISHED) -> None:
        self.store = store
        self.max_live = max_live
        #: finished games with no page open kept besides (the least recently used go first)
        self.max_finished = max_finished
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        # several processes on one PostgreSQL database (store.shared): what this process heard
        # of the others' moves (LivePlay.listen), so a request need not ask the database
        self.listening = False  # the notification connection is up
        self.generation = 0  # bumped at each (re)connection: counts read before it are unsure
        self.heard: OrderedDict[str, int] = OrderedDict()  # game -> last count heard (-1 deleted)
        self.checked: set[str] = set()  # games read from the database since the connection

    def hear(self, game_id: str, count: int) -> None:
        """Another process stored ``game_id`` at revision ``count`` (its action count + 2 x
        actions taken back: :meth:`Store.revision`; -1: deleted it)."""
        self.heard[game_id] = count
        self.heard.move_to_end(game_id)
        while len(self.heard) > HEARD_KEPT:
            old, _ = self.heard.popitem(last=False)
            self.checked.discard(old)

    def listening_since(self, up: bool) -> None:
        """The notification connection came up (``True``) or went down: either way, nothing
        heard before counts, so every game is read from the database once more."""
        self.listening = up
        self.generation += 1
        self.checked.clear()

    def get(self, game_id: str) -> LiveGame | None:
        """The game (loading it here, blocking: see :meth:`fetch` for the server's way).

        Raises:
            ReplayError: the saved game no longer replays. StoreError: the database failed.
        """
        live = self.cached(game_id)
        if live is not None:
            return live
        stored = self.store.load(game_id)
        return None if stored is None else self.adopt(LiveGame.load(stored))

    async def fetch(self, game_id: str) -> LiveGame | None:
        """:meth:`get` with the database read and the replay in a worker thread, so the event
        loop never waits for the disk."""
        live = self.cached(game_id)
        if live is not None:
            return live

        def load() -> LiveGame | None:
            stored = self.store.load(game_id)
            return None if stored is None else LiveGame.load(stored)

        live = await asyncio.to_thread(load)
        return None if live is None else self.adopt(live)

    async def refresh(self, live: LiveGame, *, force: bool = False) -> bool:
        """Bring ``live`` up to date with the database when other server processes share it
        (PostgreSQL): reload it if the database holds another revision (action count + 2 x
        take-backs: a take-back and a new action elsewhere leave the count as it was). Call
        with ``live.lock`` held. False when the game is gone from the database. For SQLite
        (one server per file) only with ``force``.

        The database is asked only when needed: not when this game was read since the move
        notifications came up and no other revision was heard for it since (``force``: ask
        anyway, as a take-back does: it is decided from the stored game). A move another
        process stores but this one has not heard of yet is caught by the store itself:
        :meth:`Store.append` refuses to write on a stale copy."""
        force = force or live.unsure  # a write that timed out may have landed since
        if not self.store.shared and not force:
            return True
        held = live.undo.revision(live.game)
        if (not force and self.listening and live.id in self.checked
                and self.heard.get(live.id, held) == held):
            return True  # read since the notifications came up, and nothing heard since
        generation = self.generation
        if not force and self.listening and self.heard.get(live.id, held) > held:
            # a notification named a newer stored revision (revisions only grow): read what is
            # new at once, without asking the revision first (one query per move heard)
            n: int | None = self.heard[live.id]
        else:
            n = await asyncio.to_thread(self.store.revision, live.id)
        if n is None:
            self.forget(live.id)
            return False
        caught_up = False
        if n != live.undo.revision(live.game):
            # another process stored a move: play its actions here (a few, not the whole game
            # replayed: issue #36 point 9), or read the whole game again when that does not fit
            tail = await asyncio.to_thread(self.store.tail, live.id, len(live.game.record.actions))
            if tail is None:
                self.forget(live.id)
                return False
            caught_up = live.catch_up(tail)
            if tail.n_actions >= 0:  # the revision stored now (it may be past the one heard)
                n = tail.n_actions + 2 * tail.taken_back
        if n != live.undo.revision(live.game) and not caught_up:
            stored = await asyncio.to_thread(self.store.load, live.id)
            if stored is None:
                self.forget(live.id)
                return False
            fresh = await asyncio.to_thread(LiveGame.load, stored)
            live.game, live.log, live.verdict = fresh.game, fresh.log, None
            live.undo = fresh.undo
        live.unsure = False
        if self.listening and generation == self.generation:
            self.checked.add(live.id)
        return True

    def cached(self, game_id: str) -> LiveGame | None:
        live = self.live.get(game_id)
        if live is not None:
            self.live.move_to_end(game_id)
        return live

    def adopt(self, live: LiveGame) -> LiveGame:
        """Keep ``live`` (or the copy already kept, if two requests loaded it at once)."""
        kept = self.live.get(live.id)
        if kept is not None:
            return kept
        self.add(live)
        return live

    def add(self, live: LiveGame) -> None:
        self.live[live.id] = live
        self.live.move_to_end(live.id)
        self._evict()

    def _evict(self) -> None:
        # finished games no page shows are kept only a few (issue #36 point 8: each holds its
        # state, record and log, 85-150 KB measured; 256 of them grew the server by tens of MB)
        done = [game_id for game_id, live in self.live.items()
                if not _busy(live) and live.game.state.is_over()]
        for game_id in done[:max(0, len(done) - self.max_finished)]:
            del self.live[game_id]
        excess = len(self.live) - self.max_live
        if excess <= 0:
            return
        for game_id, live in list(self.live.items()):
            if excess <= 0:
                break
            if not _busy(live):
                del self.live[game_id]
                excess -= 1

    def forget(self, game_id: str) -> None:
        self.checked.discard(game_id)
        live = self.live.pop(game_id, None)
        if live is not None and live.bot_task is not None:
            live.bot_task.cancel()
