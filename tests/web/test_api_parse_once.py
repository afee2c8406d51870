"""An action posted to the API is parsed once (issue 32): the route parses the text, and the
game, its legality check and the engine take that :class:`Action` (a multi-worker retry plays
the same one); bad text is still a 400 naming the problem."""

from __future__ import annotations

from smallworld.core import actions
from smallworld.core.actions import Action
from smallworld.web import routes_play
from smallworld.web.games import LiveGame
from tests.web.conftest import act, new_game, state
from tests.web.test_api import TWO_HUMANS


def test_a_posted_action_reaches_the_game_parsed_once(client, monkeypatch):
    g = new_game(client, seats=TWO_HUMANS)
    parsed: list[str] = []
    real_parse = actions.parse_action

    def counting(text: str) -> Action:
        parsed.append(text)
        return real_parse(text)

    monkeypatch.setattr(actions, "parse_action", counting)  # as_action's (the engine's) parse
    monkeypatch.setattr(routes_play, "parse_action", counting)
    given: list[object] = []
    real_act = LiveGame.act_soon

    async def recording(self: LiveGame, store: object, seat: int, action: object) -> Action:
        given.append(action)
        return await real_act(self, store, seat, action)

    monkeypatch.setattr(LiveGame, "act_soon", recording)
    r = act(client, g["id"], g["host_token"], "  pick   0 ")
    assert r.status_code == 200, r.text
    assert parsed == ["  pick   0 "]
    assert given == [Action("pick", (0,))] and isinstance(given[0], Action)
    assert state(client, g["id"], g["host_token"])["game"]["actions"] > 0


def test_unparsable_text_is_refused_before_the_game_sees_it(client, monkeypatch):
    g = new_game(client, seats=TWO_HUMANS)
    seen: list[object] = []
    async def recording(self: LiveGame, store: object, seat: int, action: object) -> None:
        seen.append(action)

    monkeypatch.setattr(LiveGame, "act_soon", recording)
    r = act(client, g["id"], g["host_token"], "pick 0 1")
    assert r.status_code == 400 and "bad action" in r.text
    assert seen == []
