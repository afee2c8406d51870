"""Engine throughput, before/after: this tree against a git revision, on the same machine, now.

Random playouts as in ``smallworld bench`` (the engine alone, chance sampled from a seeded RNG,
boards built before timing), for 2, 3 and 5 players. Each side runs in its own worker process
that replays the same games chunk after chunk; the chunks of the two sides alternate, many times,
in process CPU time. On a virtual machine whose speed drifts by half from one second to the next
(as this one's does), the fastest chunk of each side is the fair figure, and the median is shown
beside it. Prints games/s, actions per game and the ratio now/before; games/s is the figure of
``smallworld bench`` and of the engine issue.

Usage (from the repository root)::

    python benchmarks/engine_ab.py                        # against 04793f2 (engine before content)
    python benchmarks/engine_ab.py --rev HEAD~3 --rounds 50 --games 20
    python benchmarks/engine_ab.py --rev main --edition classic
    python benchmarks/engine_ab.py --rev main --now-python /tmp/venv/bin/python   # an installed
        # (e.g. compiled) smallworld of that interpreter as "now", instead of this tree's src/
    python benchmarks/engine_ab.py --now-python /tmp/new/bin/python --before-python /tmp/old/bin/python
        # both sides installed (e.g. two compiled wheels): compiled against compiled

The revision is checked out with ``git worktree`` in a temporary folder, removed afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the engine of the engine issue (rules core, boards, empty content), before any race or power
BASELINE = "04793f2"

#: a worker: builds the games once, then plays them afresh (copies) for each line "PLAYERS" read
#: on stdin, answering the CPU seconds taken and the actions played
_WORKER = r"""
import gc, json, random, sys, time
from smallworld import bench
from smallworld.core.setup import new_state
games = int(sys.argv[1])
kw = {"edition": sys.argv[2]} if sys.argv[2] != "swow" else {}
starts = {n: [new_state(n, seed=f"{n}-{i}", **kw) for i in range(games if n != 5 else max(2, games // 2))]
          for n in (2, 3, 5)}
import smallworld.core.engine as _e
print("ready", _e.__file__, file=sys.stderr, flush=True)
print("ready", flush=True)
for line in sys.stdin:
    n, chunk = map(int, line.split())
    rng = random.Random(n)
    if chunk < 0:
        todo = [s.copy() for s in starts[n]]
    else:  # new games, as smallworld bench plays them (their setup is not timed)
        todo = [new_state(n, seed=f"{n}-{chunk}-{i}", **kw) for i in range(len(starts[n]))]
    gc.collect()  # the setup's garbage, not timed (as smallworld bench)
    t = time.process_time()
    actions = sum(bench.random_playout(s, rng) for s in todo)
    dt = time.process_time() - t
    print(json.dumps([len(todo), dt, actions]), flush=True)
"""


class Worker:
    """A process running the package found in ``src`` (or, with ``src=None``, the one installed
    for ``python``), playing chunks of games on request."""

    def __init__(self, src: Path | None, games: int, edition: str = "swow", python: str = sys.executable) -> None:
        env = dict(os.environ, PYTHONHASHSEED="0")
        env.pop("PYTHONPATH", None)
        if src is not None:
            env["PYTHONPATH"] = str(src)
        self.proc = subprocess.Popen(
            [python, "-c", _WORKER, str(games), edition], env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "ready"

    def play(self, players: int, chunk: int = -1) -> tuple[int, float, int]:
        """(games, CPU seconds, actions) of one chunk: copies of the same games, or with
        ``chunk >= 0`` new games seeded by it."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{players} {chunk}\n")
        self.proc.stdin.flush()
        games, dt, actions = json.loads(self.proc.stdout.readline())
        return games, dt, actions

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default=BASELINE, help="git revision to compare with (default: %(default)s)")
    ap.add_argument("--rounds", type=int, default=30, help="alternating chunks per side and player count")
    ap.add_argument("--games", type=int, default=10, help="games per chunk (5 players: half)")
    ap.add_argument("--edition", default="swow", help="edition of the games (swow, classic, ...)")
    ap.add_argument("--now-python", default=None,
                    help="run 'now' with this interpreter's installed smallworld (e.g. a compiled wheel "
                         "in a venv) instead of this tree's src/")
    ap.add_argument("--before-python", default=None,
                    help="run 'before' with this interpreter's installed smallworld (e.g. a compiled wheel of "
                         "the old revision) instead of the revision's src/; --rev then only names it")
    ap.add_argument("--fresh", action="store_true",
                    help="each round plays new games (the same for both sides), as smallworld bench "
                         "does, instead of replaying copies of the same games (whose caches stay warm)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        wt = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(wt), args.rev],
                       check=True, capture_output=True)
        try:
            now = (Worker(None, args.games, args.edition, args.now_python) if args.now_python
                   else Worker(ROOT / "src", args.games, args.edition))
            before = (Worker(None, args.games, args.edition, args.before_python) if args.before_python
                      else Worker(wt / "src", args.games, args.edition))
            workers = {"before": before, "now": now}
            times: dict[tuple[str, int], list[float]] = {}
            per_game: dict[tuple[str, int], float] = {}
            for i in range(args.rounds):
                for n in (2, 3, 5):
                    order = ("before", "now") if i % 2 == 0 else ("now", "before")
                    for side in order:
                        games, dt, actions = workers[side].play(n, i if args.fresh else -1)
                        times.setdefault((side, n), []).append(dt / games)
                        per_game[(side, n)] = actions / games
            for w in workers.values():
                w.close()
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)],
                           check=False, capture_output=True)
    now_name = f"installed for {args.now_python}" if args.now_python else "working tree"
    games = "new games each round" if args.fresh else "the same games each round"
    if args.before_python:
        args.rev = f"{args.rev} (installed for {args.before_python})"
    print(f"before = {args.rev}, now = {now_name}; edition {args.edition}; {args.rounds} alternating "
          f"chunks of {args.games} games per side (5 players: half; {games}), CPU time")
    print("games/s from the fastest chunk (best) and the median chunk")
    print(f"{'players':>7}  {'before best':>11}  {'now best':>8}  {'ratio':>5}  "
          f"{'before med':>10}  {'now med':>7}  {'ratio':>5}  {'actions/game before, now':>25}")
    for n in (2, 3, 5):
        b, a = sorted(times[("before", n)]), sorted(times[("now", n)])
        bb, ab = 1 / b[0], 1 / a[0]
        bm, am = 1 / b[len(b) // 2], 1 / a[len(a) // 2]
        print(
            f"{n:>7}  {bb:>11.1f}  {ab:>8.1f}  {ab / bb:>5.2f}  {bm:>10.1f}  {am:>7.1f}  "
            f"{am / bm:>5.2f}  {per_game[('before', n)]:>12.0f}, {per_game[('now', n)]:.0f}"
        )
    print("ratio now/before of each round's pair of chunks (played back to back): min / median / max")
    for n in (2, 3, 5):
        rs = sorted(b / a for b, a in zip(times[("before", n)], times[("now", n)]))
        print(f"{n:>7}  {rs[0]:.2f} / {rs[len(rs) // 2]:.2f} / {rs[-1]:.2f}")


if __name__ == "__main__":
    main()
