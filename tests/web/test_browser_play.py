"""Playing at a real table in headless Chromium: take-backs and the redeployment plan (RULES §15,
R-TROOP-3), confirmations and touch taps on a phone, the layout at four screen sizes with 5
players, and words (no "null", "Your turn"). Screenshots go to ``test-artifacts/web/``."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from tests.web.browser_kit import (
    post_game,
    quiet_tips,
    region_spot,
    require_browser,
    shot,
    start_server,
)

require_browser()

ANNA_BOB = [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]
FIVE = [{"name": "Anna"}] + [{"name": n, "kind": "bot", "bot": "random"} for n in ("Bruno", "Chen", "Dalia", "Emeka")]
SIZES = [(390, 844, True), (768, 1024, False), (1280, 720, False), (1440, 900, False)]


def _get(server, path):
    return json.load(urllib.request.urlopen(server + path))


def _post(server, path, body, token):
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json", "X-Token": token})
    try:
        return 200, json.load(urllib.request.urlopen(req))
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def _state(server, created):
    return _get(server, f"/api/games/{created['id']}/state?token={created['host_token']}")


def _act(server, created, text):
    code, P = _post(server, f"/api/games/{created['id']}/actions", {"action": text}, created["host_token"])
    assert code == 200, P
    return P


def _quiet_targets(P):
    """Conquests that reveal nothing (no face-down item there), cheapest first."""
    items = {r["id"]: r.get("item") for r in P["view"]["regions"]}
    out = [a for a in P["legal"] if a["kind"] == "conquer" and not items.get(a["region"])
           and P["hints"][a["region"]]["status"] == "conquer"]
    return sorted(out, key=lambda a: P["hints"][a["region"]]["cost"])


def _to_conquest(server, created):
    """Pick the first combo through the API: the human seat is conquering."""
    P = _state(server, created)
    assert P["view"]["phase"] == "pick"
    return _act(server, created, "pick 0")


def _page(chromium, w=1280, h=720, touch=False):
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.posts = []
    pg.on("request", lambda r: pg.posts.append(r.url) if r.method == "POST" else None)
    return ctx, pg


def _center(loc):
    box = loc.bounding_box()
    assert box, "not visible"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _owner(pg, rid):
    return pg.evaluate(f"() => {{ const r = window.__sw.P.view.regions.find((x) => x.id === {rid!r}); return r.player; }}")


def test_a_conquest_is_undone_and_a_redeployment_rearranged_before_end_turn(server, chromium):
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    P = _to_conquest(server, created)
    P = _act(server, created, _quiet_targets(P)[0]["text"])  # a first Region (the API)
    target = _quiet_targets(P)[0]["region"]
    ctx, pg = _page(chromium)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#turn.acting")
    # conquer with one click (a mouse): it can be taken back
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")):
        pg.mouse.click(*_center(region_spot(pg, target)))
    pg.wait_for_selector("#btn-undo")
    assert _owner(pg, target) == 0
    shot(pg, "20-undo-offered")
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/undo")) as resp:
        pg.click("#btn-undo")
    assert resp.value.status == 200
    pg.wait_for_function(f"() => window.__sw.P.view.regions.find((x) => x.id === {target!r}).player !== 0")
    name = pg.evaluate(f"() => window.__sw.boardData.regions[{target!r}].name")
    assert name not in pg.locator("#log").inner_text()
    # conquer it again, then end conquests: redeployment is a plan
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")):
        pg.mouse.click(*_center(region_spot(pg, target)))
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")):
        pg.click("#turn button.act[data-action='end']")
    pg.wait_for_selector("#btn-end-turn")
    hand = pg.evaluate("() => window.__sw.P.view.players[0].hand")
    rows = pg.locator(".place-row")
    assert rows.count() >= 1 and hand >= 1
    posts_before = len(pg.posts)
    first = rows.nth(0).get_attribute("data-region")
    last = rows.nth(rows.count() - 1).get_attribute("data-region")
    # arrange freely: add to one, move it to another, back again; nothing is sent
    pg.click(f"button[data-plan='+{first}']")
    assert pg.locator("#turn .hand").inner_text().startswith(f"{hand - 1} in hand")
    pg.click(f"button[data-plan='-{first}']")
    assert pg.locator("#turn .hand").inner_text().startswith(f"{hand} in hand")
    assert pg.locator("#btn-end-turn").is_disabled()  # tokens are left in hand
    for _ in range(hand):
        pg.click(f"button[data-plan='+{last}']")
    assert pg.locator(f"g.piece-group[data-region='{last}'] .planned-badge").count() == 1
    shot(pg, "21-redeploy-plan")
    assert len(pg.posts) == posts_before  # arranging sends nothing
    assert pg.locator("#btn-end-turn").is_enabled()
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/plan")) as resp:
        pg.click("#btn-end-turn")
    assert resp.value.status == 200
    pg.wait_for_function("() => window.__sw.P.view.round > 1 || window.__sw.P.view.turn !== 0 || document.body.dataset.phase === 'decide'")
    assert not pg.errors, pg.errors
    ctx.close()


def test_undo_is_refused_once_the_die_is_rolled(server, chromium):
    """R-CONQ-5: a final conquest rolls the reinforcement die; nothing before it can be taken
    back, and the page says why."""
    for seed in range(20, 40):
        created = post_game(server, {"seats": ANNA_BOB, "seed": seed})
        P = _to_conquest(server, created)
        for _ in range(20):
            final = [rid for rid, x in P["hints"].items() if x["status"] == "final"
                     and not next(r for r in P["view"]["regions"] if r["id"] == rid).get("item")]
            quiet = _quiet_targets(P)
            if final or not quiet:
                break
            P = _act(server, created, quiet[-1]["text"])  # the dearest: the hand runs low
        if final:
            break
    else:
        pytest.fail("no final conquest reached")
    ctx, pg = _page(chromium)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#turn.acting")
    pg.mouse.click(*_center(region_spot(pg, final[0])))
    # the die decides: asked first, nothing sent yet
    pg.wait_for_selector("#confirm:not([hidden])")
    assert "Roll the die" in pg.inner_text("#confirm-ok")
    assert not any(u.split("?")[0].endswith("/actions") for u in pg.posts)
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")):
        pg.click("#confirm-ok")
    pg.wait_for_selector("#undo-note")
    assert "die was rolled" in pg.inner_text("#undo-note")
    assert pg.locator("#btn-undo").count() == 0
    code, body = _post(server, f"/api/games/{created['id']}/undo", {}, created["host_token"])
    assert code == 409 and "die was rolled" in body["error"]
    shot(pg, "22-undo-refused")
    assert not pg.errors, pg.errors
    ctx.close()


ANNA_BEA = [{"name": "Anna"}, {"name": "Bea"}]


def test_a_decline_asks_first_and_end_turn_says_so(server, chromium):
    """RULES §15: a turn never ends on a click that does not say so. Putting a race In Decline
    (R-DEC-1) ends the turn: the page asks first, and Cancel changes nothing. Holding a single
    Region, ending the conquests leaves nothing to place (R-TROOP-3): the button says End turn."""
    created = post_game(server, {"seats": ANNA_BEA, "seed": 5})
    P = _to_conquest(server, created)
    P = _act(server, created, _quiet_targets(P)[0]["text"])
    ctx, pg = _page(chromium)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#turn.acting")
    end = pg.locator("#turn button.act[data-action='end']")
    pg.click("#curtain-ok")  # two people share the screen
    assert end.inner_text() == "End turn"
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")):
        end.click()  # said on the button: no sheet
    pg.wait_for_function("() => window.__sw.P.actor === 1")
    # Bea plays her first turn, then Anna must choose: expand or decline
    for _ in range(200):
        P = _state(server, created)
        if P["view"]["phase"] == "decide" and P["actor"] == 0:
            break
        P = _act(server, created, P["legal"][0]["text"])
    else:
        pytest.fail("Anna's second turn not reached")
    pg.reload()
    pg.wait_for_selector("body[data-phase='decide'] #turn.acting")
    pg.click("#curtain-ok")
    posts = len(pg.posts)
    pg.click("#turn button.act[data-action='decline']")
    pg.wait_for_selector("#confirm:not([hidden])")
    assert "ends your turn" in pg.inner_text("#confirm")
    assert "Decline" in pg.inner_text("#confirm-ok")
    shot(pg, "23-decline-asks")
    pg.click("#confirm-cancel")
    assert len(pg.posts) == posts  # nothing sent
    assert pg.evaluate("() => window.__sw.P.view.phase") == "decide"
    pg.click("#turn button.act[data-action='decline']")
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")) as resp:
        pg.click("#confirm-ok")
    assert resp.value.status == 200
    pg.wait_for_function("() => window.__sw.P.actor === 1")
    assert pg.evaluate("() => window.__sw.P.view.players[0].decline") is not None
    assert not pg.errors, pg.errors
    ctx.close()


def test_on_a_phone_a_tap_previews_and_a_second_tap_confirms(server, chromium):
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    ctx, pg = _page(chromium, 390, 844, touch=True)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector(".combo.pickable")
    pg.locator(".combo.pickable").first.tap()  # scrolls it into view; retries if redrawn
    pg.wait_for_selector("#confirm:not([hidden])")
    assert "tokens" in pg.inner_text("#confirm") and not pg.posts  # shown, not picked
    shot(pg, "23-phone-pick-preview")
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")):
        pg.locator("#confirm-ok").tap()
    pg.wait_for_function("() => document.body.dataset.phase === 'conquer'")
    P = _state(server, created)
    target = _quiet_targets(P)[0]["region"]
    spot = region_spot(pg, target)
    spot.scroll_into_view_if_needed()
    n = len(pg.posts)
    pg.touchscreen.tap(*_center(spot))
    pg.wait_for_selector("#confirm:not([hidden]) .tip-cost")
    text = pg.inner_text("#confirm")
    assert "Cost" in text and "Conquer for" in text
    assert len(pg.posts) == n  # a tap only shows the cost
    shot(pg, "24-phone-conquer-preview")
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")):
        pg.touchscreen.tap(*_center(region_spot(pg, target)))  # the second tap conquers
    assert _owner(pg, target) == 0 or pg.wait_for_function(
        f"() => window.__sw.P.view.regions.find((x) => x.id === {target!r}).player === 0")
    assert not pg.errors, pg.errors
    ctx.close()


@pytest.mark.parametrize("touch", [True, False], ids=["phone", "desktop"])
def test_tips_say_tap_on_a_touch_screen_and_hover_or_click_with_a_mouse(server, chromium, touch):
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    ctx = chromium.new_context(viewport={"width": 390, "height": 844} if touch else None,
                               has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#tips:not([hidden])")
    seen = [pg.inner_text("#tips")]
    pg.click("#tip-ok")  # the next tip: picking a combo
    pg.wait_for_function("() => document.getElementById('tips').dataset.tipKey !== 'welcome'")
    seen.append(pg.inner_text("#tips"))
    text = " ".join(seen)
    if touch:
        assert "Tap anything on the table" in text
        assert not re.search(r"\b(hover|click)", text, re.IGNORECASE), text
        # and the turn panel, once a combo is picked, speaks of taps too
        pg.click("#tips button.ghost")  # no more tips
        pg.locator(".combo.pickable").first.tap()
        pg.locator("#confirm-ok").tap()
        pg.wait_for_function("() => document.body.dataset.phase === 'conquer'")
        turn = pg.inner_text("#turn")
        assert "Tap a green Region to see its cost, tap it again to conquer it" in turn, turn
        assert not re.search(r"\b(hover|click)", turn, re.IGNORECASE), turn
    else:
        assert "Hover anything on the table" in text
    ctx.close()


HEADER_PARTS = ".topbar .brand, .topbar .rounds, .topbar .turn-banner, .topbar .tools > *"


@pytest.mark.parametrize("w,h,touch", SIZES, ids=[f"{w}x{h}" for w, h, _ in SIZES])
def test_layout_fits_each_size_with_five_players(server, chromium, w, h, touch):
    created = post_game(server, {"seats": FIVE, "seed": 7})
    ctx, pg = _page(chromium, w, h, touch)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#turn.acting")
    shot(pg, f"30-layout-{w}x{h}")
    width = pg.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide on a {width[1]} px screen"
    boxes = pg.evaluate(f"""() => [...document.querySelectorAll({HEADER_PARTS!r})]
        .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().width > 0)
        .map((e) => {{ const r = e.getBoundingClientRect(); return [e.className || e.id, r.left, r.top, r.right, r.bottom]; }})""")
    for i, a in enumerate(boxes):
        assert a[3] <= w + 0.5, f"{a[0]} sticks out of the screen"
        for b in boxes[i + 1:]:
            overlap = min(a[3], b[3]) - max(a[1], b[1]) > 1 and min(a[4], b[4]) - max(a[2], b[2]) > 1
            assert not overlap, f"{a[0]} overlaps {b[0]} at {w}x{h}"
    # the header does not cover the table, and no column is wider than its box
    top = pg.evaluate("() => [document.querySelector('.topbar').getBoundingClientRect().bottom, document.querySelector('main.table').getBoundingClientRect().top]")
    assert top[0] <= top[1] + 0.5
    over = pg.evaluate("""() => [...document.querySelectorAll('.right, .left, .players, .turn-panel, .player')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.className)""")
    assert not over, f"wider than their column: {over}"
    ctx.close()


def test_your_turn_and_no_null_in_a_whole_game(chromium, tmp_path):
    """Bots take their time (as on a real server), so every opponent turn shows its waiting
    panel; the page never shows null/undefined/NaN and the viewer's turn is "Your turn"."""
    url, srv, th = start_server(tmp_path / "slow.sqlite3", bot_delay=0.1)
    try:
        created = post_game(url, {"seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}], "seed": 31})
        ctx, pg = _page(chromium, 1280, 720)
        pg.add_init_script("""
            window.__bad = [];
            const scan = () => {
              const t = document.body ? document.body.innerText : "";
              const m = /\\b(null|undefined|NaN)\\b/.exec(t + " " + document.title);
              if (m) window.__bad.push(t.slice(Math.max(0, m.index - 60), m.index + 20));
            };
            new MutationObserver(scan).observe(document, {childList: true, subtree: true, characterData: true});
        """)
        pg.goto(url + created["seats"][0]["link"])
        pg.wait_for_selector("#turn.acting")
        assert pg.inner_text("#turn-banner").startswith("Your turn")
        from tests.web.browser_kit import play_one_step, results_up, wait_ready

        seen: set[str] = set()
        waiting_seen = False
        for _ in range(900):
            if results_up(pg):
                break
            play_one_step(pg, seen, shots=False)
            waiting = pg.evaluate("() => { const t = document.querySelector('#turn.waiting h2'); return t && t.innerText; }")
            if waiting:
                waiting_seen = True
                assert "Bob" in waiting, waiting
            wait_ready(pg, timeout=60_000)
            if pg.locator("body.my-turn").count():
                assert pg.inner_text("#turn-banner").startswith("Your turn")
        assert results_up(pg)
        assert waiting_seen
        bad = pg.evaluate("() => window.__bad")
        assert not bad, "\n---\n".join(bad[:6])
        text = pg.evaluate("() => document.body.innerText")
        assert "You's" not in text and "You picks" not in text
        assert not pg.errors, pg.errors
        ctx.close()
    finally:
        srv.should_exit = True
        th.join(timeout=10)


def test_the_hotseat_curtain_leaves_the_public_board_in_view(server, chromium):
    """Pass the screen (R-SCORE-4: coins are secret): only the coins, private lines and controls
    of the seat to play are veiled; the board stays in view behind a light veil."""
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bob"}], "seed": 4})
    ctx, pg = _page(chromium, 1280, 720)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#curtain:not([hidden])")
    alpha = pg.evaluate("() => getComputedStyle(document.getElementById('curtain')).backgroundColor")
    assert alpha.startswith("rgba(") and float(alpha.rstrip(")").split(",")[3]) < 0.6, alpha
    assert pg.evaluate("() => getComputedStyle(document.querySelector('.player[data-seat=\"0\"] .vc')).visibility") == "hidden"
    assert pg.locator("svg.sw-table").is_visible()
    shot(pg, "25-curtain-public-board")
    pg.click("#curtain-ok")
    assert pg.evaluate("() => getComputedStyle(document.querySelector('.player[data-seat=\"0\"] .vc')).visibility") == "visible"
    ctx.close()


def test_the_wheel_zooms_the_board_around_the_pointer(server, chromium):
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    ctx, pg = _page(chromium, 1280, 720)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("svg.sw-table")
    box = pg.locator("#board").bounding_box()
    pg.mouse.move(box["x"] + box["width"] * 0.7, box["y"] + box["height"] * 0.6)
    width0 = pg.evaluate("() => document.querySelector('svg.sw-table').getBoundingClientRect().width")
    pg.mouse.wheel(0, -400)
    pg.wait_for_function(f"() => document.querySelector('svg.sw-table').getBoundingClientRect().width > {width0} * 1.5")
    scroll = pg.evaluate("() => [document.getElementById('board').scrollLeft, document.getElementById('board').scrollTop]")
    assert scroll[0] > 0 and scroll[1] > 0  # zoomed towards the pointer, not the corner
    pg.click("#zoom-fit")
    assert abs(pg.evaluate("() => document.querySelector('svg.sw-table').getBoundingClientRect().width") - width0) < 2
    ctx.close()


def test_a_pinch_zooms_the_board_on_a_phone(server, chromium):
    """Two fingers spread on the board zoom it (the board, not the page: touch-action lets the
    page pan but leaves the pinch to the board)."""
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    ctx, pg = _page(chromium, 390, 844, touch=True)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("svg.sw-table")
    box = pg.locator("#board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    width0 = pg.evaluate("() => document.querySelector('svg.sw-table').getBoundingClientRect().width")
    cdp = ctx.new_cdp_session(pg)

    def touch(kind, d):
        points = [] if kind == "touchEnd" else [{"x": cx - d, "y": cy, "id": 1}, {"x": cx + d, "y": cy, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 30)
    for d in range(40, 121, 10):
        touch("touchMove", d)
    touch("touchEnd", 0)
    pg.wait_for_function(f"() => document.querySelector('svg.sw-table').getBoundingClientRect().width > {width0} * 2")
    assert pg.evaluate("() => window.visualViewport.scale") == 1  # the page itself did not zoom
    assert not pg.errors, pg.errors
    ctx.close()
