"""The RL info dict tells what happened (issue 32): with ``events=True`` each agent's info holds
the engine's events of the last step that it may see; others' coins stay private (RULES §15)."""

from __future__ import annotations

import numpy as np

from smallworld.rl.env import SmallWorldEnv


def _run(env, steps=2000):
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    seen = {a: [] for a in env.possible_agents}
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        env.step(int(rng.choice(np.flatnonzero(env.action_mask(agent)))))
        if env.game_state.is_over():  # the end makes every coin public
            break
        for a in env.possible_agents:
            seen[a].append(list(env.infos[a].get("events", [])))
    return seen


def test_events_in_infos_only_when_asked():
    assert all(not x for evs in _run(SmallWorldEnv(3), 60).values() for x in evs)
    seen = _run(SmallWorldEnv(3, events=True))
    kinds = {e["kind"] for x in seen["player_0"] for e in x}
    assert {"picked", "conquered", "turn"} <= kinds
    for agent, steps in seen.items():
        me = int(agent.split("_")[1])
        for x in steps:
            for e in x:
                if e["kind"] in ("scored", "coins"):
                    assert e["seat"] == me, (agent, e)
    # what every agent sees of a step is the same but for the private kinds
    a0 = [[e for e in x if e["kind"] not in ("scored", "coins")] for x in seen["player_0"]]
    a1 = [[e for e in x if e["kind"] not in ("scored", "coins")] for x in seen["player_1"]]
    assert a0 == a1
