#!/usr/bin/env bash
# Build the wheel with the Cython-compiled rules' core and bots (hatch_build.py: smallworld.core and
# smallworld.bots, at -O1) into a throwaway venv, check the modules are compiled, then run against it the
# whole test suite but the browser and the documentation site (those test the web pages and docs,
# which are the same code either way): the golden games of both editions, the core, content and
# classic suites with their property tests, the bots, the RL environments (pickling included),
# scenarios and the command line. Compiled and interpreted must play the same games. Extra
# arguments go to pytest.
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
# run from a copy of the tests (and the files they read), never of src/, so that nothing imports
# the checkout's code
cp -r "$root/tests" "$root/examples" "$root/tools" "$root/docs" "$root/benchmarks" "$tmp/"
cp "$root/pyproject.toml" "$tmp/"
cd "$tmp"
"$py" - <<'PY'
import smallworld.core.engine as e
assert e.__file__.endswith((".so", ".pyd")), f"core not compiled: {e.__file__}"
print("compiled core:", e.__file__)
PY
# The wheel says whether it is profile-guided: only when SMALLWORLD_PGO=1 asked for it (and GCC)
if [ "${SMALLWORLD_PGO:-0}" = "1" ] && "${CC:-cc}" --version 2>/dev/null | grep -qi "free software foundation"; then
    export SMALLWORLD_EXPECT_PGO=1
else
    export SMALLWORLD_EXPECT_PGO=0
fi
# (not run here: the browser, the documentation site, the message catalogues (test_catalogues,
# and test_refusals, which reads the checkout's sources and .po files) and the checks of
# the repository's own documents and drawing tool, which read the checkout rather than the
# installed package)
SMALLWORLD_EXPECT_COMPILED=1 "$py" -m pytest -q -p no:cacheprovider -n 2 tests \
    --ignore=tests/web --ignore=tests/test_docs.py --ignore=tests/rl/test_docs.py \
    --ignore=tests/i18n/test_catalogues.py --ignore=tests/i18n/test_refusals.py \
    --deselect tests/test_classic_maps.py::test_tool_regenerates_the_committed_two_player_map "$@"
