"""The table talk and the rematch reach the other seats' pages on the game's WebSocket, not by
polling: with each listening page's own asking (``GET .../chat``, ``GET .../rematch``) cut off
once its socket is live, Anna (1440x900) hears Bruno's line (390x844 touch) and Bruno hears
hers at once, and Anna's results offer the rematch Bruno starts (before: the pages learnt of
both only by asking every 3-4 s, so with the asking cut off they never did). A page whose
socket never opens still asks, and hears. Screenshots ``test-artifacts/web/talk-pushed-*.png``."""

from __future__ import annotations

import json
import re
import urllib.request

from tests.web.browser_kit import open_page, post_game, require_browser, shot
from tests.web.conftest import finished_record

require_browser()

#: a hang guard: with the page's own asking cut off, only a push can bring the news at all
HEARD_MS = 10_000
#: a page whose WebSocket never opens (blocked on the way)
NO_SOCKET = """window.WebSocket = class { constructor() { this.readyState = 0; } send() {} close() {} };
window.WebSocket.OPEN = 1;"""


def _no_asking(ctx, what):
    """Cut off the page's own asking for ``what`` (``chat`` or ``rematch``): GETs fail as if
    offline (what is sent, POST, still goes). Returns the list of GETs cut."""
    cut = []

    def route(r):
        if r.request.method == "GET":
            cut.append(r.request.url)
            r.abort()
        else:
            r.continue_()

    ctx.route(re.compile(rf"/api/games/[^/?]+/{what}(\?|$)"), route)
    return cut


def _live(pg):
    pg.wait_for_selector("#conn.on")


def test_a_line_said_reaches_the_other_seat_on_its_socket(server, chromium):
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bruno"}], "seed": 4})
    anna_ctx, anna = open_page(chromium, 1440, 900, False)
    bruno_ctx, bruno = open_page(chromium, 390, 844, True)
    anna.goto(server + created["seats"][0]["link"])
    bruno.goto(server + created["seats"][1]["link"])
    for pg in (anna, bruno):
        pg.wait_for_selector("#chat:not([hidden]) #chat-list")
        _live(pg)
    for ctx in (anna_ctx, bruno_ctx):
        _no_asking(ctx, "chat")
    bruno.locator("#chat-text").scroll_into_view_if_needed()
    bruno.locator("#chat-text").tap()
    bruno.keyboard.type("shall we?")
    bruno.locator("#chat-send").tap()
    anna.wait_for_selector("#chat-list .chat-line", timeout=HEARD_MS)
    assert anna.locator("#chat-list .chat-line .chat-text").inner_text() == "shall we?"
    assert anna.locator("#chat-list .chat-line .chat-name").inner_text() == "Bruno"
    anna.fill("#chat-text", "go on then")
    anna.click("#chat-send")
    bruno.wait_for_function("() => document.querySelectorAll('#chat-list .chat-line').length === 2", timeout=HEARD_MS)
    assert bruno.locator("#chat-list .chat-line .chat-text").nth(1).inner_text() == "go on then"
    # each line once on each page (the sender's own answer and its push are one line)
    assert anna.locator("#chat-list .chat-line").count() == 2
    shot(anna, "talk-pushed-1440x900")
    bruno.locator("#chat-list").scroll_into_view_if_needed()
    shot(bruno, "talk-pushed-390x844")
    assert not anna.errors and not bruno.errors, (anna.errors, bruno.errors)
    anna_ctx.close()
    bruno_ctx.close()


def test_the_rematch_reaches_the_other_results_on_their_socket(server, chromium):
    req = urllib.request.Request(server + "/api/games/import", headers={"Content-Type": "application/json"},
                                 data=json.dumps({"record": finished_record(players=3), "bots": {"2": "random"}}).encode())
    old = json.load(urllib.request.urlopen(req))
    anna_ctx, anna = open_page(chromium, 1440, 900, False)
    bruno_ctx, bruno = open_page(chromium, 390, 844, True)
    anna.goto(server + old["seats"][0]["link"])
    bruno.goto(server + old["seats"][1]["link"])
    for pg in (anna, bruno):
        pg.wait_for_selector("#modal:not([hidden]) .results #btn-rematch")
        _live(pg)
    cut = _no_asking(anna_ctx, "rematch")
    bruno.locator("#btn-rematch").tap()
    bruno.wait_for_url(lambda u: old["id"] not in u, timeout=20_000)
    anna.wait_for_selector("#btn-rematch[data-started='1']", timeout=HEARD_MS)
    assert "seat=2" in anna.get_attribute("#btn-rematch", "href")
    shot(anna, "talk-pushed-rematch-1440x900")
    assert not anna.errors and not bruno.errors, (anna.errors, bruno.errors, cut)
    anna_ctx.close()
    bruno_ctx.close()


def test_a_page_without_its_socket_still_asks_for_the_talk(server, chromium):
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bruno"}], "seed": 4})
    anna_ctx, anna = open_page(chromium, 1440, 900, False)
    anna_ctx.add_init_script(NO_SOCKET)
    anna.goto(server + created["seats"][0]["link"])
    anna.wait_for_selector("#chat:not([hidden]) #chat-list")
    assert anna.evaluate("() => window.__sw.live") is False
    r = urllib.request.Request(f"{server}/api/games/{created['id']}/chat", data=json.dumps({"text": "hello?"}).encode(),
                               headers={"Content-Type": "application/json",
                                        "X-Token": created["seats"][1]["link"].split("token=")[1]})
    assert urllib.request.urlopen(r).status == 201
    anna.wait_for_selector("#chat-list .chat-line", timeout=HEARD_MS)  # asked every 3 s
    assert anna.locator("#chat-list .chat-line .chat-text").inner_text() == "hello?"
    assert not anna.errors, anna.errors
    anna_ctx.close()
