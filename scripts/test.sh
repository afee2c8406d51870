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
# Layers point one way: drivers -> content -> core (contracts in pyproject.toml)
lint-imports --no-cache
python -m pytest -n 2 "$@"
