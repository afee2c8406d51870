"""The catalogue route (issue 31): /api/i18n answers a language's messages, plural map and the
editions' names in it; ?lang= chooses, else the browser's Accept-Language, else English."""

from __future__ import annotations


def test_the_route_answers_the_asked_language(client):
    r = client.get("/api/i18n", params={"lang": "it"})
    assert r.status_code == 200 and r.headers["content-language"] == "it"
    d = r.json()
    assert d["lang"] == "it" and d["messages"]["New game"] == "Nuova partita"
    assert d["messages"]["{n} move"] == ["{n} mossa", "{n} di mosse", "{n} mosse"]
    assert d["plural"] == {"one": 0, "many": 1, "other": 2}
    assert [x["id"] for x in d["languages"]] == ["en", "it", "ko"]
    assert d["names"]["swow"]["races"]["forsaken"] == "Reietti"
    assert d["names"]["classic"]["races"]["halflings"] == "Mezzuomini"
    assert d["names"]["swow-team"]["factions"]["alliance"] == "Alleanza"


def test_accept_language_chooses_when_no_lang_is_asked(client):
    ko = client.get("/api/i18n", headers={"Accept-Language": "ko-KR,ko;q=0.9,en-US;q=0.8"}).json()
    assert ko["lang"] == "ko" and ko["plural"] == {"other": 0} and ko["messages"]["{n} move"] == ["{n}수"]
    assert ko["names"]["swow"]["items"]["doomhammer"] == "둠해머"
    it = client.get("/api/i18n", headers={"Accept-Language": "fr-FR,fr;q=0.9,it;q=0.5"})
    assert it.json()["lang"] == "it" and "Accept-Language" in it.headers["vary"]
    assert client.get("/api/i18n", headers={"Accept-Language": "fr, de;q=0.8"}).json()["lang"] == "en"
    en = client.get("/api/i18n").json()
    assert en["lang"] == "en" and en["messages"] == {} and en["names"]["swow"]["races"]["forsaken"] == "Forsaken"
    # ?lang= wins over the header (a seat link carrying ?lang=)
    asked = client.get("/api/i18n", params={"lang": "ko"}, headers={"Accept-Language": "it"}).json()
    assert asked["lang"] == "ko"


def test_an_unknown_language_is_refused_and_an_unchanged_catalogue_not_sent_again(client):
    r = client.get("/api/i18n", params={"lang": "fr"})
    assert r.status_code == 404 and "known: en, it, ko" in r.json()["error"]
    assert client.get("/api/i18n", params={"lang": "<b>"}).status_code == 422
    first = client.get("/api/i18n", params={"lang": "ko"})
    again = client.get("/api/i18n", params={"lang": "ko"}, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304


def test_meta_says_each_sides_faction(client):
    m = client.get("/api/meta").json()
    assert m["side_factions"] == {"A": "alliance", "H": "horde", "N": "neutral"}
