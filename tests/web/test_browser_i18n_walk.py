"""A player's walk through the whole app in Italian and in Korean (issue 31, its done-when): the
lobby, a turn at the table of each edition (Warcraft and the original Small World, the Region
names shown on the board), the Guide, a finished game's results, its replay and a rules page.
At every stop no visible text is an English message of the catalogue left untranslated (a
text node, an option, a tooltip, a label; the Region names are messages too), in Korean no
Latin word went through no catalogue, nothing overflows (:func:`tests.web.i18n_kit.check_page`).

One browser, each language at one size (Italian at 1440x900, Korean on a 390x844 touch phone):
the per-page tests (``test_browser_i18n*.py``, ``test_browser_*_i18n.py``) see the other
pairings. Screenshots of the table with its Region names: ``test-artifacts/web/walk-*.png``."""

from __future__ import annotations

import json
import urllib.request

import pytest

from smallworld.web import i18n
from tests.web.browser_kit import open_page, play_one_step, post_game, require_browser, shot, wait_ready
from tests.web.conftest import finished_record
from tests.web.i18n_kit import check_page
from tests.web.test_browser_rules_i18n import ALLOWED as RULES_LATIN

require_browser()

#: players' names: names in any script (and the title an import gives a game: data, a name)
NAMES = {"Anna", "Bruno", "Chen", "Imported"}
SEATS = [{"name": "Anna"}, {"name": "Bruno", "kind": "bot", "bot": "random"}]
#: the language, the screen, and the edition whose Guide is read and whose rules page is opened
WALKS = [("it", 1440, 900, False, "swow"), ("ko", 390, 844, True, "classic")]


def _press(pg, sel, touch):
    pg.tap(sel) if touch else pg.click(sel)


def _lobby(pg, server, lang, label):
    pg.goto(f"{server}/?lang={lang}")
    pg.wait_for_selector("#seats .seat")
    pg.wait_for_selector(".lang-switch")
    assert pg.evaluate("document.documentElement.lang") == lang
    for edition in ("swow", "classic", "swow-team"):
        pg.select_option("#edition", edition)
        check_page(pg, lang, f"{label}: the lobby ({edition})", allowed=NAMES)


def _board_names(server, pg, game_id, lang, label):
    """The board's Region labels, shown (the Names button): the catalogue's names in ``lang``."""
    english = server.app.state.hub.get(game_id).game.state.spec.names
    labels = pg.eval_on_selector_all("text.sw-name", "ts => ts.map((t) => t.getAttribute('aria-label') || t.textContent)")
    assert sorted(labels) == sorted(i18n.region_name(lang, n) for n in english), (label, labels[:6])


def _turn(server, pg, lang, edition, touch, label):
    """A whole turn at the table (pick, conquer, redeploy, end the turn) with the Region names
    shown, the page checked at each step; a screenshot while conquering (zoomed in on a phone)."""
    created = post_game(server, {"seats": SEATS, "seed": 11, "edition": edition})
    pg.goto(f"{server}{created['seats'][0]['link']}")  # the language remembered in this browser
    pg.wait_for_selector("#turn h2")
    assert pg.evaluate("document.documentElement.lang") == lang
    wait_ready(pg)
    _press(pg, "#btn-names", touch)
    pg.wait_for_function("document.body.classList.contains('show-names')")
    _board_names(server, pg, created["id"], lang, label)
    seen: set[str] = set()
    for step in range(20):
        wait_ready(pg)
        check_page(pg, lang, f"{label}: step {step} ({pg.evaluate('document.body.dataset.phase')})", allowed=NAMES)
        if pg.evaluate("document.body.dataset.phase") == "conquer" and "shot" not in seen:
            seen.add("shot")
            if touch:  # names a finger's reader can read: twice as near
                for _ in range(2):
                    _press(pg, "#zoom-in", touch)
            shot(pg, f"walk-{edition}-{lang}-table-names")
            if touch:
                _press(pg, "#zoom-fit", touch)
        phase = play_one_step(pg, seen, shots=False)
        if phase in ("redeploy", "defend"):
            break
    assert {"pick", "conquer", "redeploy"} <= seen, (label, seen)
    pg.wait_for_function("!document.body.classList.contains('busy')")
    check_page(pg, lang, f"{label}: after the turn", allowed=NAMES)


def _guide(pg, lang, touch, label):
    _press(pg, "#btn-guide", touch)
    pg.wait_for_selector("#modal .guide")
    check_page(pg, lang, f"{label}: the Guide", allowed=NAMES)


def _results_and_replay(server, pg, lang, label):
    """A finished game (imported): its results dialog, then its replay, a few moves on and at
    its end."""
    body = json.dumps({"record": finished_record(seed=9)}).encode()
    created = json.load(urllib.request.urlopen(urllib.request.Request(
        f"{server}/api/games/import", data=body, headers={"Content-Type": "application/json"})))
    pg.goto(f"{server}{created['hotseat']}")
    pg.wait_for_selector("#modal .results #sources-table")
    check_page(pg, lang, f"{label}: the results", allowed=NAMES)
    pg.goto(f"{server}/replay/{created['id']}?token={created['host_token']}")
    pg.wait_for_selector("#log li")
    for _ in range(12):  # a few moves on: picks, conquests, scorings in the chronicle
        with pg.expect_response(lambda r: "/replay?" in r.url):
            pg.click("#rp-next")
    check_page(pg, lang, f"{label}: the replay", allowed=NAMES)
    with pg.expect_response(lambda r: "/replay?" in r.url):
        pg.keyboard.press("End")
    pg.wait_for_function("() => document.querySelectorAll('#log li').length > 20")
    check_page(pg, lang, f"{label}: the replay at the end", allowed=NAMES)


@pytest.mark.parametrize(("lang", "w", "h", "touch", "guide"), WALKS, ids=["it-desktop", "ko-phone"])
def test_a_player_walks_the_app_in_the_language(server, chromium, lang, w, h, touch, guide):
    ctx, pg = open_page(chromium, w, h, touch)
    label = f"{lang} {w}x{h}"
    _lobby(pg, server, lang, label)
    for edition in ("swow", "classic"):
        _turn(server, pg, lang, edition, touch, f"{label} {edition}")
        if edition == guide:
            _guide(pg, lang, touch, f"{label} {edition}")
    _results_and_replay(server, pg, lang, label)
    pg.goto(f"{server}/rules/{guide}")  # the language remembered
    assert pg.evaluate("document.documentElement.lang") == lang
    check_page(pg, lang, f"{label}: /rules/{guide}", allowed=set(pg.evaluate(RULES_LATIN)))
    assert not pg.errors, pg.errors
    ctx.close()
