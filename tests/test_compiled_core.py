"""The compiled core (hatch_build.py): run by scripts/test_compiled.sh against a wheel built
with Cython; skipped elsewhere (an editable or source checkout is pure Python)."""

from __future__ import annotations

import importlib
import os
import pkgutil

import pytest

import smallworld.core


@pytest.mark.skipif(os.environ.get("SMALLWORLD_EXPECT_COMPILED") != "1",
                    reason="set by scripts/test_compiled.sh for a compiled wheel")
def test_core_modules_are_compiled():
    """Every module of smallworld.core but its __init__ is an extension module."""
    names = [m.name for m in pkgutil.iter_modules(smallworld.core.__path__)]
    assert len(names) >= 20
    pure = [n for n in names if not importlib.import_module(f"smallworld.core.{n}").__file__.endswith((".so", ".pyd"))]
    assert not pure, f"interpreted core modules: {pure}"
