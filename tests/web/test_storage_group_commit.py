"""Group commit (#15 point 7): moves of several games queued while another write is under way are
stored in one transaction, and each caller still gets its own answer."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import event

from smallworld.web.storage import Store, StoreError, StoreStale


def new_store(tmp_path, n_games: int) -> Store:
    store = Store(tmp_path / "games.sqlite3")
    for i in range(n_games):
        store.create(game_id=f"g{i}", title=f"game {i}", header={"seed": 1},
                     seats=[{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
                     host_token=f"t{i}", actions=[], round=1, result=None)
    return store


def commits(store: Store) -> list[int]:
    seen: list[int] = []
    event.listen(store.engine, "commit", lambda con: seen.append(1))
    return seen


def run_queued(store: Store, calls: list[tuple]) -> list[BaseException | None]:
    """Start one thread per ``append`` call while the write lock is held, wait until all are
    queued, then let them go: they are then stored by one group commit."""
    answers: list[BaseException | None] = [None] * len(calls)

    def call(i: int, args: tuple) -> None:
        try:
            store.append(*args[:3], round=1, result=None)
        except BaseException as e:
            answers[i] = e

    threads = [threading.Thread(target=call, args=(i, a)) for i, a in enumerate(calls)]
    with store.writing:
        for t in threads:
            t.start()
        deadline = time.time() + 10
        while len(store._queue) < len(calls):
            assert time.time() < deadline, "the appends did not queue"
            time.sleep(0.005)
    for t in threads:
        t.join(10)
    return answers


def test_queued_moves_of_many_games_are_stored_in_one_transaction(tmp_path):
    store = new_store(tmp_path, 8)
    seen = commits(store)
    answers = run_queued(store, [(f"g{i}", 0, [f"pick {i}", "conquer x"]) for i in range(8)])
    assert answers == [None] * 8
    assert len(seen) == 1  # one transaction (one disk flush) for the eight moves
    for i in range(8):
        assert store.load(f"g{i}").actions == [f"pick {i}", "conquer x"]
        assert store.count(f"g{i}") == 2
    store.close()


def test_a_stale_or_unknown_game_fails_alone_in_its_batch(tmp_path):
    store = new_store(tmp_path, 2)
    store.append("g1", 0, ["pick 0"], round=1, result=None)
    answers = run_queued(store, [("g0", 0, ["pick 1"]), ("g1", 0, ["pick 2"]), ("nope", 0, ["x"])])
    assert answers[0] is None
    assert isinstance(answers[1], StoreStale) and "cannot append at 0" in str(answers[1])
    assert isinstance(answers[2], StoreError) and "no game 'nope'" in str(answers[2])
    assert store.load("g0").actions == ["pick 1"]
    assert store.load("g1").actions == ["pick 0"]
    store.close()


def test_a_failing_database_fails_every_move_of_the_batch_and_stores_none(tmp_path, monkeypatch):
    store = new_store(tmp_path, 3)

    def broken(con):
        raise RuntimeError("disk on fire")

    event.listen(store.engine, "commit", broken)
    answers = run_queued(store, [(f"g{i}", 0, ["pick 0"]) for i in range(3)])
    assert all(isinstance(a, RuntimeError) for a in answers), answers
    event.remove(store.engine, "commit", broken)
    assert [store.count(f"g{i}") for i in range(3)] == [0, 0, 0]
    # and the store keeps working
    store.append("g0", 0, ["pick 0"], round=1, result=None)
    assert store.count("g0") == 1
    store.close()


def test_an_interrupt_during_the_commit_fails_every_move_of_the_batch(tmp_path):
    """Not only errors: an interrupt (a BaseException) while the batch is written leaves no
    caller believing its move was stored."""

    class Interrupt(BaseException):
        pass

    store = new_store(tmp_path, 3)

    def interrupted(con):
        raise Interrupt()

    event.listen(store.engine, "commit", interrupted)
    answers = run_queued(store, [(f"g{i}", 0, ["pick 0"]) for i in range(3)])
    event.remove(store.engine, "commit", interrupted)
    assert all(isinstance(a, Interrupt) for a in answers), answers
    assert [store.count(f"g{i}") for i in range(3)] == [0, 0, 0]
    store.close()


@pytest.mark.parametrize("n_threads", [16])
def test_concurrent_appends_all_land_in_order(tmp_path, n_threads):
    store = new_store(tmp_path, n_threads)

    def play(i: int) -> None:
        for k in range(10):
            store.append(f"g{i}", k, [f"move {k}"], round=1, result=None)

    threads = [threading.Thread(target=play, args=(i,)) for i in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    for i in range(n_threads):
        assert store.load(f"g{i}").actions == [f"move {k}" for k in range(10)]
    store.close()


@pytest.mark.parametrize("durability, pragma", [(None, 1), ("normal", 1), ("full", 2)])
def test_sqlite_durability_defaults_to_normal_and_full_flushes_every_commit(tmp_path, durability, pragma):
    """SQLite's default is the write-ahead log with synchronous=NORMAL (1): a move survives the
    server being killed (tests/web/test_kill.py), not a power cut; ``full`` (2) flushes every
    commit to disk."""
    store = Store(tmp_path / "games.sqlite3", durability=durability)
    with store.engine.connect() as con:
        assert con.exec_driver_sql("PRAGMA synchronous").scalar() == pragma
        assert con.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    assert store.durability == ("normal" if durability is None else durability)
    store.close()
    with pytest.raises(ValueError, match="durability must be"):
        Store(tmp_path / "other.sqlite3", durability="sometimes")
