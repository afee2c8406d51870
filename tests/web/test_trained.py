"""The Trained opponent (issue 34 point 3): the server offers the shipped trained policies (or
``smallworld serve --policy PATH``) in the lobby as "Bot · Trained" for the games they play
(2 players, Warcraft and classic), refuses it elsewhere in player words, and a game with it is
played to the end by the policy. Screenshots: ``test-artifacts/web/lobby-trained-*.png``."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from smallworld.cli import app as cli
from smallworld.web.server import create_app
from tests.web.conftest import new_game, state

pytest.importorskip("numpy")  # the policies play with the rl extra (NumPy), which the tests install

TRAINED = "policy:shipped"


def _trained(client):
    meta = client.get("/api/meta").json()
    return next(o for o in meta["opponents"] if o["id"] == "trained")


@pytest.mark.parametrize("edition", ["swow", "classic"])
def test_a_game_against_the_trained_bot_is_played_to_the_end(client, edition):
    trained = _trained(client)
    assert trained["name"] == "Trained" and trained["bot"] == TRAINED
    assert [edition, 2] in trained["games"] and "2-player" in trained["description"]
    g = new_game(client, seats=[{"name": "Ann", "kind": "bot", "bot": "random"},
                                {"name": "Tom", "kind": "bot", "bot": TRAINED}], edition=edition)
    p = state(client, g["id"], g["host_token"])
    assert p["over"], "bots alone play the whole game inside the request (bot_delay=0)"
    assert [s["bot"] for s in g["seats"]] == ["random", TRAINED]


def test_the_trained_bot_is_refused_in_games_it_does_not_play(client):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Tom", "kind": "bot", "bot": TRAINED},
             {"name": "Cleo", "kind": "bot", "bot": "random"}]
    r = client.post("/api/games", json={"seats": seats})
    assert r.status_code == 400 and "The Trained bot cannot play this game" in r.json()["error"]
    assert "2-player" in r.json()["error"]
    r = client.post("/api/games", json={"seats": seats[:2], "edition": "swow-team"})
    assert r.status_code == 400 and "Trained" in r.json()["error"]
    # another policy file than the one offered is no bot the API takes
    r = client.post("/api/games", json={"seats": [seats[0], {"name": "X", "kind": "bot", "bot": "policy:/etc/passwd"}]})
    assert r.status_code == 400 and "unknown bot" in r.json()["error"]


def test_serve_policy_offers_that_file(tmp_path):
    from smallworld.rl.policy import shipped_policy_path

    path = str(shipped_policy_path("classic", 2))
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_delay=0, policy=path)) as c:
        trained = _trained(c)
        assert trained["bot"] == f"policy:{path}" and trained["games"] == [["classic", 2]]
        assert "original Small World" in trained["description"]
    bad = tmp_path / "bad.npz"
    bad.write_text("no")
    r = CliRunner().invoke(cli, ["serve", "--policy", str(bad), "--db", str(tmp_path / "h.sqlite3"), "--no-browser"])
    assert r.exit_code == 1 and "cannot offer the policy" in r.output


@pytest.mark.parametrize(("w", "h", "touch"), [(1440, 900, False), (390, 844, True)])
def test_the_lobby_offers_trained_only_for_the_games_it_plays(server, chromium, w, h, touch):
    from tests.web.browser_kit import open_page, require_browser, shot

    require_browser()
    ctx, pg = open_page(chromium, w, h, touch)
    pg.goto(server + "/")
    pg.wait_for_selector("#seats .seat")

    def labels(seat=1):
        return pg.eval_on_selector_all(f"#seats .seat:nth-child({seat + 1}) .seat-kind option",
                                       "os => os.map(o => o.textContent)")

    for edition in ("swow", "classic"):
        pg.select_option("#edition", edition)
        pg.select_option("#players", "3")
        assert "Bot · Trained" not in labels()
        pg.select_option("#players", "2")
        assert "Bot · Trained" in labels(), edition
    pg.select_option("#edition", "swow-team")
    assert "Bot · Trained" not in labels()
    pg.select_option("#edition", "classic")
    pg.locator("#seats .seat-kind").nth(1).select_option(label="Bot · Trained")
    assert "Bot · Trained" in pg.inner_text("#level-help")
    shot(pg, f"lobby-trained-{w}x{h}")
    # three players: the Trained seat gives way to the first level, nothing is sent it cannot play
    pg.select_option("#players", "3")
    assert pg.locator("#seats .seat-kind").nth(1).input_value() != f"bot:{TRAINED}"
    pg.select_option("#players", "2")
    pg.locator("#seats .seat-kind").nth(1).select_option(label="Bot · Trained")
    box = pg.locator("#seats .seat-kind").nth(1).bounding_box()
    assert box["height"] >= 44 or not touch, box
    pg.click("#create")
    pg.wait_for_selector("#play-hotseat")
    assert "Trained" in pg.inner_text("#created")
    shot(pg, f"lobby-trained-created-{w}x{h}")
    assert not pg.errors, pg.errors
    ctx.close()
