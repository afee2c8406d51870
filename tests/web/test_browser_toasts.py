"""Scoring toasts in headless Chromium. A seat's scoring is secret (R-SCORE-4): on a hotseat
screen shared by two people, the page switches to the next player when a turn ends, so a
player's scoring toast must wait until that player has taken the screen back (the "pass the
screen" curtain lifted), never show over the curtain, and say which round it was.

(The single-human game of test_browser.py checks one toast per scoring, each naming its round.)
"""

from __future__ import annotations

import re

from tests.web.browser_kit import (
    play_one_step,
    post_game,
    quiet_tips,
    require_browser,
    shot,
    toasts,
    wait_ready,
    watch_toasts,
)

require_browser()


def _curtain_for(pg):
    if not pg.locator("#curtain:not([hidden])").count():
        return None
    return re.search(r"Pass the screen to (\w+)", pg.inner_text("#curtain")).group(1)


def test_a_hotseat_scoring_toast_waits_for_its_player(server, page_):
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bob"}], "seed": 4})
    pg = page_
    quiet_tips(pg)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#curtain:not([hidden])")
    watch_toasts(pg)
    lifted = []
    seen: set[str] = set()
    steps = 0
    while len(lifted) < 3:  # Anna plays round 1, then Bob, then the screen comes back to Anna
        wait_ready(pg)
        who = _curtain_for(pg)
        if who:
            if who == "Anna" and lifted:
                shot(pg, "30-hotseat-curtain")
            # nothing about anyone's coins shows over the curtain
            assert not [t for t in toasts(pg) if t["curtain"]], toasts(pg)
            pg.click("#curtain-ok")
            lifted.append(who)
            continue
        play_one_step(pg, seen, shots=False)
        steps += 1
        assert steps < 200
    assert lifted == ["Anna", "Bob", "Anna"]
    # Anna has the screen again: her round 1 scoring, once, named as hers
    pg.wait_for_selector(".toast.score")
    shot(pg, "31-hotseat-score-toast")
    line = next(x for x in pg.locator("#log li.log-score").all_inner_texts() if x.startswith("Anna scores"))
    scored = re.match(r"Anna scores (\d+ coins?.*?)(?:PRIVATE)?$", line).group(1)
    scores = [t["text"] for t in toasts(pg) if "score" in t["text"]]
    assert scores == [f"Round 1 · Anna, you scored {scored}"], scores
    assert not [t for t in toasts(pg) if t["curtain"]]
    assert not pg.errors, pg.errors
