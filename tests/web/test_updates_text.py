"""The update texts of web/updates.py (issue #36 point 9): encoded once per perspective and
change, by orjson, they are the very text ``json.dumps`` gives (what Starlette's ``send_json``
sent before) and hold exactly the data of ``payload_for``, over whole random games of every
edition, hotseat and seat pages, with non-ASCII seat names."""

from __future__ import annotations

import json
import random

import pytest

from smallworld.core import edition as core_editions
from smallworld.core import engine
from smallworld.web import access
from smallworld.web.games import LiveGame, check_seats
from smallworld.web.storage import Store
from smallworld.web.updates import _dumps, update_text

SEATS = [{"name": "Anna·Ü", "kind": "human"}, {"name": "보브", "kind": "human"},
         {"name": "Cleo \"C\"", "kind": "human"}]


def _plain(data):
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def test_the_encoding_is_json_dumps_text_for_odd_values():
    data = {"a": "é 한 \u2028 \x00 \"q\" \\", "n": [1, -2, 0.5, 2**53, True, None],
            "t": (1, 2), 3: {"k": []}, "": {}}
    assert _dumps(data) == _plain(data)
    # a float's exponent is spelt 1e-7 rather than 1e-07: the same value
    assert json.loads(_dumps([1e-7, 2.5e300])) == [1e-7, 2.5e300]


@pytest.mark.parametrize("edition", core_editions.names())
def test_update_texts_are_the_payload_over_random_games(tmp_path, edition):
    store = Store(tmp_path / "games.sqlite3")
    live = LiveGame.create(store, seats=check_seats(SEATS), edition=edition, seed=7)
    rng = random.Random(11)
    host = access.Access(live, None, True)
    pages = [host] + [access.Access(live, i, False) for i in range(len(SEATS))]
    checked = 0
    for _ in range(120):
        s = live.game.state
        if s.is_over():
            break
        for acc in pages:
            since = rng.choice([0, max(0, len(live.log.entries) - 3)])
            text, total = update_text(acc, since)
            want = access.payload_for(acc, since)
            assert json.loads(text) == json.loads(_plain(want))
            assert total == want["log_total"]
            for name in ("mode", "log", "log_reset"):
                del want[name]
            assert text.startswith(_plain(want)[:-1] + ",")  # the shared part, as json.dumps
            checked += 1
        legal = engine.legal_actions(s)
        live.act(store, s.current_player(), rng.choice(legal))
    assert checked > 200
