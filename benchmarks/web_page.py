"""Game page speed on the local server: cold load time and bytes sent per action.

Starts the web app as players do (``python -m smallworld serve`` in its own process, a temporary
database, bots at once), creates a 3-player game (one human, two random bots, seed 11) and prints:

- the cold load of the game page in headless Chromium (a fresh browser context: no cache),
  median/min/max of ``--loads`` loads, two ways: seen by the page (navigation start to the
  frame after the table's first paint, the page's ``sw-drawn`` mark) and seen from outside
  (Playwright's ``goto`` until that mark exists, which adds the driver's round trips); and the
  number of requests the page made;
- the bytes on the wire of the answers to ``--actions`` human actions (the first offered action
  each time), with and without ``Accept-Encoding: gzip``, and of the page's static files.

Usage: ``PYTHONPATH=src python benchmarks/web_page.py [--loads 9] [--actions 40] [--src DIR]``;
``--src`` serves another checkout's ``src`` (e.g. a ``git worktree`` of an older revision) for a
before/after comparison on the same machine (a page without the ``sw-drawn`` mark is timed to
the board and turn panel drawn instead). Figures only: nothing is asserted (speed goals are not
tests).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.browser_kit import ARGS, CHROMIUM, free_port, post_game

DRAWN = "() => performance.getEntriesByName('sw-drawn').length > 0"


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
    ap.add_argument("--loads", type=int, default=9)
    ap.add_argument("--actions", type=int, default=40)
    ap.add_argument("--src", default=str(Path(__file__).resolve().parents[1] / "src"),
                    help="the src folder whose server is measured")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    port = free_port()
    env = dict(os.environ, PYTHONPATH=args.src)
    srv = subprocess.Popen([sys.executable, "-m", "smallworld", "serve", "--db", str(tmp / "b.sqlite3"),
                            "--port", str(port), "--no-browser", "--bot-delay", "0"],
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/api/meta")
            break
        except OSError:
            time.sleep(0.1)
    try:
        seats = [{"name": "Ada"}, {"name": "Bot1", "kind": "bot", "bot": "random"},
                 {"name": "Bot2", "kind": "bot", "bot": "random"}]
        created = post_game(url, {"seats": seats, "seed": 11})
        gid, token = created["id"], created["host_token"]
        page = url + created["hotseat"]

        html = fetch(page)[1].decode()
        statics = [u for u in ("/static/js/play.js", "/static/css/app.css") if u in html]
        statics += [u.split('"')[0] for u in html.split('src="')[1:] + html.split('href="')[1:]
                    if u.startswith("/assets/")]
        statics = list(dict.fromkeys(statics))
        statics.append(f"/api/games/{gid}/board?token={token}")
        fetch(url + statics[-1])  # the first drawing of a board is made once per server
        for path in statics:
            plain, _ = fetch(url + path)
            wire, _ = fetch(url + path, gz=True)
            print(f"static {path.split('?')[0]:40s} {plain:8d} B plain, {wire:8d} B gzip")

        marked = any("sw-drawn" in fetch(url + path)[1].decode() for path in statics[:-1])

        from playwright.sync_api import sync_playwright

        outside, inside, requests = [], [], []
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(args.loads):
                ctx = b.new_context(viewport={"width": 1280, "height": 720})
                pg = ctx.new_page()
                t0 = time.perf_counter()
                pg.goto(page)
                if marked:
                    pg.wait_for_function(DRAWN)
                else:
                    pg.wait_for_selector("svg.sw-table")
                    pg.wait_for_function("() => document.getElementById('turn').childElementCount > 0")
                outside.append((time.perf_counter() - t0) * 1000)
                inside.append(pg.evaluate(
                    "performance.getEntriesByName('sw-drawn').length ? "
                    "performance.getEntriesByName('sw-drawn')[0].startTime : performance.now()"))
                requests.append(pg.evaluate("performance.getEntriesByType('resource').length") + 1)
                ctx.close()
            b.close()
        for name, times in (("seen by the page", inside), ("seen from outside", outside)):
            print(f"cold page load, {name}: median {statistics.median(times):.0f} ms "
                  f"(min {min(times):.0f}, max {max(times):.0f}, {len(times)} loads)")
        print(f"requests per load: {statistics.median(requests):.0f}")

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
        srv.terminate()
        srv.wait(timeout=10)


if __name__ == "__main__":
    main()
