"""What happened (issue 32): applying an action reports typed events (core/events.py), collected
only when asked, kept with the game and in its record; races, powers and items report their own.
"""

from __future__ import annotations

import json
import random

import pytest

from smallworld.core import engine, events
from smallworld.core.changes import emit
from smallworld.core.errors import ChangeError
from smallworld.core.game import Game
from smallworld.core.record import GameRecord, replay
from smallworld.web.chronicle import Logbook
from tests.classic.helpers import make
from tests.races.test_goblins import reveal
from tests.races.test_humans import conquer


def kinds(evs):
    return [e["kind"] for e in evs]


def _random_game(edition: str, n: int, seed: int) -> Game:
    g = Game.new(n, seed=seed, edition=edition)
    g.settle()
    rng = random.Random(seed)
    while not g.state.is_over():
        g.apply(rng.choice(g.legal_actions()))
        g.settle()
    return g


# ---- the mechanism ---------------------------------------------------------------------------


def test_nothing_is_collected_unless_asked():
    """Playouts and copies build no event (State.events is None); a copy of a collecting state
    does not collect."""
    s = conquer(1, "kobolds")
    assert s.events is None
    engine.apply_action(s, "conquer L1.5")
    assert s.events is None
    got = events.collect(s)
    assert s.copy().events is None
    engine.apply_action(s, "end")
    assert got and s.events is got


def test_abilities_may_not_report_core_kinds():
    s = conquer(1, "kobolds")
    events.collect(s)
    with pytest.raises(ChangeError, match="core event kind"):
        emit(s, "conquered", seat=0)


def test_a_conquest_reports_its_cost_parts_and_the_defender_s_losses():
    """R-CONQ-3, R-CONQ-7: conquered (cost and its parts, the defender) then the Murlocs lost."""
    s = conquer(0, "kobolds")
    got = events.collect(s)
    engine.apply_action(s, "conquer L1.4")
    conquered, lost = got[0], got[1]
    assert conquered["kind"] == "conquered" and conquered["seat"] == 0 and conquered["region"] == "L1.4"
    assert conquered["defender"] == {"neutral": True} and conquered["mode"] == "conquer"
    parts = conquered["parts"]
    assert parts["cost"] == conquered["cost"] == s.tokens[s.region_of("L1.4")]
    assert parts["base"] + parts["defenders"] + parts["travel"] + parts["mountain"] + parts["pieces"] \
        - parts["reductions"] == parts["cost"]
    assert lost["kind"] == "lost" and lost["defender"] == {"neutral": True} and lost["discarded"] == 1


# ---- Warcraft abilities --------------------------------------------------------------------------


def test_humans_military_objective_reports_and_pays():
    """RULES §9 Humans: a non-Horde conqueror of a Military Objective takes 2 coins, the Humans'
    owner 2: objective_taken, the piece back to the supply, coins for both (why other)."""
    s = conquer(1, "kobolds")
    got = events.collect(s)
    engine.apply_action(s, "conquer L1.5")
    taken = next(e for e in got if e["kind"] == "objective_taken")
    assert taken == {"kind": "objective_taken", "seat": 1, "region": "L1.5", "coins": 2, "humans": 0}
    assert {"kind": "piece_removed", "piece": "military-objective", "region": "L1.5", "n": 1} in got
    coins = [(e["seat"], e["n"], e["why"]) for e in got if e["kind"] == "coins"]
    assert coins == [(1, 2, "other"), (0, 2, "other")]


@pytest.mark.parametrize("side,kind", [("live", "bomb_exploded"), ("dud", "bomb_dud")])
def test_goblins_bomb_reveal_reports_its_side(side, kind):
    """RULES §9 Goblins: the Bomb is revealed (its own event) and leaves the game; a live one
    takes the Region from its occupant (lost, cause bomb, R-CONQ-7)."""
    s = reveal()
    got = events.collect(s)
    engine.apply_action(s, f"bomb L1.4 {side}")
    mine = [e for e in got if e["kind"] == kind]
    assert mine == [{"kind": kind, "seat": 1, "region": "L1.4"}]
    lost = [e for e in got if e["kind"] == "lost"]
    assert [(e["region"], e["cause"], e["defender"]["seat"]) for e in lost] == ([("L1.4", "bomb", 0)] if side == "live" else [])
    log = Logbook()
    log.add(s, 0, f"bomb L1.4 {side}", got)
    words = "explodes" if side == "live" else "is a dud"
    assert [log.text(e) for e in log.entries if e["event"] == kind] == [f"Player 2's Bomb in {s.spec.names[s.region_of('L1.4')]} {words}"]
    assert not [e for e in log.entries if e["kind"] == "chance"]  # told by the Goblins' words


def test_heart_and_well_coins_are_told_by_their_scoring_lines():
    """RULES §11 Heart of Azeroth, Well of Eternity: the coins they bring are lines of the
    owner's scoring (source item); the payers' side of the Heart is an other change; the
    ledger and the scoring lines add up to every seat's coins."""
    found = set()
    for seed in range(1, 40):
        g = _random_game("swow", 3, seed)
        for evs in g.record.events:
            for e in evs:
                if e["kind"] == "scored":
                    for line in e["lines"]:
                        if line["label"] in ("Heart of Azeroth", "Well of Eternity"):
                            assert line["source"] == "item"
                            found.add(line["label"])
        if len(found) == 2:
            break
    assert found, "no Heart or Well scored in 40 games"


def test_team_pick_reports_its_row_and_price():
    """R-TEAM-3: picking row k costs k coins to the stash: picked with the row, coins why combo."""
    g = _random_game("swow-team", 4, 2)
    picks = [e for evs in g.record.events for e in evs if e["kind"] == "picked"]
    assert picks and all("row" in e and e["paid"] == e["row"] and e["took"] == 0 for e in picks)
    paid = [e for evs in g.record.events for e in evs if e["kind"] == "coins" and e["why"] == "combo"]
    assert sum(-e["n"] for e in paid) == sum(e["paid"] for e in picks)


# ---- classic abilities ------------------------------------------------------------------------------


def test_classic_berserk_reports_its_roll():
    """C-P-BERSERK-1: the Berserk die is the power's own event, worded by the power."""
    s = make(race="ratmen", power="berserk", hand=5, regions='"C2.1" = { player = 0 }')
    engine.apply_action(s, "berserk")
    got = events.collect(s)
    engine.apply_action(s, "roll 2")
    assert [e for e in got if e["kind"] == "berserk_rolled"] == [{"kind": "berserk_rolled", "seat": 0, "face": 2}]
    log = Logbook()
    log.add(s, 0, "roll 2", got)
    assert [log.text(e) for e in log.entries] == [
        "Player 1's Berserk die shows 2: the next conquest costs that much less"]


def test_classic_stout_decline_is_reported_as_a_decline():
    """C-P-STOUT-1: the decline Stout offers after scoring is a declined event (the core's
    go_into_decline reports it, whoever asks for it)."""
    s = make(race="ratmen", power="stout", hand=3, p0="turns_with_race = 0")
    engine.apply_action(s, "conquer C2.1")
    engine.apply_action(s, "end")
    got = events.collect(s)
    engine.apply_action(s, "decline")
    assert kinds(got)[:2] == ["used", "declined"]
    assert got[1] == {"kind": "declined", "seat": 0, "race": "ratmen", "power": "stout"}
    log = Logbook()
    log.add(s, 0, "decline", got)
    assert log.text(log.entries[0]) == "Player 1's Ratmen go into decline"


def test_classic_amazons_pick_counts_their_extra_tokens():
    """C-R-AMAZONS-1: the picked event tells the tokens in hand after the race's own pick hook
    (the Amazons' 4 extra tokens for conquests)."""
    for seed in range(1, 60):
        g = _random_game("classic", 3, seed)
        picks = [e for evs in g.record.events for e in evs if e["kind"] == "picked" and e["race"] == "amazons"]
        if picks:
            ed = g.state.spec.edition
            e = picks[0]
            assert e["tokens"] == ed.races["amazons"].value + ed.powers[e["power"]].value + 4
            return
    pytest.fail("no Amazons picked in 60 games")


# ---- records -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition,n", [("swow", 3), ("classic", 3), ("swow-team", 4)])
def test_events_are_in_records_and_survive_save_and_load(tmp_path, edition, n):
    """Format 2 records hold one list of events per action (JSON); they load back unchanged; a
    replay makes the same events again; a format 1 record (no events) loads and replays and its
    game gets the same events from the replay."""
    g = _random_game(edition, n, 4)
    rec = g.record
    assert rec.events is not None and len(rec.events) == len(rec.actions)
    assert rec.to_json()["header"]["format"] == 2
    path = tmp_path / "game.json"
    rec.save(path)
    loaded = GameRecord.load(path)
    assert loaded.events == json.loads(json.dumps(rec.events))
    again: list = []
    replay(loaded, events=again)
    assert again == loaded.events
    old = rec.to_json()
    del old["events"]
    old["header"] = {**old["header"], "format": 1}
    old_rec = GameRecord.from_json(old)
    assert old_rec.events is None
    resumed = Game.from_record(old_rec)
    assert resumed.record.events == loaded.events and resumed.state.result == g.state.result
    assert resumed.record.to_json()["events"] == loaded.events


def test_events_that_do_not_fit_the_actions_are_dropped():
    g = _random_game("swow", 3, 5)
    d = g.record.to_json()
    d["events"] = d["events"][:-1]
    assert GameRecord.from_json(d).events is None
