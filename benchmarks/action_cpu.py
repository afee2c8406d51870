"""The web server's CPU per action, in one process: what caps the games a server holds.

Plays K two-seat hotseat games (as ``benchmarks/load.py`` does: the host's page acts, the
second seat's page listens) for N actions in all, through either

* ``--path direct``: the steps of the action route without HTTP (authorize, the game's lock,
  :meth:`ServerContext.act`, bots, the push to the listening page built and handed to its
  outbox, the acting page's answer), or
* ``--path http``: the whole app through ``httpx.ASGITransport`` (middleware, routing,
  validation, the answer's gzip), the client's own work included, or
* ``--path served``: ``smallworld serve`` in a process of its own (uvicorn, its HTTP and
  WebSocket protocols, the second seat's page listening), driven one move at a time over
  HTTP: the server process's CPU only (``/proc``), what ``benchmarks/load.py`` loads,

and prints the CPU milliseconds per action (``time.process_time``: the store's threads
included). ``--profile`` prints cProfile's top functions of the run (by own time and by
cumulative time). ``--db postgresql://...`` measures the PostgreSQL store.

Usage (from the repository root)::

    python benchmarks/action_cpu.py                      # direct and http, SQLite, 10 games, 600 actions
    python benchmarks/action_cpu.py --path all --src /work/main   # before/after, three paths
    python benchmarks/action_cpu.py --path direct --profile
    python benchmarks/action_cpu.py --src /tmp/before       # and another checkout, in turn
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from load import SEATS, Server, choose, free_port  # the load test's games and moves

from smallworld.core.actions import parse_action

#: one move of a game: ``(game, action text, its payload before) -> its payload after``
Move = Callable[[Any, str, dict[str, Any]], Awaitable[dict[str, Any]]]
#: a game's payload before its first move in the run
State = Callable[[Any], Awaitable[dict[str, Any]]]


async def _drive(games: list[Any], n: int, state: State, move: Move,
                 prof: cProfile.Profile | None) -> tuple[int, float]:
    """Play ``games`` in turn, one move each (:func:`load.choose`), until ``n`` moves are made
    or every game is over; answers the moves made and this process's CPU seconds meanwhile."""
    answers: dict[int, dict[str, Any]] = {}
    done = 0
    cpu0 = time.process_time()
    if prof is not None:
        prof.enable()
    while done < n:
        moved = False
        for g in games:
            if done >= n:
                break
            p = answers.get(id(g))
            if p is None:
                p = await state(g)
            if p["over"] or not p["legal"]:
                continue
            answers[id(g)] = await move(g, choose(p["legal"]), p)
            done += 1
            moved = True
        if not moved:
            break
    if prof is not None:
        prof.disable()
    return done, time.process_time() - cpu0


class _Sink:
    """A page's socket that is never written (the benchmark measures the building)."""

    async def send_text(self, _text: str) -> None:  # pragma: no cover - never awaited here
        return None


async def _direct(app: Any, k: int, n: int, prof: cProfile.Profile | None) -> tuple[int, float]:
    import json

    from smallworld.web.games import Connection, LiveGame, check_seats
    from smallworld.web.updates import update_text

    ctx = app.state.ctx
    if ctx.store.shared:  # as with the server's move notifications up (no other process here)
        ctx.hub.listening_since(True)
    games = []
    for i in range(k):
        live = LiveGame.create(ctx.store, seats=check_seats(SEATS), seed=1000 + i)
        ctx.hub.add(live)
        conn = Connection(ws=_Sink(), seat=1, host=False)
        live.sockets.append(conn)
        games.append(live)

    async def state(live: Any) -> dict[str, Any]:
        acc = await ctx.authorize(live.id, live.host_token, None)
        return dict(json.loads(update_text(acc)[0]))

    async def move(live: Any, action: str, p: dict[str, Any]) -> dict[str, Any]:
        acc = await ctx.authorize(live.id, live.host_token, None)
        async with live.lock:
            await ctx.fresh(live)
            await ctx.act(acc, parse_action(action), None)
            await ctx.play.after_change(live)
            text, _ = update_text(acc, p["log_total"])
        conn = live.sockets[0]
        conn.take_update()  # what the page's sender would write
        while not conn.outbox.empty():
            conn.outbox.get_nowait()
        return dict(json.loads(text))

    return await _drive(games, n, state, move, prof)


async def _http(app: Any, k: int, n: int, prof: cProfile.Profile | None) -> tuple[int, float]:
    import httpx

    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        games = []
        for _ in range(k):
            r = await client.post("/api/games", json={"seats": SEATS})
            r.raise_for_status()
            games.append(r.json())

        async def state(g: dict[str, Any]) -> dict[str, Any]:
            r = await client.get(f"/api/games/{g['id']}/state", headers={"X-Token": g["host_token"]})
            return dict(r.json())

        async def move(g: dict[str, Any], action: str, p: dict[str, Any]) -> dict[str, Any]:
            body = {"action": action, "since": p["log_total"]}
            r = await client.post(f"/api/games/{g['id']}/actions", json=body,
                                  headers={"X-Token": g["host_token"]})
            r.raise_for_status()
            return dict(r.json())

        return await _drive(games, n, state, move, prof)


async def _served(k: int, n: int, db: str) -> tuple[int, float]:
    """``--path served``: ``smallworld serve`` in a process of its own, driven over HTTP with
    the second seat's page listening on its WebSocket, as ``benchmarks/load.py`` does but one
    move at a time; answers the moves and the *server process's* CPU seconds (/proc)."""
    from leanhttp import LeanConnection
    from websockets.asyncio.client import connect

    server = Server(db, free_port(), ["--workers", "1"])
    server.start()
    conn = LeanConnection(server.url)
    listeners: list[asyncio.Task[None]] = []
    try:
        games = []
        for _ in range(k):
            r = await conn.request("POST", "/api/games", {"seats": SEATS})
            games.append(r.json())

        async def listen(g: dict[str, Any]) -> None:
            url = server.url.replace("http", "ws", 1) + g["seats"][1]["link"].replace("/play/", "/ws/")
            async with connect(url, max_size=None) as ws:
                async for _ in ws:  # read (and drop) every push, as the page would
                    pass

        for g in games:  # each page draws its board first (made once, before the timing)
            await conn.request("GET", f"/api/games/{g['id']}/board", None, {"X-Token": g["host_token"]})
        listeners = [asyncio.create_task(listen(g)) for g in games]
        await asyncio.sleep(0.5)

        async def state(g: dict[str, Any]) -> dict[str, Any]:
            r = await conn.request("GET", f"/api/games/{g['id']}/state", None,
                                   {"X-Token": g["host_token"]})
            return dict(r.json())

        async def move(g: dict[str, Any], action: str, p: dict[str, Any]) -> dict[str, Any]:
            r = await conn.request("POST", f"/api/games/{g['id']}/actions",
                                   {"action": action, "since": p["log_total"]},
                                   {"X-Token": g["host_token"]})
            if r.status_code != 200:
                raise RuntimeError(f"action {action!r}: {r.status_code} {r.content[:200]!r}")
            return dict(r.json())

        cpu0 = server.cpu_s()
        done, _ = await _drive(games, n, state, move, None)
        await asyncio.sleep(0.2)  # the last pushes written
        return done, server.cpu_s() - cpu0
    finally:
        for t in listeners:
            t.cancel()
        await conn.close()
        server.kill()


#: the parts of an action timed by ``--breakdown`` (module, owner or None, function)
PARTS = [
    ("smallworld.web.games", "LiveGame", "_play"),
    ("smallworld.web.games", "LiveGame", "_commit"),
    ("smallworld.web.storage", "Store", "_append_batch"),
    ("smallworld.core.undo", "UndoStack", "before"),
    ("smallworld.core.undo", "UndoStack", "after"),
    ("smallworld.web.payload", None, "seat_payload"),
    ("smallworld.web.payload", None, "_legal"),
    ("smallworld.web.payload", None, "_ends_turn"),
    ("smallworld.web.payload", None, "_label"),
    ("smallworld.web.payload", None, "_conquest_hints"),
    ("smallworld.web.payload", None, "turn_facts"),
    ("smallworld.web.payload", None, "view"),
    ("smallworld.web.updates", None, "_dumps"),
]


def _timed(spent: dict[str, float]) -> None:
    """Wrap :data:`PARTS` to add each call's thread CPU time to ``spent`` (inclusive)."""
    import functools
    import importlib

    for mod_name, owner_name, name in PARTS:
        mod = importlib.import_module(mod_name)
        owner = getattr(mod, owner_name) if owner_name else mod
        fn = getattr(owner, name)
        label = f"{owner_name or mod_name.rsplit('.', 1)[1]}.{name}"
        spent.setdefault(label, 0.0)

        def wrapped(*a: Any, __fn: Any = fn, __label: str = label, **kw: Any) -> Any:
            t0 = time.thread_time()
            try:
                return __fn(*a, **kw)
            finally:
                spent[__label] += time.thread_time() - t0
        setattr(owner, name, functools.wraps(fn)(wrapped))


def measure(path: str, db: str | None, k: int, n: int, profile: bool,
            breakdown: bool = False) -> dict[str, Any]:
    """One run: ``{"path", "actions", "cpu_ms_per_action"}`` (and ``profile``: the text;
    ``breakdown``: thread CPU ms per action of each of :data:`PARTS`)."""
    spent: dict[str, float] = {}
    tmp = tempfile.mkdtemp(prefix="swcpu-")
    prof = cProfile.Profile() if profile else None
    if path == "served":  # the server's own process: no breakdown or profile here
        done, cpu = asyncio.run(_served(k, n, db or str(Path(tmp) / "games.sqlite3")))
        prof = None
        breakdown = False
    else:
        if breakdown:
            _timed(spent)
        from smallworld.web.server import create_app

        app = create_app(db or Path(tmp) / "games.sqlite3", bot_delay=0)
        run = _direct if path == "direct" else _http
        done, cpu = asyncio.run(run(app, k, n, prof))
        app.state.ctx.store.close()
    out: dict[str, Any] = {"path": path, "actions": done,
                           "cpu_ms_per_action": round(1000 * cpu / max(1, done), 2)}
    if prof is not None:
        buf = io.StringIO()
        st = pstats.Stats(prof, stream=buf)
        st.sort_stats("tottime").print_stats(25)
        st.sort_stats("cumulative").print_stats(40)
        out["profile"] = buf.getvalue()
    if breakdown:
        out["breakdown"] = {k: round(1000 * v / max(1, done), 3) for k, v in spent.items()}
    return out


def _compare(args: argparse.Namespace) -> None:
    """Run this script on this checkout and on ``args.src`` in turn (each in a process of its
    own, ``--rounds`` times, so that the machine's load falls on both alike) and print each."""
    import subprocess

    here = Path(__file__).resolve().parents[1]
    own = [a for a in sys.argv[1:] if a not in ("--src", args.src)]
    own = [a for i, a in enumerate(own) if not (a == "--rounds" or (i and own[i - 1] == "--rounds"))]
    for r in range(args.rounds):
        for name, root in (("this checkout", here), (f"{args.src}", Path(args.src).resolve())):
            env = {**os.environ, "PYTHONPATH": str(root / "src")}
            out = subprocess.run([sys.executable, __file__, *own], env=env, text=True,
                                 capture_output=True, check=True, cwd=root).stdout
            print(f"-- round {r + 1}, {name}")
            print(out.rstrip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--path", choices=("direct", "http", "served", "both", "all"), default="both",
                    help="both: direct and http; all: the three")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--actions", type=int, default=600)
    ap.add_argument("--db", default=None, help="a postgresql:// URL (default: a fresh SQLite file)")
    ap.add_argument("--profile", action="store_true", help="print cProfile's top functions")
    ap.add_argument("--breakdown", action="store_true",
                    help="print the thread CPU ms per action of the main parts (PARTS)")
    ap.add_argument("--src", default=None, metavar="DIR",
                    help="also measure the checkout DIR (its src/), alternating with this one, "
                         "--rounds times: a before and after in one run")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    if args.src is not None:
        _compare(args)
        return
    sys.setrecursionlimit(10000)
    paths = {"both": ("direct", "http"), "all": ("direct", "http", "served")}.get(args.path, (args.path,))
    print(f"load average {os.getloadavg()[0]:.2f}")
    for path in paths:
        out = measure(path, args.db, args.games, args.actions, args.profile, args.breakdown)
        print(f"{path}: {out['actions']} actions, {out['cpu_ms_per_action']} ms CPU per action "
              f"(load average {os.getloadavg()[0]:.2f})")
        for part, ms in out.get("breakdown", {}).items():
            print(f"  {part}: {ms} ms")
        if "profile" in out:
            print(out["profile"])


if __name__ == "__main__":
    main()
