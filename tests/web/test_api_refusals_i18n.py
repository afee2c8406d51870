"""A refused action through the web API is said in the page's language (issue 31): the 409 answer
carries the sentence in the request's language (``?lang=``, else ``Accept-Language``) and the
refusal as data (its message id and arguments); the conquest tooltips' reasons of the page's
payload are in that language too."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.web.conftest import act, new_game, seat_token, state

WORDS = {
    "en": "illegal action: '{a}': a first conquest must target an Entry Region (R-CONQ-1)",
    "it": "'{a}': la prima conquista deve essere in una regione di entrata (R-CONQ-1)",
    "ko": "'{a}': 첫 번째 정복은 상륙 지역이어야 합니다 (R-CONQ-1)",
}


def _at_first_conquest(client):
    """A game whose human seat (Anna, seat 0) has picked and now conquers for the first time,
    and a Region on the boards that is no Entry Region (not a target)."""
    g = new_game(client, seats=[{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}])
    tok = g["host_token"]
    r = act(client, g["id"], tok, "pick 0")
    assert r.status_code == 200, r.text
    p = state(client, g["id"], tok)
    targets = {x["text"].split()[1] for x in p["legal"] if x["kind"] == "conquer"}
    board = client.get(f"/api/games/{g['id']}/board", params={"token": tok}).json()
    inland = next(rid for rid, reg in board["regions"].items()
                  if rid not in targets and reg.get("terrain") not in ("sea", "lake"))
    return g, tok, f"conquer {inland}", inland


@pytest.mark.parametrize("lang", ["en", "it", "ko"])
def test_a_refused_conquest_is_said_in_the_asked_language(client, lang):
    g, tok, action, _ = _at_first_conquest(client)
    r = client.post(f"/api/games/{g['id']}/actions", params={"lang": lang},
                    json={"action": action}, headers={"X-Token": tok})
    assert r.status_code == 409
    body = r.json()
    assert body["error"] == WORDS[lang].format(a=action)
    assert body["refusal"]["id"] == "'{action}': a first conquest must target an {entry} ({rule})"
    assert body["refusal"]["args"]["entry"] == {"name": "symbol", "id": "entry", "en": "Entry Region"}


def test_the_browsers_language_answers_when_the_page_names_none(client):
    g, tok, action, _ = _at_first_conquest(client)
    r = client.post(f"/api/games/{g['id']}/actions", json={"action": action},
                    headers={"X-Token": tok, "Accept-Language": "ko-KR,ko;q=0.9"})
    assert r.status_code == 409 and r.json()["error"] == WORDS["ko"].format(a=action)


def test_a_phase_refusal_says_what_may_be_done_in_the_language(client):
    """A pick while conquering: the seat and what it may do, the nested words translated."""
    g, tok, _, _ = _at_first_conquest(client)
    r = client.post(f"/api/games/{g['id']}/actions", params={"lang": "it"},
                    json={"action": "pick 0"}, headers={"X-Token": tok})
    assert r.status_code == 409
    assert r.json()["error"] == "'pick 0' non è permesso ora: Anna deve abbandonare, conquistare, pagare o finire"


@pytest.mark.parametrize("lang", ["it", "ko"])
def test_the_tooltips_reasons_are_in_the_pages_language(client, lang):
    """The payload's conquest hints (the Region tooltips) give why a Region cannot be
    conquered in the language of the request."""
    g, tok, action, inland = _at_first_conquest(client)
    r = client.get(f"/api/games/{g['id']}/state", params={"token": tok, "lang": lang})
    assert r.status_code == 200
    assert r.json()["hints"][inland]["reason"] == WORDS[lang].format(a=action)


@pytest.mark.parametrize(("lang", "words"), [("en", "it is not Bob's turn to act: waiting for Anna"),
                                             ("it", "non è il turno di Bob: si attende Anna"),
                                             ("ko", "Bob의 차례가 아닙니다: Anna의 차례를 기다리는 중입니다")])
def test_a_move_out_of_turn_is_refused_in_the_language(client, lang, words):
    g = new_game(client, seats=[{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}])
    r = client.post(f"/api/games/{g['id']}/actions", params={"lang": lang},
                    json={"action": "pick 0", "seat": 1}, headers={"X-Token": seat_token(g, 1)})
    assert r.status_code == 409
    assert r.json()["error"] == words


@pytest.mark.parametrize(("lang", "words"), [("en", "there is nothing to take back now"),
                                             ("it", "ora non c'è niente da annullare"),
                                             ("ko", "지금은 되돌릴 것이 없습니다")])
def test_a_refused_take_back_is_said_in_the_language(client, lang, words):
    g = new_game(client, seats=[{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}])
    r = client.post(f"/api/games/{g['id']}/undo", params={"lang": lang}, json={},
                    headers={"X-Token": g["host_token"]})
    assert r.status_code == 409
    assert r.json()["error"] == words and r.json()["refusal"]["id"] == "there is nothing to take back now"


def test_a_move_while_a_bot_plays_is_refused_in_the_language(client):
    """An API error raised with a Refusal (here: the hotseat page acting while no human is to
    move) is said in the request's language by the app's error handler, with the data."""
    from smallworld.core.errors import Refusal
    from smallworld.web.refusals import api_error_body

    conn = SimpleNamespace(query_params={"lang": "ko"}, headers={})  # what the handler reads of a request
    body = api_error_body(Refusal("it is {seat}'s turn (a bot)", seat="Bob"), conn)
    assert body == {"error": "Bob의 차례입니다 (봇)",
                    "refusal": {"id": "it is {seat}'s turn (a bot)", "args": {"seat": "Bob"}}}
    assert api_error_body("plain words", conn) == {"error": "plain words"}
    g = new_game(client, seats=[{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}], seed=5)
    r = client.post(f"/api/games/{g['id']}/actions", params={"lang": "it"},
                    json={"action": "pick 0", "expect": 99}, headers={"X-Token": g["host_token"]})
    assert r.status_code == 409
    assert r.json()["error"] == ("la partita è andata avanti da quando questa pagina è stata disegnata; "
                                 "ora è aggiornata")
