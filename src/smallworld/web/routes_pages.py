"""The pages: the lobby, a game's table and its replay, each one HTML answer whose script and
stylesheet are bundled in memory (:mod:`smallworld.web.assets`), and the static files."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, Request, Response
from fastapi.responses import RedirectResponse

from smallworld.core.errors import Refusal
from smallworld.core.names import N_
from smallworld.web.access import ApiError
from smallworld.web.assets import build_page
from smallworld.web.context import send_asset

#: the pages' files (HTML, scripts, styles, pictures)
STATIC = Path(str(resources.files("smallworld.web") / "static"))


def pages_router() -> APIRouter:
    """The routes of the three pages and their bundled assets (built once, here)."""
    router = APIRouter(include_in_schema=False)
    pages = {name: build_page(STATIC, f"{name}.html") for name in ("index", "play", "replay")}
    bundled = {url: a for page in pages.values() for url, a in page.assets.items()}

    @router.get("/")
    async def lobby_page(request: Request) -> Response:
        return send_asset(request, pages["index"].html, "no-cache")

    @router.get("/play/{game_id}")
    async def play_page(game_id: str, request: Request) -> Response:
        return send_asset(request, pages["play"].html, "no-cache")

    @router.get("/replay/{game_id}")
    async def replay_page(game_id: str, request: Request) -> Response:
        return send_asset(request, pages["replay"].html, "no-cache")

    @router.get("/assets/{name}")
    async def bundled_asset(name: str, request: Request) -> Response:
        asset = bundled.get(f"/assets/{name}")
        if asset is None:
            # an older page asks for a script or stylesheet since changed: reload it
            raise ApiError(404, Refusal(N_("no asset {name} (the page is out of date: reload it)"), name=repr(name)))
        return send_asset(request, asset, "public, max-age=31536000, immutable")

    @router.get("/favicon.ico")
    async def favicon() -> Response:
        return RedirectResponse("/static/img/icon.svg")

    return router
