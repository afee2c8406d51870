"""The Guide and the Key in Italian and Korean (issue 31), for a Warcraft and a classic game, at
desktop 1440x900 and phone 390x844 (touch): every word of theirs translated (the catalogue's
words, the edition's names, the abilities' summaries), nothing overflowing
(:func:`tests.web.i18n_kit.check_page` on the Guide or the Key alone: the rest of the table is
other work). Screenshots: ``test-artifacts/web/guide-i18n-*.png``, ``key-i18n-*.png``."""

from __future__ import annotations

import pytest

from smallworld.core import edition as core_editions
from tests.web.browser_kit import open_page, post_game, require_browser, shot, wait_ready
from tests.web.i18n_kit import VISIBLE_TEXTS, check_page, english_left

require_browser()

SEATS = [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]
#: the players' names on screen (a name in any script)
PLAYERS = {"Anna", "Bob"}

#: hide everything but the element ``sel`` (its ancestors stay, their other children go), so
#: that the page checks read it alone
ALONE = """(sel) => {
  const keep = document.querySelector(sel);
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.contains(keep) && !keep.contains(el)) el.style.display = "none";
  }
}"""


def _open(chromium, server, edition, lang, w, h, touch):
    created = post_game(server, {"seats": SEATS, "seed": 3, "edition": edition})
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(f"{server}{created['hotseat']}&lang={lang}")
    wait_ready(pg)
    assert pg.evaluate("document.documentElement.lang") == lang
    return ctx, pg


DESKTOP, PHONE = (1440, 900, False), (390, 844, True)
#: each edition in each language once, each edition and each language at both sizes; the Key
#: takes the other size of each pairing, so between them every (edition, language, size) is seen
GUIDE_CASES = [("swow", "it", *DESKTOP), ("swow", "ko", *PHONE), ("classic", "it", *PHONE), ("classic", "ko", *DESKTOP)]
KEY_CASES = [("swow", "it", *PHONE), ("swow", "ko", *DESKTOP), ("classic", "it", *DESKTOP), ("classic", "ko", *PHONE)]


def _press(pg, sel, touch):
    pg.tap(sel) if touch else pg.click(sel)


@pytest.mark.parametrize(("edition", "lang", "w", "h", "touch"), GUIDE_CASES)
def test_the_guide_speaks_the_language(server, chromium, edition, lang, w, h, touch):
    ctx, pg = _open(chromium, server, edition, lang, w, h, touch)
    _press(pg, "#btn-guide", touch)
    pg.wait_for_selector("#modal .guide")
    guide = pg.inner_text("#modal")
    names = core_editions.get(edition).names(lang)
    # the edition's names and the abilities' summaries in the language
    assert names["races"]["humans"] in guide and names["powers"]["forest" if edition == "classic" else "ranger"] in guide
    summary = pg.evaluate("() => window.__sw.meta.races.humans.summary")
    assert summary not in guide, summary
    shot(pg, f"guide-i18n-{edition}-{lang}-{w}x{h}")
    pg.evaluate(ALONE, "#modal .guide")
    assert english_left(pg.evaluate(VISIBLE_TEXTS), lang) == []  # (what is left, if any)
    check_page(pg, lang, f"the Guide ({edition}, {lang}, {w}x{h})", allowed=PLAYERS)
    assert not pg.errors, pg.errors
    ctx.close()


@pytest.mark.parametrize(("edition", "lang", "w", "h", "touch"), KEY_CASES)
def test_the_key_speaks_the_language(server, chromium, edition, lang, w, h, touch):
    ctx, pg = _open(chromium, server, edition, lang, w, h, touch)
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
    pg.evaluate(ALONE, "#board-key")
    assert english_left(pg.evaluate(VISIBLE_TEXTS), lang) == []  # (what is left, if any)
    check_page(pg, lang, f"the Key ({edition}, {lang}, {w}x{h})", allowed=PLAYERS)
    assert not pg.errors, pg.errors
    ctx.close()
