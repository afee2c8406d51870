"""The team variant "Battle for Azeroth" (RULES §12) in headless Chromium: created from the
lobby, each seat's side shown, the teammate's coins, the side columns, and the result by side.
"""

from __future__ import annotations

import re

from tests.web.browser_kit import (
    play_one_step,
    quiet_tips,
    require_browser,
    results_up,
    shot,
    wait_ready,
)

require_browser()


def test_a_team_game_from_the_lobby_to_the_result_by_side(server, page_):
    pg = page_
    quiet_tips(pg)
    pg.goto(server + "/")
    pg.wait_for_selector("#seats .seat")
    assert pg.locator("#team-note").is_hidden()
    pg.select_option("#edition", "swow-team")
    pg.select_option("#players", "4")
    # R-TEAM-1: the side of each seat, in seat order, before the game starts
    assert pg.locator("#seats .seat .tag.side").all_text_contents() == ["Alliance", "Horde", "Alliance", "Horde"]
    assert "lower of their two players" in pg.inner_text("#team-note")
    pg.locator("#seats .seat-name").nth(0).fill("Anna")
    for i, name in ((1, "Bob"), (2, "Cleo"), (3, "Dan")):
        pg.locator("#seats .seat-name").nth(i).fill(name)
        pg.locator("#seats .seat-kind").nth(i).select_option("bot:random")
    pg.fill("#seed", "77")
    shot(pg, "20-team-lobby")
    pg.click("#create")
    pg.wait_for_selector("#play-hotseat")
    assert pg.locator("#created .tag.side").all_text_contents() == ["Alliance", "Horde", "Alliance", "Horde"]
    pg.click("#play-hotseat")
    pg.wait_for_selector("svg.sw-table")
    wait_ready(pg)

    # each seat's side, the sides panel, the teammate's coins (R-TEAM-6), the Horde's hidden
    sides = [pg.text_content(f'.player[data-seat="{i}"] .tag.side') for i in range(4)]
    assert sides == ["Alliance", "Horde", "Alliance", "Horde"]
    assert pg.locator('.player[data-seat="2"] .tag.mate').count() == 1
    assert re.fullmatch(r"\d+", pg.inner_text('.player[data-seat="2"] .vc').strip())
    assert pg.inner_text('.player[data-seat="1"] .vc').strip() == "?"
    panel = pg.locator("#sides")
    assert panel.is_visible()
    alliance = panel.locator('.side-row[data-side="A"]')
    assert "Anna" in alliance.inner_text() and "Cleo" in alliance.inner_text()
    assert alliance.locator(".tag.you-side").count() == 1
    assert re.search(r"\d+$", alliance.inner_text().strip())  # both coin totals known: a side score
    assert panel.locator('.side-row[data-side="H"] .side-score').inner_text().strip() == "?"
    assert "lower of their two players" in panel.inner_text()
    # the Alliance column to pick from; the Horde's column can be looked at, not picked from
    assert pg.text_content(".left .panel-title") == "Alliance races for hire"
    assert pg.locator(".combo.pickable").count() >= 1
    shot(pg, "21-team-start")
    pg.click('#side-tabs button[data-side="H"]')
    assert pg.text_content(".left .panel-title") == "Horde races for hire"
    assert pg.locator(".combo.pickable").count() == 0
    pg.click('#side-tabs button[data-side="A"]')
    assert pg.locator(".combo.pickable").count() >= 1

    seen: set[str] = set()
    steps = 0
    while not results_up(pg):
        play_one_step(pg, seen, shots=False)
        steps += 1
        assert steps < 800, "the game does not end"
        wait_ready(pg, 30_000)
    shot(pg, "22-team-results")

    # the result by side (R-TEAM-7): side scores, the winning side's crown, the shared victory
    modal = pg.locator("#modal .results")
    table = modal.locator("table.sides-table")
    assert table.locator("tbody tr").count() == 2
    assert table.locator("tr.win").count() >= 1
    won = table.locator("tr.win").first.get_attribute("data-side")
    members = {"A": ("Anna", "Cleo"), "H": ("Bob", "Dan")}[won]
    lead = modal.locator(".lead").inner_text()
    assert re.search(r"(wins|share the victory) with a side score of \d+ coins", lead), lead
    assert all(m in lead for m in members)
    coins = {}
    for row in modal.locator("table.players-table tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        coins[cells[1].strip()] = int(cells[3])
    lower = {"A": min(coins["Anna"], coins["Cleo"]), "H": min(coins["Bob"], coins["Dan"])}
    for side in ("A", "H"):
        score = int(table.locator(f'tr[data-side="{side}"] td').nth(3).inner_text())
        assert score == lower[side]
    # both winners share the victory: both crowned in the player table
    assert modal.locator("table.players-table tr.win").count() == 2 * table.locator("tr.win").count()
    pg.click("#modal .results button.primary")
    assert pg.locator(f'#sides .side-row[data-side="{won}"].won .crown').count() == 1
    assert "side score" in pg.inner_text("#log")
    shot(pg, "23-team-final-board")

    # the saved-games list says which side won
    pg.goto(server + "/")
    pg.wait_for_selector(".game-row")
    row = pg.locator(".game-row").first
    assert f"Finished · {'Alliance' if won == 'A' else 'Horde'} won" in row.inner_text()
    assert row.locator(".tag.side").count() == 4
    shot(pg, "24-team-lobby-after")
    assert not pg.errors, pg.errors


def test_the_team_welcome_tip_tells_how_sides_score(server, chromium):
    """Issue 35 point 14: the team variant's first tip says teammates see each other's coins and
    sides win (R-TEAM-6, R-TEAM-7), not that coins are secret and the richest player wins."""
    from tests.web.browser_kit import post_game

    created = post_game(server, {"edition": "swow-team", "seed": 3,
                                 "seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]})
    ctx = chromium.new_context(viewport={"width": 1440, "height": 900})
    pg = ctx.new_page()
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#tips:not([hidden])[data-tip-key='welcome']")
    words = pg.inner_text("#tips")
    assert "Teammates see each other's coins" in words and "best side wins" in words, words
    assert "richest player" not in words and "only you see yours" not in words, words
    ctx.close()
