"""What the board shows stays readable (headless Chromium): with Names on, no Region's name
overlaps another's, on a desktop and on a phone; on a phone the pieces key is one row that
scrolls sideways instead of a block hiding an island."""

from __future__ import annotations

import pytest

from tests.web.browser_kit import require_browser, shot
from tests.web.test_browser_table import _open_position

require_browser()

# every Region name's box on the screen, face by face: [name, left, top, right, bottom]
NAME_BOXES = """() => [...document.querySelectorAll('g.sw-names')].map((g) =>
  [...g.querySelectorAll('text.sw-name')].map((t) => {
    const r = t.getBoundingClientRect();
    return [t.getAttribute('aria-label') || t.textContent, r.left, r.top, r.right, r.bottom];
  }))"""


def _overlapping(faces):
    pairs = []
    for names in faces:
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if min(a[3], b[3]) - max(a[1], b[1]) > 0.5 and min(a[4], b[4]) - max(a[2], b[2]) > 0.5:
                    pairs.append((a[0], b[0]))
    return pairs


@pytest.mark.parametrize(("w", "h", "touch"), [(1440, 900, False), (390, 844, True)])
def test_region_names_do_not_overlap(server, chromium, w, h, touch):
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    _open_position(server, pg)
    pg.click("#btn-names")
    pg.wait_for_selector("g.sw-names text.sw-name", state="visible")
    faces = pg.evaluate(NAME_BOXES)
    assert [len(f) >= 8 for f in faces] == [True] * 3, [len(f) for f in faces]  # the three islands
    assert _overlapping(faces) == []
    # a name set on two lines still reads as the whole name, and stays near its Region
    wrapped = pg.locator("text.sw-name[aria-label]")
    assert wrapped.count() >= 1
    assert wrapped.first.locator("tspan").count() == 2
    shot(pg, f"13-names-{w}")
    # face-up item labels would sit on the names: hidden while the names show, back after
    labels = pg.locator("text.item-label")
    assert labels.count() >= 2 and not labels.first.is_visible()
    # shown again after hiding: laid out once, unchanged
    pg.click("#btn-names")
    assert labels.first.is_visible()
    pg.click("#btn-names")
    assert _overlapping(pg.evaluate(NAME_BOXES)) == []
    ctx.close()


def test_on_a_phone_the_pieces_key_is_one_row(server, chromium):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    pg = ctx.new_page()
    _open_position(server, pg)  # eight kinds of pieces and items on the table
    key = pg.locator("#key")
    assert key.locator(".key-item").count() >= 8
    box, board = key.bounding_box(), pg.locator(".board-wrap").bounding_box()
    assert box["height"] <= 40, box  # one row, not a block over the islands
    assert box["x"] >= board["x"] and box["x"] + box["width"] <= board["x"] + board["width"]
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    # the last entries are reached by scrolling the key sideways
    assert pg.evaluate("(() => { const k = document.getElementById('key'); return k.scrollWidth > k.clientWidth; })()")
    shot(pg, "14-key-phone")
    ctx.close()


@pytest.mark.parametrize(("w", "h", "touch"), [(1440, 900, False), (390, 844, True)])
def test_no_island_is_under_the_key_or_the_legend(server, chromium, w, h, touch):
    """The fitted board keeps every island above what lies over its bottom (the pieces key and,
    while conquering, the colour legend), once the key has appeared."""
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    _open_position(server, pg)  # Anna conquers: the legend shows
    pg.wait_for_selector("#legend", state="visible")
    rows_top = min(pg.locator(sel).bounding_box()["y"] for sel in ("#key", "#legend"))
    faces = pg.locator("svg.sw-face")
    assert faces.count() == 3
    bottoms = [faces.nth(i).bounding_box() for i in range(3)]
    assert max(b["y"] + b["height"] for b in bottoms) <= rows_top + 1, (bottoms, rows_top)
    board = pg.locator(".board-wrap").bounding_box()
    assert min(b["y"] for b in bottoms) >= board["y"] - 1
    shot(pg, f"15-board-clear-{w}")
    ctx.close()


def test_player_cards_say_in_decline_and_the_bot_level_in_words(server, page_):
    """A race In Decline reads "(in decline)" on its player's card, and a bot seat shows the
    level people chose ("bot · Hard"), not the bot's internal name."""
    pg = page_
    seats = [{"name": "Anna"}, {"name": "Bruno", "kind": "bot", "bot": "hard"}, {"name": "Chen"}]
    _open_position(server, pg, seats=seats)  # Anna's turn: the bot waits
    pg.wait_for_selector(".player .banners")
    anna = pg.inner_text('.player[data-seat="0"] .banners')
    assert "Night Elves (in decline)" in anna and "·z" not in anna
    bruno = pg.inner_text('.player[data-seat="1"]').lower()  # tags are set in capitals
    assert "bot · hard" in bruno and "mcts" not in bruno
    shot(pg, "15-player-cards")
    assert not pg.errors, pg.errors
