"""The lobby in Italian and Korean (issue 31), at desktop and phone size: no English word of the
catalogue left on screen (a text node, an option, a tooltip or a label that the English
catalogue holds and the page shows untranslated), <html lang> set, nothing wider than the
screen, no button's words overflowing it; the language follows ?lang=, then the choice remembered
in the browser, then Accept-Language. Screenshots: ``test-artifacts/web/lobby-i18n-*.png``."""

from __future__ import annotations

import re

import pytest

from tests.web.browser_kit import require_browser, shot
from tests.web.i18n_kit import check_page, english_left

require_browser()

#: the names the lobby offers its seats (a player's own name, in any script)
PLAYERS = {"Anna", "Bruno", "Chen", "Dalia", "Emeka"}

def open_lobby(chromium, url, w, h, touch, locale="en-US"):
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch,
                               locale=locale)
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.goto(url)
    pg.wait_for_selector("#seats .seat")
    pg.wait_for_selector(".lang-switch")
    return ctx, pg


@pytest.mark.parametrize("lang", ["it", "ko"])
@pytest.mark.parametrize(("w", "h", "touch"), [(1440, 900, False), (390, 844, True)])
def test_the_lobby_speaks_the_language_end_to_end(server, chromium, lang, w, h, touch):
    ctx, pg = open_lobby(chromium, f"{server}/?lang={lang}", w, h, touch)
    assert pg.evaluate("document.documentElement.lang") == lang
    # the team variant's sides and note, the bot levels and their help
    pg.select_option("#edition", "swow-team")
    pg.select_option("#players", "4")
    pg.locator("#seats .seat-kind").nth(1).select_option("bot:random")
    check_page(pg, lang, "the new game form", allowed=PLAYERS)
    side = pg.text_content("#seats .seat:first-child .tag.side")
    assert side == {"it": "Alleanza", "ko": "얼라이언스"}[lang]  # the rulebooks' word
    shot(pg, f"lobby-i18n-{lang}-{w}x{h}")
    pg.select_option("#edition", "swow")
    pg.select_option("#players", "2")
    pg.locator("#seats .seat-kind").nth(1).select_option("bot:random")
    pg.click("#create")
    pg.wait_for_selector("#play-hotseat")
    check_page(pg, lang, "the game created", allowed=PLAYERS)
    shot(pg, f"lobby-i18n-{lang}-created-{w}x{h}")
    # the choice is remembered: the address without ?lang= opens in it, the saved game listed
    pg.goto(server + "/")
    pg.wait_for_selector("#games .game-row")
    assert pg.evaluate("document.documentElement.lang") == lang
    sub = pg.inner_text("#games .game-row:first-child .game-sub")
    assert re.search({"it": r" · \d+ mosse · ", "ko": r" · \d+수 · "}[lang], sub), sub  # tn()
    check_page(pg, lang, "the saved games", allowed=PLAYERS)
    pg.locator("#games .game-row").first.scroll_into_view_if_needed()
    shot(pg, f"lobby-i18n-{lang}-saved-{w}x{h}")
    assert not pg.errors, pg.errors
    ctx.close()


def test_accept_language_chooses_and_the_switch_remembers(server, chromium):
    ctx, pg = open_lobby(chromium, server + "/", 1440, 900, False, locale="ko-KR")
    assert pg.evaluate("document.documentElement.lang") == "ko"
    assert pg.inner_text("#create") == "게임 시작"
    pg.select_option(".lang-switch", "it")
    pg.wait_for_function("document.documentElement.lang === 'it'")
    pg.wait_for_selector("#seats .seat")
    assert pg.inner_text("#create") == "Inizia la partita"
    assert pg.evaluate("localStorage.getItem('smallworld.lang')") == "it"
    pg.goto(server + "/?lang=en")  # a link carrying ?lang= wins, and is remembered
    pg.wait_for_selector("#seats .seat")
    assert pg.inner_text("#create") == "Start the game" and pg.evaluate("document.documentElement.lang") == "en"
    shot(pg, "lobby-i18n-en-1440x900")
    ctx.close()
    ctx, pg = open_lobby(chromium, server + "/", 390, 844, True)
    shot(pg, "lobby-i18n-en-390x844")
    ctx.close()


def test_the_check_finds_english_left_on_screen():
    """The check itself: an English message shown as written in an Italian page is found, also
    inside a placeholder; translated words and names pass."""
    assert english_left(["Saved games", "Partite salvate", "Bot · Facile", "Bot · Easy", "Anna"], "it") == \
        ["Bot · Easy", "Saved games"]
