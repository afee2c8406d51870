#!/usr/bin/env bash
# Build the wheel with the Cython-compiled core (hatch_build.py) into a throwaway venv, check the
# core modules are compiled, then run against it the golden games of both editions, the core and
# classic suites (property tests included) and the bots' legal play: compiled and interpreted must
# play the same games. Extra arguments go to pytest.
# Needs a C compiler and Python headers; SMALLWORLD_REQUIRE_COMPILED=1 makes a failed compile an
# error rather than a pure-Python wheel. Run by scripts/test.sh after the pure-Python suite.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/smallworld-compiled.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
# --system-site-packages: the test dependencies come from the environment running this script
python -m venv --system-site-packages "$tmp/venv"
py="$tmp/venv/bin/python"
SMALLWORLD_REQUIRE_COMPILED=1 "$py" -m pip wheel -q --no-deps -w "$tmp/wheel" "$root"
"$py" -m pip install -q --no-deps --force-reinstall "$tmp"/wheel/smallworld-*.whl
# run from a copy of the tests only, so that nothing imports the checkout's src/
cp -r "$root/tests" "$tmp/tests"
cp "$root/pyproject.toml" "$tmp/"
cd "$tmp"
"$py" - <<'PY'
import smallworld.core.engine as e
assert e.__file__.endswith((".so", ".pyd")), f"core not compiled: {e.__file__}"
print("compiled core:", e.__file__)
PY
# GCC: the wheel must be the profile-guided build (hatch_build.py)
if "${CC:-cc}" --version 2>/dev/null | grep -qi "free software foundation"; then export SMALLWORLD_EXPECT_PGO=1; fi
SMALLWORLD_EXPECT_COMPILED=1 "$py" -m pytest -q -p no:cacheprovider -n 2 \
    tests/test_compiled_core.py tests/test_cli.py::test_bench_prints_figures tests/test_golden.py tests/core tests/classic tests/test_all_pairs.py \
    tests/bots/test_legal_play.py "$@"
