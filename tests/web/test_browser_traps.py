"""Traps and leaks at the table (issue 35), in headless Chromium on a 390x844 touch phone and a
1440x900 desktop: a turn is never thrown away without a question, a seat's secret coins never
show over the hotseat curtain (RULES §15), nothing covers a sheet that asks the player
something, tips show once per browser, a seat is told when its turn comes, and a lost
connection says so and refuses moves. Screenshots go to ``test-artifacts/web/``."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest

from tests.web.browser_kit import post_game, quiet_tips, require_browser, shot

require_browser()

SIZES = [(390, 844, True), (1440, 900, False)]
IDS = ["phone", "desktop"]
ANNA_BOB = [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}]
ANNA_BRUNO = [{"name": "Anna"}, {"name": "Bruno"}]


def _page(chromium, w, h, touch, tips=False):
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    if not tips:
        quiet_tips(pg)
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.posts = []
    pg.on("request", lambda r: pg.posts.append(r.url) if r.method == "POST" else None)
    return ctx, pg


def _get(server, path):
    return json.load(urllib.request.urlopen(server + path))


def _post(server, path, body, token):
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json", "X-Token": token})
    try:
        return 200, json.load(urllib.request.urlopen(req))
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def _state(server, created, token=None):
    return _get(server, f"/api/games/{created['id']}/state?token={token or created['host_token']}")


def _act(server, created, text, token=None):
    code, P = _post(server, f"/api/games/{created['id']}/actions", {"action": text}, token or created["host_token"])
    assert code == 200, P
    return P


def _quiet_targets(P):
    """Conquests that reveal nothing (no face-down item there), cheapest first."""
    items = {r["id"]: r.get("item") for r in P["view"]["regions"]}
    out = [a for a in P["legal"] if a["kind"] == "conquer" and not items.get(a["region"])
           and P["hints"][a["region"]]["status"] == "conquer"]
    return sorted(out, key=lambda a: P["hints"][a["region"]]["cost"])


def _tap_or_click(pg, selector, touch):
    if touch:
        pg.locator(selector).tap()
    else:
        pg.click(selector)


def _end(P):
    return next(a for a in P["legal"] if a["kind"] == "end")


# ---- 1. End turn never throws the turn away without a question -----------------------------------


@pytest.mark.parametrize("w,h,touch", SIZES, ids=IDS)
def test_end_turn_with_every_token_in_hand_asks_first(server, chromium, w, h, touch):
    """Right after a pick, End turn would pass with every token in hand and no Region (R-TROOP-3:
    nothing can be placed): the page asks in plain words first, Keep playing changes nothing,
    and the button's tooltip no longer says the tokens stay where they are."""
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    P = _act(server, created, "pick 0")
    hand = P["view"]["players"][0]["hand"]
    ctx, pg = _page(chromium, w, h, touch)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("body[data-phase='conquer'] #turn.acting")
    end = pg.locator("#turn button.act[data-action='end']")
    assert "stay where they are" not in (end.get_attribute("title") or "")
    n = len(pg.posts)
    _tap_or_click(pg, "#turn button.act[data-action='end']", touch)
    pg.wait_for_selector("#confirm:not([hidden])")
    text = pg.inner_text("#confirm")
    assert f"You still have {hand} tokens in hand and no Region. End your turn anyway?" in text, text
    assert not re.search(r"\bR-[A-Z]+-\d", text), text  # player words, no rule IDs
    assert len(pg.posts) == n  # nothing sent yet
    shot(pg, f"35-1-end-turn-asks-{'phone' if touch else 'desktop'}")
    _tap_or_click(pg, "#confirm-cancel", touch)
    assert pg.locator("#confirm[hidden]").count() == 1
    assert len(pg.posts) == n and pg.evaluate("() => window.__sw.P.view.phase") == "conquer"
    # asked again, and this time confirmed: the turn ends
    _tap_or_click(pg, "#turn button.act[data-action='end']", touch)
    pg.wait_for_selector("#confirm:not([hidden])")
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")) as resp:
        _tap_or_click(pg, "#confirm-ok", touch)
    assert resp.value.status == 200
    pg.wait_for_function("() => window.__sw.P.view.round > 1 || window.__sw.P.view.turn !== 0")
    assert not pg.errors, pg.errors
    ctx.close()


def test_ending_a_turn_that_conquered_nothing_asks_first(server, chromium):
    """An expanding turn (R-TROOP-1) that could conquer but ends before any conquest asks first;
    once something is conquered, End turn says what it does and asks nothing."""
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    P = _act(server, created, "pick 0")
    P = _act(server, created, _quiet_targets(P)[0]["text"])
    assert _end(P)["warn"] is None  # one conquest made: nothing is thrown away
    P = _act(server, created, "end")  # one Region: every token goes there, the turn ends
    for _ in range(50):
        P = _state(server, created)
        if P["actor"] == 0 and P["view"]["phase"] == "decide":
            break
    else:
        pytest.fail("Anna's second turn not reached")
    P = _act(server, created, "expand")
    assert P["view"]["phase"] == "conquer"
    ctx, pg = _page(chromium, 1440, 900, False)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("body[data-phase='conquer'] #turn.acting")
    n = len(pg.posts)
    pg.click("#turn button.act[data-action='end']")
    pg.wait_for_selector("#confirm:not([hidden])")
    text = pg.inner_text("#confirm")
    assert "You have not conquered anything this turn" in text and "anyway?" in text, text
    assert len(pg.posts) == n
    pg.click("#confirm-cancel")
    assert len(pg.posts) == n
    assert not pg.errors, pg.errors
    ctx.close()


# ---- 2. the hotseat curtain shows nothing of the last seat (RULES §15) --------------------------

SEEN_TOASTS = """() => [...document.querySelectorAll('#toasts .toast')]
    .filter((t) => !t.classList.contains('out') && t.getBoundingClientRect().height > 0).map((t) => t.textContent)"""


def _play_turn_by_api(server, created):
    """The seat to play picks the first combo, conquers the cheapest quiet Region and ends."""
    P = _act(server, created, "pick 0")
    P = _act(server, created, _quiet_targets(P)[0]["text"])
    return _act(server, created, "end")


@pytest.mark.parametrize("w,h,touch", SIZES, ids=IDS)
def test_the_curtain_hides_the_last_players_score_toast(server, chromium, w, h, touch):
    """Anna lifts the curtain, sees "Anna, you scored …" and ends her turn at once (a decline,
    confirmed): the curtain "Pass the screen to Bruno" falls, and from that moment no toast of
    Anna's is on screen, nor any tip or sheet of hers."""
    created = post_game(server, {"seats": ANNA_BRUNO, "seed": 4})
    ctx, pg = _page(chromium, w, h, touch)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#curtain:not([hidden])")
    _play_turn_by_api(server, created)  # Anna, round 1
    pg.wait_for_function("() => window.__sw.P.perspective === 1")
    _play_turn_by_api(server, created)  # Bruno, round 1
    pg.wait_for_function("() => window.__sw.P.perspective === 0 && document.body.dataset.phase === 'decide'")
    assert "Pass the screen to Anna" in pg.inner_text("#curtain")
    _tap_or_click(pg, "#curtain-ok", touch)
    pg.wait_for_selector(".toast.score")
    assert any("Anna, you scored" in t for t in pg.evaluate(SEEN_TOASTS))
    # Anna declines at once, within the toast's few seconds
    _tap_or_click(pg, "#turn button.act[data-action='decline']", touch)
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")):
        _tap_or_click(pg, "#confirm-ok", touch)
    pg.wait_for_selector("#curtain:not([hidden])")
    assert "Pass the screen to Bruno" in pg.inner_text("#curtain")
    on_screen = pg.evaluate(SEEN_TOASTS)
    shot(pg, f"35-2-curtain-after-score-{'phone' if touch else 'desktop'}")
    assert not on_screen, f"over Bruno's curtain: {on_screen}"
    assert pg.locator("#tips:not([hidden]), #confirm:not([hidden]), #tooltip:not([hidden])").count() == 0
    assert not pg.errors, pg.errors
    ctx.close()


# ---- 3. nothing covers a sheet that asks; tips once per browser -------------------------------

def _overlap(a, b):
    return min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > 1 and \
        min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > 1


def _on_top(pg, selector):
    """Whether the middle of the element is the element itself (nothing drawn over it)."""
    return pg.evaluate("""(sel) => { const e = document.querySelector(sel); const r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!top && (top === e || e.contains(top)); }""", selector)


@pytest.mark.parametrize("w,h,touch", SIZES, ids=IDS)
def test_a_score_toast_never_covers_the_sheet(server, chromium, w, h, touch):
    """Anna's scoring toast comes as her next turn begins; she declines at once: the sheet that
    asks her is whole, both its buttons under her finger, the toast above it."""
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    ctx, pg = _page(chromium, w, h, touch)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#turn.acting")
    _play_turn_by_api(server, created)  # Anna's turn; Bob (a bot) plays his at once
    pg.wait_for_selector(".toast.score")
    pg.wait_for_selector("body[data-phase='decide'] #turn.acting")
    _tap_or_click(pg, "#turn button.act[data-action='decline']", touch)
    pg.wait_for_selector("#confirm:not([hidden])")
    pg.wait_for_timeout(100)
    shot(pg, f"35-3-toast-and-sheet-{'phone' if touch else 'desktop'}")
    assert pg.evaluate(SEEN_TOASTS), "the toast should still be up"
    for b in ("#confirm-ok", "#confirm-cancel"):
        assert _on_top(pg, b), f"{b} is covered"
    sheet = pg.locator("#confirm").bounding_box()
    for t in pg.locator("#toasts .toast").all():
        box = t.bounding_box()
        assert not box or not _overlap(box, sheet), "a toast covers the sheet"
    assert not pg.errors, pg.errors
    ctx.close()


@pytest.mark.parametrize("w,h,touch", SIZES, ids=IDS)
def test_a_tip_covers_neither_the_board_nor_the_sheet(server, chromium, w, h, touch):
    """The first game's tips sit beside the play, not over the board's corner; when a sheet asks
    something (a pick), no tip lies over or under it."""
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    ctx, pg = _page(chromium, w, h, touch, tips=True)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#tips:not([hidden])")
    shot(pg, f"35-3-tip-{'phone' if touch else 'desktop'}")
    tip = pg.locator("#tips").bounding_box()
    board = pg.locator("#board").bounding_box()
    assert not _overlap(tip, board), f"the tip {tip} covers the board {board}"
    card = pg.locator(".combo.pickable").first
    if touch:
        card.tap()
    else:
        card.click()
    pg.wait_for_selector("#confirm:not([hidden])")
    shot(pg, f"35-3-tip-and-sheet-{'phone' if touch else 'desktop'}")
    sheet = pg.locator("#confirm").bounding_box()
    if pg.locator("#tips").is_visible():
        assert not _overlap(pg.locator("#tips").bounding_box(), sheet), "the tip and the sheet overlap"
    for b in ("#confirm-ok", "#confirm-cancel"):
        assert _on_top(pg, b), f"{b} is covered"
    assert not pg.errors, pg.errors
    ctx.close()


def test_tips_show_once_per_browser_not_once_per_seat(server, chromium):
    """Hotseat: Anna sees the tip about picking and picks without closing it; when the screen
    passes to Bruno, the same tip does not come back for him."""
    created = post_game(server, {"seats": ANNA_BRUNO, "seed": 4})
    ctx, pg = _page(chromium, 1440, 900, False, tips=True)
    seen = {k: True for k in ("welcome", "conquer", "final", "die", "redeploy", "decide", "score", "defend")}
    pg.add_init_script(f"localStorage.setItem('smallworld.tips', JSON.stringify({{seen: {json.dumps(seen)}, off: false}}))")
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#curtain:not([hidden])")
    pg.click("#curtain-ok")
    pg.wait_for_selector("#tips:not([hidden])")
    assert pg.get_attribute("#tips", "data-tip-key") == "pick"
    pg.locator(".combo.pickable").first.click()
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")):
        pg.click("#confirm-ok")
    pg.wait_for_function("() => document.body.dataset.phase === 'conquer'")
    P = _state(server, created)
    _act(server, created, _quiet_targets(P)[0]["text"])
    _act(server, created, "end")
    pg.wait_for_function("() => window.__sw.P.perspective === 1")
    pg.wait_for_selector("#curtain:not([hidden])")
    pg.click("#curtain-ok")
    pg.wait_for_selector("body[data-phase='pick'] #turn.acting")
    pg.wait_for_timeout(300)
    assert pg.locator("#tips:not([hidden])").count() == 0, pg.inner_text("#tips")
    assert not pg.errors, pg.errors
    ctx.close()


# ---- 12. a lost connection says so, and moves made meanwhile are refused ----------------------


class _Line:
    """The page's WebSocket through Playwright, which can drop it (as a lost network would: the
    socket closes, fetches fail, reconnections are refused) and let it come back."""

    def __init__(self, ctx, pg):
        self.ctx, self.down, self.sockets = ctx, False, []
        pg.route_web_socket(re.compile(r".*/ws/.*"), self._route)

    def _route(self, ws):
        if self.down:
            ws.close(code=4000, reason="offline")
            return
        ws.connect_to_server()
        self.sockets.append(ws)

    def cut(self):
        self.down = True
        self.ctx.set_offline(True)
        for ws in self.sockets:
            ws.close(code=4000, reason="offline")
        self.sockets = []

    def mend(self):
        self.down = False
        self.ctx.set_offline(False)


@pytest.mark.parametrize("w,h,touch", SIZES, ids=IDS)
def test_a_lost_connection_shows_a_banner_and_refuses_moves(server, chromium, w, h, touch):
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    ctx, pg = _page(chromium, w, h, touch)
    line = _Line(ctx, pg)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#conn.on")
    pg.wait_for_selector(".combo.pickable")
    assert pg.locator("#netbar:visible").count() == 0  # nothing to say while connected
    line.cut()
    pg.wait_for_selector("#netbar:visible", timeout=5000)
    assert "Reconnecting…" in pg.inner_text("#netbar")
    bar = pg.locator("#netbar").bounding_box()
    assert bar["height"] >= 30 and bar["width"] >= min(300, w - 20), bar  # a banner, not a dot
    shot(pg, f"35-12-reconnecting-{'phone' if touch else 'desktop'}")
    # a pick made meanwhile: refused with the banner, never sent, never lost without a word
    n = len(pg.posts)
    card = pg.locator(".combo.pickable").first
    card.tap() if touch else card.click()
    pg.wait_for_selector("#confirm:not([hidden])")
    _tap_or_click(pg, "#confirm-ok", touch)
    pg.wait_for_function("() => /not sent/.test(document.getElementById('netbar').innerText)")
    text = pg.inner_text("#netbar")
    assert "Reconnecting…" in text and "not sent" in text, text
    assert len(pg.posts) == n
    assert _state(server, created)["view"]["phase"] == "pick"
    shot(pg, f"35-12-move-refused-{'phone' if touch else 'desktop'}")
    # the line comes back: "Connected", then the banner goes; the move can be made again
    line.mend()
    pg.wait_for_function("() => /Connected/.test(document.getElementById('netbar').innerText)", timeout=10_000)
    shot(pg, f"35-12-connected-{'phone' if touch else 'desktop'}")
    pg.wait_for_selector("#netbar", state="hidden", timeout=8000)
    card.tap() if touch else card.click()
    with pg.expect_response(lambda r: r.url.split("?")[0].endswith("/actions")) as resp:
        _tap_or_click(pg, "#confirm-ok", touch)
    assert resp.value.status == 200
    assert not pg.errors, pg.errors
    ctx.close()


def test_a_move_whose_request_fails_says_it_was_not_sent(server, chromium):
    """The socket still looks open, but the request cannot get through: the banner says the
    move was not sent (not a toast that fades), and reconnects."""
    created = post_game(server, {"seats": ANNA_BOB, "seed": 12})
    ctx, pg = _page(chromium, 1440, 900, False)
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector(".combo.pickable")
    pg.route("**/actions?*", lambda route: route.abort())
    pg.locator(".combo.pickable").first.click()
    pg.click("#confirm-ok")
    pg.wait_for_selector("#netbar:visible", timeout=5000)
    assert "not sent" in pg.inner_text("#netbar")
    pg.unroute("**/actions?*")
    pg.wait_for_function("() => /Connected/.test(document.getElementById('netbar').innerText)", timeout=10_000)
    assert _state(server, created)["view"]["phase"] == "pick"
    ctx.close()


# ---- 9. a seat whose turn comes is told ---------------------------------------------------------

# The browser's notifications, sound and visibility, as the page sees them: a stand-in
# Notification records what is shown and how often permission is asked; oscillators made are
# counted (the WebAudio chime); document.hidden follows window.__hidden.
ALERT_PROBES = """
window.__notes = []; window.__asked = 0; window.__beeps = 0; window.__hidden = false;
class FakeNotification {
  constructor(title, opts) { window.__notes.push({ title, body: opts && opts.body }); }
  static requestPermission() { window.__asked += 1; FakeNotification.permission = 'granted'; return Promise.resolve('granted'); }
  addEventListener() {}
}
FakeNotification.permission = 'default';
window.Notification = FakeNotification;
const osc = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.__beeps += 1; return osc.call(this); };
Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => window.__hidden === true });
Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (window.__hidden ? 'hidden' : 'visible') });
"""


def _probe(pg):
    return pg.evaluate("() => ({notes: window.__notes, asked: window.__asked, beeps: window.__beeps})")


def _reset_probe(pg, hidden):
    pg.evaluate(f"() => {{ window.__notes = []; window.__beeps = 0; window.__hidden = {str(hidden).lower()}; }}")


def _whole_turn(server, created, token):
    P = _act(server, created, "pick 0", token)
    P = _act(server, created, _quiet_targets(P)[0]["text"], token)
    return _act(server, created, "end", token)


@pytest.mark.parametrize("w,h,touch", SIZES, ids=IDS)
def test_a_seat_link_is_told_its_turn_has_come(server, chromium, w, h, touch):
    """Bruno follows Anna's turn through his seat link in a hidden tab. Off by default: the title
    says "Your turn", nothing else, and no permission is asked. Turned on in Alerts (the browser
    asked once only), his next turn brings a notification and a short sound."""
    created = post_game(server, {"seats": ANNA_BRUNO, "seed": 4})
    anna, bruno = (created["seats"][i]["link"].split("token=")[1] for i in (0, 1))
    ctx, pg = _page(chromium, w, h, touch)
    pg.add_init_script(ALERT_PROBES)
    pg.goto(server + created["seats"][1]["link"])
    pg.wait_for_selector("#turn.waiting")
    assert not pg.title().startswith("Your turn")
    _reset_probe(pg, hidden=True)
    _whole_turn(server, created, anna)
    pg.wait_for_function("() => document.title.startsWith('Your turn · Small World')")
    pg.wait_for_timeout(200)
    assert _probe(pg) == {"notes": [], "asked": 0, "beeps": 0}  # off by default
    # Bruno turns both on: the browser is asked for notifications once
    _reset_probe(pg, hidden=False)
    _tap_or_click(pg, "#btn-alerts", touch)
    pg.wait_for_selector("#alerts:not([hidden])")
    assert pg.get_attribute("#alert-notify", "aria-checked") == "false"
    assert pg.get_attribute("#alert-sound", "aria-checked") == "false"
    _tap_or_click(pg, "#alert-notify", touch)
    pg.wait_for_selector("#alert-notify[aria-checked='true']")
    _tap_or_click(pg, "#alert-sound", touch)
    pg.wait_for_selector("#alert-sound[aria-checked='true']")
    assert _probe(pg)["beeps"] > 0  # what it sounds like
    shot(pg, f"35-9-alerts-{'phone' if touch else 'desktop'}")
    if touch:
        for sel in ("#btn-alerts", "#alert-notify", "#alert-sound", "#alerts .alerts-close"):
            box = pg.locator(sel).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, (sel, box)
    _tap_or_click(pg, "#alert-notify", touch)  # off and on again: not asked again
    _tap_or_click(pg, "#alert-notify", touch)
    pg.wait_for_selector("#alert-notify[aria-checked='true']")
    assert _probe(pg)["asked"] == 1
    _tap_or_click(pg, "#alerts .alerts-close", touch)
    # Bruno plays; Anna plays; Bruno's turn comes again in his hidden tab
    _whole_turn(server, created, bruno)
    pg.wait_for_function("() => !document.title.startsWith('Your turn')")
    _reset_probe(pg, hidden=True)
    P = _state(server, created, anna)
    _act(server, created, next(a["text"] for a in P["legal"] if a["kind"] == "decline"), anna)
    pg.wait_for_function("() => document.title.startsWith('Your turn · Small World')")
    pg.wait_for_function("() => window.__notes.length > 0")
    got = _probe(pg)
    assert [n["title"] for n in got["notes"]] == ["Your turn"], got
    assert got["beeps"] > 0 and got["asked"] == 1
    # the choice is remembered in this browser
    pg.reload()
    pg.wait_for_selector("#btn-alerts[aria-pressed='true']")
    assert not pg.errors, pg.errors
    ctx.close()


def test_a_hotseat_seat_is_told_its_turn_has_come(server, chromium):
    """On a shared screen the turn passing to Bruno says his name in the title, with the sound
    and (tab hidden) a notification, when they are on."""
    created = post_game(server, {"seats": ANNA_BRUNO, "seed": 4})
    ctx, pg = _page(chromium, 390, 844, True)
    pg.add_init_script(ALERT_PROBES)
    pg.add_init_script("localStorage.setItem('smallworld.alerts', JSON.stringify({notify: true, sound: true, asked: true}));"
                       "window.Notification.permission = 'granted';")
    pg.goto(server + created["hotseat"])
    pg.wait_for_selector("#curtain:not([hidden])")
    assert pg.title().startswith("Anna, your turn · Small World")
    _reset_probe(pg, hidden=True)
    _whole_turn(server, created, created["host_token"])
    pg.wait_for_function("() => document.title.startsWith('Bruno, your turn · Small World')")
    pg.wait_for_function("() => window.__notes.length > 0")
    got = _probe(pg)
    assert [n["title"] for n in got["notes"]] == ["Bruno, your turn"], got
    assert got["beeps"] > 0
    assert not pg.errors, pg.errors
    ctx.close()
