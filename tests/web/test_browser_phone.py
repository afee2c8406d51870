"""The phone (issue 35 point 5), 390x844 with touch: what the player must do next is on the first
screen, without scrolling, at each step of a turn (pick, conquer, redeploy, expand or decline):
the controls dock in a sheet at the bottom, under the thumb, and the board stays in view above
it while tokens are placed (a tap on a Region adds one, the sheet's − takes one back). The words
match the layout ("the column on the left" is a row on a phone). Everything is done by taps.
Screenshots in ``test-artifacts/web/phone-*.png``."""

from __future__ import annotations

from tests.web.browser_kit import post_game, quiet_tips, require_browser, shot

require_browser()

W, H = 390, 844
ANNA_BOB = [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]

#: where an element is on the screen, and whether a finger there would touch it (nothing drawn
#: over its middle)
WHERE = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, scrollY: window.scrollY,
            touchable: !!top && (top === e || e.contains(top))}; }"""


def phone(chromium, tips=False):
    ctx = chromium.new_context(viewport={"width": W, "height": H}, has_touch=True, is_mobile=True)
    pg = ctx.new_page()
    if not tips:
        quiet_tips(pg)
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    return ctx, pg


def on_first_screen(pg, sel):
    """Assert the element is wholly on the screen at the page's top, and a tap there reaches it."""
    at = pg.evaluate(WHERE, sel)
    assert at, f"{sel} is not on the page"
    assert at["scrollY"] == 0, at
    assert at["top"] >= 0 and at["bottom"] <= H + 0.5 and at["left"] >= 0 and at["right"] <= W + 0.5, \
        f"{sel} is off the first screen: {at}"
    assert at["touchable"], f"{sel} is covered: {at}"


def board_in_view(pg, least=240):
    """Rows of the board between the top bar and the sheet (CSS px)."""
    seen = pg.evaluate("""() => { const b = document.querySelector('.board-wrap').getBoundingClientRect();
        const dock = document.getElementById('dock'); const foot = dock ? dock.getBoundingClientRect().top : innerHeight;
        return Math.min(b.bottom, foot, innerHeight) - Math.max(b.top, 0); }""")
    assert seen >= least, f"only {seen} px of the board is in view"


def tap(pg, sel):
    pg.locator(sel).first.tap()


def tap_region(pg, rid):
    """A finger on a Region's drawn spot (its token disc or target ring, else its shape)."""
    group = pg.locator(f'g.piece-group[data-region="{rid}"]')
    spot = None
    for s in (".disc", ".target-ring", ".chip", ".item"):
        if group.locator(s).count():
            spot = group.locator(s).first
            break
    spot = spot or pg.locator(f'path.sw-region[id="{rid}"]')
    box = spot.bounding_box()
    pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def hold_region(pg, rid, ms=700):
    """A finger held still on a Region's spot for ``ms`` (a long press), through the browser's
    touch events."""
    group = pg.locator(f'g.piece-group[data-region="{rid}"] .disc').first
    box = group.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = pg.context.new_cdp_session(pg)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    pg.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def posted(pg, fn):
    with pg.expect_response(lambda r: r.request.method == "POST" and "/api/games/" in r.url, timeout=20_000) as r:
        fn()
    return r.value


def ready(pg, phase):
    pg.wait_for_function("(p) => document.body.dataset.phase === p && document.body.classList.contains('my-turn')"
                         " && !document.body.classList.contains('busy')", arg=phase, timeout=20_000)


def test_the_next_move_is_on_the_first_screen_at_each_step(server, chromium):
    created = post_game(server, {"seats": ANNA_BOB, "seed": 2})
    ctx, pg = phone(chromium)
    pg.goto(server + created["seats"][0]["link"])
    ready(pg, "pick")
    shot(pg, "phone-pick-390x844")
    # pick: the combos to choose from, and words that say where they are
    on_first_screen(pg, ".combo.pickable")
    words = pg.inner_text("#turn")
    assert "column on the left" not in words and "row below" in words, words
    tap(pg, ".combo.pickable")
    pg.wait_for_selector("#confirm:not([hidden])")
    posted(pg, lambda: tap(pg, "#confirm-ok"))
    ready(pg, "conquer")
    shot(pg, "phone-conquer-390x844")
    # conquer: the button that ends the conquests and the list of Regions within reach
    on_first_screen(pg, "#turn .buttons button.act")
    on_first_screen(pg, "#turn .target-list .target")
    board_in_view(pg)
    for _ in range(2):  # two Regions, so the tokens left have somewhere to choose from
        rid = pg.evaluate("() => document.querySelector('path.sw-region[data-mark=conquer]').id")
        tap_region(pg, rid)  # a tap shows the cost, the sheet's button conquers
        pg.wait_for_selector("#confirm:not([hidden])")
        on_first_screen(pg, "#confirm-ok")
        posted(pg, lambda: tap(pg, "#confirm-ok"))
        ready(pg, "conquer")
    # end the conquests with tokens in hand: the redeployment
    tap(pg, "#turn .buttons button.act[data-action='end']")
    if pg.locator("#confirm:not([hidden])").count():
        tap(pg, "#confirm-ok")
    pg.wait_for_selector("#btn-end-turn")
    shot(pg, "phone-redeploy-390x844")
    on_first_screen(pg, "#btn-end-turn")
    on_first_screen(pg, ".place-row button[data-plan^='-']")
    board_in_view(pg)
    # a tap on a Region adds a token there, the board still in view; the sheet's − takes it back
    place = pg.evaluate("() => document.querySelector('path.sw-region[data-mark=place]').id")
    left = lambda: int(pg.inner_text("#turn h2 .hand").split()[0])
    before = left()
    tap_region(pg, place)
    pg.wait_for_function("(n) => parseInt(document.querySelector('#turn h2 .hand').textContent) === n - 1", arg=before)
    board_in_view(pg)
    on_first_screen(pg, f".place-row[data-region='{place}'] button[data-plan='-{place}']")
    tap(pg, f"button[data-plan='-{place}']")
    assert left() == before
    # or, without leaving the board, holding the Region takes the token back
    tap_region(pg, place)
    pg.wait_for_function("(n) => parseInt(document.querySelector('#turn h2 .hand').textContent) === n - 1", arg=before)
    hold_region(pg, place)
    pg.wait_for_timeout(300)
    assert left() == before, "a long press should take the token back (and its click add none)"
    assert "hold one to take a token back" in pg.inner_text("#turn")
    while left():
        tap_region(pg, place)
        pg.wait_for_timeout(30)
    on_first_screen(pg, "#btn-end-turn")
    posted(pg, lambda: tap(pg, "#btn-end-turn"))
    # Bob (a bot) plays; Anna's next turn opens on expand or decline
    ready(pg, "decide")
    shot(pg, "phone-decide-390x844")
    on_first_screen(pg, "#turn button.act[data-action='decline']")
    on_first_screen(pg, "#turn button.act[data-action='expand']")
    tap(pg, "#turn button.act[data-action='decline']")
    pg.wait_for_selector("#confirm:not([hidden])")
    shot(pg, "phone-decline-sheet-390x844")
    on_first_screen(pg, "#confirm-ok")
    on_first_screen(pg, "#confirm-cancel")
    assert not pg.errors, pg.errors
    ctx.close()


def finger(pg, sel):
    """A tap at the element's middle where it is on the screen now (nothing scrolled for it:
    what the player must press is on the first screen), checked to be on the screen."""
    at = pg.evaluate(WHERE, sel)
    assert at, f"{sel} is not on the page"
    assert at["top"] >= 0 and at["bottom"] <= H + 0.5 and at["touchable"], f"{sel} is out of reach: {at}"
    pg.touchscreen.tap((at["left"] + at["right"]) / 2, (at["top"] + at["bottom"]) / 2)


def answer_sheet(pg):
    """A sheet asking something (a pick, a conquest's cost, a decline): its button."""
    pg.wait_for_timeout(120)  # a sheet opens at once on the tap, or not at all
    if pg.locator("#confirm:not([hidden]) #confirm-ok, #menu:not([hidden]) button[data-action]").count() == 0:
        return
    if pg.locator("#confirm:not([hidden]) #confirm-ok").count():
        finger(pg, "#confirm-ok")
    else:
        finger(pg, "#menu:not([hidden]) button[data-action]")


def settled(pg):
    pg.wait_for_function("""() => (!!document.querySelector('#modal:not([hidden]) .results'))
        || (document.body.classList.contains('my-turn') && !document.body.classList.contains('busy'))""",
                         timeout=30_000)


def test_a_whole_classic_game_by_touch_alone(server, chromium):
    """Issue 35 point 6: a whole game (classic, two players: Anna against a bot) played to its
    results on a 390x844 phone by taps alone, each tap on the first screen, never scrolled."""
    created = post_game(server, {"edition": "classic", "seed": 11,
                                 "seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]})
    ctx, pg = phone(chromium)
    pg.goto(server + created["seats"][0]["link"])
    turns, conquests = set(), 0
    for _ in range(400):
        settled(pg)
        if pg.locator("#modal:not([hidden]) .results").count():
            break
        assert pg.evaluate("() => window.scrollY") == 0
        phase = pg.evaluate("() => document.body.dataset.phase")
        turns.add(pg.evaluate("() => window.__sw.P.view.round"))
        if phase == "pick":
            finger(pg, ".combo.pickable")
            answer_sheet(pg)
        elif phase == "decide":
            # decline once, in round 4, to play that too
            finger(pg, "#turn button.act[data-action='%s']" % ("decline" if pg.evaluate(
                "() => window.__sw.P.view.round") == 4 else "expand"))
            answer_sheet(pg)
        elif phase == "conquer":
            rid = pg.evaluate("() => { const p = document.querySelector('path.sw-region[data-mark=conquer]'); return p && p.id; }")
            if rid and conquests < 3:
                pg.locator(f'path.sw-region[id="{rid}"]').wait_for(state="attached")
                tap_region(pg, rid)
                answer_sheet(pg)
                conquests += 1
            else:
                finger(pg, "#turn .buttons button.act[data-action='end']")
                answer_sheet(pg)
                conquests = 0
        elif pg.locator("#btn-end-turn").count():
            while pg.locator("#btn-end-turn:disabled").count():
                place = pg.evaluate("() => document.querySelector('path.sw-region[data-mark=place]').id")
                tap_region(pg, place)
                pg.wait_for_timeout(20)
            finger(pg, "#btn-end-turn")
            conquests = 0
        else:  # an ability's choice, or a step with buttons only
            if pg.locator("#turn button.act").count():
                finger(pg, "#turn button.act")
            else:
                tap_region(pg, pg.evaluate("() => window.__sw.P.legal.find((a) => a.region).region"))
            answer_sheet(pg)
        pg.wait_for_timeout(50)
    assert pg.locator("#modal:not([hidden]) .results").count(), "the game did not end"
    shot(pg, "phone-results-390x844")
    assert pg.evaluate("() => window.__sw.P.over") is True
    assert max(turns) == pg.evaluate("() => window.__sw.P.view.rounds")
    assert not pg.errors, pg.errors
    ctx.close()


def test_the_amazons_choice_is_on_the_first_screen(server, chromium):
    """A decision panel (classic: which Amazon tokens leave the map, C-R-AMAZONS-2) docks with
    the other controls: its question is on the first screen, the board in view above it."""
    from tests.web.test_browser_classic import _amazons_at_their_choice

    created = _amazons_at_their_choice(server)
    ctx, pg = phone(chromium)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#curtain-ok")
    pg.locator("#curtain-ok").tap()
    pg.wait_for_selector("#turn.acting")
    shot(pg, "phone-amazons-choice-390x844")
    assert "Take 4 more Amazon tokens off the map" in pg.inner_text("#turn")
    on_first_screen(pg, "#turn p.asks")
    board_in_view(pg)
    assert not pg.errors, pg.errors
    ctx.close()
