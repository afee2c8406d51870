"""Engine throughput benchmark (``smallworld bench``): random playouts, single process.

Prints complete random games per second for 2, 3 and 5 players (on the wall clock, and per
second of the process's CPU time, which other jobs on a shared machine do not shrink), actions
per second, the time to copy a state and to list legal actions. A few warm-up games are played
first, untimed; the games are set up before timing, and the garbage of that setup collected.
Playouts use the engine directly (state + chance sampled from a seeded RNG), as search bots do.
"""

from __future__ import annotations

import cProfile
import gc
import io
import json
import pstats
import random
import time
from typing import Any

from smallworld.core import engine, playout
from smallworld.core.setup import new_state
from smallworld.core.state import State


def random_playout(s: State, rng: random.Random) -> int:
    """Play ``s`` to the end with uniformly random actions; returns the number of actions
    (:func:`smallworld.core.playout.random_playout`, compiled with the core)."""
    return playout.random_playout(s, rng)


def measure(players: int, games: int, seed: int = 0, edition: str = "swow",
            warmup: int | None = None) -> dict[str, float]:
    """Play ``games`` random games; returns games/s and actions/s on the wall clock, games per
    second of this process's CPU time (``games_per_cpu_s``: what other jobs on a shared machine
    do not change) and mean actions per game. ``warmup`` games (default: a tenth of ``games``,
    at least 5) of other seeds are played first and not timed, as benchmark harnesses do, so
    that the first games' one-time work (caches of each new table and seat, the first calls of
    each ability) is not counted as playing."""
    if warmup is None:
        warmup = max(5, games // 10)
    rng = random.Random(seed)
    for i in range(warmup):
        random_playout(new_state(players, seed=f"warmup-{seed}-{i}", edition=edition), rng)
    starts = [new_state(players, seed=f"{seed}-{i}", edition=edition) for i in range(games)]
    # the setup's garbage is collected before timing, not during (a full collection of the heap
    # that hundreds of new games made would otherwise land in the timed playouts, or not, by chance)
    gc.collect()
    t, c = time.perf_counter(), time.process_time()
    actions = sum(random_playout(s, rng) for s in starts)
    dt, dc = time.perf_counter() - t, time.process_time() - c
    return {"games_per_s": games / dt, "actions_per_s": actions / dt, "actions_per_game": actions / games,
            "games_per_cpu_s": games / dc if dc > 0 else float("inf")}


def sample_states(players: int = 3, count: int = 200, seed: int = 1, edition: str = "swow") -> list[State]:
    """Mid-game states from random play (for copy / legal-action timings)."""
    rng = random.Random(seed)
    out: list[State] = []
    i = 0
    while len(out) < count:
        s = new_state(players, seed=f"sample-{seed}-{i}", edition=edition)
        i += 1
        steps = 0
        while not s.is_over():
            legal = engine.legal_actions(s)
            engine.apply_action(s, legal[rng.randrange(len(legal))], check=False)
            steps += 1
            if steps % 25 == 0 and s.current_player() >= 0:
                out.append(s.copy())
    return out[:count]


def time_per_call(fn: Any, items: list[Any], repeat: int = 5) -> float:
    """Mean seconds per call of ``fn(item)`` over ``items`` (best of ``repeat``)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, (time.perf_counter() - t) / len(items))
    return best


def build_info() -> dict[str, Any]:
    """How the installed package was built: ``{"compiled": bool, "pgo": bool, "label": str}``
    (``pgo``: profile-guided, see ``hatch_build.py``; ``label`` in plain words, for ``smallworld
    bench``). A checkout or a pure-Python wheel is ``compiled=False``."""
    from importlib import resources

    compiled = str(engine.__file__).endswith((".so", ".pyd"))
    info: dict[str, Any] = {}
    if compiled:
        try:
            info = json.loads(resources.files("smallworld").joinpath("_build.json").read_text())
        except (OSError, ValueError):
            info = {}
    pgo = compiled and info.get("pgo") is True
    if not compiled:
        label = "pure Python (install with a C compiler for the compiled build, about 2x faster)"
    else:
        label = "compiled with Cython" + (", profile-guided" if pgo else "")
        if info.get("packages"):
            label += f" ({', '.join(info['packages'])})"
    return {"compiled": compiled, "pgo": pgo, "label": label}


def run(games: int = 200, profile: bool = False, edition: str = "swow") -> dict[str, Any]:
    """All figures as a dict (see module doc), for the games of ``edition``."""
    out: dict[str, Any] = {"build": build_info()}
    for n in (2, 3, 5):
        out[f"{n}p"] = measure(n, max(10, games if n != 5 else games // 2), seed=n, edition=edition)
    states = sample_states(edition=edition)
    out["copy_us"] = time_per_call(lambda s: s.copy(), states) * 1e6
    out["legal_actions_us"] = time_per_call(lambda s: engine.legal_actions(s), states) * 1e6
    if profile:
        pr = cProfile.Profile()
        pr.enable()
        measure(3, max(10, games // 4), seed=99, edition=edition)
        pr.disable()
        buf = io.StringIO()
        pstats.Stats(pr, stream=buf).sort_stats("tottime").print_stats(15)
        out["profile"] = buf.getvalue()
    return out
