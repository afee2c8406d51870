"""A state's pickle holds no static table (issue 33): the spec pickles as its key, interned, and
the state's fields packed (:mod:`smallworld.core.packing`); a pickled state is the same game
and plays on identically, in both editions, in this process and in a fresh one."""

from __future__ import annotations

import dataclasses
import gc
import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smallworld.core import chance, edition, engine, packing
from smallworld.core import spec as spec_module
from smallworld.core.setup import make_spec, new_state
from smallworld.core.spec import GameSpec, spec_for
from smallworld.core.state import _PICKLED, CHANCE, State, zero_counts

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _step(s: State, rng: random.Random) -> None:
    if s.current_player() == CHANCE:
        engine.apply_action(s, chance.sample(s, rng), check=False)
    else:
        legal = engine.legal_actions(s)
        engine.apply_action(s, legal[rng.randrange(len(legal))], check=False)


def _played(ed: str, n: int, seed: int, steps: int) -> State:
    s = new_state(n, seed=seed, edition=ed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        _step(s, rng)
    return s


@SETTINGS
@given(st.sampled_from(["swow", "classic"]), st.integers(2, 5), st.integers(0, 10**6),
       st.integers(0, 500))
def test_a_pickled_state_is_equal_and_plays_on_identically(ed, n, seed, steps):
    s = _played(ed, n, seed, steps)
    back = pickle.loads(pickle.dumps(s))
    assert back.spec is s.spec  # the interned spec of its key, not a copy
    assert back.to_dict() == s.to_dict()
    for name in _PICKLED:  # the same values, of the same types, in the same order
        assert getattr(back, name) == getattr(s, name), name
        assert type(getattr(back, name)) is type(getattr(s, name)), name
    assert list(back.pieces) == list(s.pieces) and list(back.box) == list(s.box)
    assert list(back.supply) == list(s.supply)
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    for _ in range(80):
        if s.is_over():
            break
        _step(s, rng_a)
        _step(back, rng_b)
        if s.current_player() >= 0:
            assert engine.legal_actions(back) == engine.legal_actions(s)
    assert back.to_dict() == s.to_dict()


@pytest.mark.parametrize(("ed", "n", "bound"), [("classic", 3, 1024), ("swow", 5, 2048)])
def test_a_pickle_holds_no_static_table(ed, n, bound):
    s = _played(ed, n, seed=4, steps=150)
    blob = pickle.dumps(s)
    assert len(blob) <= bound  # issue 33: the tables pickled with each state made it 65 KB
    for word in (b"adj", b"terrain", b"region_ids", b"Edition", b"smallworld.boards"):
        assert word not in blob
    assert len(pickle.dumps(s.spec)) < 200  # its key
    assert pickle.loads(pickle.dumps(s.spec)) is s.spec


def test_specs_are_interned_and_seat_names_share_the_tables():
    a = make_spec(3, ["L1", "M1", "S3"])
    assert make_spec(3, ["L1", "M1", "S3"], seats=["Player 1", "Player 2", "Player 3"]) is a
    named = make_spec(3, ["L1", "M1", "S3"], seats=["Ann", "Bo", "Cy"])
    assert named is not a and named.seats == ("Ann", "Bo", "Cy") and a.seats[0] == "Player 1"
    assert named.adj is a.adj and named.near is a.near and named.edition is a.edition
    assert make_spec(3, ["L1", "M1", "S3"], seats=("Ann", "Bo", "Cy")) is named
    assert pickle.loads(pickle.dumps(named)) is named
    # the tables stay shared while a named spec lives, however many specs were asked for since
    del a
    spec_module._RECENT.clear()
    gc.collect()
    assert make_spec(3, ["L1", "M1", "S3"], seats=["Di", "Ed", "Flo"]).adj is named.adj
    with pytest.raises(ValueError, match="2 seat names given for 3 players"):
        spec_for(3, ["L1", "M1", "S3"], seats=["Player 1", "Player 2"])
    with pytest.raises(ValueError, match="player count"):
        spec_for(7, ["L1", "M1", "S3"])


def test_a_state_unpickles_in_a_fresh_process():
    s = _played("swow", 5, seed=9, steps=200)
    code = ("import pickle, sys\n"
            "from smallworld.core import engine\n"
            "s = pickle.loads(sys.stdin.buffer.read())\n"
            "print(s.spec.key, len(s.spec.adj), engine.legal_actions(s) if s.current_player() >= 0 else None)")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(s), capture_output=True, check=True)
    legal = engine.legal_actions(s) if s.current_player() >= 0 else None
    assert out.stdout.decode().strip() == f"{s.spec.key} {len(s.spec.adj)} {legal}"


def test_a_spec_of_an_unregistered_edition_or_built_directly_pickles_whole():
    ed = dataclasses.replace(edition.get("swow"))  # the same tables, not registered
    spec = spec_for(2, ["L1", "S3"], edition=ed)
    assert spec.key is not None and spec.key[0] is ed  # keyed by the object, not its name
    assert spec_for(2, ["L1", "S3"], edition=ed) is spec
    assert spec_for(2, ["L1", "S3"]) is not spec  # the registered swow's own
    direct = GameSpec([edition.get("swow").load_face(f) for f in ("L1", "S3")], 2)
    assert direct.key is None
    back = pickle.loads(pickle.dumps(direct))
    assert back is not direct and back.region_ids == direct.region_ids and back.adj == direct.adj


def test_values_past_a_byte_are_packed_as_they_are():
    s = _played("swow", 3, seed=2, steps=60)
    s.tokens[0] = 300
    s.pieces["fort"] = zero_counts(s.spec.n_regions)
    s.pieces["fort"][1] = 999
    s.box[s.spec.race_index["orcs"]] = 1000
    s.supply[s.spec.piece_index["fort"]] = 200
    back = pickle.loads(pickle.dumps(s))
    assert back.tokens == s.tokens and back.pieces == s.pieces and back.box == s.box
    assert back.supply == s.supply and list(back.supply) == list(s.supply)
    with pytest.raises(ValueError, match="fields"):
        packing.unpack(s.spec, _PICKLED, ())
