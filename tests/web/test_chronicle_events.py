"""The chronicle says only what the engine reported (issue 32): replaying every golden game,
each chronicle line is the words of one event of its action, in order, and no line is made
otherwise; the coins ledger is made of the engine's coins events."""

from __future__ import annotations

import json

import pytest

from smallworld.bots import make_bot
from smallworld.bots.play import play_game
from smallworld.core.record import GameRecord, replay
from smallworld.web import describe
from smallworld.web.chronicle import TEMPLATES, Words
from smallworld.web.games import rebuild_log
from tests.golden_playthrough import PATHS


def _golden_records() -> list[tuple[str, GameRecord]]:
    out = []
    for edition, path in sorted(PATHS.items()):
        golden = json.loads(path.read_text(encoding="utf-8"))
        # a format 1 record (the golden files predate events): it loads, and replay makes them
        out.append((edition, GameRecord(golden["header"], [st["action"] for st in golden["steps"]],
                                        golden["result"])))
    team = play_game([make_bot("greedy", f"t{p}") for p in range(4)], seed=7, edition="swow-team")
    out.append(("swow-team", team.record))
    return out


@pytest.mark.parametrize("edition,record", _golden_records(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_chronicle_line_comes_from_an_event(edition, record):
    events: list = []
    s = replay(record, events=events)
    assert s.is_over()
    log = rebuild_log(record)
    words = Words(s)
    langs = {lang: Words(s, lang) for lang in ("it", "ko")}
    assert log.entries
    cursor: dict[int, int] = {}
    for e in log.entries:
        evs = events[e["at"]]
        start = cursor.get(e["at"], 0)
        # the next event of that action with this kind, after the one the previous line told
        k = next((i for i in range(start, len(evs)) if evs[i]["kind"] == e["event"]), None)
        assert k is not None, f"line {log.text(e)!r} (action {e['at']}) has no {e['event']} event"
        # the entry holds the event itself, and every language's line is its words
        assert e["ev"] == evs[k] and words.text(evs[k]) == log.text(e), (evs[k], log.text(e))
        for lang, w in langs.items():
            assert w.text(evs[k]) == log.text(e, lang) != log.text(e), (lang, evs[k])
        cursor[e["at"]] = k + 1
    # nothing the engine reported in words is missing (an ability's chance told in its words
    # needs no generic "Chance:" line)
    told = sum(1 for evs in events for ev in evs if words.text(ev) is not None
               and not (ev["kind"] == "chance" and any(x["kind"] in words.ability_words for x in evs)))
    assert told == len(log.entries)
    # the ledger: one line per coins event (but gains a scoring line tells), nothing else
    coins = [ev for evs in events for ev in evs if ev["kind"] == "coins" and not (ev["why"] == "score" and ev["n"] > 0)]
    assert len(log.coins) == s.spec.n_players + len(coins)


def test_the_words_module_knows_no_rule():
    """describe.py and chronicle.py read no conquest cost, no target list, no step order and no
    position (only the starting coins of the first one)."""
    import inspect

    from smallworld.web import chronicle

    for mod in (describe, chronicle):
        src = inspect.getsource(mod)
        for word in ("conquest_cost", "targets(", "_STEP_ORDER", "s.step", "last_score", "s.occ", "s.hand"):
            assert word not in src, (mod.__name__, word)


def test_every_core_kind_with_words_is_a_known_kind():
    from smallworld.core.events import CORE_KINDS

    assert {k.split(".")[0] for k in TEMPLATES} - {"side", "defender", "and", "list"} <= set(CORE_KINDS)


def test_a_take_back_forgets_the_coins_of_the_actions_it_removes():
    """A toll paid then taken back leaves no ledger line (the results add up after undo)."""
    from smallworld.core.setup import new_state
    from smallworld.web.chronicle import Logbook

    s = new_state(3, seed=1)
    log = Logbook()
    log.start(s)
    log.add(s, 0, "pick 1", [{"kind": "coins", "seat": 0, "n": -1, "why": "combo"}])
    log.add(s, 1, "pay marsh-L1.4", [{"kind": "paid_toll", "seat": 0, "toll": "marsh-L1.4", "amount": 1,
                                      "payee": 1},
                                     {"kind": "coins", "seat": 0, "n": -1, "why": "toll"},
                                     {"kind": "coins", "seat": 1, "n": 1, "why": "toll"}])
    assert [c["source"] for c in log.coins][3:] == ["Paid for combos", "Tolls paid", "Tolls received"]
    n = len(log.entries)
    log.forget(n - 1, 1)
    assert [c["source"] for c in log.coins][3:] == ["Paid for combos"]
    assert len(log.entries) == n - 1
