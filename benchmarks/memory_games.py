"""Memory of the web server over many finished games (issue #36 point 8): the server's memory
after N finished games against after the first few.

Plays ``--games`` two-bot games (random bots, playing at once) through the app's own HTTP
routes (FastAPI's TestClient, in this process), each created and finished by its creation
request, and reports after ``--first`` games and after all of them: the resident memory of
this process (MB), the memory traced by tracemalloc since the warm-up (MB; ``--no-trace``
skips tracing, which slows the games), and the ratio of the last to the first. The goal:
memory after 500 finished games within 1.2x of after 50. It plays hundreds of games (minutes
on a loaded machine), so it is a benchmark, not a test; tests/web/test_api_memory.py checks a
small version.

Usage (from the repository root)::

    python benchmarks/memory_games.py                      # 50 then up to 500 games
    python benchmarks/memory_games.py --first 20 --games 200
"""

from __future__ import annotations

import argparse
import gc
import json
import tempfile
import time
import tracemalloc
from pathlib import Path

from fastapi.testclient import TestClient

from smallworld.web.server import create_app

BOTS = [{"name": "A", "kind": "bot", "bot": "random"}, {"name": "B", "kind": "bot", "bot": "random"}]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--first", type=int, default=50)
    ap.add_argument("--no-trace", action="store_true", help="RSS only (tracemalloc slows the games)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    db = Path(tempfile.mkdtemp(prefix="swmem-")) / "games.sqlite3"
    app = create_app(db, bot_delay=0)
    out: dict[str, float | int] = {}
    t0 = time.perf_counter()
    with TestClient(app) as c:
        def play(n: int) -> None:
            for _ in range(n):
                r = c.post("/api/games", json={"seats": BOTS, "seed": 5})  # one board set
                r.raise_for_status()
        play(3)  # caches warm: the board drawing, rules tables, specs
        gc.collect()
        if not a.no_trace:
            tracemalloc.start(1)
        play(a.first)
        gc.collect()
        out.update(first=a.first, rss_first_mb=round(rss_mb(), 1),
                   traced_first_mb=round(tracemalloc.get_traced_memory()[0] / 1e6, 2) if not a.no_trace else -1)
        play(a.games - a.first)
        gc.collect()
        out.update(games=a.games, rss_last_mb=round(rss_mb(), 1),
                   traced_last_mb=round(tracemalloc.get_traced_memory()[0] / 1e6, 2) if not a.no_trace else -1)
        if not a.no_trace:
            tracemalloc.stop()
    out["rss_ratio"] = round(float(out["rss_last_mb"]) / float(out["rss_first_mb"]), 3)
    if not a.no_trace:
        out["traced_ratio"] = round(float(out["traced_last_mb"]) / max(1e-9, float(out["traced_first_mb"])), 3)
    out["seconds"] = round(time.perf_counter() - t0, 1)
    if a.json:
        print(json.dumps(out))
        return
    traced = (f"; traced since warm-up {out['traced_first_mb']} -> {out['traced_last_mb']} MB "
              f"({out['traced_ratio']}x)" if not a.no_trace else "")
    print(f"after {out['first']} finished games: RSS {out['rss_first_mb']} MB; after {out['games']}: "
          f"{out['rss_last_mb']} MB ({out['rss_ratio']}x){traced}; {out['seconds']} s")


if __name__ == "__main__":
    main()
