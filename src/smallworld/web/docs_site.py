"""The documentation site (the rules of docs/rules, guides, API reference) at ``/docs/``, so
the game page can link a rule cited in a message, and the Guide's sections, to their rules.

The site is what ``mkdocs build`` writes: the folder named by the environment variable
``SMALLWORLD_DOCS_SITE``, else ``site/`` of the current folder (``smallworld`` started in the
project folder), else ``site/`` of the project folder this package runs from (an editable
install). When none is built, ``/docs/...`` answers 404 with a short page saying how to build it.
"""

from __future__ import annotations

import os
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ENV = "SMALLWORLD_DOCS_SITE"

NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>Rules not built</title>
<body style="font-family: Georgia, serif; max-width: 40em; margin: 3em auto; line-height: 1.5">
<h1>The rules pages are not built on this computer</h1>
<p>In the project folder, run</p>
<pre>pip install ".[docs]"
mkdocs build</pre>
<p>then start <code>smallworld</code> again from the project folder (or set
<code>SMALLWORLD_DOCS_SITE</code> to the built <code>site</code> folder) and follow the link again.
The rules are also in the project's <code>docs/rules/</code> folder.</p>
<p><a href="/">Back to the games</a></p></body>"""


def site_dir() -> Path | None:
    """The built site's folder (see the module doc), or ``None`` when none holds an
    ``index.html``. A folder named by ``$SMALLWORLD_DOCS_SITE`` is the only one looked at."""
    env = os.environ.get(ENV)
    folders = [Path(env)] if env else [Path.cwd() / "site", Path(__file__).resolve().parents[3] / "site"]
    return next((f for f in folders if (f / "index.html").is_file()), None)


def mount_docs(app: FastAPI) -> None:
    """Serve the built site under ``/docs/``, or the "not built" page there."""
    folder = site_dir()
    if folder is not None:
        app.mount("/docs", StaticFiles(directory=folder, html=True), name="docs")
        return

    @app.get("/docs/{path:path}", include_in_schema=False)
    async def docs_not_built(path: str) -> HTMLResponse:
        return HTMLResponse(NOT_BUILT, status_code=404)
