"""Friends on the network (#14 point 5): the seat links a page shows are addresses the other
players can open, never ``127.0.0.1``.

The server is started as ``smallworld serve --host 0.0.0.0`` would start it on a machine known to
the others as ``table.lan`` (its printed address). A browser launched with a host-resolver rule
reaches it by that name, so its requests carry ``Host: table.lan:PORT`` as a friend's would; the
host's own browser reaches it by ``127.0.0.1``."""

from __future__ import annotations

import pytest

from tests.web.browser_kit import ARGS, CHROMIUM, require_browser, start_server

sync_api = require_browser()

NAME = "table.lan"


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory):
    url, srv, th = start_server(tmp_path_factory.mktemp("lan") / "games.sqlite3", hosts=(NAME,))
    yield url
    srv.should_exit = True
    th.join(timeout=10)


@pytest.fixture(scope="module")
def lan_chromium():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM,
                              args=ARGS + [f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
        yield b
        b.close()


def start_two_human_game(pg, origin: str) -> list[str]:
    """Create a two-player, all-human game in the lobby at ``origin``; the seat links shown."""
    pg.goto(origin + "/")
    pg.wait_for_selector("#seats .seat")
    pg.select_option("#players", "2")
    for i in range(2):
        pg.locator("#seats .seat-kind").nth(i).select_option("human")
    pg.click("#create")
    pg.wait_for_selector("#created input.link")
    return pg.locator("#created input.link").evaluate_all("els => els.map(e => e.value)")


@pytest.mark.parametrize("reached_by", ["name", "loopback"])
def test_seat_links_are_addresses_the_others_can_open(lan_server, lan_chromium, reached_by):
    port = lan_server.rsplit(":", 1)[1]
    origin = f"http://{NAME}:{port}" if reached_by == "name" else lan_server
    ctx = lan_chromium.new_context(viewport={"width": 1280, "height": 800})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        links = start_two_human_game(pg, origin)
        assert len(links) == 2
        for i, link in enumerate(links):
            # from a loopback page too: the address the server printed, never 127.0.0.1
            assert link.startswith(f"http://{NAME}:{port}/play/") and f"seat={i}" in link, link
        # the game page's "Seat links" (hotseat) says the same
        pg.click("#play-hotseat")
        pg.wait_for_selector("svg.sw-table")
        pg.click("#curtain-ok")  # "Pass the screen to …"
        pg.click("#btn-invite")
        pg.wait_for_selector("#modal input.link")
        shown = pg.locator("#modal input.link").evaluate_all("els => els.map(e => e.value)")
        assert [x for x in shown if "/play/" in x] == links
        # the spectators' watch link, shown there too, uses the same address
        watch = [x for x in shown if "watch=" in x]
        assert all(x.startswith(f"http://{NAME}:{port}/replay/") for x in watch), watch
        # a friend's browser opens a link by that address and sees its own seat
        friend = lan_chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
        friend.goto(links[1])
        friend.wait_for_selector("svg.sw-table")
        assert friend.evaluate("window.__sw.P.perspective") == 1
        friend.context.close()
        assert errors == []
    finally:
        ctx.close()
