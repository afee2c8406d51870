"""Region icons stay legible on a five-player table (issue 35 point 16): at 1440x900 they were
drawn 9 px wide and on a 390x844 phone 4-5 px; each icon is now at least 14 px wide on the
desktop and 12 px on the phone, and zooming in never makes them smaller than drawn."""

from __future__ import annotations

import pytest

from tests.web.browser_kit import post_game, quiet_tips, require_browser, shot

require_browser()

FIVE = [{"name": "Anna"}] + [{"name": n, "kind": "bot", "bot": "random"} for n in ("Bob", "Cleo", "Dan", "Eve")]
#: the width on the screen of every Region icon (CSS px)
WIDTHS = """() => [...document.querySelectorAll('g[data-icons] use')]
    .map((u) => u.getBoundingClientRect().width).filter((w) => w > 0)"""


@pytest.mark.parametrize(("w", "h", "touch", "least"), [(1440, 900, False, 14), (390, 844, True, 12)],
                         ids=["desktop", "phone"])
def test_icons_on_a_five_player_table_are_legible(server, chromium, w, h, touch, least):
    created = post_game(server, {"seats": FIVE, "seed": 2})
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.goto(server + created["seats"][0]["link"])
    pg.wait_for_selector("#turn.acting")
    pg.wait_for_timeout(300)
    shot(pg, f"icons-5p-{w}x{h}")
    widths = pg.evaluate(WIDTHS)
    assert len(widths) > 30, widths
    assert min(widths) >= least - 0.05, f"icons {min(widths):.1f}-{max(widths):.1f} px wide at {w}x{h}"
    # zoomed in: as large as drawn at least, never shrunk
    before = pg.evaluate("() => document.querySelector('g[data-icons]').parentNode.getScreenCTM().a")
    pg.click("#zoom-in") if not touch else pg.locator("#zoom-in").tap()
    pg.wait_for_timeout(200)
    after = pg.evaluate("() => document.querySelector('g[data-icons]').parentNode.getScreenCTM().a")
    assert after > before
    assert min(pg.evaluate(WIDTHS)) >= least - 0.05
    ctx.close()
