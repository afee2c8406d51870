"""tools/install_extras.py: an extra's requirements without building the package again (README:
the documentation site's command)."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("install_extras", ROOT / "tools" / "install_extras.py")
assert _spec is not None and _spec.loader is not None
extras = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(extras)


def test_the_docs_extra_is_read_from_pyproject():
    with open(ROOT / "pyproject.toml", "rb") as f:
        docs = tomllib.load(f)["project"]["optional-dependencies"]["docs"]
    assert extras.requirements(["docs"]) == docs
    assert any(r.startswith("mkdocs") for r in docs)


def test_several_extras_and_a_self_reference_give_each_requirement_once(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\nname = "smallworld"\n[project.optional-dependencies]\n'
        'rl = ["numpy>=1.26", "gymnasium"]\n'
        'train = ["smallworld[rl]", "torch==2.13.0", "numpy>=1.26"]\n'
    )
    assert extras.requirements(["train", "rl"], pyproject) == ["numpy>=1.26", "gymnasium", "torch==2.13.0"]


def test_an_unknown_extra_is_refused_naming_the_ones_there_are(tmp_path):
    with pytest.raises(ValueError, match=r"no extra 'nope'.*docs"):
        extras.requirements(["nope"])
    assert extras.main(["nope"]) == 2
