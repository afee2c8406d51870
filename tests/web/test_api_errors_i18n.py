"""The API's other errors a player reads are said in the request's language too (issue 31), like
the rules' refusals (tests/web/test_api_refusals_i18n.py): an unreadable action and what is wrong
in it, the table talk's and the rematch's refusals, a wrong or missing link, a move the database
did not save. Each answer carries the sentence (``error``) and the message as data
(``refusal``); English stays as it was."""

from __future__ import annotations

import pytest

from smallworld.web.context import ServerContext
from smallworld.web.storage import StoreError, could_not, store_words
from tests.web.conftest import new_game

TWO = [{"name": "Anna", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def _post(client, g, what, body, lang):
    return client.post(f"/api/games/{g['id']}/{what}", params={"lang": lang}, json=body,
                       headers={"X-Token": g["host_token"]})


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "bad action: 'conquer' takes 1 argument, got 0 in 'conquer'"),
    ("it", "azione non valida: 'conquer' vuole 1 argomento, ne ha 0 in 'conquer'"),
    ("ko", "잘못된 행동: 'conquer'에는 인수가 1개 필요한데, 'conquer'에는 0개가 있습니다"),
])
def test_an_unreadable_action_is_said_in_the_language_with_what_is_wrong(client, lang, words):
    g = new_game(client, seats=TWO)
    r = _post(client, g, "actions", {"action": "conquer"}, lang)
    assert r.status_code == 400
    assert r.json()["error"] == words
    assert r.json()["refusal"] == {"id": "bad action: {why}", "args": {"why": {
        "id": "{kind} takes 1 argument, got {got} in {action}",
        "args": {"kind": "'conquer'", "want": 1, "got": 0, "action": "'conquer'"}}}}


@pytest.mark.parametrize(("lang", "words"), [("en", "bad action in the plan: empty action"),
                                             ("it", "azione non valida nel piano: azione vuota"),
                                             ("ko", "계획에 잘못된 행동이 있습니다: 빈 행동")])
def test_an_unreadable_step_of_a_plan_is_said_in_the_language(client, lang, words):
    g = new_game(client, seats=TWO)
    r = _post(client, g, "plan", {"actions": [" "]}, lang)
    assert r.status_code == 400 and r.json()["error"] == words


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "the action was not saved, so it was undone: could not save the action: the disk is full"),
    ("it", "l'azione non è stata salvata, quindi è stata annullata: impossibile salvare l'azione: il disco è pieno"),
    ("ko", "행동이 저장되지 않아 취소되었습니다: 행동 저장에 실패했습니다: 디스크가 가득 찼습니다"),
])
def test_a_move_the_database_did_not_save_is_said_in_the_language(client, monkeypatch, lang, words):
    """The sentence and the store's cause, in the reader's language (web/storage.py's words)."""
    g = new_game(client, seats=TWO)

    async def refused(self, acc, action, expect):
        raise StoreError(could_not("save the action", "the disk is full"))

    monkeypatch.setattr(ServerContext, "act", refused)
    r = _post(client, g, "actions", {"action": "pick 0"}, lang)
    assert r.status_code == 503 and r.json()["error"] == words


@pytest.mark.parametrize(("lang", "empty", "long"), [
    ("en", "say something first: the message is empty", "a message holds at most 300 characters (this one has 301)"),
    ("it", "scrivi prima qualcosa: il messaggio è vuoto", "un messaggio contiene al massimo 300 caratteri (questo ne ha 301)"),
    ("ko", "먼저 무언가를 쓰세요: 메시지가 비어 있습니다", "메시지는 최대 300자까지입니다(이 메시지는 301자입니다)"),
])
def test_the_table_talks_refusals_are_said_in_the_language(client, lang, empty, long):
    g = new_game(client, seats=TWO)
    r = client.post(f"/api/games/{g['id']}/chat", params={"lang": lang}, json={"text": "  ", "seat": 0},
                    headers={"X-Token": g["host_token"]})
    assert r.status_code == 400 and r.json()["error"] == empty
    r = client.post(f"/api/games/{g['id']}/chat", json={"text": "x" * 301, "seat": 0},
                    headers={"X-Token": g["host_token"], "Accept-Language": f"{lang};q=0.9"})
    assert r.status_code == 400 and r.json()["error"] == long and r.json()["refusal"]["args"]["n"] == 301


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "the game is not over yet: a rematch starts from the results"),
    ("it", "la partita non è ancora finita: la rivincita si avvia dai risultati"),
    ("ko", "게임이 아직 끝나지 않았습니다: 재대결은 결과 화면에서 시작합니다"),
])
def test_a_rematch_before_the_end_is_refused_in_the_language(client, lang, words):
    g = new_game(client, seats=TWO)
    r = _post(client, g, "rematch", {}, lang)
    assert r.status_code == 409 and r.json()["error"] == words


@pytest.mark.parametrize(("lang", "words"), [("en", "wrong token for this game"),
                                             ("it", "link non valido per questa partita"),
                                             ("ko", "이 게임에 맞지 않는 링크입니다")])
def test_a_wrong_link_is_said_in_the_language_over_http_and_the_websocket(client, lang, words):
    g = new_game(client, seats=TWO)
    r = client.get(f"/api/games/{g['id']}/state", params={"token": "guess", "lang": lang})
    assert r.status_code == 403 and r.json()["error"] == words
    with client.websocket_connect(f"/ws/{g['id']}?token=guess&lang={lang}") as ws:
        assert ws.receive_json() == {"type": "error", "error": words}
    r = client.get(f"/api/games/{g['id']}x/state", params={"token": "guess"},
                   headers={"Accept-Language": lang})
    assert r.status_code == 404 and r.json()["refusal"]["id"] == "no game {game}"


# ---- titles the server makes -------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "imported", "rematch"), [
    ("en", "Imported: Anna, Bruno, Chen", "Rematch: Imported: Anna, Bruno, Chen"),
    ("it", "Importata: Anna, Bruno, Chen", "Rivincita: Importata: Anna, Bruno, Chen"),
    ("ko", "가져온 게임: Anna, Bruno, Chen", "재대결: 가져온 게임: Anna, Bruno, Chen"),
])
def test_an_imported_games_title_and_its_rematchs_are_said_in_the_readers_language(client, lang, imported, rematch):
    """The server stores no sentence for the title it makes (the facts "imported" and the names,
    web/titles.py): the lobby, the table and the replay say it in each reader's language."""
    from tests.web.conftest import finished_record

    r = client.post("/api/games/import", json={"record": finished_record()})
    assert r.status_code == 201, r.text
    g = r.json()
    lobby = client.get("/api/games", params={"lang": lang}).json()["games"]
    assert [x["title"] for x in lobby if x["id"] == g["id"]] == [imported]
    table = client.get(f"/api/games/{g['id']}/state", params={"token": g["host_token"], "lang": lang}).json()
    assert table["game"]["title"] == imported
    frame = client.get(f"/api/games/{g['id']}/replay", params={"token": g["host_token"], "at": 0},
                       headers={"Accept-Language": lang}).json()
    assert frame["game"]["title"] == imported
    r = client.post(f"/api/games/{g['id']}/rematch", json={}, headers={"X-Token": g["host_token"]})
    assert r.status_code == 201, r.text
    lobby = client.get("/api/games", headers={"Accept-Language": lang}).json()["games"]
    assert [x["title"] for x in lobby if x["id"] == r.json()["id"]] == [rematch]


def test_a_title_the_host_typed_is_shown_as_typed(client):
    g = new_game(client, seats=TWO, title="Rematch night")
    lobby = client.get("/api/games", params={"lang": "it"}).json()["games"]
    assert [x["title"] for x in lobby if x["id"] == g["id"]] == ["Rematch night"]


# ---- the lobby's form, the server's own failures -----------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [("en", "seat 2: two seats are called 'anna'"),
                                             ("it", "posto 2: due posti si chiamano 'anna'"),
                                             ("ko", "2번 자리: 두 자리의 이름이 모두 'anna'입니다")])
def test_a_new_game_the_form_got_wrong_is_refused_in_the_language(client, lang, words):
    r = client.post("/api/games", params={"lang": lang}, json={"seats": [{"name": "Anna"}, {"name": "anna"}]})
    assert r.status_code == 400 and r.json()["error"] == words


def test_only_the_servers_computer_starts_games_said_in_the_language(client, monkeypatch):
    monkeypatch.setattr(ServerContext, "is_local", lambda self, request: False)
    r = client.post("/api/games", json={"seats": TWO}, headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert r.status_code == 403
    assert r.json()["error"] == "le nuove partite si possono avviare solo sul computer su cui gira il server"


def test_an_internal_error_is_said_in_the_language(db_path, monkeypatch):
    from fastapi.testclient import TestClient

    from smallworld.core import game as game_mod
    from smallworld.web.server import create_app

    client = TestClient(create_app(db_path, bot_delay=0), raise_server_exceptions=False)
    g = new_game(client, seats=TWO)

    def exploding(self, action, **kw):
        raise RuntimeError("boom")

    monkeypatch.setattr(game_mod.Game, "apply", exploding)
    r = _post(client, g, "actions", {"action": "pick 0"}, "ko")
    assert r.status_code == 500 and r.json() == {"error": "내부 오류(자세한 내용은 서버 로그에 있습니다)"}


def test_a_bots_failure_is_told_to_each_page_in_its_language():
    """The error pushed to every page of a game (a bot's move failed) is said in each page's
    language, the store's cause as the store words it."""
    from types import SimpleNamespace

    from smallworld.core.errors import Refusal
    from smallworld.web.liveplay import LivePlay

    class Page:
        def __init__(self, lang):
            self.lang, self.got = lang, []

        def push(self, data):
            self.got.append(data)
            return True

    pages = [Page("en"), Page("it"), Page("ko")]
    live = SimpleNamespace(sockets=pages)
    why = Refusal("a bot's move failed: {why}", why=Refusal("the server's log has the details"))
    LivePlay.tell(SimpleNamespace(), live, {"type": "error", "error": why})
    assert [p.got for p in pages] == [
        [{"type": "error", "error": "a bot's move failed: the server's log has the details"}],
        [{"type": "error", "error": "la mossa di un bot non è riuscita: i dettagli sono nel registro del server"}],
        [{"type": "error", "error": "봇의 수가 실패했습니다: 자세한 내용은 서버 로그에 있습니다"}],
    ]


def test_a_store_failure_answered_by_the_server_is_said_in_the_language(client, monkeypatch):
    """A StoreError no route catches (the lobby's list) is answered 503 in the request's language."""
    from smallworld.web.storage import Store, StoreTimeout

    def stalled(self):
        raise StoreTimeout(could_not("list the games", "storage not responding (nothing was changed); "
                                                       "try again in a moment"))

    monkeypatch.setattr(Store, "list", stalled)
    r = client.get("/api/games", params={"lang": "it"})
    assert r.status_code == 503 and r.headers["retry-after"] == "1"
    assert r.json()["error"] == ("impossibile elencare le partite: l'archivio non risponde (non è cambiato nulla); "
                                 "riprova fra un momento")


def test_a_rematch_the_store_could_not_record_is_said_in_the_language(client, monkeypatch):
    """The rematch's own store failure (its row taken, then gone) is a message of the catalogue."""
    from smallworld.web import rematch
    from smallworld.web.refusals import api_error_body

    g = new_game(client, seats=TWO)
    store = client.app.state.hub.store
    rematch._set_next(store, g["id"], "first")
    monkeypatch.setattr(rematch, "_next_of", lambda store, game_id: None)
    with pytest.raises(StoreError) as e:
        rematch._set_next(store, g["id"], "second")
    assert str(e.value) == "could not record the rematch"
    from starlette.requests import Request

    asked = Request({"type": "http", "query_string": b"lang=ko", "headers": []})
    assert api_error_body(store_words(e.value), asked)["error"] == "재대결을 기록하지 못했습니다"


def test_a_rematch_that_cannot_be_set_up_is_refused_in_the_language(client, monkeypatch):
    from smallworld.core.errors import Refusal
    from smallworld.web.games import LiveGame, SetupError
    from tests.web.conftest import finished_record

    g = client.post("/api/games/import", json={"record": finished_record()}).json()

    def refused(*args, **kwargs):
        raise SetupError(Refusal("a game needs 2 to 5 seats"))

    monkeypatch.setattr(LiveGame, "create", refused)
    r = _post(client, g, "rematch", {}, "it")
    assert r.status_code == 400 and r.json()["error"] == "una partita ha da 2 a 5 posti"


@pytest.mark.parametrize(("lang", "words"), [("en", "position 999 is outside this game (0 to {n})"),
                                             ("it", "la posizione 999 è fuori da questa partita (da 0 a {n})")])
def test_a_replay_position_past_the_end_is_refused_in_the_language(client, lang, words):
    """A replay address whose ?at= was typed past the game's end."""
    g = new_game(client, seats=TWO)
    r = client.get(f"/api/games/{g['id']}/replay", params={"token": g["host_token"], "at": 999, "lang": lang})
    n = r.json()["refusal"]["args"]["total"]  # the chance draws of the setup are moves too
    assert r.status_code == 400 and r.json()["error"] == words.format(n=n)


@pytest.mark.parametrize(("lang", "names"), [("en", ["Player 1", "Player 2"]),
                                             ("it", ["Giocatore 1", "Giocatore 2"]),
                                             ("ko", ["플레이어 1", "플레이어 2"])])
def test_an_unnamed_seat_is_named_in_the_hosts_language(client, lang, names):
    """A seat created without a name (the API; the lobby's form always names them) is called
    after its number in the words of the host's request."""
    r = client.post("/api/games", params={"lang": lang},
                    json={"seats": [{"name": "", "kind": "human"}, {"kind": "human"}], "seed": 3})
    assert r.status_code == 201, r.text
    assert [s["name"] for s in r.json()["seats"]] == names
