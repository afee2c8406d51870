"""Classic games through the drivers' doors: records and replay, JSON state, views, refusals,
the CLI (simulate, bench) and bots."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from smallworld.bots import BOTS, make_bot
from smallworld.bots.play import play_game
from smallworld.cli import app
from smallworld.core import engine
from smallworld.core.errors import IllegalActionError
from smallworld.core.game import Game
from smallworld.core.record import GameRecord, replay
from smallworld.core.state import CHANCE, State
from smallworld.core.view import view
from tests.classic.helpers import make


def _walk(n: int, seed: int):
    g = Game.new(n, seed=seed, edition="classic")
    rng = random.Random(seed)
    s = g.state
    k = 0
    while not s.is_over():
        if s.current_player() == CHANCE:
            g.resolve_chance()
        else:
            g.apply(rng.choice(g.legal_actions()))
        k += 1
        if k % 37 == 0:
            yield g


def test_record_replay_state_json_and_views():
    """A classic game is its record (header edition "classic", map C3): replay reproduces it;
    mid-game states survive a JSON round trip; views hide other players' VC (R-SCORE-4)."""
    g = None
    for g in _walk(3, 21):
        s = g.state
        d = json.loads(json.dumps(s.to_dict()))
        t = State.from_dict(d, s.spec)
        assert t.to_dict() == s.to_dict()
        v = view(s, 0)
        assert json.dumps(v)
    assert g is not None
    rec = GameRecord.loads(json.dumps(g.record.to_json()))
    assert rec.header["edition"] == "classic" and rec.header["boards"] == ["C3"]
    assert replay(rec).to_dict() == g.state.to_dict()


def test_refusal_names_the_reason():
    """An illegal classic action is refused with a sentence (C-CONQ-1: an inland Region is no
    first-conquest target)."""
    s = make()
    try:
        engine.apply_action(s, "conquer C2.13")
    except IllegalActionError as e:
        assert "border Region (C-CONQ-1)" in str(e)
    else:
        raise AssertionError("inland first conquest accepted")


def test_cli_simulate_and_bench():
    """``smallworld simulate --edition classic`` and ``bench --edition classic`` run."""
    runner = CliRunner()
    res = runner.invoke(app, ["simulate", "--edition", "classic", "--players", "4", "--games", "2",
                              "--seed", "1", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout[res.stdout.index("{"):])
    assert len(out["games"]) == 2 and out["games"][0]["boards"] == ["C4"]
    res = runner.invoke(app, ["bench", "--edition", "classic", "--games", "10"])
    assert res.exit_code == 0, res.output


def test_greedy_bots_play_classic():
    """The greedy bot reads the classic tables (race and power values)."""
    g = play_game([make_bot("greedy", f"g{p}") for p in range(2)], seed=3, edition="classic")
    assert g.state.is_over()


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_answers_the_amazons_choice(name):
    """C-R-AMAZONS-2 (revised): at the Amazons' choice of the tokens leaving the map, every bot
    answers with one of the offered ``offmap R`` (searching bots with a small budget)."""
    from tests.classic.helpers import make

    s = make(race="amazons", power="hill", hand=0, regions=(
        '"C2.1" = { player = 0, tokens = 3 }\n"C2.2" = { player = 0, tokens = 3 }\n'
        '"C2.6" = { player = 0, tokens = 2 }'))
    engine.apply_action(s, "end")
    for a in ("redeploy C2.1 2", "redeploy C2.2 2", "redeploy C2.6 1"):
        engine.apply_action(s, a)
    legal = engine.legal_actions(s)
    assert s.decisions == [(0, "race:amazons")] and {a.kind for a in legal} == {"offmap"}
    bot = make_bot(name, "amazons", iterations=20, time_limit=None)
    assert bot.choose(s, 0, legal) in legal


def test_scenario_file_and_cli():
    """C-CONQ-1, C-SET-3 through a scenario file: Lost Tribes on their 9 symbols, targets are the
    border land Regions, a border Lost Tribe Region costs 3; ``smallworld scenario`` lists it."""
    from pathlib import Path

    from smallworld.core.conquest import conquest_cost, targets
    from smallworld.scenarios import load_scenario

    path = Path(__file__).parent / "scenarios" / "first_conquest.toml"
    s = load_scenario(path)
    assert sum(1 for c in s.occ if c == -2) == 9 and s.in_supply("lost-tribe") == 9
    tg = targets(s, 0)
    assert set(tg) == {r for r in s.spec.entries if not s.spec.water[r]}
    r = s.region_of("C2.3")
    assert conquest_cost(s, 0, r, tg[r]) == 3
    res = CliRunner().invoke(app, ["scenario", str(path)])
    assert res.exit_code == 0 and "conquer C2.3" in res.output, res.output


def test_ghouls_and_spirit_games_replay_and_round_trip_mid_turn():
    """C-R-GHOULS-2, C-P-SPIRIT-1: a game in which In Decline Ghouls take their own turn and a
    Spirit race holds the second In Decline slot replays from its record; states taken during the
    Ghouls' turn (swapped into the Active slot) survive JSON and give JSON views."""
    g = Game.new(3, seed=25, edition="classic")
    rng = random.Random(25)
    s = g.state
    during = spirit = 0
    while not s.is_over():
        if s.current_player() == CHANCE:
            g.resolve_chance()
        else:
            g.apply(rng.choice(g.legal_actions()))
        spirit += any(x is not None for x in s.decline2)
        if s.acting is not None:
            during += 1
            t = State.from_dict(json.loads(json.dumps(s.to_dict())), s.spec)
            assert t == s and engine.legal_actions(t) == engine.legal_actions(s)
            v = view(s, 1)
            assert v["in_decline_turn"] and json.dumps(v)
    assert during and spirit
    rec = GameRecord.loads(json.dumps(g.record.to_json()))
    assert replay(rec).to_dict() == g.state.to_dict()
