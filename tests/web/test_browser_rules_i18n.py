"""The rules pages in Italian and Korean in the browser (issue 31): /rules/swow, /rules/classic and
a card page at 1440x900 and on a 390x844 touch phone show no English (``i18n_kit.check_page``),
fit the screen, keep the rule anchors the game links to, and follow the language the reader chose
on the other pages (remembered in this browser) or on the rules pages' own switch.

In Korean the page may show Latin letters only where every language shows the same: rule IDs
(``R-CONQ-3``, ``C-R-AMAZONS-2``: the anchors and their links), code (``swow-team``, commands),
and the Italian rulebook's words that §14 of the classic rules quotes «between guillemets».
:data:`ALLOWED` collects exactly those words from the page itself."""

from __future__ import annotations

import pytest

from tests.web import i18n_kit
from tests.web.browser_kit import open_page, require_browser, shot
from tests.web.i18n_kit import check_page

require_browser()

SIZES = [(390, 844, True), (1440, 900, False)]
_LEFT: dict[tuple[tuple[str, ...], str], list[str]] = {}


@pytest.fixture(autouse=True)
def _english_left_once(monkeypatch):
    """A page shows the same texts at both sizes: ``english_left`` (some 20 s of CPU for a
    whole rules page against the ~1,250 messages) runs once per texts and language."""
    plain = i18n_kit.english_left

    def once(texts, lang):
        key = (tuple(texts), lang)
        if key not in _LEFT:
            _LEFT[key] = plain(texts, lang)
        return _LEFT[key]

    monkeypatch.setattr(i18n_kit, "english_left", once)

#: the Latin words of the page that every language shows alike (module doc)
ALLOWED = r"""() => {
  const words = new Set();
  const add = (text) => (text.match(/[A-Za-z]{3,}/g) || []).forEach((w) => words.add(w));
  for (const el of document.querySelectorAll("main code")) add(el.textContent);
  const text = document.body.innerText;
  for (const m of text.matchAll(/[RC](?:-[A-Z]+)+-\d+/g)) add(m[0]);
  for (const m of text.matchAll(/«[^»]*»/g)) add(m[0]);
  return [...words];
}"""


@pytest.mark.parametrize(("w", "h", "touch"), SIZES, ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["it", "ko"])
def test_the_rules_pages_speak_the_language(server, chromium, lang, w, h, touch):
    ctx, pg = open_page(chromium, w, h, touch)
    for page in ("swow", "classic", "races"):
        pg.goto(f"{server}/rules/{page}?lang={lang}")
        assert pg.evaluate("document.documentElement.lang") == lang
        allowed = set(pg.evaluate(ALLOWED))
        assert len(allowed) < 120, sorted(allowed)  # rule IDs' families, a few commands, §14's quotes
        check_page(pg, lang, f"/rules/{page} {lang} {w}x{h}", allowed=allowed)
        shot(pg, f"rules-{page}-{lang}-{w}x{h}")
        if touch:  # every link of the menu and of the language switch is a finger's size
            for a in pg.locator(".rules-top a").all():
                box = a.bounding_box()
                assert box["height"] >= 44 and box["width"] >= 44, (a.inner_text(), box)
    # a rule's link lands on its heading in the language
    pg.goto(f"{server}/rules/swow?lang={lang}#R-CONQ-9")
    pg.wait_for_function("() => document.getElementById('R-CONQ-9').getBoundingClientRect().top < innerHeight / 2")
    assert pg.locator("#R-CONQ-9").inner_text().startswith("R-CONQ-9 ")
    shot(pg, f"rules-R-CONQ-9-{lang}-{w}x{h}")
    assert pg.errors == []
    ctx.close()


def test_the_language_chosen_on_the_other_pages_and_on_the_switch_is_kept(server, chromium):
    """The lobby's and the table's switch remember the language in this browser: a rules link
    without ?lang= (the Guide's, a refusal's) opens the rule in it, at its heading; the rules
    pages' own switch changes it for the next pages too."""
    ctx, pg = open_page(chromium, 1440, 900, False)
    pg.goto(f"{server}/")
    pg.evaluate("localStorage.setItem('smallworld.lang', 'ko')")  # as the lobby's switch does
    pg.goto(f"{server}/rules/swow#R-CONQ-3")
    pg.wait_for_function("() => document.documentElement.lang === 'ko'")
    assert pg.url.endswith("/rules/swow#R-CONQ-3")
    pg.wait_for_function("() => document.getElementById('R-CONQ-3').getBoundingClientRect().top < innerHeight / 2")
    assert pg.locator("#R-CONQ-3").inner_text() == "R-CONQ-3 정복 비용"
    # the switch: Italian, then the menu's next page stays Italian
    pg.locator(".langs a[lang=it]").click()
    pg.wait_for_function("() => document.documentElement.lang === 'it'")
    pg.locator(".rules-top a[href='/rules/classic']").click()
    pg.wait_for_url("**/rules/classic")
    assert pg.evaluate("document.documentElement.lang") == "it"
    assert pg.locator("h1").inner_text() == "Small World classico"
    assert pg.evaluate("localStorage.getItem('smallworld.lang')") == "it"
    assert pg.errors == []
    ctx.close()
