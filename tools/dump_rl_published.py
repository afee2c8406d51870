"""Dump the published RL surface: catalogue blocks, observation feature names and the hashes of
seeded random episodes (observations, masks, rewards), to ``tests/rl/fixtures/published.json``.

The fixture was written on main before the RL catalogue and flag encoders were derived from the
abilities' declarations (issue 12); ``tests/rl/test_published.py`` checks that the derivation
reproduces it byte for byte. Run ``python tools/dump_rl_published.py OUT.json`` to compare.
"""
import hashlib
import json
import sys

import numpy as np

from smallworld.rl import SmallWorldEnv
from smallworld.rl.catalogue import ActionCatalogue
from smallworld.rl.observations import feature_high


def blocks(ed, R):
    cat = ActionCatalogue(R, edition=ed)
    return [[b.name, b.kind, b.shape, b.start, b.size, str(b.action) if b.action else None, b.lo, b.hi, b.prefix] for b in cat.blocks]

def episode(players, ed, seed, observation="flat"):
    env = SmallWorldEnv(players, edition=ed, observation=observation)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    h = hashlib.sha256()
    n = 0
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        h.update(np.ascontiguousarray(obs["observation"]).tobytes())
        h.update(np.ascontiguousarray(obs["action_mask"]).tobytes())
        h.update(repr(float(rew)).encode())
        if term or trunc:
            env.step(None); continue
        i = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        n += 1
        env.step(i)
    return {"hash": h.hexdigest(), "steps": n}


#: the seeded episodes: (players, edition, seed)
RUNS = ([(P, "swow", seed) for P in (2, 3, 4, 5) for seed in range(1, 5)]
        + [(4, "swow-team", seed) for seed in range(1, 4)]
        + [(P, "classic", seed) for P in (2, 3, 4, 5) for seed in range(1, 4)])
#: seeded episodes of the compact observation (clipped at each entry's true upper bound)
COMPACT_RUNS = [(3, "swow", 1), (5, "swow", 2), (4, "swow-team", 1), (3, "classic", 1), (5, "classic", 2)]


def dump():
    out = {"catalogue": {}, "features": {}, "episodes": {}}
    for ed in ("swow", "swow-team", "classic"):
        for R in (23, 26, 64):
            out["catalogue"][f"{ed}/{R}"] = blocks(ed, R)
        for P in (2, 3, 4, 5):
            if ed == "swow-team" and P != 4:
                continue
            env = SmallWorldEnv(P, edition=ed)
            names = env.encoder.feature_names()
            out["features"][f"{ed}/{P}"] = hashlib.sha256("\n".join(names).encode()).hexdigest()
            highs = np.array([feature_high(n) for n in names], dtype=np.float64)
            out["features"][f"{ed}/{P}/high"] = hashlib.sha256(highs.tobytes()).hexdigest()
    for P, ed, seed in RUNS:
        out["episodes"][f"{ed}/{P}/{seed}"] = episode(P, ed, seed)
    for P, ed, seed in COMPACT_RUNS:
        out["episodes"][f"{ed}/{P}/{seed}/compact"] = episode(P, ed, seed, "compact")
    return out


if __name__ == "__main__":
    with open(sys.argv[1], "w") as f:
        json.dump(dump(), f, indent=1)
