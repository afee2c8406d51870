"""Golden playthroughs: every state, legal action and the digest of the events it reported
(core/events.py) of one seeded 3-player game per edition (Warcraft and classic).

Regenerate after an intended rules change (and say why in the commit):

    python -m tests.golden_playthrough --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from smallworld.bots.random_bot import RandomBot
from smallworld.core import engine
from smallworld.core.game import Game
from smallworld.core.state import CHANCE

PATH = Path(__file__).parent / "golden" / "playthrough_3p_seed7.json"
#: edition -> its golden file
PATHS = {"swow": PATH, "classic": Path(__file__).parent / "golden" / "classic_3p_seed7.json"}
SEED = 7
PLAYERS = 3


def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:16]


def playthrough(edition: str = "swow") -> dict[str, Any]:
    """Play the seeded game; per step: actor, legal actions (text), state digest, action."""
    g = Game.new(PLAYERS, seed=SEED, seats=["Anna", "Bruno", "Chen"], edition=edition)
    bots = [RandomBot(f"golden-{p}") for p in range(PLAYERS)]
    steps = []
    s = g.state
    while not s.is_over():
        actor = s.current_player()
        legal = [str(a) for a in engine.legal_actions(s)]
        if actor == CHANCE:
            a = str(g.resolve_chance())
        else:
            a = str(g.apply(bots[actor].choose(s, actor, engine.legal_actions(s)), check=False))
        assert g.record.events is not None
        steps.append({"actor": actor, "legal": legal, "action": a, "state": _digest(s.to_dict()),
                      "events": _digest(g.record.events[-1])})
    return {"header": g.record.header, "steps": steps, "result": s.result}


if __name__ == "__main__":
    if "--write" in sys.argv:
        for edition, path in PATHS.items():
            path.write_text(json.dumps(playthrough(edition), indent=0) + "\n", encoding="utf-8")
            print(f"wrote {path}")
