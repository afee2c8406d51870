"""The ``"ansi"`` rendering of the RL environments: a text summary of the spectator's view
(:func:`smallworld.core.view.view` with no seat, so no VC total until the game ends)."""

from __future__ import annotations

from typing import Any

from smallworld.core.state import State
from smallworld.core.view import view


def _name(x: str | None) -> str:
    return x if x is not None else "-"


def render_text(s: State, agents: list[str]) -> str:
    """A few lines: round, turn, phase, who acts, the visible combos, each seat (race, power,
    In Decline race, hand, Regions held, VC once the game is over) and the occupied Regions."""
    v: dict[str, Any] = view(s, None)
    actor = v["actor"]
    who = agents[actor] if actor >= 0 else {-1: "chance", -2: "nobody"}.get(actor, str(actor))
    lines = [
        f"round {v['round']}/{v['rounds']}  turn {agents[v['turn']]}  phase {v['phase']}  to act: {who}"
    ]
    if v["team"] is not None:
        t = v["team"]
        for side, rows in t["columns"].items():
            lines.append(f"  {side}: " + " | ".join(f"{r['row']} {_name(r['race'])}+{_name(r['power'])}" for r in rows))
    else:
        lines.append("  combos: " + " | ".join(
            f"{c['position']} {_name(c['race'])}+{_name(c['power'])} ({c['coins']} VC)" for c in v["column"]
        ))
    held: dict[int, list[str]] = {}
    for r in v["regions"]:
        if r["player"] is not None:
            mark = "" if r["occupant"] == "active" else "*"
            held.setdefault(r["player"], []).append(f"{r['id']}{mark}:{r['tokens']}")
    for p in v["players"]:
        vc = f"  VC {p['vc']}" if p["vc"] is not None else ""
        lines.append(
            f"  {agents[p['seat']]}: {_name(p['race'])}/{_name(p['power'])} decline {_name(p['decline'])} "
            f"hand {p['hand']}{vc}  regions {' '.join(held.get(p['seat'], [])) or '-'}"
        )
    if v["result"] is not None:
        lines.append(f"  over: winners {[agents[w] for w in v['result']['winners']]}")
    return "\n".join(lines)
