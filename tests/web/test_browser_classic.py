"""The original Small World (edition ``classic``) in the browser: the lobby offers it, its map
and tables are shown, and a whole 2-player game against a bot is clicked through to the results
with the page's own controls (no page error, no null/undefined). Screenshots of the conquest
phase at 1440x900 and 390x844 (touch) go to ``test-artifacts/web/``."""

from __future__ import annotations

from smallworld.core import engine
from tests.web.browser_kit import (
    click_center,
    do,
    play_one_step,
    post_game,
    quiet_tips,
    region_spot,
    require_browser,
    results_up,
    shot,
    wait_ready,
)

require_browser()

ANNA_BOB = [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]

_SCAN = """
    window.__bad = [];
    const scan = () => {
      const t = document.body ? document.body.innerText : "";
      const m = /\\b(null|undefined|NaN|Murlocs?)\\b/.exec(t + " " + document.title);
      if (m) window.__bad.push(t.slice(Math.max(0, m.index - 60), m.index + 20));
    };
    new MutationObserver(scan).observe(document, {childList: true, subtree: true, characterData: true});
"""


def _page(chromium, w, h, touch=False):
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.add_init_script(_SCAN)
    return ctx, pg


def _to_conquest(pg):
    """Click through the pick until the human seat is conquering."""
    seen: set[str] = set()
    for _ in range(20):
        wait_ready(pg)
        if pg.evaluate("() => document.body.dataset.phase") == "conquer":
            return
        play_one_step(pg, seen, shots=False)
    raise AssertionError("never reached the conquest phase")


def test_the_lobby_offers_the_classic_edition_and_creates_a_game(server, chromium):
    ctx, pg = _page(chromium, 1440, 900)
    pg.goto(server + "/")
    # the lobby fills the list once its table of editions has arrived
    pg.wait_for_function("() => document.querySelectorAll('#edition option').length > 0")
    options = pg.eval_on_selector_all("#edition option", "os => os.map(o => [o.value, o.textContent])")
    assert [v for v, _ in options] == ["swow", "swow-team", "classic"], options
    assert dict(options)["classic"].startswith("Small World")
    # the brand and the tab title follow the edition chosen (issue 35 point 14)
    assert "of Warcraft" in pg.inner_text(".brand") and "Warcraft" in pg.title()
    pg.select_option("#edition", "classic")
    assert pg.inner_text(".brand").strip() == "Small World" and "Warcraft" not in pg.title()
    assert "islands" not in pg.inner_text(".hero")
    shot(pg, "lobby-classic-1440x900")
    pg.select_option("#edition", "swow")
    assert "of Warcraft" in pg.inner_text(".brand")
    ctx.close()


def test_a_classic_game_page_shows_its_map_and_tables(server, chromium):
    created = post_game(server, {"seats": ANNA_BOB, "seed": 7, "edition": "classic"})
    for w, h, touch, name in ((1440, 900, False, "classic-conquer-1440x900"),
                              (390, 844, True, "classic-conquer-390x844")):
        ctx, pg = _page(chromium, w, h, touch)
        pg.goto(server + created["seats"][0]["link"])
        pg.wait_for_selector("#turn.acting")
        assert pg.locator('svg.sw-face[data-face="C2"]').count() == 1
        meta = pg.evaluate("() => window.__sw.meta")
        assert meta["edition"] == "classic" and "ratmen" in meta["races"] and not meta["items"]
        combos = pg.inner_text("#combos") if pg.locator("#combos").count() else pg.inner_text("body")
        names = {v["name"] for v in meta["races"].values()}
        assert any(n in combos for n in names), combos[:300]
        _to_conquest(pg)
        pg.wait_for_timeout(300)
        shot(pg, name)
        text = pg.evaluate("() => document.body.innerText")
        assert "Alliance" not in text and "Horde" not in text, text[:500]
        assert "of Warcraft" not in text and "of Warcraft" not in pg.title()
        # no Warcraft holding on a player card (a seat without a race has no Bombs or Harmony)
        cards = pg.inner_text("#players")
        assert "Bomb" not in cards and "Harmony" not in cards, cards
        if not touch:
            # a Lost Tribe Region's tooltip: its terrain, symbols and who holds it, in words
            rid = pg.evaluate("() => window.__sw.P.view.regions.find((r) => r.occupant === 'murlocs').id")
            box = pg.locator(f'g.piece-group[data-region="{rid}"] .disc').first.bounding_box()
            pg.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            pg.wait_for_selector("#tooltip:not([hidden])")
            tip = pg.inner_text("#tooltip")
            shot(pg, "classic-tooltip-1440x900")
            assert "Lost Tribes: 1" in tip and "lost-tribe" not in tip, tip
            pg.mouse.move(5, 5)
            # the Key: classic terrains, symbols and pieces, no items
            pg.click("#btn-key")
            key = pg.inner_text("#board-key")
            shot(pg, "classic-key-1440x900")
            for word in ("Farmland", "Border Region", "Mine", "Lost Tribes", "Troll Lair", "Fortress",
                         "Encampment", "Hole-in-the-Ground", "Hero", "Dragon"):
                assert word in key, (word, key)
            for word in ("Murloc", "Artifact", "Wisp Wall", "Entry"):
                assert word not in key, (word, key)
            pg.click("#board-key-close")
            # the Guide: classic steps and the classic races and powers with their summaries
            pg.click("#btn-guide")
            guide = pg.inner_text("#modal")
            shot(pg, "classic-guide-1440x900")
            assert "How to play Small World" in guide and "Lost Tribes" in guide
            assert "Ratmen" in guide and "Dragon Master" in guide and meta["races"]["trolls"]["summary"] in guide
            for word in ("Artifact", "Alliance", "Murloc", "Entry Region"):
                assert word not in guide, (word, guide)
            hrefs = pg.eval_on_selector_all("#modal a.rule-link", "as => as.map(a => a.getAttribute('href'))")
            assert hrefs and all(h.startswith("/rules/classic#") for h in hrefs), hrefs
            pg.keyboard.press("Escape")
        assert not pg.evaluate("() => window.__bad"), pg.evaluate("() => window.__bad")
        assert not pg.errors, pg.errors
        ctx.close()


def test_a_whole_classic_game_against_a_bot_to_the_results(server, chromium):
    """Created in the lobby (classic, Anna against a random bot), played with the page's own
    controls until the results panel."""
    ctx, pg = _page(chromium, 1440, 900)
    pg.goto(server + "/")
    pg.wait_for_selector("#seats .seat")
    pg.select_option("#edition", "classic")
    pg.select_option("#players", "2")
    pg.locator("#seats .seat-name").nth(0).fill("Anna")
    pg.locator("#seats .seat-kind").nth(0).select_option("human")
    pg.locator("#seats .seat-name").nth(1).fill("Bob")
    pg.locator("#seats .seat-kind").nth(1).select_option("bot:random")
    pg.fill("#seed", "11")
    pg.click("#create")
    pg.wait_for_selector("#play-hotseat")
    pg.click("#play-hotseat")
    pg.wait_for_selector('svg.sw-face[data-face="C2"]')
    pg.wait_for_selector("#turn.acting")
    assert pg.evaluate("() => window.__sw.P.game.edition") == "classic"
    seen: set[str] = set()
    for _ in range(900):
        if results_up(pg):
            break
        play_one_step(pg, seen, shots=False)
        wait_ready(pg, timeout=60_000)
    assert results_up(pg), "the game did not reach the results"
    assert {"pick", "conquer", "redeploy"} <= seen, seen
    shot(pg, "classic-results-1440x900")
    results = pg.inner_text("#modal")
    assert "Anna" in results and "Bob" in results
    bad = pg.evaluate("() => window.__bad")
    assert not bad, "\n---\n".join(bad[:6])
    assert not pg.errors, pg.errors
    # the replay of the finished game shows the classic map and names
    href = pg.get_attribute("#btn-replay", "href")
    pg.goto(server + href)
    pg.wait_for_function("() => /Round 1 of/.test(document.getElementById('rp-where').textContent)")
    assert pg.locator('svg.sw-face[data-face="C2"]').count() == 1
    assert pg.evaluate("() => window.__sw.meta.edition") == "classic"
    assert "of Warcraft" not in pg.title()
    bad = pg.evaluate("() => window.__bad")
    assert not bad, "\n---\n".join(bad[:6])
    assert not pg.errors, pg.errors
    ctx.close()


def test_classic_pieces_are_drawn_and_named_on_the_board(server, chromium):
    """A position from a random classic game holding several kinds of classic piece (Troll
    Lairs, Fortresses, Encampments, Holes-in-the-Ground, Heroes, the Dragon): each is drawn as a
    chip on its Region and named in plain words in the Region's tooltip."""
    import random

    from smallworld.core.game import Game
    from smallworld.core.view import view
    from tests.web.browser_kit import install_state

    names = {"troll-lair": "Troll Lair", "fortress": "Fortress", "encampment": "Encampment",
             "hole": "Hole-in-the-Ground", "hero": "Hero", "dragon": "Dragon"}
    best, best_kinds = None, set()
    for seed in range(40):
        g = Game.new(2, seed=seed, edition="classic", seats=["Anna", "Cleo"])
        g.settle()
        rng = random.Random(seed)
        while not g.state.is_over():
            g.apply(rng.choice(g.legal_actions()))
            g.settle()
            s = g.state
            kinds = {k for reg in view(s, 0)["regions"] for k, n in (reg.get("pieces") or {}).items()
                     if n and k in names}
            if len(kinds) > len(best_kinds):
                best, best_kinds = s.copy(), kinds
        if len(best_kinds) >= 3:
            break
    assert len(best_kinds) >= 2, best_kinds
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Cleo"}], "seed": 5, "edition": "classic"})
    install_state(server, created["id"], best)
    ctx, pg = _page(chromium, 1440, 900)
    pg.goto(server + created["seats"][0]["link"])
    pg.wait_for_selector("g.piece-group .disc")
    for kind in best_kinds:
        chip = pg.locator(f"g.chip-{kind}").first
        assert chip.count(), kind
        chip.wait_for(state="visible")  # the table may still be settling after its first paint
        box = chip.bounding_box()
        pg.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        pg.wait_for_selector("#tooltip:not([hidden])")
        assert names[kind] in pg.inner_text("#tooltip"), (kind, pg.inner_text("#tooltip"))
        pg.mouse.move(5, 5)
    shot(pg, "classic-pieces-1440x900")
    assert not pg.evaluate("() => window.__bad"), pg.evaluate("() => window.__bad")
    assert not pg.errors, pg.errors
    ctx.close()


def test_border_regions_are_outlined_on_the_classic_map_as_the_key_shows(server, chromium):
    """The key's "Border Region" symbol (a dashed outline) is drawn on every Border Region of
    a classic map (the first-conquest targets of C-CONQ-1), and on no Warcraft board (which
    marks Entry Regions with an anchor, R-CONQ-1)."""
    for edition, seats in (("classic", ANNA_BOB), ("swow", ANNA_BOB)):
        created = post_game(server, {"seats": seats, "seed": 7, "edition": edition})
        ctx, pg = _page(chromium, 1440, 900)
        pg.goto(server + created["seats"][0]["link"])
        pg.wait_for_selector("svg.sw-table")
        border = pg.evaluate("""() => Object.entries(window.__sw.boardData.regions)
            .filter(([, r]) => (r.symbols || []).includes("border")).map(([id]) => id).sort()""")
        drawn = pg.evaluate("""() => [...document.querySelectorAll('path.sw-border')]
            .map((p) => p.dataset.region).sort()""")
        assert drawn == border
        if edition == "classic":
            assert len(border) >= 5
            outline = pg.locator("path.sw-border").first
            assert outline.evaluate("(p) => getComputedStyle(p).strokeDasharray") not in ("", "none")
            shot(pg, "classic-borders-1440x900")
        else:
            assert border == []
        ctx.close()


def _post(server, game_id, token, action):
    import json
    import urllib.request

    req = urllib.request.Request(f"{server}/api/games/{game_id}/actions", data=json.dumps({"action": action}).encode(),
                                 headers={"Content-Type": "application/json", "X-Token": token})
    return json.load(urllib.request.urlopen(req))


def _amazons_at_their_choice(server):
    """A real 2-player classic game (seed 2: Amazons Hill third in the column) played over the
    API by Anna up to the end of her first redeployment: Amazons on several Regions with
    spare tokens, the choice of the 4 tokens leaving the map open (C-R-AMAZONS-2)."""
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bob"}], "seed": 2, "edition": "classic"})
    gid, tok = created["id"], created["hotseat"].split("token=")[1]
    s = server.app.state.hub.get(gid).game.state
    k = next(i for i, c in enumerate(s.column) if c[0] == "amazons")
    _post(server, gid, tok, f"pick {k}")
    for _ in range(4):  # four cheap conquests, then stop
        s = server.app.state.hub.get(gid).game.state
        cands = [a for a in engine.legal_actions(s) if a.kind == "conquer"]
        if not cands:
            break
        from smallworld.core.conquest import conquest_cost, travel_to

        def cost(a, s=s):
            r = s.spec.region(str(a.args[0]))
            return conquest_cost(s, 0, r, travel_to(s, 0, r))
        a = min(cands, key=lambda a: (cost(a), str(a)))
        if cost(a) > s.hand[0]:
            break
        _post(server, gid, tok, str(a))
    _post(server, gid, tok, "end")
    s = server.app.state.hub.get(gid).game.state
    own = s.regions_of(0)
    i = 0
    while s.phase == "redeploy":  # spread the hand: every Region gets spare tokens
        r = own[i % len(own)]
        _post(server, gid, tok, f"redeploy {s.spec.region_ids[r]} 1")
        s = server.app.state.hub.get(gid).game.state
        i += 1
    assert s.decisions == [(0, "race:amazons")], (s.phase, s.decisions)
    return created


def test_the_amazons_choose_the_tokens_leaving_the_map_on_a_phone(server, chromium):
    """C-R-AMAZONS-2 (revised) on a 390x844 touch screen: the panel says how many tokens are
    left to take; a tap on a highlighted Region takes one token there (the count goes down,
    the Region's tokens too); the last one, which ends the turn, asks first."""
    created = _amazons_at_their_choice(server)
    live = server.app.state.hub.get(created["id"])
    ctx, pg = _page(chromium, 1440, 900)  # the desktop reads "click" where the phone reads "tap"
    pg.goto(server + created["hotseat"])
    pg.click("#curtain-ok")
    pg.wait_for_selector("#turn.acting")
    assert "Click a highlighted Region" in pg.inner_text("#turn")
    shot(pg, "classic-amazons-choice-1440x900")
    ctx.close()
    ctx, pg = _page(chromium, 390, 844, touch=True)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#curtain-ok")
    pg.click("#curtain-ok")
    pg.wait_for_selector("#turn.acting")
    panel = pg.inner_text("#turn")
    assert "Take 4 more Amazon tokens off the map" in panel, panel
    assert "Tap a highlighted Region" in panel and "Click" not in panel, panel
    shot(pg, "classic-amazons-choice-390x844")
    taken = 0
    while live.game.state.decisions:
        s = live.game.state
        rid = str(next(a for a in engine.legal_actions(s) if a.kind == "offmap").args[0])
        before = s.tokens[s.spec.region(rid)]
        left = 4 - s.flags.get("off-map:amazons", 0)
        spot = region_spot(pg, rid)
        if left == 1 or pg.evaluate("() => window.__sw.P.legal.every((a) => a.ends_turn)"):
            click_center(pg, spot)  # the last token ends the turn: the menu says so
            item = pg.locator("#menu:not([hidden]) button[data-action]").first
            assert "ends your turn" in item.inner_text()
            shot(pg, "classic-amazons-last-390x844")
            do(pg, item.click)
            taken += 1
            break
        do(pg, lambda spot=spot: click_center(pg, spot))
        taken += 1
        after = live.game.state
        assert after.flags["off-map:amazons"] == 5 - left
        r = after.spec.region(rid)
        assert after.tokens[r] == before - 1 or after.occ[r] != 0
        pg.wait_for_function(f"() => document.getElementById('turn').innerText.includes('Take {left - 1} more')"
                             f" || document.getElementById('turn').innerText.includes('Take 1 more Amazon token ')")
    s = live.game.state
    assert not s.decisions and s.flags["off-map:amazons"] == 4 and taken >= 1
    assert s.current_player() != 0 or s.phase != "choice"
    assert not pg.evaluate("() => window.__bad"), pg.evaluate("() => window.__bad")
    assert not pg.errors, pg.errors
    ctx.close()
