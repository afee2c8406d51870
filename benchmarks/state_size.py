"""The size of a game state: its pickle, its memory when many games are alive, and its copy.

Prints, for classic 3 players and Warcraft 5 players (mid-game states of random playouts: the
first position where a player is to act once half the rounds are played):

- ``pickle.dumps(state)`` in bytes (median and largest over ``--pickles`` games), and how much
  of it the static tables would take (the pickle of the state's spec alone);
- the memory of ``--states`` live states of distinct games (distinct seeds), in MB (states and
  their specs), bytes per state (the specs apart), and how many distinct specs (edition + boards
  + players + seats) they share: ``sys.getsizeof`` of every object reachable from them, each
  once (a string or tuple several states share counts once), not entering the edition (the
  process's tables and code, the same for any number of games);
- the time of ``state.copy()`` (µs, best of 5 passes over the mid-game states).

Issue 33's goals: pickle <= 1 KB (classic 3p) and <= 2 KB (Warcraft 5p); 10,000 live states of
distinct games <= 20 MB.

Usage (from the repository root)::

    python benchmarks/state_size.py                    # 10,000 states each (minutes in pure Python)
    python benchmarks/state_size.py --states 1000 --pickles 50
    python benchmarks/state_size.py --named     # seats named per game: a spec each, sharing tables
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import statistics
import sys
import time
import types
import weakref
from array import array
from typing import Any

from smallworld.core import chance
from smallworld.core.edition import Edition
from smallworld.core.engine import apply_action, legal_actions
from smallworld.core.setup import new_state
from smallworld.core.state import CHANCE, State

_STATE_FIELDS = tuple(n for n in State.__slots__ if n not in ("spec", "roster_cache", "events"))

CASES = (("classic", 3), ("swow", 5))


def mid_game(edition: str, players: int, seed: str, named: bool = False) -> State:
    """The game of ``seed`` played at random (as :func:`smallworld.core.playout.random_playout`)
    to the first position where a player is to act in the round after half of the rounds.
    ``named``: its seats have names of their own (as the web app's games do)."""
    seats = [f"{seed}/{p}" for p in range(players)] if named else None
    s = new_state(players, seed=seed, edition=edition, seats=seats)
    half = s.spec.rounds // 2 + 1
    rng = random.Random(seed)
    rand = rng.random
    while not s.is_over():
        p = s.current_player()
        if p == CHANCE:
            a = chance.choose(s, rand())
        elif s.round >= half:
            break
        else:
            legal = legal_actions(s)
            a = legal[int(rand() * len(legal))]
        apply_action(s, a, check=False)
    s.roster_cache = None  # a cache, rebuilt on demand: not the state's own
    return s


def pickle_sizes(edition: str, players: int, count: int) -> dict[str, Any]:
    sizes, spec_sizes = [], []
    for i in range(count):
        s = mid_game(edition, players, f"pickle-{i}")
        sizes.append(len(pickle.dumps(s)))
        spec_sizes.append(len(pickle.dumps(s.spec)))
    return {"pickle_median_B": int(statistics.median(sizes)), "pickle_max_B": max(sizes),
            "spec_pickle_median_B": int(statistics.median(spec_sizes))}


def live_memory(edition: str, players: int, count: int, named: bool = False) -> dict[str, Any]:
    t = time.process_time()
    states = [mid_game(edition, players, f"live-{i}", named) for i in range(count)]
    play_s = time.process_time() - t
    specs = {id(s.spec): s.spec for s in states}
    seen: set[int] = set()
    held = deep_size(states, seen)
    spec_bytes = deep_size(list(specs.values()), seen)
    copy_us = copy_time(states[:200])
    # bytes per state of each field alone (what it holds that no other state does)
    fields = {"State": sys.getsizeof(states[0])}
    for name in _STATE_FIELDS:
        fields[name] = round(deep_size([getattr(s, name) for s in states], set()) / count
                             - sys.getsizeof([None] * count) / count)
    return {"states": count, "live_MB": round((held + spec_bytes) / 1e6, 2),
            "per_state_B": int(held / count), "specs_MB": round(spec_bytes / 1e6, 2),
            "distinct_specs": len(specs), "play_cpu_s": round(play_s, 1), "copy_us": round(copy_us, 2),
            "fields_B": dict(sorted(fields.items(), key=lambda kv: -kv[1]))}


#: what :func:`deep_size` does not enter: process-wide tables and code, shared by every game
_OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
           Edition, weakref.ref)


def deep_size(roots: list[Any], seen: set[int]) -> int:
    """Bytes (``sys.getsizeof``) of the objects reachable from ``roots`` not in ``seen`` (their
    ids, added to it): containers, the states' fields, the specs' tables (their edition, shared
    by every game of the process, not entered), each object once however many hold it."""
    total = 0
    stack = list(roots)
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, _OPAQUE):
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        if isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        elif isinstance(o, dict):
            stack.extend(o)
            stack.extend(o.values())
        elif isinstance(o, State):  # the spec apart, the caches are not the state's own
            stack.extend([getattr(o, n) for n in _STATE_FIELDS])
        elif isinstance(o, (str, bytes, int, float, bool, type(None), array)):
            pass
        else:  # a spec, a board face, an action...: its attributes
            stack.extend(getattr(o, "__dict__", {}).values())
            for cls in type(o).__mro__:
                for n in getattr(cls, "__slots__", ()):
                    if n != "__weakref__" and hasattr(o, n):
                        stack.append(getattr(o, n))
    return total


def copy_time(states: list[State]) -> float:
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for s in states:
            s.copy()
        best = min(best, (time.perf_counter() - t) / len(states))
    return best * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--states", type=int, default=10_000, help="live states of distinct games per case")
    ap.add_argument("--pickles", type=int, default=100, help="games whose pickle is measured per case")
    ap.add_argument("--named", action="store_true",
                    help="every live game's seats have names of their own (as the web app's games)")
    ap.add_argument("--fields", action="store_true", help="print the bytes per state of each field")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    out = {}
    for edition, players in CASES:
        row = {**pickle_sizes(edition, players, a.pickles), **live_memory(edition, players, a.states, a.named)}
        out[f"{edition} {players}p"] = row
        if not a.json:
            print(f"{edition} {players}p: pickle median {row['pickle_median_B']} B, largest "
                  f"{row['pickle_max_B']} B (the spec alone pickles to {row['spec_pickle_median_B']} B); "
                  f"{row['states']} live states {row['live_MB']} MB ({row['per_state_B']} B each, and "
                  f"{row['distinct_specs']} distinct specs {row['specs_MB']} MB); copy {row['copy_us']} µs "
                  f"(played in {row['play_cpu_s']} CPU s)", flush=True)
            if a.fields:
                print("  bytes per state by field: " + ", ".join(
                    f"{k} {v}" for k, v in row["fields_B"].items() if v > 0), flush=True)
    if a.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
