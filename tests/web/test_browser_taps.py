"""Every tap target on a phone is at least 44x44 CSS px (issue 35 point 4): each visible button,
link button, select, input and checkbox (or its label) on the lobby, the game page (pick,
conquest, redeployment), the results and the replay at 390x844 with touch. Screenshots in
``test-artifacts/web/taps-*.png``."""

from __future__ import annotations

from tests.web.browser_kit import play_one_step, post_game, quiet_tips, require_browser, shot, wait_ready

require_browser()

MIN = 44
#: what a finger presses: buttons, inputs, selects, link buttons; a checkbox counts with its label
MEASURE = """(min) => {
    const small = [];
    const seen = new Set();
    const visible = (e) => { const r = e.getBoundingClientRect(); const st = getComputedStyle(e);
        return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none' && e.offsetParent !== null; };
    for (const e of document.querySelectorAll('button, a.button, select, input, summary, [role=button]')) {
        if (!visible(e) || e.closest('[hidden]') || e.disabled && e.tagName === 'INPUT' && e.type === 'hidden') continue;
        let box = e;
        if (e.tagName === 'INPUT' && (e.type === 'checkbox' || e.type === 'radio')) box = e.closest('label') || e;
        if (e.tagName === 'INPUT' && e.type === 'range') continue;  // a slider: its track is the target
        if (seen.has(box)) continue;
        seen.add(box);
        const r = box.getBoundingClientRect();
        if (r.width < min - 0.5 || r.height < min - 0.5)
            small.push([(e.id ? '#' + e.id + ' ' : '') + (e.className || e.tagName) + ' ' + (e.textContent || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30), Math.round(r.width), Math.round(r.height)]);
    }
    return small;
}"""


def _phone(chromium):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    pg = ctx.new_page()
    quiet_tips(pg)
    return ctx, pg


def _small(pg):
    return pg.evaluate(MEASURE, MIN)


def test_lobby_targets(server, chromium):
    post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}], "seed": 2})
    ctx, pg = _phone(chromium)
    pg.goto(server + "/")
    pg.wait_for_selector("#seats .seat")
    pg.wait_for_selector("#games .game-row")
    shot(pg, "taps-lobby-390x844")
    pg.locator("#games .game-row").first.scroll_into_view_if_needed()
    shot(pg, "taps-lobby-games-390x844")
    assert not _small(pg), _small(pg)
    # Delete stands apart from Export (the last of the other buttons)
    gap = pg.evaluate("""() => { const row = document.querySelector('#games .game-row .game-actions');
        const del = row.querySelector('.danger').getBoundingClientRect();
        const others = [...row.querySelectorAll('a.button')].map((a) => a.getBoundingClientRect());
        const last = others[others.length - 1];
        return del.top > last.bottom - 1 ? 99 : del.left - last.right; }""")
    assert gap >= 24, gap
    ctx.close()


def test_game_page_targets(server, chromium):
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}], "seed": 2})
    ctx, pg = _phone(chromium)
    pg.goto(server + created["seats"][0]["link"])
    pg.wait_for_selector("#turn.acting")
    shot(pg, "taps-pick-390x844")
    small = _small(pg)
    # then a conquest phase
    pg.locator(".combo.pickable").first.click()
    pg.click("#confirm-ok")
    pg.wait_for_function("() => document.body.dataset.phase === 'conquer'")
    wait_ready(pg)
    shot(pg, "taps-conquer-390x844")
    small += _small(pg)
    # a conquest (Undo appears), then the redeployment's + and − (play_one_step: the page's own
    # controls)
    seen: set[str] = set()
    while "redeploy" not in seen:
        play_one_step(pg, seen, shots=False) if pg.evaluate("() => document.body.dataset.phase") != "redeploy" else None
        wait_ready(pg)
        if pg.locator("#btn-undo").count():
            small += _small(pg)
        if pg.evaluate("() => document.body.dataset.phase") == "redeploy" and pg.locator(".place-row button").count():
            shot(pg, "taps-redeploy-390x844")
            small += _small(pg)
            break
    assert not small, small
    ctx.close()


def test_results_and_replay_targets(server, chromium):
    from tests.web.conftest import finished_record
    from tests.web.test_browser_replay import _import

    created = _import(server, finished_record(seed=9))
    ctx, pg = _phone(chromium)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#modal .results")
    shot(pg, "taps-results-390x844")
    small = _small(pg)
    pg.goto(f"{server}/replay/{created['id']}?token={created['host_token']}")
    pg.wait_for_function("() => /Round 1 of/.test(document.getElementById('rp-where').textContent)")
    shot(pg, "taps-replay-390x844")
    small += _small(pg)
    assert not small, small
    ctx.close()
