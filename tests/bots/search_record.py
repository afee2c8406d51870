"""Golden search record of ``mcts-plan`` (whose tree and leaves ``mcts-blend``, the Hard bot,
builds on): every searched decision of two seeded 3-player games (one per edition) with an
exact iteration budget, its chosen action and its root
statistics (visits and mean value of each child). Speed-ups of the bots must leave it unchanged
(``tests/bots/test_search_record.py``).

Regenerate only after an intended change of the bots' (or the rules') behaviour, and say why in
the commit:

    python -m tests.bots.search_record --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from smallworld.bots import make_bot
from smallworld.bots.play import play_game

PATH = Path(__file__).parent.parent / "golden" / "mcts_plan_search.json"
#: edition -> game seed
GAMES = {"swow": 21, "classic": 22}
ITERATIONS = 8


class _Recorder:
    """Seat 0's bot: ``mcts-plan`` whose searched decisions are recorded."""

    def __init__(self, edition: str) -> None:
        self.bot = make_bot("mcts-plan", f"search-record:{edition}", iterations=ITERATIONS)
        self.name = self.bot.name
        self.decisions: list[list[Any]] = []

    def choose(self, s: Any, p: int, legal: list[Any]) -> Any:
        before = self.bot.stats["searches"]
        a = self.bot.choose(s, p, legal)
        if self.bot.stats["searches"] > before:
            st = self.bot.last_stats
            self.decisions.append([s.round, s.turn, str(a), st["iterations"], st.get("reused"),
                                   [[k, v[0], v[1]] for k, v in st["children"].items()]])
        return a


def search_record(edition: str) -> dict[str, Any]:
    """Play the edition's seeded game (seat 0 ``mcts-plan``, two greedy bots); its searched
    decisions and the result."""
    rec = _Recorder(edition)
    bots: list[Any] = [rec] + [make_bot("greedy", f"search-record:{edition}:{k}") for k in (1, 2)]
    g = play_game(bots, seed=GAMES[edition], edition=edition)
    return {"decisions": rec.decisions, "result": g.state.result}


if __name__ == "__main__":
    if "--write" in sys.argv:
        out = {edition: search_record(edition) for edition in GAMES}
        PATH.write_text(json.dumps(out, indent=0) + "\n", encoding="utf-8")
        print(f"wrote {PATH}")
