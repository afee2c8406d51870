"""Unit tests of the game page's pure modules, run in the browser test harness (Chromium through
Playwright): the redeployment plan (``static/js/plan.js``, R-TROOP-3) and the log merging of
``static/js/chronicle.js`` (entries from an action's answer and from WebSocket pushes, each kept
once). The modules are imported as the page imports them (ES modules from ``/static/js``), with a
hand-made payload in the shared context ``G`` (``static/js/ctx.js``)."""

from __future__ import annotations

import json

# a redeployment payload: seat 1 looks, holds 5 tokens, may redeploy to L1.2 and L1.3
PAYLOAD = {
    "perspective": 1,
    "mode": "seat",
    "game": {"actions": 17, "seats": [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "human"}]},
    "view": {
        "phase": "redeploy",
        "players": [{"seat": 0, "hand": 0}, {"seat": 1, "hand": 5}],
        "regions": [{"id": "L1.2", "tokens": 2}, {"id": "L1.3", "tokens": 1}, {"id": "L1.4", "tokens": 3}],
    },
    "legal": [
        {"kind": "redeploy", "region": "L1.2"}, {"kind": "redeploy", "region": "L1.2"},
        {"kind": "redeploy", "region": "L1.3"}, {"kind": "end"},
    ],
}


def run_module(page, server, script: str):
    """Evaluate ``script`` (an async function body that may ``await import(...)``) on a page of the
    app's origin, with ``PAYLOAD`` as ``P``; returns its result."""
    page.goto(server + "/rules/")
    return page.evaluate(
        "async (P) => { const ctx = await import('/static/js/ctx.js'); ctx.G.P = P; "
        + script + " }",
        PAYLOAD,
    )


def test_plan_adds_only_to_targets_and_never_more_than_the_hand(server, page_):
    """R-TROOP-3: tokens in hand go to the player's own highlighted Regions, at most all of them;
    a Region that is not a redeployment target takes none."""
    out = run_module(page_, server, """
        const plan = await import('/static/js/plan.js');
        const r = {};
        r.planning = plan.planning();
        r.targets = plan.targets();
        r.addElsewhere = plan.add('L1.4');
        r.addTwo = plan.add('L1.2', 2);
        r.addMany = plan.add('L1.3', 9);
        r.addNone = plan.add('L1.2');
        r.left = plan.left();
        r.actions = plan.actions();
        return r;
    """)
    assert out["planning"] is True
    assert out["targets"] == ["L1.2", "L1.3"]
    assert out["addElsewhere"] is False
    assert out["addTwo"] is True and out["addMany"] is True
    assert out["addNone"] is False  # nothing left in hand
    assert out["left"] == 0
    assert out["actions"] == ["redeploy L1.2 2", "redeploy L1.3 3"]


def test_plan_takes_back_draws_the_board_and_resets_for_a_new_position(server, page_):
    """The planned tokens are drawn on the board and taken from the hand; taking one back and a
    new position (another action count) change the plan, nothing else does."""
    out = run_module(page_, server, """
        const plan = await import('/static/js/plan.js');
        const r = {};
        plan.add('L1.2', 3);
        r.removeMissing = plan.remove('L1.3');
        r.removeOne = plan.remove('L1.2');
        const v = plan.plannedView(ctx.G.P.view);
        r.tokens = v.regions.map((x) => [x.id, x.tokens, x.planned || 0]);
        r.hand = v.players[1].hand;
        r.untouched = ctx.G.P.view.regions[0].tokens;
        ctx.G.P = { ...ctx.G.P, game: { ...ctx.G.P.game, actions: 18 } };
        r.afterNewPosition = plan.actions();
        return r;
    """)
    assert out["removeMissing"] is False and out["removeOne"] is True
    assert out["tokens"] == [["L1.2", 4, 2], ["L1.3", 1, 0], ["L1.4", 3, 0]]
    assert out["hand"] == 3
    assert out["untouched"] == 2  # the payload itself is never changed
    assert out["afterNewPosition"] == []


def test_log_entries_heard_twice_are_kept_once(server, page_):
    """A push and an answer can carry the same entries: merged by index, each is kept once and
    reported fresh once; a whole-log answer (``log_reset``) replaces the page's log."""
    out = run_module(page_, server, """
        const ch = await import('/static/js/chronicle.js');
        const e = (i) => ({ i, text: 'entry ' + i });
        const r = {};
        r.first = ch.mergeLog({ log: [e(0), e(1)] }).map((x) => x.i);
        r.push = ch.mergeLog({ log: [e(1), e(2)] }).map((x) => x.i);
        r.again = ch.mergeLog({ log: [e(2)] }).map((x) => x.i);
        r.reset = ch.mergeLog({ log_reset: true, log: [e(0), e(1), e(2), e(3)] }).map((x) => x.i);
        r.all = ch.logEntries().map((x) => x.i);
        return r;
    """)
    assert out == {"first": [0, 1], "push": [2], "again": [], "reset": [3], "all": [0, 1, 2, 3]}, json.dumps(out)
