"""Bot levels in the lobby (bots.LEVELS): every seat offers "Bot · Easy", "Bot · Medium" and
"Bot · Hard" (with their plain-words descriptions) in both editions, at desktop and phone width;
a game created with a level shows it. Screenshots: ``test-artifacts/web/lobby-levels-*.png``."""

from __future__ import annotations

import re

import pytest

from tests.web.browser_kit import open_page, require_browser, shot

require_browser()


@pytest.mark.parametrize(("w", "h", "touch"), [(1440, 900, False), (390, 844, True)])
def test_the_lobby_offers_the_bot_levels_in_both_editions(server, chromium, w, h, touch):
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(server + "/")
    pg.wait_for_selector("#seats .seat")
    meta = pg.evaluate("() => fetch('/api/meta').then(r => r.json())")
    levels = {lv["name"]: lv for lv in meta["levels"]}
    assert list(levels) == ["Easy", "Medium", "Hard"]
    for edition in ("swow", "classic"):
        pg.select_option("#edition", edition)
        pg.select_option("#players", "3")
        for i in range(3):
            options = pg.eval_on_selector_all(
                f"#seats .seat:nth-child({i + 1}) .seat-kind option",
                "os => os.map(o => [o.value, o.textContent])")
            offered = {label: value for value, label in options}
            for name, lv in levels.items():
                assert offered.get(f"Bot · {name}") == f"bot:{lv['bot']}", (edition, i, options)
            # the named opponent Random, and no research variant by its internal name (issue 35)
            assert offered.get("Bot · Random") == "bot:random", options
            assert [label for label in offered
                    if label.startswith("Bot · ")] == ["Bot · Easy", "Bot · Medium", "Bot · Hard", "Bot · Random"]
            assert not pg.locator(f"#seats .seat:nth-child({i + 1}) .seat-kind optgroup").count()
        help_text = pg.inner_text("#level-help")
        for lv in [*levels.values(), *meta["opponents"]]:
            assert lv["description"] in help_text
    pg.select_option("#edition", "swow")
    pg.locator("#seats .seat-kind").nth(1).select_option(label="Bot · Hard")
    pg.locator("#seats .seat-kind").nth(2).select_option(label="Bot · Easy")
    shot(pg, f"lobby-levels-{w}x{h}")
    pg.locator("#seats .seat-kind").nth(1).select_option("bot:random")  # keep the game fast
    pg.locator("#seats .seat-kind").nth(2).select_option(label="Bot · Easy")
    pg.click("#create")
    pg.wait_for_selector("#play-hotseat")
    assert "bot (Easy)" in pg.inner_text("#created")
    shot(pg, f"lobby-levels-created-{w}x{h}")
    assert not pg.errors, pg.errors
    ctx.close()


@pytest.mark.parametrize(("w", "h"), [(390, 844), (768, 1024)])
def test_saved_games_buttons_fit_the_phone_lobby(server, chromium, w, h):
    """The saved-games list's buttons (Resume, Replay, Export, Delete) stay inside their game's
    card (they wrap rather than run past its edge) and the lobby never scrolls sideways on a
    phone or a tablet."""
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)
    pg = ctx.new_page()
    pg.goto(server + "/")
    pg.wait_for_selector("#seats .seat")
    pg.locator("#seats .seat-kind").nth(1).select_option("bot:random")
    pg.click("#create")
    pg.wait_for_selector("#play-hotseat")
    pg.goto(server + "/")
    pg.wait_for_selector("#games .game-row")
    pg.locator("#games .game-row").first.scroll_into_view_if_needed()
    shot(pg, f"lobby-saved-games-{w}x{h}")
    sub = pg.inner_text("#games .game-row:first-child .game-sub")
    assert not re.search(r"\b[LMS][1-6]\b", sub), sub  # board names, not their ids
    listed = pg.evaluate("() => fetch('/api/games').then(r => r.json())")["games"][0]
    assert len(listed["board_names"]) == len(listed["boards"]) == 3
    for board_id, name in zip(listed["boards"], listed["board_names"], strict=True):
        assert name != board_id and name in sub, (board_id, name, sub)
    width = pg.evaluate("() => document.documentElement.clientWidth")
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= width
    row = pg.locator("#games .game-row").first.bounding_box()
    boxes = pg.eval_on_selector_all(
        "#games .game-row:first-child .game-actions > *",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [e.textContent, r.left, r.right]; })")
    assert [b[0] for b in boxes][-1] == "Delete", boxes
    for label, left, right in boxes:
        assert row["x"] <= left and right <= row["x"] + row["width"], (label, left, right, row)
    ctx.close()
