"""Traps and leaks at the table (issue 35), in headless Chromium on a 390x844 touch phone and a
1440x900 desktop: a turn is never thrown away without a question, a seat's secret coins never
show over the hotseat curtain (RULES §15), nothing covers a sheet that asks the player
something, tips show once per browser, a seat is told when its turn comes, and a lost
connection says so and refuses moves. Screenshots go to ``test-artifacts/web/``."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest

from tests.web.browser_kit import post_game, quiet_tips, require_browser, shot

require_browser()

SIZES = [(390, 844, True), (1440, 900, False)]
IDS = ["phone", "desktop"]
ANNA_BOB = [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]
ANNA_BRUNO = [{"name": "Anna"}, {"name": "Bruno"}]


def _page(chromium, w, h, touch, tips=False):
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    if not tips:
        quiet_tips(pg)
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.posts = []
    pg.on("request", lambda r: pg.posts.append(r.url) if r.method == "POST" else None)
    return ctx, pg


def _get(server, path):
    return json.load(urllib.request.urlopen(server + path))


def _post(server, path, body, token):
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json", "X-Token": token})
    try:
        return 200, json.load(urllib.request.urlopen(req))
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def _state(server, created, token=None):
    return _get(server, f"/api/games/{created['id']}/state?token={token or created['host_token']}")


def _act(server, created, text, token=None):
    code, P = _post(server, f"/api/games/{created['id']}/actions", {"action": text}, token or created["host_token"])
    assert code == 200, P
    return P


def _quiet_targets(P):
    """Conquests that reveal nothing (no face-down item there), cheapest first."""
    items = {r["id"]: r.get("item") for r in P["view"]["regions"]}
    out = [a for a in P["legal"] if a["kind"] == "conquer" and not items.get(a["region"])
           and P["hints"][a["region"]]["status"] == "conquer"]
    return sorted(out, key=lambda a: P["hints"][a["region"]]["cost"])


def _tap_or_click(pg, selector, touch):
    if touch:
        pg.locator(selector).tap()
    else:
        pg.click(selector)


def _end(P):
    return next(a for a in P["legal"] if a["kind"] == "end")


# ---- 1. End turn never throws the turn away without a question -----------------------------------


@pytest.mark.parametrize("w,h,touch", SIZES, ids=IDS)
def test_end_turn_with_every_token_in_hand_asks_first(server, chromium, w, h, touch):
    """Right after a pick, End turn would pass with every token in hand and no Region (R-TROOP-3:
    nothing can be placed): the page asks in plain words first, Keep playing changes nothing,
    and the button's tooltip no longer says the tokens stay where they are."""
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    P = _act(server, created, "pick 0")
    hand = P["view"]["players"][0]["hand"]
    ctx, pg = _page(chromium, w, h, touch)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("body[data-phase='conquer'] #turn.acting")
    end = pg.locator("#turn button.act[data-action='end']")
    assert "stay where they are" not in (end.get_attribute("title") or "")
    n = len(pg.posts)
    _tap_or_click(pg, "#turn button.act[data-action='end']", touch)
    pg.wait_for_selector("#confirm:not([hidden])")
    text = pg.inner_text("#confirm")
    assert f"You still have {hand} tokens in hand and no Region. End your turn anyway?" in text, text
    assert not re.search(r"\bR-[A-Z]+-\d", text), text  # player words, no rule IDs
    assert len(pg.posts) == n  # nothing sent yet
    shot(pg, f"35-1-end-turn-asks-{'phone' if touch else 'desktop'}")
    _tap_or_click(pg, "#confirm-cancel", touch)
    assert pg.locator("#confirm[hidden]").count() == 1
    assert len(pg.posts) == n and pg.evaluate("() => window.__sw.P.view.phase") == "conquer"
    # asked again, and this time confirmed: the turn ends
    _tap_or_click(pg, "#turn button.act[data-action='end']", touch)
    pg.wait_for_selector("#confirm:not([hidden])")
    with pg.expect_response(lambda r: r.url.endswith("/actions")) as resp:
        _tap_or_click(pg, "#confirm-ok", touch)
    assert resp.value.status == 200
    pg.wait_for_function("() => window.__sw.P.view.round > 1 || window.__sw.P.view.turn !== 0")
    assert not pg.errors, pg.errors
    ctx.close()


def test_ending_a_turn_that_conquered_nothing_asks_first(server, chromium):
    """An expanding turn (R-TROOP-1) that could conquer but ends before any conquest asks first;
    once something is conquered, End turn says what it does and asks nothing."""
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    P = _act(server, created, "pick 0")
    P = _act(server, created, _quiet_targets(P)[0]["text"])
    assert _end(P)["warn"] is None  # one conquest made: nothing is thrown away
    P = _act(server, created, "end")  # one Region: every token goes there, the turn ends
    for _ in range(50):
        P = _state(server, created)
        if P["actor"] == 0 and P["view"]["phase"] == "decide":
            break
    else:
        pytest.fail("Anna's second turn not reached")
    P = _act(server, created, "expand")
    assert P["view"]["phase"] == "conquer"
    ctx, pg = _page(chromium, 1440, 900, False)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("body[data-phase='conquer'] #turn.acting")
    n = len(pg.posts)
    pg.click("#turn button.act[data-action='end']")
    pg.wait_for_selector("#confirm:not([hidden])")
    text = pg.inner_text("#confirm")
    assert "You have not conquered anything this turn" in text and "anyway?" in text, text
    assert len(pg.posts) == n
    pg.click("#confirm-cancel")
    assert len(pg.posts) == n
    assert not pg.errors, pg.errors
    ctx.close()
