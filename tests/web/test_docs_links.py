"""The rules pages in the browser: the server shows the built documentation site at /docs/ (or
says in plain words how to build it, and sends its rules addresses to the rules at /rules/); a
message citing a rule ID links to that rule's heading at /rules/ (docs/rules/swow.md, R-TROOP-2
here), and the Guide links its steps, races, powers and items to their rules."""

from __future__ import annotations

from fastapi.testclient import TestClient

from smallworld.web import docs_site
from smallworld.web.server import create_app
from tests.web.browser_kit import post_game, quiet_tips, require_browser, wait_ready


def test_server_shows_the_built_site_at_docs(tmp_path, monkeypatch):
    site = tmp_path / "site"
    (site / "rules" / "swow").mkdir(parents=True)
    (site / "index.html").write_text("<h1>smallworld</h1>")
    (site / "rules" / "swow" / "index.html").write_text('<h3 id="R-TROOP-2">Abandoning</h3>')
    monkeypatch.setenv(docs_site.ENV, str(site))
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_delay=0)) as c:
        r = c.get("/docs/rules/swow/")
        assert r.status_code == 200 and 'id="R-TROOP-2"' in r.text
        assert c.get("/docs/").status_code == 200


def test_server_finds_the_site_built_in_the_folder_it_starts_from(tmp_path, monkeypatch):
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<h1>built here</h1>")
    monkeypatch.delenv(docs_site.ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    assert docs_site.site_dir() == tmp_path / "site"
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_delay=0)) as c:
        assert "built here" in c.get("/docs/").text


def test_server_says_how_to_build_a_missing_site(tmp_path, monkeypatch):
    monkeypatch.setenv(docs_site.ENV, str(tmp_path / "nowhere"))
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_delay=0)) as c:
        r = c.get("/docs/api/engine/")
        assert r.status_code == 404
        assert "mkdocs build" in r.text and "not built" in r.text and 'href="/rules/"' in r.text
        assert c.get("/docs/rules/swow/", follow_redirects=False).headers["location"] == "/rules/swow"


def test_rule_ids_in_messages_and_the_guide_link_to_the_rules(server, page_):
    require_browser()
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}],
                                 "seed": 3})
    pg = page_
    quiet_tips(pg)
    pg.goto(server + created["hotseat"])
    wait_ready(pg)
    # an error message naming a rule (core/explain.py) links to its heading, in plain words
    pg.evaluate("""async () => { const ui = await import('/static/js/ui.js');
        ui.toast("'abandon L1.4': Regions can only be abandoned before the first conquest (R-TROOP-2)", "bad"); }""")
    link = pg.locator(".toast a[href='/rules/swow#R-TROOP-2']")
    link.wait_for()
    assert "R-TROOP-2" not in pg.inner_text(".toast.bad")
    assert link.inner_text() == "see the rule"
    # the Guide: steps and every race, power and item link to their rules
    pg.click("#btn-guide")
    guide = pg.locator(".guide")
    guide.wait_for()
    hrefs = guide.locator("a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert "/rules/swow#race-trolls" in hrefs
    assert "/rules/swow#power-sailing" in hrefs
    assert "/rules/swow#item-doomhammer" in hrefs
    assert "/rules/swow#R-CONQ-3" in hrefs and "/rules/swow#R-CONQ-9" in hrefs
    assert len([h for h in hrefs if "#race-" in h]) == 16
    assert not pg.errors, pg.errors
