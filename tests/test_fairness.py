"""Fair chance players can verify (issue #15 point 4; RULES §15): a sealed secret 256-bit seed,
its commitment in the header from the start, revealed at the end, every chance outcome checked
by ``smallworld replay --verify``."""

from __future__ import annotations

import hashlib
import json
import random

from typer.testing import CliRunner

from smallworld.bots import make_bot
from smallworld.cli import app
from smallworld.core import engine
from smallworld.core.fairness import SecretChance, commitment, verify
from smallworld.core.game import Game
from smallworld.core.record import GameRecord
from smallworld.core.state import CHANCE

runner = CliRunner()


def _play(g: Game, seed: str = "bots", upto: int | None = None) -> Game:
    bots = [make_bot("random", f"{seed}-{p}") for p in range(g.state.spec.n_players)]
    s = g.state
    while not s.is_over() and (upto is None or len(g.record.actions) < upto):
        p = s.current_player()
        if p == CHANCE:
            g.resolve_chance()
        else:
            g.apply(bots[p].choose(s, p, engine.legal_actions(s)), check=False)
    return g


def test_a_game_without_a_seed_is_sealed_with_a_secret_256_bit_seed():
    g1, g2 = Game.new(3), Game.new(3)
    h = g1.record.header
    assert "seed" not in h  # nothing secret in the record while the game is on
    assert len(g1.secret) == 64 and int(g1.secret, 16) >= 0  # 256 bits, hex
    assert g1.secret != g2.secret
    assert h["chance"]["commit"] == hashlib.sha256(f"smallworld-seed:{g1.secret}".encode()).hexdigest()
    assert g1.secret not in json.dumps(g1.record.to_json())


def test_sealed_draws_are_not_the_old_guessable_stream():
    """Before: ``random.Random(f"smallworld:{seed}:chance")`` with a 31-bit seed, recoverable
    from a few outcomes. Now HMAC-SHA256 of the secret seed: the first numbers match no small
    seed of the old stream."""
    g = Game.new(3)
    first = SecretChance(g.secret).random()
    olds = {random.Random(f"smallworld:{k}:chance").random() for k in range(50_000)}
    assert first not in olds


def test_a_chosen_seed_stays_reproducible_and_unsealed():
    a, b = _play(Game.new(3, seed=7)), _play(Game.new(3, seed=7))
    assert a.record.to_json() == b.record.to_json()
    assert a.record.header["seed"] == 7 and "chance" not in a.record.header
    v = verify(a.record)
    assert v.ok and v.kind == "chosen" and v.checked > 10 and "chose" in v.message


def test_the_end_reveals_the_seed_and_every_outcome_checks_out():
    g = _play(Game.new(3))
    h = g.record.header
    assert h["seed"] == g.secret and commitment(h["seed"]) == h["chance"]["commit"]
    v = verify(GameRecord.from_json(json.loads(g.record.dumps())))
    assert v.ok and v.kind == "secret" and v.checked > 10


def test_a_resumed_sealed_game_draws_as_if_never_interrupted():
    g = _play(Game.new(3), upto=120)
    record = GameRecord(dict(g.record.header), list(g.record.actions))
    resumed = Game.from_record(record, secret=g.secret)
    _play(g, seed="b")
    _play(resumed, seed="b")
    assert resumed.record.actions == g.record.actions
    assert verify(resumed.record).ok


def test_a_sealed_record_cannot_be_verified_yet():
    g = _play(Game.new(3), upto=60)
    v = verify(g.record)
    assert not v.ok and v.kind == "sealed" and "revealed when the game ends" in v.message


def _edit_first_roll(rec: dict) -> tuple[dict, int]:
    """Change the first die roll that can change, and cut the record just after it (so it
    still replays): the edit only shows against the seed."""
    i = next(k for k, a in enumerate(rec["actions"]) if a.startswith("roll "))
    old = int(rec["actions"][i].split()[1])
    rec["actions"][i] = f"roll {3 if old != 3 else 0}"
    rec["actions"] = rec["actions"][: i + 1]
    rec.pop("result", None)
    return rec, i


def test_replay_verify_passes_and_fails_on_an_edited_die_roll(tmp_path):
    g = _play(Game.new(3))
    good = tmp_path / "good.json"
    g.record.save(good)
    r = runner.invoke(app, ["replay", str(good), "--verify"])
    assert r.exit_code == 0, r.output
    assert "chance verified: all" in r.output and "secret seed committed to at the start" in r.output
    rec, i = _edit_first_roll(json.loads(good.read_text()))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    assert runner.invoke(app, ["replay", str(bad)]).exit_code == 0  # it still replays...
    r = runner.invoke(app, ["replay", str(bad), "--verify"])
    assert r.exit_code == 2  # ...but its chance was changed
    assert f"action {i + 1} ('{rec['actions'][i]}') is not what the seed gives" in r.output


def test_a_wrong_revealed_seed_fails(tmp_path):
    g = _play(Game.new(3))
    rec = g.record.to_json()
    rec["header"]["seed"] = "00" * 32
    v = verify(GameRecord.from_json(rec))
    assert not v.ok and "does not match the commitment" in v.message
