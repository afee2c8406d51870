"""The rules pages in Italian and Korean (issue 31, :mod:`smallworld.web.rules_i18n`): every block
of the Markdown is a message of context ``rules`` with a translation in each catalogue, the pages
render in the reader's language with the same anchors, names come from the editions' tables,
``/api/i18n`` leaves the rules' blocks out, and the language is chosen as on the other pages
(``?lang=``, the remembered choice, ``Accept-Language``)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from smallworld.web import i18n, rules_i18n, rules_pages
from smallworld.web.server import create_app

ROOT = Path(__file__).resolve().parents[2]
LANGS = [lang for lang in i18n.languages() if lang != i18n.SOURCE]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("r") / "g.sqlite3", bot_delay=0)) as c:
        yield c


def _ids(html: str) -> list[str]:
    return re.findall(r'\sid="([^"]+)"', html)


def _main(html: str) -> str:
    return html[html.index('<main class="rules">'):]


@pytest.mark.parametrize("page", [None, "swow", "classic"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_block_of_a_rules_page_has_a_translation(page, lang):
    blocks = rules_pages.messages(page)
    assert len(blocks) > (3 if page is None else 150)
    table = rules_i18n.catalogue(lang)
    missing = [msgid for _, msgid in blocks if not table.get((rules_i18n.CONTEXT, msgid), "").strip()]
    assert missing == []


def test_the_catalogue_tool_extracts_the_blocks_the_pages_show():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import i18n_catalogue
    finally:
        sys.path.remove(str(ROOT / "tools"))
    extracted = {m.id for m in i18n_catalogue.template() if m.context == rules_i18n.CONTEXT}
    shown = {msgid for page in (None, "swow", "classic") for _, msgid in rules_pages.messages(page)}
    assert extracted == shown
    # the names of races, powers, items and factions are the editions' (not messages), and so are
    # numbers and bare rule IDs
    assert not {"Blood Elves", "Trolls", "Horde", "Amazons", "Berserk", "5", "C-R-AMAZONS-2"} & extracted


@pytest.mark.parametrize("page", ["swow", "classic", "races", "powers", "items", None])
def test_the_anchors_are_the_same_in_every_language(client, page):
    path = f"/rules/{page or ''}"
    english = client.get(path, params={"lang": "en"})
    assert english.status_code == 200
    for lang in LANGS:
        r = client.get(path, params={"lang": lang})
        assert r.status_code == 200 and r.headers["content-language"] == lang
        assert f'<html lang="{lang}">' in r.text
        assert _ids(r.text) == _ids(english.text), lang
        assert _main(r.text) != _main(english.text)
        # the links between the pages land on the same targets
        hrefs = re.findall(r'<a href="(/rules/[^"]*)"', _main(r.text))
        assert hrefs == re.findall(r'<a href="(/rules/[^"]*)"', _main(english.text))


def test_a_korean_page_speaks_korean_with_the_rulebooks_names(client):
    ko = client.get("/rules/swow", params={"lang": "ko"}).text
    assert '<h3 id="R-CONQ-3">R-CONQ-3 정복 비용</h3>' in ko
    assert "<td>블러드 엘프</td>" in ko and "<td>호드</td>" in ko  # §2.1's table, names.toml's
    assert '<h3 id="race-trolls">트롤</h3>' in ko
    it = client.get("/rules/classic", params={"lang": "it"}).text
    assert '<h4 id="C-R-AMAZONS-2">C-R-AMAZONS-2</h4>' in it
    assert "Amazzoni" in it and "in declino" in it
    cards = client.get("/rules/races", params={"lang": "it"}).text
    assert '<h2 id="blood-elves">Elfi del Sangue</h2>' in cards
    assert "<strong>Vessillo</strong> 5 segnalini" in cards
    assert 'Regola completa: <a href="/rules/swow#race-blood-elves">Elfi del Sangue</a>' in cards


def test_a_block_without_a_translation_shows_in_english():
    """A block the English changed (no translation yet) shows as written, its neighbours
    translated; a block's lines are one message however the Markdown wraps them."""
    html = rules_pages.render("# Some words no catalogue has {#x}\n\n### R-CONQ-3 The cost of a conquest {#y}\n\n"
                              "Every player starts with 5 VC. Seats are in a random order\nunless one is given, and turns go in seat order.\n", "ko")
    assert '<h1 id="x">Some words no catalogue has</h1>' in html
    assert '<h3 id="y">R-CONQ-3 정복 비용</h3>' in html
    assert "Every player" not in html and "승점 5점" in html


def test_the_language_is_asked_then_remembered_then_the_browsers(client):
    def lang_of(**kw):
        r = client.get("/rules/swow", **kw)
        assert r.status_code == 200 and "Accept-Language" in r.headers["vary"]
        return re.search(r'<html lang="(\w+)">', r.text)[1]

    assert lang_of(headers={"Accept-Language": "ko-KR,ko;q=0.9"}) == "ko"
    assert lang_of(headers={"Accept-Language": "fr-FR"}) == "en"
    client.cookies.set(rules_pages.COOKIE, "it")
    try:
        assert lang_of(headers={"Accept-Language": "ko"}) == "it"  # the choice remembered
        assert lang_of(params={"lang": "ko"}) == "ko"  # a link's ?lang= first
        client.cookies.set(rules_pages.COOKIE, "xx")
        assert lang_of(headers={"Accept-Language": "ko"}) == "ko"  # an unknown cookie: ignored
    finally:
        client.cookies.clear()
    assert lang_of(params={"lang": "zz"}, headers={"Accept-Language": "it"}) == "it"
    # the switch links to the page in each language, each named in its own
    page = client.get("/rules/classic", params={"lang": "ko"}).text
    assert '<a href="/rules/classic?lang=it" lang="it" hreflang="it">Italiano</a>' in page
    assert '<a href="/rules/classic?lang=ko" lang="ko" hreflang="ko" aria-current=true>한국어</a>' in page


def test_the_catalogue_route_leaves_the_rules_out(client):
    """/api/i18n serves every page's scripts: the rules' ~450 blocks (their pages render them on
    the server) stay out, while the rules pages' short words are there like any message."""
    for lang in LANGS:
        messages = client.get("/api/i18n", params={"lang": lang}).json()["messages"]
        cat = i18n.read_catalogue(lang)
        plain = {m.id[0] if isinstance(m.id, tuple) else m.id for m in cat if m.id and m.context is None}
        rules_only = {m.id for m in cat if m.context == rules_i18n.CONTEXT} - plain
        assert len(rules_only) > 400
        assert set(messages) <= plain and not rules_only & set(messages)
        assert messages["Original game"]  # the rules pages' own menu words are ordinary messages
