"""Game page speed on the local server: cold load time and bytes sent per action.

Starts the web app (uvicorn, a temporary database, bots at once), creates a 3-player game (one
human, two random bots, seed 11) and prints:

- the cold load of the game page in headless Chromium (a fresh browser context: no cache),
  from navigation to the board and the turn panel drawn, median of ``--loads`` loads;
- the bytes on the wire of the answers to ``--actions`` human actions (the first offered action
  each time), with and without ``Accept-Encoding: gzip``, and of the page's static files.

Usage: ``PYTHONPATH=src python benchmarks/web_page.py [--loads 5] [--actions 40]``. Figures
only: nothing is asserted (speed goals are not tests).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.browser_kit import ARGS, CHROMIUM, post_game, start_server


def fetch(url: str, *, data: bytes | None = None, headers: dict[str, str] | None = None,
          gz: bool = False) -> tuple[int, bytes]:
    """(bytes on the wire, decoded body) of one request."""
    h = dict(headers or {})
    if gz:
        h["Accept-Encoding"] = "gzip"
    req = urllib.request.Request(url, data=data, headers=h)
    with urllib.request.urlopen(req) as r:
        raw = r.read()
        enc = r.headers.get("Content-Encoding")
    body = gzip.decompress(raw) if enc == "gzip" else raw
    return len(raw), body


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--actions", type=int, default=40)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    url, srv, th = start_server(tmp / "bench.sqlite3")
    try:
        seats = [{"name": "Ada"}, {"name": "Bot1", "kind": "bot", "bot": "random"},
                 {"name": "Bot2", "kind": "bot", "bot": "random"}]
        created = post_game(url, {"seats": seats, "seed": 11})
        gid, token = created["id"], created["host_token"]
        page = url + created["hotseat"]

        statics = ["/static/js/play.js", "/static/css/app.css", f"/api/games/{gid}/board?token={token}"]
        for path in statics:
            plain, _ = fetch(url + path)
            wire, _ = fetch(url + path, gz=True)
            print(f"static {path.split('?')[0]:40s} {plain:8d} B plain, {wire:8d} B gzip")

        from playwright.sync_api import sync_playwright

        times = []
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(args.loads):
                ctx = b.new_context(viewport={"width": 1280, "height": 720})
                pg = ctx.new_page()
                t0 = time.perf_counter()
                pg.goto(page)
                pg.wait_for_selector("svg.sw-table")
                pg.wait_for_function("() => document.getElementById('turn').childElementCount > 0")
                times.append((time.perf_counter() - t0) * 1000)
                ctx.close()
            b.close()
        print(f"cold page load: median {statistics.median(times):.0f} ms "
              f"(min {min(times):.0f}, max {max(times):.0f}, {len(times)} loads)")

        sizes_plain, sizes_gz = [], []
        hdr = {"Content-Type": "application/json", "X-Token": token}
        for _ in range(args.actions):
            _, st = fetch(f"{url}/api/games/{gid}/state?token={token}")
            P = json.loads(st)
            if P["over"] or not P["legal"]:
                break
            known = P["log_total"]
            body = {"action": P["legal"][0]["text"], "since": known}
            wire_gz, ans = fetch(f"{url}/api/games/{gid}/actions", data=json.dumps(body).encode(),
                                 headers=hdr, gz=True)
            sizes_gz.append(wire_gz)
            sizes_plain.append(len(ans))
        n = len(sizes_gz)
        print(f"per action answer ({n} actions): mean {statistics.mean(sizes_plain):.0f} B plain, "
              f"{statistics.mean(sizes_gz):.0f} B on the wire with gzip")
    finally:
        srv.should_exit = True
        th.join(timeout=10)


if __name__ == "__main__":
    main()
