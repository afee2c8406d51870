"""Replays and results in headless Chromium: a saved game (imported record) stepped through move
by move with buttons and keys, jumping to a round (web/replayview.py: spectator views only,
RULES §15); the results screen's chart of coins per round and their sources (R-SCORE-*)."""

from __future__ import annotations

import json
import urllib.request

from tests.web.browser_kit import quiet_tips, require_browser, shot
from tests.web.conftest import finished_record

require_browser()


def _import(server, record):
    req = urllib.request.Request(server + "/api/games/import", data=json.dumps({"record": record}).encode(),
                                 headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))


def test_a_saved_game_is_replayed_move_by_move(server, chromium):
    record = finished_record()
    created = _import(server, record)
    ctx = chromium.new_context(viewport={"width": 1280, "height": 720})
    pg = ctx.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(f"{server}/replay/{created['id']}?token={created['host_token']}")
    pg.wait_for_function("() => /Round 1 of/.test(document.getElementById('rp-where').textContent)")
    where = lambda: pg.inner_text("#rp-where")
    at = lambda: pg.evaluate("() => Number(document.getElementById('rp-slider').value)")
    start = at()
    assert where().startswith("Move ")
    # one move forward with the button: the position and the chronicle move on
    with pg.expect_response(lambda r: "/replay?" in r.url):
        pg.click("#rp-next")
    pg.wait_for_function(f"() => Number(document.getElementById('rp-slider').value) > {start}")
    one = at()
    assert pg.locator("#log li.now").count() >= 1
    # the keyboard: right, right, left
    for key in ("ArrowRight", "ArrowRight"):
        with pg.expect_response(lambda r: "/replay?" in r.url):
            pg.keyboard.press(key)
    pg.wait_for_function(f"() => Number(document.getElementById('rp-slider').value) > {one}")
    three = at()
    with pg.expect_response(lambda r: "/replay?" in r.url):
        pg.keyboard.press("ArrowLeft")
    pg.wait_for_function(f"() => Number(document.getElementById('rp-slider').value) < {three}")
    # jump to round 3: the banner, the round track and the board are those of round 3
    with pg.expect_response(lambda r: "/replay?" in r.url):
        pg.click("#rp-rounds button[data-round='3']")
    pg.wait_for_function("() => /Round 3 of/.test(document.getElementById('rp-where').textContent)")
    assert pg.evaluate("() => window.__sw.P.view.round") == 3
    tokens = pg.evaluate("() => window.__sw.P.view.regions.filter((r) => r.player !== null && r.occupant !== 'murlocs').length")
    assert tokens > 0 and pg.locator("g.token.active").count() > 0
    shot(pg, "40-replay-round-3")
    # the end: game over, every line of the chronicle there
    with pg.expect_response(lambda r: "/replay?" in r.url):
        pg.keyboard.press("End")
    pg.wait_for_function("() => document.getElementById('turn-banner').innerText.includes('Game over')")
    assert "Game over" in pg.inner_text("#log")
    assert pg.locator("#rp-next").is_disabled()
    assert not errors, errors
    ctx.close()


def test_the_results_show_coins_per_round_and_their_sources(server, chromium):
    record = finished_record(seed=9)
    created = _import(server, record)
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#modal .results")
    chart = pg.locator("#results-chart svg polyline")
    assert chart.count() == 3
    rounds = pg.evaluate("() => window.__sw.P.view.rounds")
    assert pg.locator("#results-chart svg circle").count() == 3 * rounds  # a point per round each
    # each player's row adds up to its final coins (issue 35 point 13): the 5 it started with,
    # its scorings, combos taken and paid for, tolls; the chart's last point is those coins too
    rows = pg.eval_on_selector_all("#sources-table tbody tr", "trs => trs.map((tr) => [tr.querySelector('th').textContent, ...[...tr.querySelectorAll('td.num')].map((td) => Number(td.textContent))])")
    names = [r[0] for r in rows]
    assert names[0] == "Start" and "Regions" in names and "Paid for combos" in names and names[-1] == "Coins at the end"
    P = json.load(urllib.request.urlopen(f"{server}/api/games/{created['id']}/state?token={created['host_token']}"))
    final = P["view"]["result"]["scores"] if P["view"].get("result") else [p["vc"] for p in P["view"]["players"]]
    columns = [[r[1 + q] for r in rows] for q in range(3)]
    assert [sum(c[:-1]) for c in columns] == [c[-1] for c in columns] == final, (rows, final)
    lasts = pg.eval_on_selector_all("#results-chart svg polyline", "ps => ps.map((p) => Number(p.dataset.last))")
    assert lasts == final, (lasts, final)
    assert pg.locator("#results-replay").get_attribute("href").startswith(f"/replay/{created['id']}")
    shot(pg, "41-results-chart")
    ctx.close()
    # on a phone the table of sources fits the screen's width (a row per source, a column per player)
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#modal .results #sources-table")
    pg.locator("#sources-table").scroll_into_view_if_needed()
    fits = pg.evaluate("() => { const t = document.getElementById('sources-table'); return t.scrollWidth <= t.parentElement.clientWidth + 1; }")
    shot(pg, "41-results-sources-390x844")
    assert fits
    ctx.close()
