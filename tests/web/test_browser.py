"""The real thing: the pages in headless Chromium (Debian's ``/usr/bin/chromium`` through
Playwright), against a live server on a free localhost port with a temporary database.

A whole 3-player game (one human, two bots) is set up through the lobby and played to the end by
clicking: the first offered control at each step, conquering by clicking a highlighted Region,
redeploying by clicking Regions. Screenshots go to ``test-artifacts/web/``.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"

if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is missing (bash scripts/test.sh installs Debian's chromium)",
                allow_module_level=True)
playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A live server in a thread: ``http://127.0.0.1:PORT``; bots play without delay."""
    import uvicorn

    from smallworld.web.server import create_app

    db = tmp_path_factory.mktemp("web") / "games.sqlite3"
    port = _free_port()
    config = uvicorn.Config(create_app(db, bot_delay=0), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.time() + 20
    while not srv.started:
        if time.time() > deadline or not th.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    th.join(timeout=10)


@pytest.fixture(scope="module")
def chromium():
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page_(chromium):
    ctx = chromium.new_context(viewport={"width": 1440, "height": 900})
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    yield pg
    ctx.close()


def shot(pg, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def click_center(pg, locator):
    """Click the middle of an element's box with the mouse (pieces ignore pointer events, so this
    lands on the Region under them, like a person's click)."""
    box = locator.bounding_box()
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


def do(pg, fn):
    """Run a click that posts an action and wait for the server's answer."""
    with pg.expect_response(lambda r: "/actions" in r.url, timeout=20_000) as resp:
        fn()
    return resp.value


def play_one_step(pg, seen):
    """One move by the simple policy. Returns the phase it played."""
    if pg.locator("#tips:not([hidden]) #tip-ok").count():
        pg.click("#tip-ok")
    phase = pg.evaluate("() => document.body.dataset.phase")
    if phase == "pick":
        if "pick" not in seen:
            shot(pg, "02-pick")
        do(pg, lambda: pg.locator(".combo.pickable").first.click())
    elif phase == "conquer":
        rid = pg.evaluate("() => { const p = document.querySelector('path.sw-region[data-mark=conquer]') ||"
                          " document.querySelector('path.sw-region[data-mark=final]'); return p && p.id; }")
        if rid:
            spot = region_spot(pg, rid)
            if "conquer" not in seen:
                box = spot.bounding_box()
                pg.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                pg.wait_for_selector("#tooltip:not([hidden]) .tip-cost")
                shot(pg, "03-conquer-hover")
            resp = do(pg, lambda: _click_region(pg, spot))
            assert resp.status == 200, resp.text()
        else:
            do(pg, lambda: pg.locator("#turn .buttons button.act").first.click())
    elif phase in ("redeploy", "defend"):
        rid = pg.evaluate("() => { const p = document.querySelector('path.sw-region[data-mark=place]'); return p && p.id; }")
        if "redeploy" not in seen:
            shot(pg, "04-redeploy")
        if rid:
            do(pg, lambda: _click_region(pg, region_spot(pg, rid)))
        else:
            do(pg, lambda: pg.locator("#turn button.act").first.click())
    else:
        do(pg, lambda: pg.locator("#turn button.act").first.click())
    seen.add(phase)
    return phase


def _click_region(pg, spot):
    click_center(pg, spot)
    # several things can be done there: a small menu offers them; take the first
    menu = pg.locator("#menu:not([hidden]) button[data-action]")
    if menu.count():
        menu.first.click()


def test_a_whole_game_in_the_browser(server, page_):
    t0 = time.time()
    pg = page_
    pg.goto(server + "/")
    pg.wait_for_selector("#seats .seat")
    pg.select_option("#players", "3")
    names = pg.locator("#seats .seat-name")
    names.nth(0).fill("Tester")
    pg.locator("#seats .seat-kind").nth(0).select_option("human")
    for i in (1, 2):
        pg.locator("#seats .seat-kind").nth(i).select_option("bot:random")
    pg.fill("#seed", "2024")
    shot(pg, "00-lobby")
    pg.click("#create")
    pg.wait_for_selector("#play-hotseat")
    shot(pg, "01-created")
    pg.click("#play-hotseat")
    pg.wait_for_selector("svg.sw-table")
    wait_ready(pg)
    assert pg.locator("path.sw-region").count() >= 30
    assert pg.locator("#tips:not([hidden])").count() == 1  # the guided first game starts
    seen: set[str] = set()
    steps = 0
    while not results_up(pg):
        play_one_step(pg, seen)
        steps += 1
        assert steps < 800, "the game does not end"
        if steps == 40:
            shot(pg, "05-midgame")
        wait_ready(pg)
    assert {"pick", "conquer"} <= seen
    shot(pg, "06-results")
    panel = pg.locator("#modal .results")
    assert "Final results" in panel.inner_text()
    rows = panel.locator("tbody tr")
    assert rows.count() == 3
    assert panel.locator("tr.win").count() >= 1
    text = panel.inner_text()
    assert "Tester" in text and "coins" in text.lower()
    # the chronicle tells the story
    log = pg.locator("#log").inner_text()
    assert "Tester picks" in log and "Round 10 of 10" in log and "Game over" in log
    pg.click("#modal .results button.primary")  # look at the final board
    shot(pg, "07-final-board")
    assert not pg.errors, pg.errors
    assert time.time() - t0 < 150


def test_seat_links_hotseat_curtain_and_live_updates(server, chromium):
    """Two humans: Anna plays in the hotseat page, Bob watches through his private link; Bob's
    page updates live over the WebSocket and never shows Anna's coins."""
    import json
    import urllib.request

    req = urllib.request.Request(
        server + "/api/games",
        data=json.dumps({"seats": [{"name": "Anna"}, {"name": "Bob"}], "seed": 4}).encode(),
        headers={"Content-Type": "application/json"},
    )
    created = json.load(urllib.request.urlopen(req))
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800})
    host, bob = ctx.new_page(), ctx.new_page()
    host.goto(server + created["hotseat"])
    host.wait_for_selector("#curtain:not([hidden])")
    assert "Pass the screen to Anna" in host.inner_text("#curtain")
    host.click("#curtain-ok")
    bob.goto(server + created["seats"][1]["link"])
    bob.wait_for_selector("#turn.waiting")
    assert "Waiting for Anna" in bob.inner_text("#turn")
    vc_other = bob.locator('.player[data-seat="0"] .vc').inner_text()
    assert vc_other.strip() == "?"
    host.wait_for_selector(".combo.pickable")
    if host.locator("#tips:not([hidden]) #tip-ok").count():
        host.click("#tip-ok")
    with host.expect_response(lambda r: "/actions" in r.url):
        host.locator(".combo.pickable").first.click()
    # Bob's page hears about it without reloading
    bob.wait_for_function("() => document.getElementById('log').innerText.includes('Anna picks')")
    assert bob.locator('.player[data-seat="0"] .banner.active').count() == 1
    assert bob.locator('.player[data-seat="0"] .vc').inner_text().strip() == "?"
    # Anna ends her turn; the hotseat page asks to pass the screen to Bob
    host.locator("#turn button.act[data-action='end']").click()
    host.wait_for_selector("#curtain:not([hidden])")
    assert "Pass the screen to Bob" in host.inner_text("#curtain")
    bob.wait_for_selector("#turn.acting")
    shot(bob, "08-seat-link")
    ctx.close()
