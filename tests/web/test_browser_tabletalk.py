"""Table talk in the browser (issue 35 point 11): Anna (1440x900) writes HTML and a script; Bruno
(390x844 touch) sees it as the text she typed, no markup made and no script run, and answers by
touch. Screenshots ``test-artifacts/web/chat-*.png``."""

from __future__ import annotations

from tests.web.browser_kit import open_page, post_game, require_browser, shot

require_browser()

SAID = "<b>bold</b><img src=x onerror=\"window.__pwned=1\"><script>window.__pwned=1</script> hi"


def test_the_seats_talk_and_markup_stays_text(server, chromium):
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bruno"}], "seed": 4})
    anna_ctx, anna = open_page(chromium, 1440, 900, False)
    bruno_ctx, bruno = open_page(chromium, 390, 844, True)
    anna.goto(server + created["seats"][0]["link"])
    bruno.goto(server + created["seats"][1]["link"])
    for pg in (anna, bruno):
        pg.wait_for_selector("#chat:not([hidden]) #chat-list")
    anna.fill("#chat-text", SAID)
    anna.click("#chat-send")
    bruno.wait_for_selector("#chat-list .chat-line", timeout=10_000)
    line = bruno.locator("#chat-list .chat-line .chat-text").first
    assert line.inner_text() == SAID
    assert bruno.locator("#chat-list b:not(.chat-name), #chat-list img, #chat-list script").count() == 0
    assert bruno.evaluate("() => window.__pwned") is None and anna.evaluate("() => window.__pwned") is None
    # Bruno answers by touch; the send button is finger-sized
    bruno.locator("#chat-text").scroll_into_view_if_needed()
    bruno.locator("#chat-text").tap()
    bruno.keyboard.type("good luck!")
    box = bruno.locator("#chat-send").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    bruno.locator("#chat-send").tap()
    anna.wait_for_function("() => document.querySelectorAll('#chat-list .chat-line').length === 2", timeout=10_000)
    assert anna.locator("#chat-list .chat-line").nth(1).inner_text().endswith("good luck!")
    assert anna.locator("#chat-list .chat-line").nth(1).locator(".chat-name").inner_text() == "Bruno"
    shot(anna, "chat-1440x900")
    bruno.locator("#chat-list").scroll_into_view_if_needed()
    shot(bruno, "chat-390x844")
    assert not anna.errors and not bruno.errors, (anna.errors, bruno.errors)
    anna_ctx.close()
    bruno_ctx.close()


def test_spectators_read_the_talk_only_when_the_host_allows(server, chromium):
    """The host ticks "Spectators read the table talk" under Seat links; the spectator's page
    (the watch link, a 390x844 phone) then shows the talk, read-only; before, nothing of it."""
    created = post_game(server, {"seats": [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}],
                                 "seed": 4, "watch": "live"})
    host_ctx, host = open_page(chromium, 1440, 900, False)
    host.goto(server + created["hotseat"])
    host.wait_for_selector("#chat:not([hidden]) #chat-form")
    host.fill("#chat-text", "who is watching?")
    host.click("#chat-send")
    host.wait_for_selector("#chat-list .chat-line")
    host.click("#btn-invite")
    link = host.locator("#watch-link").input_value()
    fan_ctx, fan = open_page(chromium, 390, 844, True)
    fan.goto(link)
    fan.wait_for_selector("#board svg")
    fan.wait_for_timeout(3500)  # a look at the talk came and was refused
    assert fan.locator("#chat").is_hidden()
    assert not host.locator("#chat-spectators").is_checked()
    host.locator("#chat-spectators").check()
    host.wait_for_timeout(300)
    fan.wait_for_selector("#chat:not([hidden]) #chat-list .chat-line", timeout=10_000)
    assert fan.inner_text("#chat-list .chat-text") == "who is watching?"
    assert fan.locator("#chat-form, #chat-text, #chat-send").count() == 0  # read-only
    assert fan.inner_text("#chat").split("\n")[-1].strip().endswith("who is watching?"), fan.inner_text("#chat")
    fan.locator("#chat").scroll_into_view_if_needed()
    shot(fan, "chat-spectator-390x844")
    shot(host, "chat-host-setting-1440x900")
    assert not host.errors and not fan.errors, (host.errors, fan.errors)
    host_ctx.close()
    fan_ctx.close()
