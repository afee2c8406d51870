"""Golden search records of ``mcts-plan`` (a research configuration, ``benchmarks/bot_variants.py``,
whose tree and leaves the Hard bot builds on) and of ``mcts-blend`` (the Hard level): every searched
decision of two seeded 3-player games (one per edition) with an exact iteration budget, its chosen
action and its root statistics (visits and mean value of each child). Speed-ups and refactorings of
the bots must leave them unchanged (``tests/bots/test_search_record.py``). The ``mcts-blend``
record was written by the bots before the one search loop (``smallworld.bots.search``) replaced
their class tower, so it checks that Hard plays exactly as it did.

Regenerate only after an intended change of the bots' (or the rules') behaviour, and say why in
the commit:

    python -m tests.bots.search_record --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from smallworld.bots import BOTS, make_bot
from smallworld.bots.play import play_game

GOLDEN = Path(__file__).parent.parent / "golden"
#: bot -> its record
PATHS = {"mcts-plan": GOLDEN / "mcts_plan_search.json", "mcts-blend": GOLDEN / "mcts_blend_search.json"}
PATH = PATHS["mcts-plan"]
#: edition -> game seed
GAMES = {"swow": 21, "classic": 22}
ITERATIONS = 8


def _search_bot(name: str, seed: str) -> Any:
    """``name``, a registered bot or a research configuration, with :data:`ITERATIONS`."""
    from benchmarks.bot_variants import VARIANTS

    factory = VARIANTS.get(name) or BOTS[name]
    return factory(seed, iterations=ITERATIONS)


class _Recorder:
    """Seat 0's bot: ``name`` whose searched decisions are recorded."""

    def __init__(self, name: str, edition: str) -> None:
        self.bot = _search_bot(name, f"search-record:{edition}")
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


def search_record(edition: str, name: str = "mcts-plan") -> dict[str, Any]:
    """Play the edition's seeded game (seat 0 ``name``, two greedy bots); its searched
    decisions and the result."""
    rec = _Recorder(name, edition)
    bots: list[Any] = [rec] + [make_bot("greedy", f"search-record:{edition}:{k}") for k in (1, 2)]
    g = play_game(bots, seed=GAMES[edition], edition=edition)
    return {"decisions": rec.decisions, "result": g.state.result}


if __name__ == "__main__":
    if "--write" in sys.argv:
        for bot, path in PATHS.items():
            out = {edition: search_record(edition, bot) for edition in GAMES}
            path.write_text(json.dumps(out, indent=0) + "\n", encoding="utf-8")
            print(f"wrote {path}")
