"""Helpers for the browser tests: headless Debian Chromium through Playwright against a live
server on a free localhost port (fixtures ``server``, ``chromium``, ``page_`` in conftest.py).

A browser test module starts with ``require_browser()``: it skips the module when Chromium or
Playwright is missing (``bash scripts/test.sh`` installs Debian's chromium; never
``playwright install``). Screenshots go to ``test-artifacts/web/`` (git-ignored).
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


def require_browser() -> Any:
    """Skip the calling test module unless Chromium and Playwright are there; returns
    ``playwright.sync_api``."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing (bash scripts/test.sh installs Debian's chromium)",
                    allow_module_level=True)
    return pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


class LiveServer(str):
    """The server's base address (``http://127.0.0.1:PORT``), with the app as ``.app``."""

    app: Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, *, bot_delay: float = 0, hosts: tuple[str, ...] = (),
                 **options: Any) -> tuple[LiveServer, Any, threading.Thread]:
    """A uvicorn server in a thread; returns (address, uvicorn server, thread); the address's
    ``app`` is the served app. ``hosts``: the addresses the server would print for others
    (``smallworld serve --host 0.0.0.0``); ``options`` go to ``create_app`` (``busy_timeout``,
    ``store_deadline``, ...)."""
    import uvicorn

    from smallworld.web.server import create_app

    app = create_app(db, bot_delay=bot_delay, hosts=hosts, **options)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.time() + 20
    while not srv.started:
        if time.time() > deadline or not th.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    url = LiveServer(f"http://127.0.0.1:{port}")
    url.app = app
    return url, srv, th


def post_game(server: str, body: dict[str, Any]) -> dict[str, Any]:
    """Create a game through the API (as the lobby does); returns the creation answer."""
    req = urllib.request.Request(server + "/api/games", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))


def install_state(server: LiveServer, game_id: str, state: Any) -> None:
    """Put a position (a scenario :class:`State`) into a live game, to look at it in a page.
    Only for display tests: the game's record no longer matches, so nothing is played on."""
    live = server.app.state.hub.get(game_id)
    live.game.state = state


def open_page(chromium, w: int, h: int, touch: bool) -> tuple[Any, Any]:
    """A new browser context of ``w`` x ``h`` CSS px (``touch``: a phone, touch and mobile)
    and its page, with tips quieted and page errors collected in ``pg.errors``."""
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    return ctx, pg


def quiet_tips(pg) -> None:
    """Turn the first-game tips off in this browser context (before the page loads)."""
    pg.add_init_script("localStorage.setItem('smallworld.tips', JSON.stringify({seen: {}, off: true}))")


def watch_toasts(pg) -> None:
    """Record every toast the page shows (``toasts(pg)`` reads them), from now on."""
    pg.evaluate("""() => {
        window.__toasts = [];
        new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes)
            if (n.classList && n.classList.contains('toast'))
                window.__toasts.push({text: n.textContent, curtain: !document.getElementById('curtain').hidden}); })
          .observe(document.body, {childList: true, subtree: true});
    }""")


def toasts(pg) -> list[dict[str, Any]]:
    return pg.evaluate("() => window.__toasts || []")


def shot(pg, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def click_center(pg, locator):
    """Click the middle of an element's box with the mouse (pieces ignore pointer events, so this
    lands on the Region under them, like a person's click). The board may be redrawing (a
    push arriving): the locator is looked up again until it has a box, for up to 5 s."""
    box = None
    for _ in range(100):
        box = locator.bounding_box()
        if box:
            break
        pg.wait_for_timeout(50)
    assert box, "element not visible"
    pg.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def region_spot(pg, rid):
    """The drawn spot of a Region (its token disc, or the target ring of an empty Region)."""
    group = pg.locator(f'g.piece-group[data-region="{rid}"]')
    for sel in (".disc", ".target-ring", ".chip", ".item"):
        loc = group.locator(sel).first
        if loc.count():
            return loc
    return pg.locator(f'path.sw-region[id="{rid}"]')


def wait_ready(pg, timeout=20_000):
    """Until it is the human's move (a control is offered) or the results panel is up."""
    pg.wait_for_function(
        """() => {
            const modal = document.querySelector('#modal .results');
            if (modal && !document.getElementById('modal').hidden) return true;
            return document.body.classList.contains('my-turn') && !document.body.classList.contains('busy');
        }""",
        timeout=timeout,
    )


def results_up(pg):
    return pg.evaluate("() => !!document.querySelector('#modal .results') && !document.getElementById('modal').hidden")


POSTS = ("/actions", "/plan", "/undo")


def do(pg, fn):
    """Run a click that posts an action (or a redeployment plan, or a take-back) and wait for
    the server's answer."""
    with pg.expect_response(lambda r: r.request.method == "POST" and any(x in r.url for x in POSTS),
                            timeout=20_000) as resp:
        fn()
    return resp.value


def play_one_step(pg, seen, shots=True):
    """One move by the simple policy: the first offered control at each step, picking by clicking
    a combo and confirming, conquering by clicking a highlighted Region (confirming a final
    conquest), redeploying by shift-clicking a Region (every token there) and ending the turn.
    Returns the phase played."""
    if pg.locator("#tips:not([hidden]) #tip-ok").count():
        pg.click("#tip-ok")
    phase = pg.evaluate("() => document.body.dataset.phase")
    if phase == "pick":
        if "pick" not in seen and shots:
            shot(pg, "02-pick")
        pg.locator(".combo.pickable").first.click()
        do(pg, lambda: pg.click("#confirm-ok"))
    elif phase == "conquer":
        rid = pg.evaluate("() => { const p = document.querySelector('path.sw-region[data-mark=conquer]') ||"
                          " document.querySelector('path.sw-region[data-mark=final]'); return p && p.id; }")
        if rid:
            spot = region_spot(pg, rid)
            if "conquer" not in seen and shots:
                box = spot.bounding_box()
                pg.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                pg.wait_for_selector("#tooltip:not([hidden]) .tip-cost")
                shot(pg, "03-conquer-hover")
            resp = do(pg, lambda: _click_region(pg, spot))
            assert resp.status == 200, resp.text()
        else:
            do(pg, lambda: click_act(pg, pg.locator("#turn .buttons button.act").first))
    elif phase in ("redeploy", "defend"):
        rid = pg.evaluate("() => { const p = document.querySelector('path.sw-region[data-mark=place]'); return p && p.id; }")
        if "redeploy" not in seen and shots:
            shot(pg, "04-redeploy")
        if pg.locator("#btn-end-turn").count():
            if rid and pg.locator("#btn-end-turn:disabled").count():
                spot = region_spot(pg, rid)
                box = spot.bounding_box()
                pg.keyboard.down("Shift")
                pg.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                pg.keyboard.up("Shift")
            do(pg, lambda: pg.click("#btn-end-turn"))
        elif rid:
            do(pg, lambda: _click_region(pg, region_spot(pg, rid)))
        else:
            do(pg, lambda: click_act(pg, pg.locator("#turn button.act").first))
    else:
        do(pg, lambda: click_act(pg, pg.locator("#turn button.act").first))
    seen.add(phase)
    return phase


def click_act(pg, button):
    """Click an action button; an action that ends the turn opens the confirmation sheet first
    (a decline, a pass, an ability's turn-ending choice): confirm it."""
    button.click()
    if pg.locator("#confirm:not([hidden]) #confirm-ok").count():
        pg.click("#confirm-ok")


def _click_region(pg, spot):
    click_center(pg, spot)
    # a final conquest (the die) asks first
    if pg.locator("#confirm:not([hidden]) #confirm-ok").count():
        pg.click("#confirm-ok")
        return
    # several things can be done there: a small menu offers them; take the first
    menu = pg.locator("#menu:not([hidden]) button[data-action]")
    if menu.count():
        menu.first.click()
