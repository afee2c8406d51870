"""Spectators and replays in headless Chromium (issue 35 point 8), on a 390x844 touch phone and at
1440x900: ``/replay/<id>`` opened on its own says in plain words how to open it, with no
controls and no "missing token"; the host opens the game to spectators from the host page, and
the watch link shows the game without a player's controls, following the moves."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.web.browser_kit import open_page, post_game, require_browser, shot, wait_ready

require_browser()

SIZES = [(390, 844, True), (1440, 900, False)]
IDS = ["phone", "desktop"]


def _visible(pg, selector):
    return pg.locator(selector).evaluate_all(
        "els => els.filter(e => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden').length")


# every control a player or a replay could show: none may be there without a link
CONTROLS = ("#turn button, .combo, #btn-end-turn, #rp-start, #rp-prev, #rp-play, #rp-next, #rp-end, "
            "#rp-slider, #rp-rounds button, #back-to-game, .zoom button, #btn-undo")


@pytest.mark.parametrize(("w", "h", "touch"), SIZES, ids=IDS)
def test_a_replay_opened_on_its_own_shows_no_controls(server, chromium, w, h, touch):
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}],
                                 "seed": 5})
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(f"{server}/replay/{created['id']}")
    pg.wait_for_selector(".fatal")
    text = pg.inner_text("body")
    assert "missing token" not in text and "token" not in text.lower()
    assert "watch link" in text
    assert _visible(pg, CONTROLS) == 0
    back = pg.locator(".fatal a.button").bounding_box()
    assert not touch or (back["height"] >= 44 and back["width"] >= 44), back
    shot(pg, f"replay-alone-{w}x{h}")
    # a wrong watch link: the same, in plain words
    pg.goto(f"{server}/replay/{created['id']}?watch=nothing")
    pg.wait_for_selector(".fatal")
    assert "cannot be watched" in pg.inner_text(".fatal") and _visible(pg, CONTROLS) == 0
    assert not pg.errors, pg.errors
    ctx.close()


@pytest.mark.parametrize(("w", "h", "touch"), SIZES, ids=IDS)
def test_the_host_opens_the_game_to_spectators_who_watch_without_controls(server, chromium, w, h, touch):
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}],
                                 "seed": 6})
    ctx, host = open_page(chromium, w, h, touch)
    host.goto(server + created["hotseat"])
    wait_ready(host)
    # the host page: seat links, and who may watch (off at first: the link opens nothing)
    host.locator("#btn-invite").click()
    choice = host.locator("#watch-mode")
    choice.wait_for()
    assert choice.input_value() == "off" and not host.locator("#watch-link").is_visible()
    box = choice.bounding_box()
    assert not touch or box["height"] >= 44, box
    with host.expect_response(lambda r: "/watch/setting" in r.url and r.request.method == "PUT") as resp:
        choice.select_option("live:0")
    assert resp.value.status == 200
    link = host.locator("#watch-link")
    link.wait_for()
    url = link.input_value()
    assert f"/replay/{created['id']}?watch=" in url and created["host_token"] not in url
    shot(host, f"watch-host-setting-{w}x{h}")
    host.keyboard.press("Escape")
    if host.locator("#modal:not([hidden])").count():
        host.locator("#modal .actions button").last.click()

    sctx, fan = open_page(chromium, w, h, touch)
    fan.goto(url.replace(url.split("/replay/")[0], server))
    fan.wait_for_selector("#board svg")
    fan.wait_for_function("() => document.getElementById('turn-banner').textContent.includes('Watching')")
    text = fan.inner_text("body")
    assert "missing token" not in text
    # no player's controls: nothing to pick, play, end or take back, no way to a game page
    assert _visible(fan, "#turn button, .combo, #btn-end-turn, #btn-undo, #back-to-game, #btn-invite") == 0
    # nobody's coins: every seat's shows "?"
    coins = fan.locator("#players .vc").all_inner_texts()
    assert len(coins) == 2 and all(c.strip() == "?" for c in coins), coins
    shot(fan, f"watch-spectator-{w}x{h}")
    before = fan.evaluate("() => document.getElementById('rp-slider').max")
    # the host plays: the spectator's page follows
    host.locator(".combo.pickable").first.click()
    host.click("#confirm-ok")
    fan.wait_for_function("(n) => document.getElementById('rp-slider').max !== n", arg=before, timeout=15_000)
    assert "live" in fan.inner_text("#turn-banner")
    # the host closes the game again: the watching page says so, its controls gone
    host.locator("#btn-invite").click()
    host.locator("#watch-mode").select_option("off")
    fan.wait_for_selector(".fatal", timeout=15_000)
    assert "not open to spectators" in fan.inner_text(".fatal")
    assert _visible(fan, CONTROLS) == 0
    assert not fan.errors and not host.errors, (fan.errors, host.errors)
    sctx.close()
    ctx.close()


@pytest.mark.parametrize(("w", "h", "touch"), SIZES, ids=IDS)
def test_the_host_chooses_who_may_watch_when_creating_the_game(server, chromium, w, h, touch):
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(server + "/")
    choice = pg.locator("#watch")
    choice.wait_for()
    assert choice.input_value() == "off"  # nobody watches unless the host says so
    box = choice.bounding_box()
    assert not touch or box["height"] >= 44, box
    assert pg.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    choice.select_option("live:1")
    choice.scroll_into_view_if_needed()
    shot(pg, f"watch-lobby-choice-{w}x{h}")
    with pg.expect_response(lambda r: r.url.endswith("/api/games") and r.request.method == "POST") as resp:
        pg.click("#create")
    created = resp.value.json()
    req = urllib.request.Request(f"{server}/api/games/{created['id']}/watch/setting",
                                 headers={"X-Token": created["host_token"]})
    setting = json.load(urllib.request.urlopen(req))
    assert (setting["mode"], setting["delay"]) == ("live", 1)
    assert not pg.errors, pg.errors
    ctx.close()
