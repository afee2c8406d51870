"""Rematch in the browser (issue 35 point 10): Bruno, on a 390x844 touch phone, taps "Play again"
on the results of a finished game and lands on his seat of the new game; Anna's results, open on
a 1440x900 desktop, then offer her own link to it, which opens her new seat (seats rotated)."""

from __future__ import annotations

import json
import urllib.request

from tests.web.browser_kit import open_page, require_browser, shot
from tests.web.conftest import finished_record

require_browser()


def test_play_again_from_the_results_moves_both_seat_links(server, chromium):
    req = urllib.request.Request(server + "/api/games/import", headers={"Content-Type": "application/json"},
                                 data=json.dumps({"record": finished_record(players=3), "bots": {"2": "random"}}).encode())
    old = json.load(urllib.request.urlopen(req))
    bruno_ctx, bruno = open_page(chromium, 390, 844, True)
    anna_ctx, anna = open_page(chromium, 1440, 900, False)
    anna.goto(server + old["seats"][0]["link"])
    bruno.goto(server + old["seats"][1]["link"])
    for pg in (anna, bruno):
        pg.wait_for_selector("#modal:not([hidden]) .results #btn-rematch")
    assert anna.inner_text("#btn-rematch") == "Play again"
    shot(bruno, "rematch-results-390x844")
    box = bruno.locator("#btn-rematch").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    assert box["y"] + box["height"] <= 844, box  # on the results' first screen
    bruno.locator("#btn-rematch").tap()
    bruno.wait_for_url(lambda u: old["id"] not in u and "seat=0" in u, timeout=20_000)
    bruno.wait_for_selector("#turn h2")
    assert bruno.evaluate("() => window.__sw.P.game.seats.map((s) => s.name)") == ["Bruno", "Chen", "Anna"]
    assert bruno.evaluate("() => window.__sw.P.perspective") == 0
    # Anna's results learn of it and lead her to her seat of the new game
    anna.wait_for_selector("#btn-rematch[data-started='1']", timeout=15_000)
    shot(anna, "rematch-started-1440x900")
    anna.click("#btn-rematch")
    anna.wait_for_url(lambda u: old["id"] not in u and "seat=2" in u, timeout=20_000)
    anna.wait_for_selector("#turn h2")
    assert anna.evaluate("() => window.__sw.P.perspective") == 2
    new_id = bruno.evaluate("() => window.__sw.gameId")
    assert anna.evaluate("() => window.__sw.gameId") == new_id
    assert not bruno.errors and not anna.errors, (bruno.errors, anna.errors)
    bruno_ctx.close()
    anna_ctx.close()
