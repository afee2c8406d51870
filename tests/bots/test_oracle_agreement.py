"""benchmarks/oracle_agreement.py: the states are seeded conquest steps, a bot's agreement is
counted only where the oracle's two runs agreed, and bot options are read from the spec."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from smallworld.core.engine import phase_of
from smallworld.core.state import CONQUER

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "oracle_agreement.py"
_spec = importlib.util.spec_from_file_location("oracle_agreement", _PATH)
assert _spec is not None and _spec.loader is not None
oa = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oa)


def test_bot_spec_reads_options():
    from smallworld.bots import parse_bot_spec

    assert parse_bot_spec("mcts-turn:lookahead=1;prior=0.3") == ("mcts-turn", {"lookahead": 1, "prior": 0.3})
    assert parse_bot_spec("greedy") == ("greedy", {})
    assert parse_bot_spec("mcts:clock=cpu") == ("mcts", {"clock": "cpu"})


def test_states_are_seeded_conquest_steps_and_agreement_counts_only_sure_answers():
    states = oa.conquest_states("swow", 3, 0.5, seed=4)
    again = oa.conquest_states("swow", 3, 0.5, seed=4)
    assert len(states) == 3
    for (s, p, legal), (t, q, legal2) in zip(states, again):
        assert phase_of(s) == CONQUER and len(legal) > 2 and s.current_player() == p
        assert (q, legal2) == (p, legal) and t.to_dict() == s.to_dict()
    greedy = [str(oa.make_bot("greedy", f"agree:{i}").choose(s.copy(), p, legal))
              for i, (s, p, legal) in enumerate(states)]
    r = oa.agreement("greedy", states, [greedy[0], None, "conquer nowhere"], 0.1)
    assert (r["agree"], r["counted"]) == (1, 2)
