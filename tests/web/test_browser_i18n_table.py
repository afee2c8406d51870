"""The game page in Italian and Korean (issue 31): a game of each edition (Warcraft and the
original Small World) opened with ``?lang=it`` and ``?lang=ko`` at 1440x900 and at 390x844
(touch) and played through a whole turn (pick a combo, conquer, redeploy and end the turn) with
the page's own controls; at each step no English of the catalogue is left on screen (the Region
names included), nor, in Korean, a Latin word that went through no catalogue; nothing overflows
its box or the screen.
The table's language switch changes the language and is remembered in the browser; two seats
of one game read their own languages. Screenshots of the same position in English, Italian and
Korean at both sizes: ``test-artifacts/web/table-i18n-*.png``."""

from __future__ import annotations

import re

import pytest

from smallworld.web import i18n
from tests.web.browser_kit import open_page, play_one_step, post_game, require_browser, shot, wait_ready
from tests.web.i18n_kit import check_page

require_browser()

ANNA_BOT = [{"name": "Anna"}, {"name": "Bruno", "kind": "bot", "bot": "random"}]
SIZES = [(1440, 900, False), (390, 844, True)]


def open_table(chromium, url: str, w: int, h: int, touch: bool):
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(url)
    pg.wait_for_selector("#turn h2")
    pg.wait_for_selector(".lang-switch")
    return ctx, pg


#: each edition in each language, each language and each edition at both sizes (all eight
#: pairings passed once; four keep the file's time within reason on a shared machine)
WALKS = [("swow", "it", *SIZES[0]), ("swow", "ko", *SIZES[1]), ("classic", "it", *SIZES[1]), ("classic", "ko", *SIZES[0])]


@pytest.mark.parametrize(("edition", "lang", "w", "h", "touch"), WALKS)
def test_a_turn_at_the_table_speaks_the_language(server, chromium, edition, lang, w, h, touch):
    created = post_game(server, {"seats": ANNA_BOT, "seed": 11, "edition": edition})
    allowed = {"Anna", "Bruno"}
    ctx, pg = open_table(chromium, f"{server}{created['seats'][0]['link']}&lang={lang}", w, h, touch)
    assert pg.evaluate("document.documentElement.lang") == lang
    seen: set[str] = set()
    label = f"{edition} {lang} {w}x{h}"
    for step in range(20):
        wait_ready(pg)
        phase = pg.evaluate("document.body.dataset.phase")
        check_page(pg, lang, f"{label}: step {step} ({phase})", allowed=allowed)
        if step == 0:
            shot(pg, f"table-i18n-{edition}-{lang}-{w}x{h}-pick")
        phase = play_one_step(pg, seen, shots=False)
        if phase == "conquer" and "conquer-shot" not in seen:
            seen.add("conquer-shot")
            wait_ready(pg)
            shot(pg, f"table-i18n-{edition}-{lang}-{w}x{h}-conquer")
        if phase in ("redeploy", "defend"):
            break  # End turn clicked: the turn is over
    assert {"pick", "conquer", "redeploy"} <= seen, seen
    # the turn passed: the page says whose turn it is now, in the language
    pg.wait_for_function("!document.body.classList.contains('busy')")
    check_page(pg, lang, f"{label}: after the turn", allowed=allowed)
    # the server's words came in the page's language (action labels, the phase)
    words = pg.evaluate("() => [window.__sw.P.phase_text, ...window.__sw.P.legal.map((a) => a.label)]")
    assert not any(re.search(r"\b(Pick combo|Conquer|picking a combo|End turn)\b", x) for x in words), words
    assert not pg.errors, pg.errors
    ctx.close()


def test_the_same_position_in_three_languages(server, chromium):
    """Screenshots of one position (after the pick, conquering, the Region names shown) in
    English, Italian and Korean, at both sizes; the switch's choices are the languages in their
    own names."""
    created = post_game(server, {"seats": ANNA_BOT, "seed": 5})
    url = server + created["seats"][0]["link"]
    ctx, pg = open_table(chromium, url + "&lang=en", 1440, 900, False)
    seen: set[str] = set()
    while pg.evaluate("document.body.dataset.phase") != "conquer":
        wait_ready(pg)
        play_one_step(pg, seen, shots=False)
    wait_ready(pg)
    ctx.close()
    for w, h, touch in SIZES:
        for lang in ("en", "it", "ko"):
            ctx, pg = open_table(chromium, f"{url}&lang={lang}", w, h, touch)
            wait_ready(pg)
            pg.tap("#btn-names") if touch else pg.click("#btn-names")  # the Region names shown
            pg.wait_for_function("document.body.classList.contains('show-names')")
            if lang != "en":
                check_page(pg, lang, f"the position in {lang}", allowed={"Anna", "Bruno"})
            # the board's Region labels: the catalogue's names in the language (a name set on
            # two lines keeps it whole in its aria-label)
            labels = pg.eval_on_selector_all("text.sw-name", "ts => ts.map((t) => t.getAttribute('aria-label') || t.textContent)")
            english = server.app.state.hub.get(created["id"]).game.state.spec.names
            assert sorted(labels) == sorted(i18n.region_name(lang, n) for n in english), (lang, labels[:5])
            shot(pg, f"table-i18n-same-{lang}-{w}x{h}")
            # the pieces key sits above the action legend, however many rows the legend's words
            # take (two on a phone in Italian)
            key, legend = pg.locator("#key").bounding_box(), pg.locator("#legend").bounding_box()
            assert key and legend and key["y"] + key["height"] <= legend["y"], (lang, w, key, legend)
            # at the foot of the combos on a wide screen, by its code in the top bar of a phone
            options = pg.eval_on_selector_all(".lang-switch option", "os => os.map(o => o.title || o.textContent)")
            assert options == ["English", "Italiano", "한국어"], options
            where = ".topbar .lang-switch.short" if touch else "aside.left .lang-switch"
            assert pg.locator(where).is_visible()
            ctx.close()


def test_the_switch_changes_the_language_and_is_remembered(server, chromium):
    created = post_game(server, {"seats": ANNA_BOT, "seed": 3})
    url = server + created["seats"][0]["link"]
    ctx, pg = open_table(chromium, url + "&lang=it", 1440, 900, False)
    assert pg.text_content(".left .panel-title") == "Razze da assoldare"
    pg.select_option(".lang-switch", "ko")
    pg.wait_for_function("document.documentElement.lang === 'ko'")
    pg.wait_for_selector("#turn h2")
    assert "lang=" not in pg.url  # the link's ?lang= no longer overrides the choice
    assert pg.evaluate("localStorage.getItem('smallworld.lang')") == "ko"
    assert pg.text_content(".left .panel-title") == "고용할 종족"
    # the server speaks it too (the first requests, before the page's scripts run)
    assert pg.evaluate("window.__sw.P.phase_text") == "조합 고르는 중"
    pg.goto(url)  # the same seat link without ?lang= opens in the remembered language
    pg.wait_for_selector("#turn h2")
    assert pg.evaluate("document.documentElement.lang") == "ko" and pg.evaluate("window.__sw.P.phase_text") == "조합 고르는 중"
    ctx.close()


def test_each_seat_reads_its_own_language(server, chromium):
    """Two seats of one game, one in Italian and one in Korean: each page gets its own words
    from the server (labels, phase) and from the catalogue, also in the updates pushed to it."""
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bruno"}], "seed": 9})
    pages = []
    for seat, lang in ((0, "it"), (1, "ko")):
        ctx, pg = open_table(chromium, f"{server}{created['seats'][seat]['link']}&lang={lang}", 1440, 900, False)
        pages.append((ctx, pg, lang))
    (_, anna, _), (_, bruno, _) = pages
    assert anna.evaluate("window.__sw.P.legal[0].label").startswith("Scegli la combinazione")
    assert bruno.inner_text("#turn h2").startswith("Anna")  # waiting for Anna, in Korean words
    check_page(bruno, "ko", "the waiting seat", allowed={"Anna", "Bruno"})
    seen: set[str] = set()
    play_one_step(anna, seen, shots=False)  # Anna picks: both pages hear of it
    bruno.wait_for_function("window.__sw.P.view.phase === 'conquer'")
    assert bruno.evaluate("window.__sw.P.phase_text") == "정복 중"
    assert anna.evaluate("window.__sw.P.phase_text") == "in conquista"
    for ctx, _, _ in pages:
        ctx.close()

