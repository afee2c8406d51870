"""The published RL surface does not move: action indexes, observation layout and values.

``fixtures/published.json`` was written by ``tools/dump_rl_published.py`` from main's source,
before the catalogue's ability actions, the flag encoders and the compact observation's bounds
were derived from the abilities' declarations (issue 12). Researchers rely on these indexes and vectors: this test checks, byte for byte, the
catalogue blocks of every edition, the feature names and their upper bounds, and the
observations (flat and compact), masks and rewards of seeded random episodes in both editions.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).with_name("fixtures") / "published.json"


def _dumper():
    spec = importlib.util.spec_from_file_location("dump_rl_published", ROOT / "tools" / "dump_rl_published.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def published():
    return json.loads(FIXTURE.read_text())


def test_catalogue_blocks_are_the_published_ones(published):
    dump = _dumper()
    for key, blocks in published["catalogue"].items():
        ed, R = key.split("/")
        assert dump.blocks(ed, int(R)) == blocks, key


def test_feature_names_and_seeded_observations_are_the_published_ones(published):
    now = _dumper().dump()
    assert now["features"] == published["features"]
    assert now["episodes"] == published["episodes"]
