"""Classic tests: register the ``classic`` edition in this process.

The installed package metadata may predate the ``classic`` entry point (``pip install -e .``
refreshes it); importing the edition module registers it either way.
"""

from __future__ import annotations

import smallworld.classic.edition  # noqa: F401  (registers "classic")
