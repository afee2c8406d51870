"""Load test of the browser server: K concurrent games driven over HTTP, pushes over WebSockets.

For each K (default 10, 50, 100) the script starts ``smallworld serve`` on a fresh SQLite file
(or uses ``--url``), creates K two-seat hotseat games, and for ``--seconds`` drives each game
with one client (an action every ``--think`` seconds) while a WebSocket on the game's second
seat link listens for pushes; the games are shared among ``--procs`` load processes (default 2,
each one event loop), so that the load generator's own queueing does not pass for server delay.
Each game's client holds one keep-alive connection of :mod:`leanhttp` (httptools' parser;
httpx spent twice the server's CPU per action on the machine they share). Clients send ``since`` (the log entries they hold) as the game page
does, so answers carry only new log entries. One more game is driven by a *separate client*, a
process of its own (``--probe``, an action every 0.25 s), whose action latency is reported on its
own: the figure a player feels while the server is loaded, without the load generator's own
event-loop delays.

Reported per K: actions/s, action latency p50/p95/p99 (all clients and the separate client),
push delay p50/p99 and the counts of pushes later than 1 s and 2 s (push delay: from sending an action
to the other seat's page receiving the update that contains it), the server's resident memory,
its CPU time per action (all processes of the server: the one figure that does not depend on
what else loads the machine), the load processes' own CPU time per action (they share the
machine's CPUs with the server), the machine's 1-minute load average at the start and the end of
the run, and lost actions: acknowledged actions missing from the stored record at the end. With
``--kill-after S`` the server is killed (SIGKILL) S seconds in and restarted on the same
database, clients carry on, and the lost-action check spans the kill; with ``--kill-worker``
too (several workers) only one worker is killed: its supervisor starts another while the
other workers serve on.

Usage (from the repository root; it loads the machine, so run it alone)::

    python benchmarks/load.py                         # K = 10, 50, 100, 20 s each
    python benchmarks/load.py --games 100 --seconds 30 --kill-after 10
    python benchmarks/load.py --games 50 --json
    python benchmarks/load.py --db postgresql://user:pw@127.0.0.1/db --workers 2
    python benchmarks/load.py --games 100 --seconds 30 --kill-after 10 --kill-worker \
        --db postgresql://user:pw@127.0.0.1/db --workers 2

Latencies include the client's own time on a shared machine (client and server share the
CPUs): they are upper bounds of the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from leanhttp import LeanConnection
from websockets.asyncio.client import connect

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}]
PREFER = ("pick", "expand", "conquer", "redeploy", "end")


def choose(legal: list[dict[str, Any]]) -> str:
    texts = [a["text"] for a in legal]
    for prefix in PREFER:
        for t in texts:
            if t.startswith(prefix):
                return t
    return texts[0]


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, db: str, port: int, extra: list[str]) -> None:
        self.db, self.port, self.extra = db, port, extra
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "smallworld", "serve", "--no-browser", "--port", str(self.port),
             "--db", self.db, "--bot-delay", "0", *self.extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "CI": "1"})
        for _ in range(300):
            try:
                if httpx.get(self.url + "/api/meta", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not start")

    def _children(self) -> list[int]:
        """Pids of the server process's children (with several workers: the workers and
        multiprocessing's resource tracker)."""
        assert self.proc is not None
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(self.proc.pid)],
                             capture_output=True, text=True, check=False).stdout
        return [int(pid) for pid in out.split()]

    def rss_mb(self) -> float:
        """Resident memory of the server and its workers, MB."""
        if self.proc is None:
            return float("nan")
        total = 0.0
        for pid in [self.proc.pid, *self._children()]:
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) / 1024
            except OSError:
                pass
        return total

    def cpu_s(self) -> float:
        """CPU seconds (user + system) used so far by the server and its workers."""
        if self.proc is None:
            return float("nan")
        total = 0
        for pid in [self.proc.pid, *self._children()]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
            except (OSError, IndexError, ValueError):
                pass
        return total / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        """SIGKILL the server (with several workers: the master and every worker)."""
        if self.proc is not None:
            kids = self._children()
            self.proc.send_signal(signal.SIGKILL)
            for pid in kids:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            self.proc.wait()

    def kill_worker(self) -> int:
        """SIGKILL one worker of a server with several (its supervisor starts a new one); the
        other workers serve on. Answers the killed pid."""
        # the supervisor's children: its workers (spawn_main) and a resource tracker
        workers = [pid for pid in self._children() if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        if not workers:
            raise RuntimeError("--kill-worker needs a server with several workers (--workers 2)")
        os.kill(workers[0], signal.SIGKILL)
        return workers[0]


class Game:
    def __init__(self, created: dict[str, Any]) -> None:
        self.created = created
        self.id = created["id"]
        self.token = created["host_token"]
        self.seat_link = created["seats"][1]["link"]
        self.sent: dict[int, float] = {}  # action count after the action -> time sent
        self.acked: list[str] = []  # action texts acknowledged, in order, with their index
        self.acked_at: list[int] = []


class Stats:
    def __init__(self) -> None:
        self.lat: list[float] = []
        self.probe_lat: list[float] = []
        self.push: list[float] = []
        self.probe_push: list[float] = []
        self.errors: dict[str, int] = {}
        self.actions = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def listen(base: str, g: Game, st: Stats, stop: asyncio.Event) -> None:
    ws_url = base.replace("http", "ws", 1) + g.seat_link.replace("/play/", "/ws/")
    while not stop.is_set():
        try:
            async with connect(ws_url, max_size=None, open_timeout=10) as ws:
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 1.0)
                    except TimeoutError:
                        continue
                    now = time.perf_counter()
                    msg = json.loads(raw)
                    n = msg.get("game", {}).get("actions")
                    # the push that first shows action count >= n answers the action sent at n
                    for k in [k for k in g.sent if n is not None and k <= n]:
                        st.push.append(now - g.sent.pop(k))
        except Exception:  # the server restarting: reconnect
            if stop.is_set():
                return
            st.error("ws reconnect")
            await asyncio.sleep(0.5)


async def drive(conn: LeanConnection, g: Game, st: Stats, stop: asyncio.Event,
                think: float, probe: bool) -> None:
    """Play game ``g`` over its own keep-alive connection (:mod:`leanhttp`) until ``stop``,
    an action every ``think`` seconds, recording each action's latency."""
    headers = {"X-Token": g.token}
    p: dict[str, Any] | None = None
    while not stop.is_set():
        try:
            if p is None:
                r = await conn.request("GET", f"/api/games/{g.id}/state", headers=headers)
                if r.status_code != 200:
                    st.error(f"state {r.status_code}")
                    await asyncio.sleep(0.5)
                    continue
                p = r.json()
            if p["over"] or not p["legal"]:
                return
            action = choose(p["legal"])
            n_before = p["game"]["actions"]
            t0 = time.perf_counter()
            g.sent[n_before + 1] = t0
            body = {"action": action, "since": p.get("log_total")}
            r = await conn.request("POST", f"/api/games/{g.id}/actions", body, headers)
            dt = time.perf_counter() - t0
            if r.status_code != 200:
                g.sent.pop(n_before + 1, None)
                st.error(f"action {r.status_code}")
                p = None
                await asyncio.sleep(0.2)
                continue
            (st.probe_lat if probe else st.lat).append(dt)
            st.actions += 1
            g.acked.append(action)
            g.acked_at.append(n_before)
            p = r.json()
        except (OSError, TimeoutError, asyncio.IncompleteReadError) as e:
            st.error(type(e).__name__)
            p = None
            await asyncio.sleep(0.5)
        await asyncio.sleep(think)


async def run(k: int, seconds: float, think: float, kill_after: float | None,
              url: str | None, extra: list[str], db_url: str | None = None,
              procs: int = 2, kill_worker: bool = False) -> dict[str, Any]:
    tmp = tempfile.mkdtemp(prefix="swload-")
    db = db_url or str(Path(tmp) / "games.sqlite3")
    server = None if url else Server(db, free_port(), extra)
    if server is not None:
        server.start()
    base = url or server.url  # type: ignore[union-attr]
    st = Stats()
    limits = httpx.Limits(max_connections=k + 10)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        games = []
        for _ in range(k + 1):
            r = await client.post("/api/games", json={"seats": SEATS})
            r.raise_for_status()
            games.append(Game(r.json()))
        # each page loads its board drawing when it opens (drawn once per server and set of
        # faces, a few hundred ms each the first time): drawn before the timed run, as a
        # server that has been up a while holds them
        for g in games:
            (await client.get(f"/api/games/{g.id}/board", headers={"X-Token": g.token})).raise_for_status()
        # the games are driven by --procs processes (one event loop each, so that the load
        # generator's own queueing does not pass for server delay) and the separate client by a
        # process of its own; each answers its latencies, push delays and acknowledged actions
        shards = [games[i:-1:procs] for i in range(procs)] + [games[-1:]]
        runners = [subprocess.Popen(
            [sys.executable, __file__, "--shard", base, json.dumps([g.created for g in shard]),
             "--seconds", str(seconds), "--think", str(0.25 if i == procs else think),
             *(["--separate"] if i == procs else [])],
            stdout=subprocess.PIPE, text=True) for i, shard in enumerate(shards)]
        t0 = time.perf_counter()
        cpu0 = server.cpu_s() if server is not None else float("nan")
        load0 = os.getloadavg()[0]
        rss_peak = 0.0
        killed = False
        while time.perf_counter() - t0 < seconds + 1.0:
            await asyncio.sleep(0.5)
            if server is not None:
                rss_peak = max(rss_peak, server.rss_mb())
                if kill_after is not None and not killed and time.perf_counter() - t0 >= kill_after:
                    killed = True
                    if kill_worker:
                        server.kill_worker()
                    else:
                        server.kill()
                        server.start()
        outs = [json.loads((await asyncio.to_thread(r.communicate))[0]) for r in runners]
        # the server's CPU over the run (a restarted server: from its restart only)
        cpu = server.cpu_s() - (0.0 if killed and not kill_worker else cpu0) if server is not None else float("nan")
        load1 = os.getloadavg()[0]
        elapsed = max(o["seconds"] for o in outs)
        for i, (shard, o) in enumerate(zip(shards, outs)):
            separate = i == procs
            (st.probe_lat if separate else st.lat).extend(o["latency"])
            (st.probe_push if separate else st.push).extend(o["push"])
            st.actions += 0 if separate else len(o["latency"])
            for g, (acked, acked_at) in zip(shard, o["acked"]):
                g.acked, g.acked_at = acked, acked_at
            for what, n in o["errors"].items():
                key = f"separate client: {what}" if separate else what
                st.errors[key] = st.errors.get(key, 0) + n
        lost = 0
        for g in games:
            r = await client.get(f"/api/games/{g.id}/record", headers={"X-Token": g.token})
            actions = r.json()["actions"]
            for text, at in zip(g.acked, g.acked_at):
                if at >= len(actions) or actions[at] != text:
                    lost += 1
    if server is not None:
        server.kill()
    late = sum(1 for d in st.push if d > 2.0)
    return {
        "games": k, "seconds": round(elapsed, 1), "actions": st.actions,
        "actions_per_s": round(st.actions / elapsed, 1),
        "latency_ms": {q: round(pct(st.lat, v) * 1000, 1) for q, v in (("p50", .5), ("p95", .95), ("p99", .99))},
        "separate_client_ms": {q: round(pct(st.probe_lat, v) * 1000, 1)
                               for q, v in (("p50", .5), ("p95", .95), ("p99", .99))},
        "separate_client_actions": len(st.probe_lat),
        "push_delay_ms": {q: round(pct(st.push, v) * 1000, 1) for q, v in (("p50", .5), ("p99", .99))},
        "pushes": len(st.push), "pushes_over_2s": late,
        "pushes_over_1s": sum(1 for d in st.push if d > 1.0),
        "separate_client_push_ms": {q: round(pct(st.probe_push, v) * 1000, 1)
                                    for q, v in (("p50", .5), ("p99", .99))},
        "separate_client_pushes_over_2s": sum(1 for d in st.probe_push if d > 2.0),
        "server_rss_mb": round(rss_peak, 1), "lost_actions": lost,
        # server CPU per action of every client (both seats' pushes, answers and the store
        # included): the figure that does not depend on what else loads the machine
        "server_cpu_ms_per_action": round(cpu * 1000 / max(1, st.actions + len(st.probe_lat)), 2),
        # the load processes' own CPU per action (they share the machine with the server)
        "client_cpu_ms_per_action": round(sum(o["cpu_s"] for o in outs) * 1000
                                          / max(1, st.actions + len(st.probe_lat)), 2),
        # the machine's 1-minute load average at the start and the end of the run (other work
        # on a shared machine slows every figure but the CPU per action)
        "load_average": [round(load0, 2), round(load1, 2)],
        "killed": ("one worker" if kill_worker else "server") if kill_after else None,
        "errors": st.errors,
    }


async def shard_main(base: str, created: list[dict[str, Any]], seconds: float, think: float,
                     separate: bool) -> dict[str, Any]:
    """One load process: drives its games (an action every ``think`` seconds each) with a
    WebSocket listener per game for ``seconds``; answers its figures as JSON."""
    games, st, stop = [Game(c) for c in created], Stats(), asyncio.Event()
    conns = [LeanConnection(base) for _ in games]  # one per game, as each page has its own
    # this process's own garbage-collector passes would otherwise show as server delays
    gc.collect()
    gc.freeze()
    tasks = [asyncio.create_task(listen(base, g, st, stop)) for g in games]
    await asyncio.sleep(1.0)
    t0, cpu0 = time.perf_counter(), time.process_time()
    tasks += [asyncio.create_task(drive(c, g, st, stop, think, separate)) for c, g in zip(conns, games)]
    await asyncio.sleep(seconds)
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    for c in conns:
        await c.close()
    return {"latency": st.probe_lat if separate else st.lat, "push": st.push,
            "acked": [(g.acked, g.acked_at) for g in games], "errors": st.errors,
            "seconds": elapsed, "cpu_s": cpu}


KILLED = {"server": " (server killed and restarted)", "one worker": " (one worker killed)"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, nargs="+", default=[10, 50, 100])
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--think", type=float, default=0.5, help="seconds between a client's actions")
    ap.add_argument("--kill-after", type=float, default=None)
    ap.add_argument("--kill-worker", action="store_true",
                    help="with --kill-after and --workers N > 1: SIGKILL one worker only (its "
                         "supervisor starts another), not the whole server")
    ap.add_argument("--url", default=None, help="use a running server instead of starting one")
    ap.add_argument("--durability", choices=["full", "normal"], default=None,
                    help="the server's (default: its own, normal for SQLite, full for PostgreSQL)")
    ap.add_argument("--db", default=None, help="a postgresql:// URL (default: a fresh SQLite file)")
    ap.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL only)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--procs", type=int, default=2, help="load processes driving the K games")
    ap.add_argument("--shard", nargs=2, metavar=("URL", "GAMES"), help=argparse.SUPPRESS)
    ap.add_argument("--separate", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.shard:
        print(json.dumps(asyncio.run(shard_main(a.shard[0], json.loads(a.shard[1]), a.seconds,
                                                a.think, a.separate))))
        return
    extra = (["--durability", a.durability] if a.durability else []) + ["--workers", str(a.workers)]
    if a.kill_worker and (a.kill_after is None or a.workers < 2):
        ap.error("--kill-worker needs --kill-after S and --workers N > 1")
    out = [asyncio.run(run(k, a.seconds, a.think, a.kill_after, a.url, extra, a.db, a.procs,
                           a.kill_worker))
           for k in a.games]
    if a.json:
        print(json.dumps(out, indent=1))
        return
    for r in out:
        print(f"K={r['games']:>3}: {r['actions_per_s']:6.1f} actions/s  latency p50/p95/p99 "
              f"{r['latency_ms']['p50']}/{r['latency_ms']['p95']}/{r['latency_ms']['p99']} ms  "
              f"separate client p99 {r['separate_client_ms']['p99']} ms ({r['separate_client_actions']} actions, "
              f"push p99 {r['separate_client_push_ms']['p99']} ms)  "
              f"push p50/p99 {r['push_delay_ms']['p50']}/{r['push_delay_ms']['p99']} ms, "
              f"{r['pushes_over_1s']}/{r['pushes_over_2s']} of {r['pushes']} over 1/2 s  "
              f"RSS {r['server_rss_mb']} MB  "
              f"server CPU {r['server_cpu_ms_per_action']} ms/action  "
              f"load processes' CPU {r['client_cpu_ms_per_action']} ms/action  "
              f"load average {r['load_average'][0]}-{r['load_average'][1]}  "
              f"lost {r['lost_actions']}{KILLED.get(r['killed'], '')}"
              f"{'  errors ' + str(r['errors']) if r['errors'] else ''}")


if __name__ == "__main__":
    main()
