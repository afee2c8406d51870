"""The web app's database: one row per game, one row per applied action (SQLAlchemy 2, SQLite).

A game row keeps the record header, the seat configuration (names, human/bot, secret tokens)
and a summary for the saved-games list; the ``actions`` table keeps every action text with its
0-based index. :meth:`Store.append` writes a batch of actions and the game's new summary in
one transaction, so an acknowledged action is on disk and a failed write leaves nothing half
written. A game is rebuilt from its rows with :meth:`StoredGame.record` and
``Game.from_record``.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import select as sockets
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Integer,
    String,
    Text,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    inspect,
    select,
    text,
    true,
    update,
)
from sqlalchemy import cast as sqlcast
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.engine import CursorResult, Engine, make_url
from sqlalchemy.exc import DisconnectionError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from smallworld.core.errors import Refusal
from smallworld.core.names import N_
from smallworld.core.record import GameRecord

SCHEMA_VERSION = 4
#: PostgreSQL notification channel: ``"<game id> <revision>"`` after each stored change (the
#: revision: action count + 2 x actions taken back, see :meth:`Store.revision`)
CHANNEL = "smallworld_moves"
#: seconds a write waits for another writer's lock before failing with :class:`StoreBusy`
BUSY_TIMEOUT = 2.0
#: seconds any store call may take, from the call (waiting for this process's other writes
#: included) to its answer, before it fails with :class:`StoreTimeout` (a stalled disk)
STORE_DEADLINE = 5.0

log = logging.getLogger("smallworld.web")


class StoreError(RuntimeError):
    """The database refused a read or a write (for example two writers raced for one action
    index, or the file is read-only). The message is for players: it never holds the driver's
    text, SQL or parameters (those go to the server log without parameters); the causes players
    meet are :class:`~smallworld.core.errors.Refusal` (said in their language by the web layer:
    :func:`store_words`)."""


#: what the store was doing when it failed, in the errors' words (``"could not {what}: ..."``)
DOING = frozenset({
    N_("open the database"), N_("save the new game"), N_("save the action"), N_("take the action back"),
    N_("change the game"), N_("read the game"), N_("delete the game"), N_("list the games"),
})


def store_words(error: StoreError) -> str:
    """What a :class:`StoreError` says: its :class:`~smallworld.core.errors.Refusal` (translated
    by the web layer) or its English message."""
    first = error.args[0] if error.args else ""
    return first if isinstance(first, Refusal) else str(error)


def could_not(what: str, cause: str) -> Refusal:
    """``"could not {what}: {cause}"``; ``what`` one of :data:`DOING`, ``cause`` a message id."""
    return Refusal(N_("could not {what}: {cause}"), what=Refusal(what), cause=Refusal(cause))


class StoreStale(StoreError):
    """Another server process moved the game on first (this copy is behind)."""


class StoreBusy(StoreError):
    """Another program held the database's write lock for longer than the lock wait."""


class StoreTimeout(StoreError):
    """The database gave no answer within the store's deadline (a stalled disk, a hung
    database server). The call is abandoned: a statement still running is interrupted, and a
    write still waiting its turn is never made."""


class _Call:
    """One store call running in the store's threads (see :meth:`Store._bounded`): the
    database connections it uses, and whether its caller has given up on it."""

    def __init__(self) -> None:
        self.abandoned = False
        self.connections: list[Any] = []
        #: the call storing this call's move with others' (a group commit: :meth:`Store.append`)
        self.carrier: _Call | None = None
        self.lock = threading.Lock()

    def abandon(self) -> None:
        """The caller stopped waiting: interrupt what runs (SQLite ``interrupt()``, a
        PostgreSQL cancel request), the group commit carrying its move included (then no move
        of that batch is stored); a statement blocked in the kernel stops once it returns."""
        with self.lock:
            self.abandoned = True
            connections = list(self.connections)
            carrier = self.carrier
        if carrier is not None and carrier is not self:
            with carrier.lock:
                connections += carrier.connections
        for con in connections:
            stop = getattr(con, "interrupt", None) or getattr(con, "cancel", None)
            if stop is not None:
                try:
                    stop()
                except Exception as e:  # already closed, or the server is gone too
                    log.debug("could not interrupt a stalled statement (%s)", type(e).__name__)


@contextmanager
def _db_errors(what: str) -> Iterator[None]:
    """Turn driver errors into :class:`StoreError` naming the cause in plain words."""
    try:
        yield
    except StoreError:
        raise
    except OperationalError as e:
        text = str(e.orig).lower() if e.orig is not None else ""
        log.warning("database error while trying to %s: %s", what, type(e.orig).__name__)
        if "locked" in text or "busy" in text or "lock timeout" in text:
            raise StoreBusy(could_not(what, N_("the database is busy (another program is writing to it); "
                                                "try again in a moment"))) from None
        if "readonly" in text or "read-only" in text or "read only" in text:
            raise StoreError(could_not(what, N_("the database is read-only"))) from None
        if "full" in text:
            raise StoreError(could_not(what, N_("the disk is full"))) from None
        raise StoreError(could_not(what, N_("the database cannot be used right now"))) from None
    except SQLAlchemyError as e:
        log.warning("database error while trying to %s: %s", what, type(e).__name__)
        raise StoreError(could_not(what, N_("the database refused it"))) from None


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _deadline(what: str, *, write: bool) -> Callable[[Callable[Concatenate[Store, _P], _R]],
                                                     Callable[Concatenate[Store, _P], _R]]:
    """A :class:`Store` method run in the store's threads within its deadline
    (:meth:`Store._bounded`); ``what`` names it in the error."""
    def wrap(fn: Callable[Concatenate[Store, _P], _R]) -> Callable[Concatenate[Store, _P], _R]:
        @functools.wraps(fn)
        def bounded(self: Store, *args: _P.args, **kwargs: _P.kwargs) -> _R:
            return self._bounded(what, write, fn, self, *args, **kwargs)
        return bounded
    return wrap


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[str] = mapped_column(String(40))
    updated_at: Mapped[str] = mapped_column(String(40))
    header: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: [{"name", "kind": "human"|"bot", "bot": name|None, "token": secret|None}]
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    host_token: Mapped[str] = mapped_column(String(64))
    n_actions: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="active")  # active | over
    round: Mapped[int] = mapped_column(Integer, default=1)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: listed in every caller's lobby (the host made it public); schema 2
    public: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: the game's secret chance seed until it is revealed in the header; schema 2
    secret: Mapped[str | None] = mapped_column(String(128), nullable=True)
    #: actions removed by take-backs so far (core/undo.py); schema 3
    taken_back: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: no take-back reaches below this action count (creation, import, a committed plan);
    #: schema 3
    undo_floor: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: who may watch through the game's watch link: "off", "end" (once it is over) or
    #: "live:N" (N moves behind); see smallworld.web.watch; schema 4
    watch: Mapped[str] = mapped_column(String(16), default="off", server_default="off")


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[str] = mapped_column(String(40))


#: the insert of a batch's moves (built once: see :func:`_append_update`)
_INSERT_ACTIONS = insert(ActionRow)
#: the reads of a worker catching up with another's moves (built once, as the writes)
_REVISION = select(GameRow.n_actions, GameRow.taken_back).where(GameRow.id == bindparam("game_id"))
#: a game's summary and its actions from ``start`` on, in one statement (one snapshot, one
#: round trip): a row per action, or one with ``text`` None when there is none
_TAIL = (select(GameRow.n_actions, GameRow.taken_back, GameRow.undo_floor, GameRow.result,
                ActionRow.text)
         .select_from(GameRow)
         .outerjoin(ActionRow, and_(ActionRow.game_id == GameRow.id,
                                    ActionRow.idx >= bindparam("start")))
         .where(GameRow.id == bindparam("game_id"))
         .order_by(ActionRow.idx))


class MetaRow(Base):
    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


@dataclass
class StoredGame:
    """A game as read back from the database."""

    id: str
    title: str
    created_at: str
    updated_at: str
    header: dict[str, Any]
    seats: list[dict[str, Any]]
    host_token: str
    status: str
    round: int
    result: dict[str, Any] | None
    actions: list[str]
    secret: str | None = None
    public: bool = False
    taken_back: int = 0
    undo_floor: int = 0

    def record(self) -> GameRecord:
        return GameRecord(dict(self.header), list(self.actions), self.result)


@dataclass
class StoredTail:
    """A stored game's summary and its actions from index ``start`` on (:meth:`Store.tail`):
    what a copy holding the first ``start`` actions lacks. ``actions`` holds exactly
    ``n_actions - start`` texts."""

    start: int
    n_actions: int
    taken_back: int
    undo_floor: int
    result: dict[str, Any] | None
    actions: list[str]


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def is_postgres_url(db: str | Path) -> bool:
    """True when ``db`` names a PostgreSQL database (``postgresql://...``)."""
    return str(db).startswith(("postgresql://", "postgresql+psycopg://", "postgres://"))


@functools.lru_cache(maxsize=32)
def _append_update(keys: tuple[str, ...], with_taken_back: bool) -> Any:
    """The update of :meth:`Store._append_batch` setting the columns ``keys`` (parameters
    ``v_<key>``) of the game ``w_id`` if it holds ``w_start`` actions (and ``w_taken_back``
    take-backs), returning its take-backs: built once per shape, since building and keying a
    statement per move cost SQLAlchemy about 1 ms of the server's CPU per action (issue #36
    point 9), four times the database's own work."""
    where = [GameRow.id == bindparam("w_id"), GameRow.n_actions == bindparam("w_start")]
    if with_taken_back:
        where.append(GameRow.taken_back == bindparam("w_taken_back"))
    return (update(GameRow).where(*where).values({k: bindparam(f"v_{k}") for k in keys})
            .returning(GameRow.taken_back))


@functools.lru_cache(maxsize=32)
def _append_moved(keys: tuple[str, ...], with_taken_back: bool) -> Any:
    """PostgreSQL: :func:`_append_update`, the insert of the move's actions (parameter
    ``texts``, stamped ``stamp``) and the notification to the other server processes
    (``"<game id> <revision>"``, ``w_end``: the new action count) in one statement, returning
    the game's take-backs; nothing is written when the update matches no row (a stale copy or
    an unknown game). Built once per shape."""
    moved = _append_update(keys, with_taken_back).cte("moved")
    texts = (func.unnest(bindparam("texts", type_=ARRAY(Text)))
             .table_valued("text", with_ordinality="ord").render_derived("t"))
    rows = (select(bindparam("w_id", type_=String), bindparam("w_start", type_=Integer) + texts.c.ord - 1,
                   texts.c.text, bindparam("stamp", type_=String))
            .select_from(moved).join(texts, true()))
    added = (insert(ActionRow).from_select(["game_id", "idx", "text", "created_at"], rows)
             .cte("added"))
    revision = bindparam("w_end", type_=Integer) + 2 * func.coalesce(moved.c.taken_back, 0)
    note = bindparam("w_id", type_=String) + " " + sqlcast(revision, String)
    return select(moved.c.taken_back, func.pg_notify(CHANNEL, note)).add_cte(added)


@dataclass
class _Append:
    """One :meth:`Store.append` call waiting in the group commit (``error``: its own
    failure, set when ``done``)."""

    game_id: str
    start: int
    actions: list[str]
    values: dict[str, Any]
    stamp: Any
    taken_back: int | None = None
    call: _Call | None = None  # the store call waiting for it (abandoned: never written)
    done: bool = False
    error: BaseException | None = None
    #: wakes an :meth:`Store.append_soon` waiting for it (called in the store's thread)
    tell: Callable[[], None] | None = None


class Store:
    """All database access of the web app. ``path`` is the SQLite file (created if missing),
    or a ``postgresql://user:password@host/db`` URL (several server processes may then share
    it: see :attr:`shared`, :meth:`count` and the ``smallworld_moves`` notifications);
    ``busy_timeout`` the seconds a write waits for another writer before :class:`StoreBusy`;
    ``durability`` ``"full"`` (an acknowledged move survives a power cut: one disk flush per
    commit) or ``"normal"`` (it survives the server being killed, kill -9 included, not a power
    cut or an operating-system crash; the database never corrupts; much faster under load);
    ``None`` (the default): ``"normal"`` for SQLite (write-ahead log with synchronous=NORMAL, the
    usual setting for a server on SQLite), ``"full"`` for PostgreSQL (where ``"normal"`` means
    ``synchronous_commit = off``, which a crash of PostgreSQL itself could undo).

    Every method raises :class:`StoreError` (never a driver exception) when the database
    fails, and :class:`StoreTimeout` when it has not answered within ``deadline`` seconds from
    the call (waiting behind this process's other writes included; a stalled disk): each call
    runs in the store's own threads and the caller waits for it at most that long."""

    def __init__(self, path: str | Path, *, busy_timeout: float = BUSY_TIMEOUT,
                 durability: str | None = None, deadline: float = STORE_DEADLINE) -> None:
        if deadline <= 0:
            raise ValueError(f"the store deadline must be positive, not {deadline!r}")
        #: seconds a store call may take before :class:`StoreTimeout`
        self.deadline = deadline
        self._writes, self._reads = _pools()
        self._local = threading.local()
        #: True when other server processes may write to the same database (PostgreSQL)
        self.shared = is_postgres_url(path)
        if durability is None:
            durability = "full" if self.shared else "normal"
        if durability not in ("full", "normal"):
            raise ValueError(f"durability must be 'full' or 'normal', not {durability!r}")
        # one writer at a time inside this process: threads queue here, in order, instead of
        # polling the database's lock (the lock wait is then only for other processes)
        self.writing = threading.Lock()
        #: "full" or "normal" (see above)
        self.durability = durability
        self._queue: list[_Append] = []  # moves waiting for the next group commit (append)
        self._queue_lock = threading.Lock()
        self._flush_pending = False  # a group commit for append_soon is on its way
        if self.shared:
            self.path = None
            url = make_url(str(path)).set(drivername="postgresql+psycopg")
            self.dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
            lock_ms = int(busy_timeout * 1000)
            self.engine: Engine = create_engine(
                url, hide_parameters=True,
                connect_args={"options": f"-c lock_timeout={lock_ms}",
                              "connect_timeout": 10},
            )
            if durability == "normal":
                event.listen(self.engine, "connect", _pg_async_commit)
            # no ping per call (a round trip each): a connection the database ended is told
            # by its socket, before a call uses it (_pg_alive)
            event.listen(self.engine, "checkout", _pg_alive)
        else:
            self.path = Path(path)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            _check_writable(self.path)
            self.engine = create_engine(
                f"sqlite:///{self.path}",
                connect_args={"check_same_thread": False, "timeout": busy_timeout},
                hide_parameters=True,  # tokens are parameters: never in logs or messages
            )
            sync = durability.upper()
            event.listen(self.engine, "connect", lambda con, _rec: _sqlite_pragmas(con, sync))
        event.listen(self.engine, "checkout", self._checked_out)
        with _db_errors("open the database"):
            Base.metadata.create_all(self.engine)
            _migrate(self.engine)

    def close(self) -> None:
        """Close the database connections and the store's threads (a call after this opens
        new ones)."""
        for pool in (self._writes, self._reads):
            pool.shutdown(wait=False, cancel_futures=True)
        self._writes, self._reads = _pools()
        self.engine.dispose()

    # ---- deadlines ---------------------------------------------------------------------------

    def _checked_out(self, dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        """A connection taken from the pool by a store call: remembered with the call, so an
        abandoned call can interrupt it."""
        call = getattr(self._local, "call", None)
        if call is not None:
            with call.lock:
                call.connections.append(dbapi_connection)

    @contextmanager
    def _write_turn(self) -> Iterator[None]:
        """This process's write lock (one writer at a time), for a call whose caller still
        waits: a call abandoned while it queued for the lock gives up without writing."""
        with self.writing:
            call = getattr(self._local, "call", None)
            if call is not None and call.abandoned:
                raise StoreTimeout("abandoned")
            yield

    def _run(self, call: _Call, fn: Callable[..., _R], args: Any, kwargs: Any) -> _R:
        if call.abandoned:  # its caller gave up before it started: never run it
            raise StoreTimeout("abandoned")
        self._local.call = call
        try:
            return fn(*args, **kwargs)
        finally:
            self._local.call = None

    def _bounded(self, what: str, write: bool, fn: Callable[..., _R], *args: Any,
                 **kwargs: Any) -> _R:
        """Run ``fn`` in the store's threads and wait for it at most :attr:`deadline` seconds.

        Raises:
            StoreTimeout: no answer in time; the call is abandoned (see :class:`StoreTimeout`).
        """
        call = _Call()
        future = (self._writes if write else self._reads).submit(self._run, call, fn, args, kwargs)
        try:
            return future.result(timeout=self.deadline)
        except FutureTimeout:
            raise self._given_up(call, future, what) from None

    def _given_up(self, call: _Call, future: Any, what: str) -> StoreTimeout:
        """Abandon ``call`` whose caller waited :attr:`deadline` seconds (and cancel its
        ``future`` if not started); the error to raise."""
        call.abandon()
        if future is not None:
            future.cancel()
        log.warning("the database did not answer within %.1f s while trying to %s",
                    self.deadline, what)
        return StoreTimeout(could_not(what, N_("storage not responding (nothing was changed); "
                                               "try again in a moment")))

    # ---- writes ----------------------------------------------------------------------------

    @_deadline("save the new game", write=True)
    def create(
        self,
        *,
        game_id: str,
        title: str,
        header: dict[str, Any],
        seats: Sequence[dict[str, Any]],
        host_token: str,
        actions: Sequence[str],
        round: int,
        result: dict[str, Any] | None,
        secret: str | None = None,
    ) -> None:
        """Insert a new game with its first actions, in one transaction. ``secret``: the
        game's chance seed while it is secret (never sent to a page)."""
        stamp = now()
        with self._write_turn(), _db_errors("save the new game"), Session(self.engine) as db, db.begin():
            db.add(GameRow(
                id=game_id, title=title, created_at=stamp, updated_at=stamp,
                header=_plain(header), seats=_plain(list(seats)), host_token=host_token,
                n_actions=len(actions), status="over" if result is not None else "active",
                round=round, result=_plain(result), secret=secret,
                taken_back=0, undo_floor=len(actions),  # what a game starts with is final
            ))
            db.flush()
            db.add_all(
                ActionRow(game_id=game_id, idx=i, text=t, created_at=stamp)
                for i, t in enumerate(actions)
            )

    @_deadline("save the action", write=True)
    def append(
        self,
        game_id: str,
        start: int,
        actions: Sequence[str],
        *,
        round: int,
        result: dict[str, Any] | None,
        header: dict[str, Any] | None = None,
        taken_back: int | None = None,
        final: bool = False,
    ) -> None:
        """Store ``actions`` as indexes ``start, start+1, ...`` and the game's new summary, in
        one transaction (and the new ``header`` when given: the seed revealed at the end).
        ``taken_back``: the take-backs the caller's copy of the game holds (a copy that missed
        one made elsewhere is refused even at the same count); ``final``: no take-back may
        reach before these actions (a committed redeployment plan).

        Raises:
            StoreStale: the stored game moved on (its count is not ``start``, or it saw another
            take-back). StoreError: the game is unknown, or the database failed.
        """
        job = self._new_job(game_id, start, actions, round, result, header, taken_back, final,
                            getattr(self._local, "call", None))
        if job is None:
            return
        with self._queue_lock:
            self._queue.append(job)
        # group commit: whichever thread holds the write lock next stores every move queued by
        # then in one transaction (one disk flush for many games' moves under load), and each
        # caller returns only once its own move is committed, or with its own error
        with self.writing:
            if not job.done:
                self._flush_queue()
        if job.error is not None:
            raise job.error

    async def append_soon(self, game_id: str, start: int, actions: Sequence[str], *,
                          round: int, result: dict[str, Any] | None,
                          header: dict[str, Any] | None = None, taken_back: int | None = None,
                          final: bool = False) -> None:
        """:meth:`append` (the same arguments, errors and deadline) awaited from the event
        loop. The move joins the next group commit; one store thread stores a whole batch and
        wakes the loop once per move, where each caller waiting on :meth:`append` holds a
        thread of its own that must wake to learn its move was stored (under load a convoy of
        threads each waiting for the interpreter lock: issue #36 point 9)."""
        if getattr(self.append, "__wrapped__", None) is None:  # replaced on this store (a test)
            await asyncio.to_thread(self.append, game_id, start, actions, round=round,
                                    result=result, header=header, taken_back=taken_back,
                                    final=final)
            return
        job = self._new_job(game_id, start, actions, round, result, header, taken_back, final,
                            _Call())
        if job is None:
            return
        loop = asyncio.get_running_loop()
        stored: asyncio.Future[None] = loop.create_future()
        job.tell = lambda: _tell_loop(loop, stored)
        with self._queue_lock:
            self._queue.append(job)
            flush = not self._flush_pending
            self._flush_pending = True
        if flush:
            self._writes.submit(self._run, _Call(), self._flush, (), {})
        try:
            await asyncio.wait_for(asyncio.shield(stored), self.deadline)
        except TimeoutError:
            assert job.call is not None
            raise self._given_up(job.call, None, "save the action") from None
        if job.error is not None:
            raise job.error

    def _new_job(self, game_id: str, start: int, actions: Sequence[str], round: int,
                 result: dict[str, Any] | None, header: dict[str, Any] | None,
                 taken_back: int | None, final: bool, call: _Call | None) -> _Append | None:
        """The group commit's entry for one :meth:`append` (None: no actions)."""
        if not actions:
            return None
        stamp = now()
        values: dict[str, Any] = {
            "n_actions": start + len(actions), "updated_at": stamp, "round": round,
            "status": "over" if result is not None else "active", "result": _plain(result),
        }
        if header is not None:
            values["header"] = _plain(header)
        if final:
            values["undo_floor"] = start + len(actions)
        return _Append(game_id, start, list(actions), values, stamp, taken_back, call)

    def _flush(self) -> None:
        """A group commit started for :meth:`append_soon` (in the store's threads)."""
        with self.writing:
            self._flush_queue()

    def _flush_queue(self) -> None:
        """Store every queued move in one batch (call with :attr:`writing` held); moves whose
        caller gave up are never written. Each waiting :meth:`append_soon` is told."""
        me = getattr(self._local, "call", None)
        with self._queue_lock:
            queued, self._queue = self._queue, []
            self._flush_pending = False
        batch = []
        for j in queued:
            if j.call is None:
                batch.append(j)
                continue
            with j.call.lock:
                if j.call.abandoned:  # its caller gave up (deadline): never written
                    j.error, j.done = StoreTimeout("abandoned"), True
                else:
                    j.call.carrier = me
                    batch.append(j)
        try:
            if batch:
                self._append_batch(batch)
        finally:
            for j in queued:
                if j.tell is not None:
                    j.tell()

    def _append_batch(self, batch: list[_Append]) -> None:
        """Store the queued moves in one transaction; a job whose game is unknown or whose
        count moved gets its own :class:`StoreError`, the others are stored; a failing database
        gives every job of the batch the error (then none is stored). On PostgreSQL each move
        is one statement (:func:`_append_moved`) and a batch of one move is its own
        transaction: one round trip to the database, where a transaction around it took three
        more (issue #36 point 9)."""
        try:
            # SQLAlchemy Core, not the ORM: this runs once per move and is the server's hot path
            with _db_errors("save the action"), self._batch_connection(len(batch)) as con:
                rows: list[dict[str, Any]] = []
                # games in one order in every process: two batches never wait for each other's
                # row locks in a circle (PostgreSQL would abort one as a deadlock)
                for job in sorted(batch, key=lambda j: j.game_id):
                    # the game's row lock (one writer per game across every server process),
                    # taken by the update that also checks the count: one round trip
                    params = {f"v_{k}": v for k, v in job.values.items()}
                    params.update(w_id=job.game_id, w_start=job.start, w_taken_back=job.taken_back)
                    if self.shared:  # the update, the insert and the notification at once
                        params.update(texts=job.actions, stamp=job.stamp,
                                      w_end=job.start + len(job.actions))
                        stmt = _append_moved(tuple(job.values), job.taken_back is not None)
                    else:
                        stmt = _append_update(tuple(job.values), job.taken_back is not None)
                    stored = con.execute(stmt, params).first()
                    if stored is None:
                        job.error = self._refused(con, job)
                        continue
                    if not self.shared:
                        rows += [{"game_id": job.game_id, "idx": job.start + i, "text": t,
                                  "created_at": job.stamp} for i, t in enumerate(job.actions)]
                if rows:
                    con.execute(_INSERT_ACTIONS, rows)
        except BaseException as e:  # nothing of the batch was stored
            for job in batch:
                if job.error is None:
                    job.error = e
            if not isinstance(e, Exception):  # an interrupt: the leading caller stops too
                raise
        finally:
            for job in batch:
                job.done = True

    def _batch_connection(self, n: int) -> Any:
        """The connection of a batch of ``n`` moves, in a transaction committed at its end;
        on PostgreSQL a batch of one (one statement) in autocommit: the statement is its
        own transaction, with no BEGIN and COMMIT round trips."""
        if self.shared and n == 1:
            return self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        return self.engine.begin()

    @staticmethod
    def _refused(con: Any, job: _Append) -> StoreError:
        """Why ``job``'s update changed no row: the game is unknown, or it moved on."""
        held = con.execute(select(GameRow.n_actions).where(GameRow.id == job.game_id)).scalar()
        if held is None:
            return StoreError(f"no game {job.game_id!r} in the database")
        return StoreStale(f"game {job.game_id}: database holds {held} actions (and its "
                          f"take-backs), cannot append at {job.start}")

    @_deadline("take the action back", write=True)
    def truncate(self, game_id: str, n: int, *, round: int, expect: int, taken_back: int) -> None:
        """Take back the stored actions from index ``n`` on (a take-back: the game is not over
        then), under the game's row lock like :meth:`append`; other server processes hear of
        it. Decided on what is stored, not on the caller's copy (core/undo.py, RULES §15):
        the game must hold ``expect`` actions and ``taken_back`` take-backs as the caller saw
        it, ``n`` must not lie below its take-back floor, and no action taken back may be a
        chance outcome (a die roll, a banner, an item revealed...).

        Raises:
            StoreStale: the stored game is not the caller's (moved on, or taken back elsewhere).
            UndoRefused: the stored actions may not be taken back (chance, or the floor).
            StoreError: unknown game, or the database failed (nothing changed).
        """
        from smallworld.core.errors import Refusal
        from smallworld.core.names import N_
        from smallworld.core.undo import UndoRefused, is_chance_text

        with self._write_turn(), _db_errors("take the action back"), self.engine.begin() as con:
            row = con.execute(select(GameRow.n_actions, GameRow.taken_back, GameRow.undo_floor)
                              .where(GameRow.id == game_id).with_for_update()).first()
            if row is None:
                raise StoreError(f"no game {game_id!r} in the database")
            held, done, floor = row[0], int(row[1] or 0), int(row[2] or 0)
            if held != expect or done != taken_back:
                raise StoreStale(f"game {game_id}: the database holds another game than this "
                                 "copy (it moved on or was taken back elsewhere)")
            if not 0 <= n < held or n < floor:
                raise UndoRefused(Refusal(N_("there is nothing to take back now")))
            texts = con.execute(select(ActionRow.text).where(
                ActionRow.game_id == game_id, ActionRow.idx >= n)).scalars().all()
            if any(is_chance_text(t) for t in texts):
                raise UndoRefused(Refusal(N_("something random or hidden was revealed since: what came "
                                     "before can no longer be taken back")))
            con.execute(delete(ActionRow).where(ActionRow.game_id == game_id, ActionRow.idx >= n))
            done += held - n
            con.execute(update(GameRow).where(GameRow.id == game_id).values(
                n_actions=n, taken_back=done, updated_at=now(), round=round, status="active",
                result=None))
            if self.shared:
                self._notify(con, [f"{game_id} {n + 2 * done}"])

    @staticmethod
    def _notify(con: Any, notes: list[str]) -> None:
        """Tell the other server processes (``LISTEN smallworld_moves``), at the commit, how
        many actions each game now holds (``"<game id> <count>"``; -1: deleted), in one round
        trip."""
        con.execute(text("SELECT pg_notify(:ch, note) FROM unnest(CAST(:notes AS text[])) AS note"),
                    {"ch": CHANNEL, "notes": notes})

    @_deadline("change the game", write=True)
    def set_public(self, game_id: str, public: bool) -> None:
        """List the game in every caller's lobby (or stop)."""
        with self._write_turn(), _db_errors("change the game"), Session(self.engine) as db, db.begin():
            db.execute(update(GameRow).where(GameRow.id == game_id).values(public=public))

    @_deadline("change the game", write=True)
    def set_watch(self, game_id: str, watch: str) -> None:
        """Who may watch the game through its watch link (:mod:`smallworld.web.watch`)."""
        with self._write_turn(), _db_errors("change the game"), Session(self.engine) as db, db.begin():
            db.execute(update(GameRow).where(GameRow.id == game_id).values(watch=watch))

    @_deadline("read the game", write=False)
    def watch(self, game_id: str) -> str | None:
        """Who may watch the game (``"off"``, ``"end"``, ``"live:N"``); None: no such game."""
        with _db_errors("read the game"), self.engine.connect() as con:
            return con.execute(select(GameRow.watch).where(GameRow.id == game_id)).scalar()

    @_deadline("delete the game", write=True)
    def delete(self, game_id: str) -> bool:
        with self._write_turn(), _db_errors("delete the game"), Session(self.engine) as db, db.begin():
            db.execute(delete(ActionRow).where(ActionRow.game_id == game_id))
            gone = db.execute(delete(GameRow).where(GameRow.id == game_id))
            n = cast(CursorResult[Any], gone).rowcount
            if self.shared and n:
                self._notify(db.connection(), [f"{game_id} -1"])
        return bool(n)

    # ---- reads -----------------------------------------------------------------------------

    @_deadline("read the game", write=False)
    def count(self, game_id: str) -> int | None:
        """How many actions the database holds for the game (None: no such game)."""
        with _db_errors("read the game"), self.engine.connect() as con:
            return con.execute(select(GameRow.n_actions).where(GameRow.id == game_id)).scalar()

    @_deadline("read the game", write=False)
    def revision(self, game_id: str) -> int | None:
        """The stored game's revision (None: no such game): its action count + 2 x actions
        taken back, which grows with every change (:meth:`UndoStack.revision
        <smallworld.core.undo.UndoStack.revision>`): two copies with the same revision hold
        the same actions."""
        with _db_errors("read the game"), self._reading() as con:
            row = con.execute(_REVISION, {"game_id": game_id}).first()
            return None if row is None else int(row[0]) + 2 * int(row[1] or 0)

    @_deadline("read the game", write=False)
    def tail(self, game_id: str, start: int) -> StoredTail | None:
        """The stored game's summary and its actions from index ``start`` on, for a copy
        that holds the first ``start`` (another server process stored a move); ``None``: no
        such game. One statement, so one snapshot of the database (and one round trip to it:
        issue #36 point 9); should the counts still disagree, the tail holds no actions and
        ``n_actions`` -1: read the whole game."""
        with _db_errors("read the game"), self._reading() as con:
            rows = con.execute(_TAIL, {"game_id": game_id, "start": start}).all()
        if not rows:
            return None
        row = rows[0]
        n = int(row[0])
        texts = [r[4] for r in rows if r[4] is not None][:max(0, n - start)]
        if len(texts) != n - start:
            n, texts = -1, []
        return StoredTail(start=start, n_actions=n, taken_back=int(row[1] or 0),
                          undo_floor=int(row[2] or 0), result=row[3], actions=texts)

    def _reading(self) -> Any:
        """A connection for a read of one statement: on PostgreSQL in autocommit (a statement
        is its own snapshot; no BEGIN and ROLLBACK round trips around it)."""
        con = self.engine.connect()
        return con.execution_options(isolation_level="AUTOCOMMIT") if self.shared else con

    @_deadline("read the game", write=False)
    def load(self, game_id: str) -> StoredGame | None:
        with _db_errors("read the game"), Session(self.engine) as db:
            row = db.get(GameRow, game_id)
            if row is None:
                return None
            texts = list(db.scalars(
                select(ActionRow.text).where(ActionRow.game_id == game_id).order_by(ActionRow.idx)
            ))
            return StoredGame(
                id=row.id, title=row.title, created_at=row.created_at, updated_at=row.updated_at,
                header=dict(row.header), seats=[dict(s) for s in row.seats],
                host_token=row.host_token, status=row.status, round=row.round,
                result=row.result, actions=texts, secret=row.secret, public=bool(row.public),
                taken_back=int(row.taken_back or 0), undo_floor=int(row.undo_floor or 0),
            )

    @_deadline("list the games", write=False)
    def list(self) -> list[dict[str, Any]]:
        """Summaries of every game, most recently played first. Each holds ``host_token`` and
        ``seat_tokens`` for the caller to match and remove (never sent as they are)."""
        with _db_errors("list the games"), Session(self.engine) as db:
            rows = db.scalars(select(GameRow).order_by(GameRow.updated_at.desc(), GameRow.id))
            return [
                {
                    "id": r.id, "title": r.title, "created_at": r.created_at,
                    "updated_at": r.updated_at, "edition": r.header.get("edition"),
                    "players": r.header.get("players"), "boards": r.header.get("boards"),
                    "seats": [{"name": s["name"], "kind": s["kind"], "bot": s.get("bot")} for s in r.seats],
                    "host_token": r.host_token, "seat_tokens": [s.get("token") for s in r.seats],
                    "public": bool(r.public), "status": r.status, "round": r.round,
                    "actions": r.n_actions, "result": r.result,
                }
                for r in rows
            ]


def _pools() -> tuple[ThreadPoolExecutor, ThreadPoolExecutor]:
    """The store's threads: writes and reads apart, so reads are answered while a write waits
    for a lock; each bounded, so a stalled disk holds at most this many threads (threads start
    only when needed)."""
    return (ThreadPoolExecutor(16, thread_name_prefix="store-write"),
            ThreadPoolExecutor(16, thread_name_prefix="store-read"))


def _check_writable(path: Path) -> None:
    """Refuse a database whose file, ``-wal`` or ``-shm`` file exists but cannot be written:
    SQLite maps ``-shm`` into memory, and a write-protected one kills the process (SIGBUS)
    at the first write instead of failing cleanly.

    Raises:
        StoreError: naming the file.
    """
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if p.exists() and not os.access(p, os.W_OK):
            raise StoreError(f"the database file {p} is write-protected; make it writable "
                             "(or remove a stale -shm file) and start again")


def _migrate(engine: Engine) -> None:
    """Bring a database from an older schema to :data:`SCHEMA_VERSION` (adds columns)."""
    have = {c["name"] for c in inspect(engine).get_columns("games")}
    no = "false" if engine.dialect.name == "postgresql" else "0"
    with Session(engine) as db, db.begin():
        if "public" not in have:
            db.execute(text(f"ALTER TABLE games ADD COLUMN public BOOLEAN NOT NULL DEFAULT {no}"))
        if "secret" not in have:
            db.execute(text("ALTER TABLE games ADD COLUMN secret VARCHAR(128)"))
        for column in ("taken_back", "undo_floor"):  # schema 3
            if column not in have:
                db.execute(text(f"ALTER TABLE games ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0"))
        if "watch" not in have:  # schema 4
            db.execute(text("ALTER TABLE games ADD COLUMN watch VARCHAR(16) NOT NULL DEFAULT 'off'"))
        row = db.get(MetaRow, "schema")
        if row is None:
            db.add(MetaRow(key="schema", value=str(SCHEMA_VERSION)))
        else:
            row.value = str(SCHEMA_VERSION)


def _tell_loop(loop: asyncio.AbstractEventLoop, stored: asyncio.Future[None]) -> None:
    """From a store thread: wake the event loop's waiter ``stored`` (a loop closed since has
    nobody to tell)."""
    def settle() -> None:
        if not stored.done():
            stored.set_result(None)
    with suppress(RuntimeError):
        loop.call_soon_threadsafe(settle)


def _pg_alive(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """A pooled PostgreSQL connection about to serve a store call, checked without a round
    trip (SQLAlchemy's ``pool_pre_ping`` sends one per call: a fifth of a move's database work,
    issue #36 point 9): an idle connection has nothing to read, so a socket with something
    waiting (the database's goodbye when it restarts or ends the connection, or the socket
    closed) is dropped, and the pool opens a new one.

    Raises:
        DisconnectionError: the connection is dead (the pool replaces it and tries again).
    """
    if dbapi_connection.closed or dbapi_connection.broken:
        raise DisconnectionError("the connection is closed")
    try:
        readable, _, _ = sockets.select([dbapi_connection.fileno()], [], [], 0)
    except (OSError, ValueError) as e:
        raise DisconnectionError("the connection's socket is gone") from e
    if readable:
        raise DisconnectionError("the database ended the connection")


def _pg_async_commit(dbapi_connection: Any, _record: Any) -> None:
    """durability "normal" on PostgreSQL: commits do not wait for the disk flush (a crash of
    the database server, not of ours, may lose the last moments)."""
    cur = dbapi_connection.cursor()
    cur.execute("SET synchronous_commit = off")
    cur.close()
    dbapi_connection.commit()


def _sqlite_pragmas(dbapi_connection: Any, sync: str) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    # FULL: an acknowledged move survives even a power cut (an fsync per move);
    # NORMAL: it survives the server being killed or crashing, not a power cut
    cur.execute(f"PRAGMA synchronous={sync}")
    cur.close()


def _plain(x: Any) -> Any:
    """JSON-safe copy (tuples to lists) so SQLite JSON columns round-trip exactly."""
    return json.loads(json.dumps(x)) if x is not None else None
