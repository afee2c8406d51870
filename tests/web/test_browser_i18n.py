"""The lobby in Italian and Korean (issue 31), at desktop and phone size: no English word of the
catalogue left on screen (a text node, an option, a tooltip or a label that the English
catalogue holds and the page shows untranslated), <html lang> set, nothing wider than the
screen, no button's words overflowing it; the language follows ?lang=, then the choice remembered
in the browser, then Accept-Language. Screenshots: ``test-artifacts/web/lobby-i18n-*.png``."""

from __future__ import annotations

import re

import pytest

from smallworld.web import i18n
from tests.web.browser_kit import require_browser, shot

require_browser()

#: every visible text of the page: text nodes of shown elements, the options of its selects,
#: and the words of tooltips, placeholders and labels
VISIBLE_TEXTS = """() => {
  const out = [];
  const shown = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.textContent.replace(/\\s+/g, " ").trim();
    const el = n.parentElement;
    if (text && el && el.tagName !== "SCRIPT" && el.tagName !== "STYLE" && el.tagName !== "OPTION" && shown(el)) out.push(text);
  }
  for (const s of document.querySelectorAll("select")) if (shown(s)) for (const o of s.options) out.push(o.textContent.trim());
  for (const el of document.querySelectorAll("[title], [placeholder], [aria-label]")) {
    if (!shown(el)) continue;
    for (const a of ["title", "placeholder", "aria-label"]) if (el.getAttribute(a)) out.push(el.getAttribute(a).trim());
  }
  return out;
}"""

#: elements whose words overflow their box, and how far the page scrolls sideways
OVERFLOWS = """(width) => {
  const bad = [];
  for (const el of document.querySelectorAll("button, .button, select, label, .pill, .tag, h1, h2, h3")) {
    if (!el.getClientRects().length) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "auto")
      bad.push(`${el.tagName}.${el.className}: ${el.textContent.trim().slice(0, 40)} (${el.scrollWidth} > ${el.clientWidth})`);
  }
  // anything reaching past the screen's right edge (a body clipping its overflow hides it from
  // scrollWidth, not from the eye)
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > width + 1) bad.push(`${el.tagName}.${el.className} ends at ${Math.round(r.right)}`);
  }
  return { bad: bad.slice(0, 8), sideways: document.documentElement.scrollWidth - width };
}"""


def _pattern(text: str) -> re.Pattern[str]:
    """A message as a regular expression: each {placeholder} a group."""
    parts = re.split(r"\{(\w+)\}", text)
    rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(rx, re.S)


def english_left(texts: list[str], lang: str) -> list[str]:
    """The texts an English message of ``lang``'s catalogue accounts for while no translation
    does, or whose placeholders hold such a text ("Bot · Easy" where "Bot · Facile" belongs)."""
    pairs = []
    for m in i18n.read_catalogue(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        pairs += [(_pattern(i), [_pattern(s) for s in strings if s], i, strings) for i in ids]

    def untranslated(text: str, depth: int = 0) -> bool:
        for english, translated, msgid, strings in pairs:
            if any((t := tr.fullmatch(text)) for tr in translated):
                groups = t.groupdict() if t else {}
                if depth < 2 and any(untranslated(v, depth + 1) for v in groups.values()):
                    return True
                continue
            if english.fullmatch(text) and msgid not in strings:
                return True
        return False

    return sorted({t for t in texts if untranslated(t)})


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


def check_page(pg, lang, label):
    texts = pg.evaluate(VISIBLE_TEXTS)
    assert english_left(texts, lang) == [], label
    # the screen's width (a phone widens its layout viewport to fit what overflows)
    fit = pg.evaluate(OVERFLOWS, pg.viewport_size["width"])
    assert fit["bad"] == [] and fit["sideways"] <= 0, (label, fit)


@pytest.mark.parametrize("lang", ["it", "ko"])
@pytest.mark.parametrize(("w", "h", "touch"), [(1440, 900, False), (390, 844, True)])
def test_the_lobby_speaks_the_language_end_to_end(server, chromium, lang, w, h, touch):
    ctx, pg = open_lobby(chromium, f"{server}/?lang={lang}", w, h, touch)
    assert pg.evaluate("document.documentElement.lang") == lang
    # the team variant's sides and note, the bot levels and their help
    pg.select_option("#edition", "swow-team")
    pg.select_option("#players", "4")
    pg.locator("#seats .seat-kind").nth(1).select_option("bot:random")
    check_page(pg, lang, "the new game form")
    side = pg.text_content("#seats .seat:first-child .tag.side")
    assert side == {"it": "Alleanza", "ko": "얼라이언스"}[lang]  # the rulebooks' word
    shot(pg, f"lobby-i18n-{lang}-{w}x{h}")
    pg.select_option("#edition", "swow")
    pg.select_option("#players", "2")
    pg.locator("#seats .seat-kind").nth(1).select_option("bot:random")
    pg.click("#create")
    pg.wait_for_selector("#play-hotseat")
    check_page(pg, lang, "the game created")
    shot(pg, f"lobby-i18n-{lang}-created-{w}x{h}")
    # the choice is remembered: the address without ?lang= opens in it, the saved game listed
    pg.goto(server + "/")
    pg.wait_for_selector("#games .game-row")
    assert pg.evaluate("document.documentElement.lang") == lang
    sub = pg.inner_text("#games .game-row:first-child .game-sub")
    assert re.search({"it": r" · \d+ mosse · ", "ko": r" · \d+수 · "}[lang], sub), sub  # tn()
    check_page(pg, lang, "the saved games")
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
