"""The local web app: play Small World of Warcraft in the browser (``smallworld serve``).

:func:`create_app` builds the FastAPI application (pages, JSON API, WebSockets) on a SQLite
database; static pages live in ``static/`` (plain HTML, CSS and ES modules, no build step).
"""

from __future__ import annotations

from typing import Any


def create_app(*args: Any, **kwargs: Any) -> Any:
    """See :func:`smallworld.web.server.create_app` (imported lazily: FastAPI is only needed
    when serving)."""
    from smallworld.web.server import create_app as _create

    return _create(*args, **kwargs)


__all__ = ["create_app"]
