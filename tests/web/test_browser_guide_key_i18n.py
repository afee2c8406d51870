"""The Guide and the Key in Italian and Korean (issue 31), for a Warcraft and a classic game, at
desktop 1440x900 and phone 390x844 (touch): every word of theirs translated (the catalogue's
words, the edition's names, the abilities' summaries), nothing overflowing
(:func:`tests.web.i18n_kit.check_page` on the Guide or the Key alone: the rest of the table is
other work). Screenshots: ``test-artifacts/web/guide-i18n-*.png``, ``key-i18n-*.png``.

Both tests read the same pages (one per case of :data:`CASES`, opened once for the module): each
leaves its page as it found it (its panel closed, nothing hidden)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from smallworld.core import edition as core_editions
from tests.web.browser_kit import open_page, post_game, require_browser, shot, wait_ready
from tests.web.i18n_kit import VISIBLE_TEXTS, check_page, english_left

require_browser()

SEATS = [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]
#: the players' names on screen (a name in any script)
PLAYERS = {"Anna", "Bob"}

#: hide everything but the element ``sel`` (its ancestors stay, their other children go), so
#: that the page checks read it alone; :data:`SHOW_ALL` shows them again
ALONE = """(sel) => {
  const keep = document.querySelector(sel);
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.contains(keep) && !keep.contains(el)) {
      el.dataset.aloneDisplay = el.style.display;
      el.style.display = "none";
    }
  }
}"""
SHOW_ALL = """() => {
  for (const el of document.body.querySelectorAll("[data-alone-display]")) {
    el.style.display = el.dataset.aloneDisplay;
    delete el.dataset.aloneDisplay;
  }
}"""


@contextmanager
def _alone(pg, sel: str) -> Iterator[None]:
    """The page with only ``sel`` shown (see :data:`ALONE`), all shown again on leaving."""
    pg.evaluate(ALONE, sel)
    try:
        yield
    finally:
        pg.evaluate(SHOW_ALL)


DESKTOP, PHONE = (1440, 900, False), (390, 844, True)
#: each edition in each language once, each edition and each language at both sizes
CASES = [("swow", "it", *DESKTOP), ("swow", "ko", *PHONE), ("classic", "it", *PHONE), ("classic", "ko", *DESKTOP)]


@pytest.fixture(scope="module", params=CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}x{c[3]}")
def table(request, server, chromium):
    """``(page, (edition, lang, w, h, touch))``: a game's table in the case's language and size,
    shared by the module's tests."""
    edition, lang, w, h, touch = request.param
    created = post_game(server, {"seats": SEATS, "seed": 3, "edition": edition})
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(f"{server}{created['hotseat']}&lang={lang}")
    wait_ready(pg)
    assert pg.evaluate("document.documentElement.lang") == lang
    yield pg, request.param
    ctx.close()


def _press(pg, sel, touch):
    pg.tap(sel) if touch else pg.click(sel)


def test_the_guide_speaks_the_language(table):
    pg, (edition, lang, w, h, touch) = table
    _press(pg, "#btn-guide", touch)
    pg.wait_for_selector("#modal .guide")
    guide = pg.inner_text("#modal")
    names = core_editions.get(edition).names(lang)
    # the edition's names and the abilities' summaries in the language
    assert names["races"]["humans"] in guide and names["powers"]["forest" if edition == "classic" else "ranger"] in guide
    summary = pg.evaluate("() => window.__sw.meta.races.humans.summary")
    assert summary not in guide, summary
    shot(pg, f"guide-i18n-{edition}-{lang}-{w}x{h}")
    with _alone(pg, "#modal .guide"):
        assert english_left(pg.evaluate(VISIBLE_TEXTS), lang) == []  # (what is left, if any)
        check_page(pg, lang, f"the Guide ({edition}, {lang}, {w}x{h})", allowed=PLAYERS)
    assert not pg.errors, pg.errors
    pg.keyboard.press("Escape")  # the Guide closed: the page as the next test expects it
    pg.wait_for_selector("#modal", state="hidden")


def test_the_key_speaks_the_language(table):
    pg, (edition, lang, w, h, touch) = table
    _press(pg, "#btn-key", touch)
    pg.wait_for_selector("#board-key")
    key = pg.inner_text("#board-key")
    assert {"it": "Legenda della mappa", "ko": "게임판 범례"}[lang] in key
    pieces = core_editions.get(edition).names(lang)["pieces"]
    assert pieces["mountain"]["name"] in key
    if edition == "classic":
        assert pieces["troll-lair"]["name"] in key
    pg.locator("#board-key").scroll_into_view_if_needed()
    shot(pg, f"key-i18n-{edition}-{lang}-{w}x{h}")
    with _alone(pg, "#board-key"):
        assert english_left(pg.evaluate(VISIBLE_TEXTS), lang) == []  # (what is left, if any)
        check_page(pg, lang, f"the Key ({edition}, {lang}, {w}x{h})", allowed=PLAYERS)
    assert not pg.errors, pg.errors
    _press(pg, "#board-key-close", touch)  # the Key closed: the page as the next test expects it
    pg.wait_for_selector("#board-key", state="hidden")
