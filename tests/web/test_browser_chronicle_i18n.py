"""What happened, in each reader's language (issue 31), in headless Chromium at 1440x900 and at
390x844 touch: a finished game's results dialog and the replay viewer in Italian and Korean show
no English of the catalogue (nor, in Korean, a Latin word that is no name), nothing overflows;
two seats of one game reading different languages each see their own chronicle.
Screenshots: ``test-artifacts/web/i18n-results-*.png``, ``i18n-replay-*.png``,
``i18n-chronicle-*.png``."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from tests.web.browser_kit import open_page, require_browser, shot
from tests.web.conftest import finished_record
from tests.web.i18n_kit import OVERFLOWS, VISIBLE_TEXTS, english_left, latin_words

require_browser()

SIZES = [(1440, 900, False), (390, 844, True)]
PLAYERS = {"Anna", "Bruno", "Chen"}


def _post(server, path, body):
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))


#: the words on screen that are names, no English to translate: the players', and the title
#: the import gives a game ("Imported: Anna, Bruno, Chen", data, as a name)
NAMES = PLAYERS | {"Imported"}


def _texts_in(pg, selector: str) -> list[str]:
    """:data:`VISIBLE_TEXTS` of one part of the page."""
    return pg.evaluate(VISIBLE_TEXTS.replace("() => {", "(sel) => {", 1)
                       .replace("document.body", "document.querySelector(sel)")
                       .replace("document.querySelectorAll(", "document.querySelector(sel).querySelectorAll("),
                       selector)


def _no_english(texts, lang, allowed, label):
    """No English of the catalogue in ``texts`` (the Region names included: messages of context
    ``region``), nor, in Korean, a Latin word but ``allowed``."""
    assert english_left(texts, lang) == [], (label, english_left(texts, lang))
    if lang == "ko":
        assert latin_words(texts, allowed) == [], (label, latin_words(texts, allowed))


def _check_page(pg, lang, label):
    """:func:`tests.web.i18n_kit.check_page` with the names of :data:`NAMES` allowed."""
    _no_english(pg.evaluate(VISIBLE_TEXTS), lang, NAMES, label)
    fit = pg.evaluate(OVERFLOWS, pg.viewport_size["width"])
    assert fit["bad"] == [] and fit["sideways"] <= 0, (label, fit)


@pytest.fixture(scope="module")
def finished(server):
    return _post(server, "/api/games/import", {"record": finished_record(seed=9)})


@pytest.mark.parametrize(("lang", "w", "h", "touch"), [("it", *SIZES[0]), ("ko", *SIZES[1])])
def test_the_results_speak_the_language(server, chromium, finished, lang, w, h, touch):
    created = finished
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(f"{server}{created['hotseat']}&lang={lang}")
    pg.wait_for_selector("#modal .results #sources-table")
    assert pg.evaluate("document.documentElement.lang") == lang
    texts = _texts_in(pg, "#modal")
    _no_english(texts, lang, NAMES, "results")
    heads = pg.eval_on_selector_all("#sources-table tbody th", "ths => ths.map((th) => th.textContent)")
    assert heads[0] == {"it": "Inizio", "ko": "처음"}[lang] and heads[-1] == {"it": "Monete alla fine", "ko": "최종 승점"}[lang]
    lead = pg.inner_text("#modal .lead")
    assert re.search({"it": r"Vince .+ con \d+ monet[ae]\.", "ko": r"승리: 승점 \d+점\."}[lang], lead), lead
    fit = pg.evaluate(OVERFLOWS, w)
    assert fit["bad"] == [] and fit["sideways"] <= 0, fit
    shot(pg, f"i18n-results-{lang}-{w}x{h}")
    pg.locator("#sources-table").scroll_into_view_if_needed()
    shot(pg, f"i18n-results-{lang}-{w}x{h}-sources")
    assert not pg.errors, pg.errors
    ctx.close()


@pytest.mark.parametrize(("lang", "w", "h", "touch"), [("it", *SIZES[1]), ("ko", *SIZES[0])])
def test_the_replay_viewer_speaks_the_language(server, chromium, finished, lang, w, h, touch):
    created = finished
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(f"{server}/replay/{created['id']}?token={created['host_token']}&lang={lang}")
    where = {"it": "Round 1 di", "ko": "1/"}[lang]
    pg.wait_for_function(f"() => document.getElementById('rp-where').textContent.includes({where!r})")
    # a few moves on: the chronicle has lines of several kinds (picks, conquests, scorings)
    for _ in range(12):
        with pg.expect_response(lambda r: "/replay?" in r.url):
            pg.click("#rp-next")
    pg.wait_for_function("() => document.querySelectorAll('#log li').length > 5")
    assert pg.evaluate("document.documentElement.lang") == lang
    log = pg.eval_on_selector_all("#log li", "lis => lis.map((li) => li.textContent)")
    _no_english(log, lang, NAMES, "replay chronicle")
    _check_page(pg, lang, "replay")
    shot(pg, f"i18n-replay-{lang}-{w}x{h}")
    with pg.expect_response(lambda r: "/replay?" in r.url):
        pg.keyboard.press("End")
    over = {"it": "Partita finita", "ko": "게임 종료"}[lang]
    pg.wait_for_function(f"() => document.getElementById('turn-banner').innerText.includes({over!r})")
    _check_page(pg, lang, "replay at the end")
    shot(pg, f"i18n-replay-{lang}-{w}x{h}-end")
    assert not pg.errors, pg.errors
    ctx.close()


def test_two_seats_of_one_game_read_their_own_chronicle(server, chromium):
    created = _post(server, "/api/games", {"seats": [{"name": "Anna", "kind": "human"},
                                                     {"name": "Bruno", "kind": "human"}], "seed": 4})
    pages = {}
    for seat, lang, (w, h, touch) in ((0, "it", SIZES[0]), (1, "ko", SIZES[1])):
        ctx, pg = open_page(chromium, w, h, touch)
        pg.goto(f"{server}{created['seats'][seat]['link']}&lang={lang}")
        pg.wait_for_selector("#log li")
        pages[lang] = (ctx, pg)
    lines = {lang: pg.eval_on_selector_all("#log li", "lis => lis.map((li) => li.textContent)")
             for lang, (_, pg) in pages.items()}
    assert any(x.startswith("Round 1 di 10") for x in lines["it"]), lines["it"]
    assert any("1/10 라운드" in x for x in lines["ko"]), lines["ko"]
    for lang in pages:
        _no_english(lines[lang], lang, PLAYERS, f"seat chronicle {lang}")
    # the seat to play picks a combo (through the API): each page hears of it in its language
    gid = created["id"]
    for seat in (0, 1):
        token = created["seats"][seat]["link"].split("token=")[1]
        P = json.load(urllib.request.urlopen(f"{server}/api/games/{gid}/state?token={token}"))
        picks = [a["text"] for a in P["legal"] if a["kind"] == "pick"]
        if picks:
            break
    _post(server, f"/api/games/{gid}/actions?token={token}", {"action": picks[0]})
    who = ["Anna", "Bruno"][seat]
    for lang, needle in (("it", f"{who} sceglie"), ("ko", "선택")):
        pages[lang][1].wait_for_function(
            f"() => [...document.querySelectorAll('#log li')].some((li) => li.textContent.includes({needle!r}))")
    picked = {lang: pg.eval_on_selector_all("#log li", "lis => lis.map((li) => li.textContent)")
              for lang, (_, pg) in pages.items()}
    assert any(x.startswith(f"{who}: ") and "선택" in x for x in picked["ko"]), picked["ko"]
    for lang in pages:
        _no_english(picked[lang], lang, PLAYERS, f"seat chronicle {lang} after a pick")
    for lang, (ctx, pg) in pages.items():
        pg.locator("#log").scroll_into_view_if_needed()
        shot(pg, f"i18n-chronicle-{lang}")
        assert not pg.errors, pg.errors
        ctx.close()


@pytest.mark.parametrize(("lang", "one", "many", "shared"), [
    ("it", "Round 3 · Guadagni 1 moneta (Regioni 1)", "Round 3 · Guadagni 4 monete (Regioni 3, Portale Oscuro 1)",
     "Round 3 · Anna, hai segnato 4 monete (Regioni 3, Portale Oscuro 1)"),
    ("ko", "3 라운드 · 승점 1점 (지역 1) 획득", "3 라운드 · 승점 4점 (지역 3, 어둠의 문 1) 획득",
     "3 라운드 · Anna, 승점 4점 (지역 3, 어둠의 문 1) 획득"),
])
def test_scoring_toasts_speak_the_language(server, chromium, lang, one, many, shared):
    """The toast of a seat's scoring is worded on the page from the entry's numbers and its
    lines (labels in the language, from the server), with the language's plural forms."""
    ctx, pg = open_page(chromium, 390, 844, True)
    pg.goto(f"{server}/rules/?lang={lang}")
    seats = [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "human"}]
    out = pg.evaluate("""async ([seats, lines]) => {
        const i18n = await import('/static/js/i18n.js');
        await i18n.loadI18n();
        const ctx = await import('/static/js/ctx.js');
        const chronicle = await import('/static/js/chronicle.js');
        ctx.G.P = { mode: "seat", perspective: 0, game: { seats } };
        const r = [chronicle.scoreText({ seat: 0, round: 3, total: 1, lines: [[lines[0], 1]] }),
                   chronicle.scoreText({ seat: 0, round: 3, total: 4, lines: [[lines[0], 3], [lines[1], 1]] })];
        ctx.G.P = { mode: "hotseat", perspective: 0, game: { seats } };  // a screen shared by two
        r.push(chronicle.scoreText({ seat: 0, round: 3, total: 4, lines: [[lines[0], 3], [lines[1], 1]] }));
        return r;
    }""", [seats, {"it": ["Regioni", "Portale Oscuro"], "ko": ["지역", "어둠의 문"]}[lang]])
    assert out == [one, many, shared], out
    ctx.close()


@pytest.mark.parametrize(("lang", "side", "shared", "solo"), [
    ("it", "Vince Orda (Bruno e Dora) con un punteggio di schieramento di 22 monete.",
     "Alleanza (Anna e Chen) e Orda (Bruno e Dora) condividono la vittoria con un punteggio di schieramento di 1 moneta.",
     "Vince Anna con 1 moneta."),
    ("ko", "호드 (Bruno 및 Dora) 승리: 진영 점수 승점 22점.",
     "얼라이언스 (Anna 및 Chen) 및 호드 (Bruno 및 Dora): 진영 점수 승점 1점으로 공동 승리.",
     "Anna 승리: 승점 1점."),
])
def test_the_winners_are_said_in_the_language(server, chromium, lang, side, shared, solo):
    """The results' lead: the sides by their factions' names in the language (the team
    variant, R-TEAM-7), players joined as the language joins a list, coins with its plurals."""
    ctx, pg = open_page(chromium, 1440, 900, False)
    pg.goto(f"{server}/rules/?lang={lang}")
    out = pg.evaluate("""async () => {
        const i18n = await import('/static/js/i18n.js');
        await i18n.loadI18n();
        const ctx = await import('/static/js/ctx.js');
        const results = await import('/static/js/finalresults.js');
        const seats = ["Anna", "Bruno", "Chen", "Dora"].map((name) => ({ name, kind: "human" }));
        ctx.G.P = { game: { seats, edition: "swow-team" } };
        const team = { sides: ["A", "H", "A", "H"] };
        const res = { winners: [1, 3], scores: [20, 22, 25, 30], tokens: [1, 1, 1, 1], sides: { A: 20, H: 22 }, winning_sides: ["H"] };
        const both = { ...res, sides: { A: 1, H: 1 }, winning_sides: ["A", "H"] };
        const solo = { winners: [0], scores: [1, 0, 0, 0], tokens: [1, 1, 1, 1] };
        return [results.winnersText({ team, result: res }), results.winnersText({ team, result: both }),
                results.winnersText({ result: solo })];
    }""")
    assert out == [side, shared, solo], out
    ctx.close()
