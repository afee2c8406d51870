"""The web server's CPU per action, in one process: what caps the games a server holds.

Plays K two-seat hotseat games (as ``benchmarks/load.py`` does: the host's page acts, the
second seat's page listens) for N actions in all, through either

* ``--path direct``: the steps of the action route without HTTP (authorize, the game's lock,
  :meth:`ServerContext.act`, bots, the push to the listening page built and handed to its
  outbox, the acting page's answer), or
* ``--path http``: the whole app through ``httpx.ASGITransport`` (middleware, routing,
  validation, the answer's gzip), the client's own work included,

and prints the CPU milliseconds per action (``time.process_time``: the store's threads
included). ``--profile`` prints cProfile's top functions of the run (by own time and by
cumulative time). ``--db postgresql://...`` measures the PostgreSQL store.

Usage (from the repository root)::

    python benchmarks/action_cpu.py                      # both paths, SQLite, 10 games, 600 actions
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
from pathlib import Path
from typing import Any

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}]
PREFER = ("pick", "expand", "conquer", "redeploy", "end")


def choose(legal: list[dict[str, Any]]) -> str:
    texts = [a["text"] for a in legal]
    for prefix in PREFER:
        for t in texts:
            if t.startswith(prefix):
                return t
    return texts[0]


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
    answers: dict[str, dict[str, Any]] = {}
    done = 0
    cpu0 = time.process_time()
    if prof is not None:
        prof.enable()
    while done < n:
        moved = False
        for live in games:
            if done >= n:
                break
            acc = await ctx.authorize(live.id, live.host_token, None)
            p = answers.get(live.id)
            if p is None:
                p = json.loads(update_text(acc)[0])
            if p["over"] or not p["legal"]:
                continue
            async with live.lock:
                await ctx.fresh(live)
                await ctx.act(acc, choose(p["legal"]), None)
                await ctx.play.after_change(live)
                text, _ = update_text(acc, p["log_total"])
            conn = live.sockets[0]
            conn.take_update()  # what the page's sender would write
            while not conn.outbox.empty():
                conn.outbox.get_nowait()
            answers[live.id] = json.loads(text)
            done += 1
            moved = True
        if not moved:
            break
    if prof is not None:
        prof.disable()
    return done, time.process_time() - cpu0


async def _http(app: Any, k: int, n: int, prof: cProfile.Profile | None) -> tuple[int, float]:
    import httpx

    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        games = []
        for _ in range(k):
            r = await client.post("/api/games", json={"seats": SEATS})
            r.raise_for_status()
            games.append(r.json())
        answers: dict[str, dict[str, Any]] = {}
        done = 0
        cpu0 = time.process_time()
        if prof is not None:
            prof.enable()
        while done < n:
            moved = False
            for g in games:
                if done >= n:
                    break
                headers = {"X-Token": g["host_token"]}
                p = answers.get(g["id"])
                if p is None:
                    p = (await client.get(f"/api/games/{g['id']}/state", headers=headers)).json()
                if p["over"] or not p["legal"]:
                    continue
                body = {"action": choose(p["legal"]), "since": p["log_total"]}
                r = await client.post(f"/api/games/{g['id']}/actions", json=body, headers=headers)
                r.raise_for_status()
                answers[g["id"]] = r.json()
                done += 1
                moved = True
            if not moved:
                break
        if prof is not None:
            prof.disable()
    return done, time.process_time() - cpu0


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
    if breakdown:
        _timed(spent)
    from smallworld.web.server import create_app

    tmp = tempfile.mkdtemp(prefix="swcpu-")
    app = create_app(db or Path(tmp) / "games.sqlite3", bot_delay=0)
    prof = cProfile.Profile() if profile else None
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
    ap.add_argument("--path", choices=("direct", "http", "both"), default="both")
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
    paths = ("direct", "http") if args.path == "both" else (args.path,)
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
