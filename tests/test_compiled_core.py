"""The compiled core (hatch_build.py): run by scripts/test_compiled.sh against a wheel built
with Cython; skipped elsewhere (an editable or source checkout is pure Python)."""

from __future__ import annotations

import importlib
import json
import os
import pkgutil

import pytest

#: the compiled packages (hatch_build.PACKAGES: the core and the bots, not the editions' races,
#: powers and items, which hatch_build.py's docstring says why)
COMPILED = ["smallworld.core", "smallworld.bots"]


@pytest.mark.skipif(os.environ.get("SMALLWORLD_EXPECT_COMPILED") != "1",
                    reason="set by scripts/test_compiled.sh for a compiled wheel")
@pytest.mark.parametrize("package", COMPILED)
def test_the_core_and_bots_modules_are_compiled(package):
    """Every module of the core and of the bots but the packages' __init__ is an extension
    module (hatch_build.PACKAGES), and the wheel's build record lists just those packages."""
    from importlib import resources

    pkg = importlib.import_module(package)
    names = [m.name for m in pkgutil.walk_packages(pkg.__path__, f"{package}.") if not m.ispkg]
    assert len(names) >= 10
    pure = [n for n in names if not importlib.import_module(n).__file__.endswith((".so", ".pyd"))]
    assert not pure, f"interpreted modules: {pure}"
    record = json.loads(resources.files("smallworld").joinpath("_build.json").read_text())
    assert record["packages"] == COMPILED, record


@pytest.mark.skipif(os.environ.get("SMALLWORLD_EXPECT_COMPILED") != "1",
                    reason="set by scripts/test_compiled.sh for a compiled wheel")
def test_the_wheel_says_how_it_was_built():
    """The build hook records in the wheel whether it is profile-guided (hatch_build.py): only
    when asked for with ``SMALLWORLD_PGO=1`` (scripts/test_compiled.sh sets
    ``SMALLWORLD_EXPECT_PGO`` to what it asked for), and ``smallworld bench`` says which."""
    from smallworld.bench import build_info

    info = build_info()
    want = os.environ.get("SMALLWORLD_EXPECT_PGO") == "1"
    assert info["compiled"] and info["pgo"] is want, info
    assert ("profile-guided" in info["label"]) is want, info["label"]


def test_a_typed_state_argument_refuses_none_without_crashing():
    """Compiled, the core's functions type their state argument (core/*.pxd); None must be an
    exception (hatch_build.py: ``allow_none_for_extension_args=False``), never a field read on
    None that kills the process. Interpreted, it is an AttributeError."""
    from smallworld.core import conquest, engine

    for call in (lambda: engine.legal_actions(None), lambda: engine.conquer_actions(None, 0),
                 lambda: conquest.targets(None, 0)):
        with pytest.raises((TypeError, AttributeError)):
            call()


@pytest.mark.parametrize(("field", "value"), [("round", 10**30), ("turn", "1"), ("step", 5), ("result", [1])])
def test_a_saved_state_with_a_bad_scalar_is_refused_the_same_way_compiled_or_not(field, value):
    """``State.from_dict`` checks the scalar fields itself (the compiled State holds them in C
    fields, where a round of 10**30 would overflow): a clear ValueError naming the field."""
    import json

    from smallworld.core.setup import new_state
    from smallworld.core.state import State

    s = new_state(3, seed=1)
    d = json.loads(json.dumps(s.to_dict()))
    d[field] = value
    with pytest.raises(ValueError, match=f"bad state data: {field} cannot be"):
        State.from_dict(d, s.spec)
    assert State.from_dict(json.loads(json.dumps(s.to_dict())), s.spec) == s
