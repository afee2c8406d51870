"""On a classic map every Region's name stays on the board, inside its wooden frame, with Names
on (before: names at the map's edge reached past the frame, the Italian "Acquitrino delle
Lanterne" and "Pinnacolo dei Gufi", the English "Owl Pinnacle" and "The Honey Sound" among
them), and names still do not overlap. Each classic map in Italian and English at desktop
1440x900, the five-player map on a 390x844 touch phone too. Screenshots
``test-artifacts/web/names-in-frame-*.png``."""

from __future__ import annotations

import pytest

from tests.web.browser_kit import open_page, post_game, require_browser, shot, wait_ready
from tests.web.test_browser_legibility import NAME_BOXES, _overlapping

require_browser()

PLAYERS = ["Anna", "Bruno", "Chen", "Dana", "Emil"]

#: the board's box (the union of its Regions' boxes, inside the frame) and every name's box
#: outside it: [name, how far out left, top, right, bottom] in CSS px
OUTSIDE = """() => {
  const out = [];
  for (const face of document.querySelectorAll('svg.sw-face')) {
    const rs = [...face.querySelectorAll('path.sw-region')].map((p) => p.getBoundingClientRect());
    const left = Math.min(...rs.map((r) => r.left)), right = Math.max(...rs.map((r) => r.right));
    const top = Math.min(...rs.map((r) => r.top)), bottom = Math.max(...rs.map((r) => r.bottom));
    for (const t of face.querySelectorAll('text.sw-name')) {
      const r = t.getBoundingClientRect();
      const by = [left - r.left, r.top < top ? top - r.top : 0, r.right - right, r.bottom - bottom].map((v) => Math.round(Math.max(0, v)));
      if (by.some((v) => v > 0)) out.push([t.getAttribute('aria-label') || t.textContent, ...by]);
    }
  }
  return out;
}"""

DESKTOP, PHONE = (1440, 900, False), (390, 844, True)
CASES = [(n, lang, *DESKTOP) for n in (5, 4, 3, 2) for lang in ("it", "en")]
CASES += [(5, lang, *PHONE) for lang in ("it", "en")]


@pytest.mark.parametrize(("players", "lang", "w", "h", "touch"), CASES)
def test_every_region_name_lies_inside_the_classic_board(server, chromium, players, lang, w, h, touch):
    created = post_game(server, {"seats": [{"name": n} for n in PLAYERS[:players]], "seed": 3, "edition": "classic"})
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(f"{server}{created['seats'][0]['link']}&lang={lang}")
    wait_ready(pg)
    pg.locator("#btn-names").tap() if touch else pg.click("#btn-names")
    pg.wait_for_selector("g.sw-names[data-placed] text.sw-name", state="visible")
    names = pg.evaluate(NAME_BOXES)
    assert len(names) == 1 and len(names[0]) >= 20, [len(f) for f in names]  # one map, all its names
    assert pg.evaluate(OUTSIDE) == []
    assert _overlapping(names) == []
    if (players, lang) in ((5, "it"), (5, "en")):
        pg.locator(".board-wrap").scroll_into_view_if_needed()
        shot(pg, f"names-in-frame-{players}p-{lang}-{w}x{h}")
    assert not pg.errors, pg.errors
    ctx.close()
