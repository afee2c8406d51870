"""Many pages on one game (issue #36 point 9, 100 tables): an action builds each seat's view
once however many pages show it, and the updates of a page that reads slowly are coalesced,
so it gets the newest position without a backlog and never holds up the other pages.

Before: the broadcast built (and each page's sender encoded) one payload per open page, and
the action's answer built the acting seat's payload once more; a page that stopped reading
for a while was queued every position in turn, and dropped after 32."""

from __future__ import annotations

import asyncio
import json
from contextlib import ExitStack
from types import SimpleNamespace

import pytest

from smallworld.web import access
from smallworld.web.games import OUTBOX_SIZE, Connection, GameHub, LiveGame, check_seats
from smallworld.web.liveplay import LivePlay
from smallworld.web.storage import Store
from tests.web.conftest import new_game, seat_token, state
from tests.web.test_api import TWO_HUMANS, choose


@pytest.fixture
def built(monkeypatch):
    """The perspectives whose payload is built (``access.seat_payload`` calls), in order."""
    calls: list[int | None] = []
    real = access.seat_payload

    def counting(live, perspective, **kw):
        calls.append(perspective)
        return real(live, perspective, **kw)

    monkeypatch.setattr(access, "seat_payload", counting)
    return calls


def test_one_action_builds_each_seats_view_once_for_many_pages(client, built):
    """Seven pages on a two-seat game (three of each seat, and the hotseat page): one action
    builds at most two payloads, one per seat's view, shared by the pushes and the action's
    answer (before: 8, one per page and one for the answer)."""
    g = new_game(client, seats=TWO_HUMANS)
    gid, host = g["id"], g["host_token"]
    p = state(client, gid, host)
    links = [f"/ws/{gid}?seat={s}&token={seat_token(g, s)}" for s in (0, 0, 0, 1, 1, 1)]
    links.append(f"/ws/{gid}?token={host}")
    with ExitStack() as stack:
        pages = [stack.enter_context(client.websocket_connect(url)) for url in links]
        for ws in pages:
            assert ws.receive_json()["type"] == "update"
        built.clear()
        r = client.post(f"/api/games/{gid}/actions", headers={"X-Token": host},
                        json={"action": choose(p["legal"]), "since": p["log_total"]})
        assert r.status_code == 200, r.text
        answer = r.json()
        pushed = [ws.receive_json() for ws in pages]
    assert len(built) == len(set(built)) and set(built) <= {0, 1}, f"payloads built: {built}"
    # every page got its own seat's view, the new position and only the new log entries
    for seat, msg in zip((0, 0, 0, 1, 1, 1, answer["perspective"]), pushed):
        assert msg["type"] == "update" and msg["perspective"] == seat
        assert msg["game"]["actions"] == answer["game"]["actions"]
        assert msg["log_total"] == answer["log_total"] and not msg["log_reset"]
    assert [m["mode"] for m in pushed] == ["seat"] * 6 + ["hotseat"] and answer["mode"] == "hotseat"
    hotseat = dict(pushed[-1])
    assert hotseat == answer and answer["log"]  # the answer is the hotseat page's update


class GatedPage:
    """A page whose sends wait until ``gate`` is set (one that reads slowly); it keeps what it
    was sent, decoded."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.gate = gate
        self.got: list[dict] = []

    async def _wait(self) -> None:
        if self.gate is not None:
            await self.gate.wait()

    async def send_text(self, text: str) -> None:
        await self._wait()
        self.got.append(json.loads(text))

    async def send_json(self, data: dict) -> None:
        await self._wait()
        self.got.append(json.loads(json.dumps(data)))

    async def close(self, code: int = 1000) -> None:
        pass


def test_a_slow_pages_updates_are_coalesced_and_never_delay_the_others(db_path):
    """A page that does not read while its seat's opponent plays 40 actions (more than its
    outbox holds) stays connected and, once it reads, is sent the newest position with every
    log entry it lacks in one update; the other page of the same seat was sent each update as
    it came."""
    async def settle(until):
        for _ in range(200):  # the senders run (a bounded wait, not a speed goal)
            if until():
                return
            await asyncio.sleep(0)

    async def main():
        store = Store(db_path)
        hub = GameHub(store)
        live = LiveGame.create(store, seats=check_seats(TWO_HUMANS))
        hub.add(live)
        play = LivePlay(hub, store, SimpleNamespace(bot_delay=0))
        gate = asyncio.Event()
        slow, fast = Connection(GatedPage(gate), 1, False), Connection(GatedPage(), 1, False)
        live.sockets += [slow, fast]
        senders = [asyncio.create_task(play.pump(live, c)) for c in (slow, fast)]
        try:
            host = access.Access(live, None, True)
            async with live.lock:
                await play.broadcast(live)  # the pages' first update: the whole log
            await settle(lambda: len(fast.ws.got) == 1)
            played = 0
            while played < OUTBOX_SIZE + 8 and not live.game.state.is_over():
                p = access.payload_for(host)
                async with live.lock:
                    live.act(store, p["actor"], choose(p["legal"]))
                    await play.broadcast(live)
                played += 1
                await settle(lambda n=played: len(fast.ws.got) == n + 1)
                # the fast page is sent each update as it comes, whatever the slow one does
                assert len(fast.ws.got) == played + 1, (played, len(fast.ws.got))
            assert played == OUTBOX_SIZE + 8 and slow.ws.got == []
            assert slow in live.sockets and not slow.dead.is_set()  # not dropped for it
            gate.set()
            await settle(lambda: len(slow.ws.got) >= played + 1)
            # the slow page: its first update, then the newest position in one update
            assert len(slow.ws.got) == 2, [m["game"]["actions"] for m in slow.ws.got]
            newest = slow.ws.got[-1]
            assert newest["game"] == fast.ws.got[-1]["game"]
            assert newest["view"] == fast.ws.got[-1]["view"]
            # no log entry lost in coalescing: both pages hold the same log, the whole of it
            assert _log_of(slow.ws.got) == _log_of(fast.ws.got) == live.log.visible(live.game.state, 1)
        finally:
            gate.set()
            for t in senders:
                t.cancel()
            await asyncio.wait(senders, timeout=5)
            store.close()

    asyncio.run(main())


def _log_of(messages: list[dict]) -> list[dict]:
    """The log a page holds after ``messages`` (updates: entries added, or the whole log when
    ``log_reset``)."""
    held: list[dict] = []
    for m in messages:
        if m["log_reset"]:
            held = []
        held += m["log"]
    return held
