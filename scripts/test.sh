#!/usr/bin/env bash
# Install everything the tests need, then run them all. This is the README's test command and
# exactly what CI runs (.ci/run). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install -q -e ".[test,docs]"   # docs: the site is built by tests/test_docs.py
# Browser tests drive Debian's Chromium through Playwright (never `playwright install`).
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
            || echo "warning: could not install chromium; browser tests will be skipped" >&2
    else
        echo "warning: chromium not found and cannot be installed here; browser tests will be skipped" >&2
    fi
fi
# Hangul for the Korean pages in the browser tests (issue 31): Debian's Noto CJK fonts.
if ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null) \
            || echo "warning: could not install fonts-noto-cjk; Korean text may show as boxes in browser tests" >&2
    else
        echo "warning: fonts-noto-cjk not found and cannot be installed here; Korean text may show as boxes" >&2
    fi
fi
# PostgreSQL for tests/web/test_api_postgres.py (Debian's package; no systemd: pg_ctlcluster).
# Anything missing only makes those tests skip with a message; it never fails this script.
if [ -z "${SMALLWORLD_TEST_PG:-}" ] && [ "$(id -u)" = "0" ]; then
    if ! command -v pg_ctlcluster >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
        (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null 2>&1 \
            || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null)) \
            || echo "warning: could not install postgresql; its tests will be skipped" >&2
    fi
    if command -v pg_ctlcluster >/dev/null 2>&1; then
        cluster="$(pg_lsclusters -h 2>/dev/null | awk 'NR==1 {print $1" "$2}')" || cluster=""
        if [ -n "$cluster" ]; then
            # shellcheck disable=SC2086
            pg_ctlcluster $cluster start >/dev/null 2>&1 || true
            { su postgres -c "psql -qtAc \"select 1 from pg_roles where rolname='smallworld_test'\"" 2>/dev/null | grep -q 1; } \
                || su postgres -c "psql -qc \"create role smallworld_test login password 'smallworld' createdb\"" >/dev/null 2>&1 \
                || echo "warning: could not create the PostgreSQL test role; its tests will be skipped" >&2
        fi
    fi
fi
# Layers point one way: drivers -> content -> core (contracts in pyproject.toml)
lint-imports --no-cache
# Lint and types (settings in pyproject.toml: [tool.ruff], [tool.mypy])
ruff check .
mypy
python -m pytest -n 2 "$@"
# The compiled core (a wheel built with Cython, hatch_build.py) plays the same games as the pure
# Python one tested above: goldens of both editions and the property tests, on that wheel
bash scripts/test_compiled.sh
