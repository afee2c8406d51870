"""The rules inside the app (``/rules/``, :mod:`smallworld.web.rules_pages`): rendered from
docs/rules with nothing built or installed beyond the package, every heading anchored by its rule
ID, the links between the pages working; the Guide's rule links land on their heading, on a
390x844 touch phone and at 1440x900, and the text fits a phone's width."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from smallworld.content.cards import card_pages
from smallworld.web import docs_site, i18n, rules_pages
from smallworld.web.server import create_app
from tests.web.browser_kit import post_game, quiet_tips, require_browser, shot, start_server, wait_ready

RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
ANCHOR = re.compile(r"^#+ .*\{#([^}\s]+)\}\s*$", re.MULTILINE)


@pytest.fixture
def no_site_client(tmp_path, monkeypatch):
    """The app with no documentation site built anywhere (the README's set-up)."""
    monkeypatch.setenv(docs_site.ENV, str(tmp_path / "no-site-here"))
    assert docs_site.site_dir() is None
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_delay=0)) as c:
        yield c


def _ids(html: str) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', html))


def test_the_rules_are_served_with_their_anchors_without_a_built_site(no_site_client):
    c = no_site_client
    swow = c.get("/rules/swow")
    assert swow.status_code == 200 and swow.headers["content-type"].startswith("text/html")
    ids = _ids(swow.text)
    # every anchor written in docs/rules/swow.md is a heading id, and none is left as text
    assert set(ANCHOR.findall((RULES_DIR / "swow.md").read_text(encoding="utf-8"))) <= ids
    assert {"R-CONQ-3", "R-CONQ-9", "R-TROOP-2", "race-trolls", "power-sailing", "item-doomhammer",
            "team", "glossary"} <= ids
    assert "{#" not in swow.text
    assert re.search(r'<h3 id="R-CONQ-3">R-CONQ-3 [^<]+</h3>', swow.text)
    classic = c.get("/rules/classic")
    assert classic.status_code == 200
    assert set(ANCHOR.findall((RULES_DIR / "classic.md").read_text(encoding="utf-8"))) <= _ids(classic.text)
    assert '<h4 id="C-R-AMAZONS-2">C-R-AMAZONS-2</h4>' in classic.text
    # the cards, generated from the game's data, each anchored and linked to its full rule
    races = c.get("/rules/races")
    assert races.status_code == 200 and "night-elves" in _ids(races.text)
    assert 'href="/rules/swow#race-night-elves"' in races.text
    for name in ("powers", "items"):
        assert c.get(f"/rules/{name}").status_code == 200
    index = c.get("/rules/")
    assert index.status_code == 200 and 'href="/rules/classic"' in index.text
    assert c.get("/rules/nothing").status_code == 404
    # in player words: the pages open for players, not for the project's developers
    for text in (swow.text, classic.text):
        lead = text.split("<h2", 1)[0]
        assert "the code" not in lead and "engine" not in lead and "`" not in lead
        assert "the game follows" in lead
    # the developer site's old rules addresses lead to the rules too
    old = c.get("/docs/rules/swow/", follow_redirects=False)
    assert old.status_code == 307 and old.headers["location"] == "/rules/swow"


def test_every_link_between_the_rules_pages_lands_on_a_heading(no_site_client):
    c = no_site_client
    pages = {name: c.get(f"/rules/{name}").text for name in rules_pages.PAGES}
    ids = {name: _ids(text) for name, text in pages.items()}
    checked = 0
    for name, text in pages.items():
        for href in re.findall(r'<a href="([^"]+)"', text):
            href, _, query = href.partition("?")  # the language switch: this page in a language
            assert query == "" or query.removeprefix("lang=") in i18n.languages(), (name, query)
            if href == "/" or (href.startswith("/rules/") and "#" not in href):
                target = href.removeprefix("/rules/")
                assert target in ("", *rules_pages.PAGES) or href == "/", (name, href)
                continue
            page, _, frag = href.partition("#")
            page = page.removeprefix("/rules/") or name
            assert page in ids, (name, href)
            assert frag in ids[page], f"{name}: {href} lands on no heading"
            checked += 1
    assert checked > 100


def test_the_cards_and_markdown_are_one_source(no_site_client):
    """The pages come from docs/rules and content.cards as they are (no copy kept elsewhere)."""
    assert rules_pages.rules_dir() is not None
    assert (rules_pages.rules_dir() / "swow.md").read_text(encoding="utf-8") == \
        (RULES_DIR / "swow.md").read_text(encoding="utf-8")
    assert set(card_pages()) == {"races.md", "powers.md", "items.md"}


def test_a_wheel_carries_the_rules_where_the_app_reads_them():
    """``pip install .`` puts docs/rules into the package folder :func:`rules_dir` reads first
    (checked by hand too: ``SMALLWORLD_PURE_PYTHON=1 pip wheel --no-deps -w /tmp/w .`` lists
    ``smallworld/web/rules_md/swow.md``), and names markdown-it-py as a dependency."""
    project = tomllib.loads((RULES_DIR.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    include = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert include["docs/rules"] == f"smallworld/web/{rules_pages.PACKAGED}"
    assert any(d.startswith("markdown-it-py") for d in project["project"]["dependencies"])


def test_the_packaged_copy_is_read_first(tmp_path, monkeypatch):
    """An installed wheel (no checkout around it) reads its own copy."""
    fake = tmp_path / "web"
    (fake / rules_pages.PACKAGED).mkdir(parents=True)
    (fake / rules_pages.PACKAGED / "swow.md").write_text("# Packaged {#top}\n", encoding="utf-8")
    monkeypatch.setattr(rules_pages.resources, "files", lambda pkg: fake)
    assert rules_pages.rules_dir() == fake / rules_pages.PACKAGED


# ---- in the browser --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bare_server(tmp_path_factory):
    """A live server with no documentation site built."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(docs_site.ENV, str(tmp_path_factory.mktemp("nosite") / "site"))
        url, srv, th = start_server(tmp_path_factory.mktemp("web") / "games.sqlite3")
        yield url
        srv.should_exit = True
        th.join(timeout=10)


SIZES = [(390, 844, True), (1440, 900, False)]


def _in_view(pg, anchor):
    return pg.evaluate("""(id) => { const el = document.getElementById(id); if (!el) return null;
        const r = el.getBoundingClientRect();
        return r.top >= -1 && r.top < innerHeight / 2 && r.height > 0; }""", anchor)


def _fits(pg):
    return pg.evaluate("""() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,
        win: innerWidth, font: parseFloat(getComputedStyle(document.querySelector('main p')).fontSize) })""")


@pytest.mark.parametrize(("w", "h", "touch"), SIZES, ids=["phone", "desktop"])
def test_a_guide_rule_link_opens_the_rule_at_its_heading(bare_server, chromium, w, h, touch):
    require_browser()
    created = post_game(bare_server, {"seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}],
                                      "seed": 3})
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    errors: list[str] = []
    ctx.on("page", lambda p: p.on("pageerror", lambda e: errors.append(str(e))))
    pg = ctx.new_page()
    pg.on("pageerror", lambda e: errors.append(str(e)))
    quiet_tips(pg)
    pg.goto(bare_server + created["hotseat"])
    wait_ready(pg)
    if touch:
        pg.tap("#btn-guide")
    else:
        pg.click("#btn-guide")
    link = pg.locator(".guide a.rule-link[href$='#R-CONQ-3']").first
    link.wait_for()
    with ctx.expect_page() as opened:
        link.tap() if touch else link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/rules/swow#R-CONQ-3")
    assert "not built" not in rules.content()
    heading = rules.locator("#R-CONQ-3")
    assert heading.inner_text().startswith("R-CONQ-3")
    rules.wait_for_function("() => document.getElementById('R-CONQ-3').getBoundingClientRect().top < innerHeight / 2")
    assert _in_view(rules, "R-CONQ-3")
    size = _fits(rules)
    assert size["doc"] <= size["win"] and size["body"] <= size["win"], size
    assert size["font"] >= 15, size
    shot(rules, f"rules-R-CONQ-3-{w}x{h}")
    # a race of the Guide lands on its full rule
    pg.bring_to_front()
    trolls = pg.locator(".guide a.rule-link[href$='#race-trolls']").first
    with ctx.expect_page() as opened:
        trolls.tap() if touch else trolls.click()
    race = opened.value
    race.wait_for_load_state()
    assert race.url.endswith("/rules/swow#race-trolls") and _in_view(race, "race-trolls")
    race.close()
    # links between the pages: to the races' cards, then from a card back to its full rule
    to_cards = rules.locator("main a[href='/rules/races']").first
    to_cards.tap() if touch else to_cards.click()
    rules.wait_for_url("**/rules/races")
    assert rules.locator("h1").inner_text() == "Races"
    size = _fits(rules)
    assert size["doc"] <= size["win"], size
    shot(rules, f"rules-races-{w}x{h}")
    full = rules.locator("main a[href='/rules/swow#race-orcs']")
    full.tap() if touch else full.click()
    rules.wait_for_url("**/rules/swow#race-orcs")
    rules.wait_for_function("() => document.getElementById('race-orcs').getBoundingClientRect().top < innerHeight / 2")
    # the menu reaches the original game's rules; its rule IDs are anchors too
    menu = rules.locator(".rules-top a[href='/rules/classic']")
    box = menu.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box
    menu.tap() if touch else menu.click()
    rules.wait_for_url("**/rules/classic")
    rules.goto(bare_server + "/rules/classic#C-R-AMAZONS-2")
    rules.wait_for_function("() => document.getElementById('C-R-AMAZONS-2').getBoundingClientRect().top < innerHeight / 2")
    size = _fits(rules)
    assert size["doc"] <= size["win"] and size["body"] <= size["win"], size
    shot(rules, f"rules-classic-{w}x{h}")
    # every menu link is a big enough target on a phone
    for b in rules.locator(".rules-top a").all():
        box = b.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (b.inner_text(), box)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("edition", ["swow", "classic"])
def test_every_guide_link_of_both_editions_lands_on_a_heading(bare_server, chromium, edition):
    """Each step, race, power and item of the Guide links to a heading that exists, and a
    classic game's Guide opens the original game's rules at its rule."""
    require_browser()
    import urllib.request

    created = post_game(bare_server, {"edition": edition, "seed": 3,
                                      "seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]})
    ctx = chromium.new_context(viewport={"width": 1440, "height": 900})
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.goto(bare_server + created["hotseat"])
    wait_ready(pg)
    pg.click("#btn-guide")
    pg.locator(".guide").wait_for()
    hrefs = pg.locator(".guide a.rule-link").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert len(hrefs) > 20
    pages: dict[str, set[str]] = {}
    for href in hrefs:
        page, _, frag = href.partition("#")
        assert page in ("/rules/swow", "/rules/classic"), href
        if page not in pages:
            pages[page] = _ids(urllib.request.urlopen(bare_server + page).read().decode())
        assert frag in pages[page], f"{href} lands on no heading"
    if edition == "classic":
        assert set(pages) == {"/rules/classic"}
        link = pg.locator(".guide a.rule-link[href='/rules/classic#C-CONQ-3']").first
        with ctx.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.wait_for_load_state()
        rules.wait_for_function("() => document.getElementById('C-CONQ-3').getBoundingClientRect().top < innerHeight / 2")
        assert _in_view(rules, "C-CONQ-3")
    ctx.close()
