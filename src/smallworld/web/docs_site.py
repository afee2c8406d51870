"""The rules of the game at ``/rules/`` (:mod:`smallworld.web.rules_pages`: rendered from the
package, nothing to build), where the game page links a rule cited in a message and the Guide's
sections; and the developer's documentation site (guides, API reference) at ``/docs/``.

The developer site is what ``mkdocs build`` writes: the folder named by the environment variable
``SMALLWORLD_DOCS_SITE``, else ``site/`` of the current folder (``smallworld`` started in the
project folder), else ``site/`` of the project folder this package runs from (an editable
install). When none is built, ``/docs/rules/<page>/`` sends the browser to the same rules page
at ``/rules/<page>``, and any other ``/docs/...`` answers 404 with a short page saying how to
build it.
"""

from __future__ import annotations

import os
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from smallworld.web.rules_pages import COOKIE, PAGES, page_html, page_language

ENV = "SMALLWORLD_DOCS_SITE"

NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>Developer pages not built</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<body style="font-family: Georgia, serif; max-width: 40em; margin: 3em auto; padding: 0 1em; line-height: 1.5">
<h1>The developer pages are not built on this computer</h1>
<p>The rules of the game are always here: <a href="/rules/">the rules</a>.</p>
<p>The developer pages (API reference, bots, reinforcement learning) are built from the
project folder: run</p>
<pre>pip install ".[docs]"
mkdocs build</pre>
<p>then start <code>smallworld</code> again from the project folder (or set
<code>SMALLWORLD_DOCS_SITE</code> to the built <code>site</code> folder) and follow the link again.
</p>
<p><a href="/">Back to the games</a></p></body>"""


def site_dir() -> Path | None:
    """The built site's folder (see the module doc), or ``None`` when none holds an
    ``index.html``. A folder named by ``$SMALLWORLD_DOCS_SITE`` is the only one looked at."""
    env = os.environ.get(ENV)
    folders = [Path(env)] if env else [Path.cwd() / "site", Path(__file__).resolve().parents[3] / "site"]
    return next((f for f in folders if (f / "index.html").is_file()), None)


def mount_docs(app: FastAPI) -> None:
    """Serve the rules at ``/rules/``, and the built site under ``/docs/`` or the "not built"
    page there."""

    @app.get("/rules", include_in_schema=False)
    @app.get("/rules/", include_in_schema=False)
    async def rules_index(request: Request) -> Response:
        return _rules_page(None, request)

    @app.get("/rules/{name}", include_in_schema=False)
    async def rules_page(name: str, request: Request) -> Response:
        return _rules_page(name.removesuffix("/"), request)

    folder = site_dir()
    if folder is not None:
        app.mount("/docs", StaticFiles(directory=folder, html=True), name="docs")
        return

    @app.get("/docs/{path:path}", include_in_schema=False)
    async def docs_not_built(path: str) -> Response:
        name = path.removeprefix("rules/").strip("/")
        if path.startswith("rules/") and (name in PAGES or name in ("", "index")):
            return RedirectResponse(f"/rules/{name if name in PAGES else ''}", status_code=307)
        return HTMLResponse(NOT_BUILT, status_code=404)


def _rules_page(name: str | None, request: Request) -> Response:
    """A rules page in the reader's language (:func:`smallworld.web.rules_pages.page_language`)."""
    lang = page_language(request.query_params.get("lang"), request.cookies.get(COOKIE),
                         request.headers.get("accept-language"))
    headers = {"Cache-Control": "no-cache", "Content-Language": lang, "Vary": "Accept-Language, Cookie"}
    text = page_html(name, lang)
    if text is None:
        return HTMLResponse(page_html(None, lang) or "", status_code=404, headers=headers)
    return HTMLResponse(text, headers=headers)
