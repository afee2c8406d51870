"""The chronicle in each reader's language (issue 31): every event kind the chronicle words, in
English, Italian and Korean, with every placeholder filled, no English left in the Italian and
Korean lines, the names of the edition in the language, and the plural forms right for 1 and for
many (CLDR, through the catalogues); each page reads the same events in its own language."""

from __future__ import annotations

import re

import pytest

from smallworld.core.game import Game
from smallworld.web.chronicle import Logbook
from smallworld.web.eventwords import TEMPLATES, Words
from tests.web.conftest import new_game, seat_token, state
from tests.web.i18n_kit import english_left, latin_words

LANGS = ("en", "it", "ko")


def _state(edition: str, n: int = 4):
    g = Game.new(n, seed=3, edition=edition, seats=["Anna", "Bruno", "Chen", "Dora"][:n])
    return g.state


def _events(s) -> list[tuple[str, dict]]:
    """One event of every kind and variant the chronicle words, for game ``s``'s edition."""
    ed = s.spec.edition
    r1, r2 = s.spec.region_ids[1], s.spec.region_ids[2]
    race, race2 = list(ed.races)[:2]
    power = next(iter(ed.powers))
    seat1 = {"seat": 1, "race": race2, "in_decline": False}
    out = [
        ("turn", {"kind": "turn", "round": 2, "rounds": 10, "seat": 0}),
        ("picked", {"kind": "picked", "seat": 0, "race": race, "power": power, "position": 2, "paid": 2,
                    "took": 3, "tokens": 9}),
        ("picked.free", {"kind": "picked", "seat": 0, "race": race, "power": power, "position": 0, "paid": 0,
                         "took": 0, "tokens": 1}),
        ("passed", {"kind": "passed", "seat": 1}),
        ("stopped", {"kind": "stopped", "seat": 1}),
        ("conquered", {"kind": "conquered", "seat": 0, "race": race, "region": r1, "cost": 2, "parts": None,
                       "placed": 2, "mode": "conquer", "defender": None}),
        ("conquered.from", {"kind": "conquered", "seat": 0, "race": race, "region": r1, "cost": 4, "parts": None,
                            "placed": 4, "mode": "conquer", "defender": seat1}),
        ("conquered.neutral", {"kind": "conquered", "seat": 0, "race": race, "region": r1, "cost": 3,
                               "parts": None, "placed": 3, "mode": "conquer", "defender": {"neutral": True}}),
        ("final_attempt", {"kind": "final_attempt", "seat": 0, "race": race, "region": r2, "cost": 3, "hand": 1,
                           "need": 2, "parts": None, "defender": None}),
        ("final_attempt.from", {"kind": "final_attempt", "seat": 0, "race": race, "region": r2, "cost": 5,
                                "hand": 3, "need": 2, "parts": None,
                                "defender": {**seat1, "in_decline": True}}),
        ("rolled.success", {"kind": "rolled", "seat": 0, "face": 3, "region": r2, "success": True}),
        ("rolled.failure", {"kind": "rolled", "seat": 0, "face": 0, "region": r2, "success": False}),
        ("abandoned", {"kind": "abandoned", "seat": 0, "race": race, "region": r1, "tokens": 2}),
        ("redeployed", {"kind": "redeployed", "seat": 0, "region": r1, "n": 3}),
        ("declined", {"kind": "declined", "seat": 0, "race": race, "power": power}),
        ("chance.roll", {"kind": "chance", "action": "roll", "args": [2]}),
        ("scored", {"kind": "scored", "seat": 0, "round": 2, "total": 0, "lines": []}),
        ("scored.lines", {"kind": "scored", "seat": 0, "round": 2, "total": 6, "lines": [
            {"label": "Regions", "n": 5, "source": "regions"},
            {"label": "Faction bonus", "n": 1, "source": "faction"}]}),
        ("over", {"kind": "over", "winners": [2], "scores": [40, 41, 57, 12], "tokens": [9, 9, 9, 9]}),
        ("over.shared", {"kind": "over", "winners": [0, 3], "scores": [50, 41, 7, 50], "tokens": [9, 9, 9, 9]}),
    ]
    for item in ed.items:
        out.append((f"revealed {item}", {"kind": "revealed", "item": item, "region": r1}))
        break
    # every scoring line an ability of this edition declares, and its own event kinds and actions
    for ab in ed.abilities():
        for w in ab.event_words:
            args = {"kind": w.kind, "seat": 1, "region": r1, "face": 2, "coins": 2, "humans": 0}
            out.append((w.kind, args))
        for spec in ab.action_specs:
            if not (spec.phrase or spec.choice_words):
                continue
            arg = {"region": r1, "count": "1", "seat": "1", "choice": spec.choices[0] if spec.choices else ""}
            args = [arg[x] for x in spec.args]
            out.append((f"used {spec.kind}", {"kind": "used", "seat": 0, "action": spec.kind, "args": args,
                                              "ability": f"{ab.kind}:{ab.id}"}))
        for toll in ab.toll_words:
            key = toll.key + (r1 if toll.per_region else "")
            out.append((f"paid_toll {toll.key}", {"kind": "paid_toll", "seat": 0, "toll": key, "amount": 1,
                                                  "payee": 1}))
    return out


def _team_over(s) -> list[tuple[str, dict]]:
    return [("over.side", {"kind": "over", "winners": [0, 2], "scores": [20, 30, 25, 22], "tokens": [1, 1, 1, 1],
                           "sides": {"A": 20, "H": 22}, "winning_sides": ["H"]}),
            ("over.sides", {"kind": "over", "winners": [0, 1, 2, 3], "scores": [20, 30, 20, 22],
                            "tokens": [1, 1, 1, 1], "sides": {"A": 20, "H": 20}, "winning_sides": ["A", "H"]})]


@pytest.mark.parametrize("edition", ["swow", "classic", "swow-team"])
def test_every_event_kind_speaks_each_language(edition):
    s = _state(edition)
    cases = _events(s) + (_team_over(s) if edition == "swow-team" else [])
    words = {lang: Words(s, lang) for lang in LANGS}
    texts = {name: {lang: words[lang].text(ev) for lang in LANGS} for name, ev in cases}
    seat_words = {"Anna", "Bruno", "Chen", "Dora"}
    for name, t in texts.items():
        assert all(t.values()), (name, t)
        for lang, text in t.items():
            assert not re.search(r"\{\w*\}", text), (name, lang, text)  # every placeholder filled
        assert t["it"] != t["en"] and t["ko"] != t["en"], (name, t)
    for lang in ("it", "ko"):
        lines = [t[lang] for t in texts.values()]
        assert english_left(lines, lang) == [], lang
    # Korean lines: no Latin word but the seats' names (the Regions are named in Korean)
    assert latin_words([t["ko"] for t in texts.values()], seat_words) == []
    assert {"turn", "picked", "conquered.from", "rolled.failure", "scored.lines", "over"} <= set(texts)


@pytest.mark.parametrize(("edition", "english", "it", "ko"), [
    ("swow", "Valley of Trials", "Valle delle Prove", "시험의 골짜기"),
    ("classic", "The Fallow Sound", "Stretto Fulvo", "황갈빛 해협"),
])
def test_regions_are_named_in_the_language_and_kept_by_id(edition, english, it, ko):
    """A Region in a line is its board name in the reader's language (the catalogue's message of
    context ``region``); the event keeps its id (data, logs and the API's notation unchanged)."""
    s = _state(edition, 2 if edition == "classic" else 4)  # boards L2, M1, M3, S3; C2
    rid = s.spec.region_ids[s.spec.names.index(english)]
    ev = {"kind": "redeployed", "seat": 0, "region": rid, "n": 2}
    lines = {lang: Words(s, lang).text(ev) for lang in LANGS}
    assert english in lines["en"] and it in lines["it"] and ko in lines["ko"], lines
    assert english not in lines["it"] + lines["ko"], lines
    assert not re.search(r"[A-Za-z]{3,}", lines["ko"].replace("Anna", "")), lines["ko"]
    assert ev["region"] == rid


def test_names_are_the_edition_s_in_the_language():
    s = _state("swow")
    ev = {"kind": "declined", "seat": 0, "race": "blood-elves", "power": "ranger"}
    assert "Blood Elves" in Words(s, "en").text(ev)
    assert "Elfi del Sangue" in Words(s, "it").text(ev)
    assert "블러드 엘프" in Words(s, "ko").text(ev)
    neutral = {"kind": "conquered", "seat": 0, "race": "trolls", "region": s.spec.region_ids[0], "cost": 3,
               "parts": None, "placed": 3, "mode": "conquer", "defender": {"neutral": True}}
    assert "the Murlocs" in Words(s, "en").text(neutral)
    assert "멀록" in Words(s, "ko").text(neutral)
    scored = {"kind": "scored", "seat": 0, "round": 1, "total": 3, "lines": [
        {"label": "Ranger: Forest Regions", "n": 2, "source": "power"}, {"label": "Dark Portal", "n": 1,
                                                                           "source": "item"}]}
    assert "Guardaboschi: regioni di Foresta 2" in Words(s, "it").text(scored)
    assert "Portale Oscuro 1" in Words(s, "it").text(scored)
    assert "어둠의 문 1" in Words(s, "ko").text(scored)


@pytest.mark.parametrize("lang,one,many,wrong", [
    ("en", "1 token", "3 tokens", "1 tokens"),
    ("it", "1 segnalino", "3 segnalini", "1 segnalini"),
    ("ko", "토큰 1개", "토큰 3개", None),
])
def test_plural_forms_are_right_for_one_and_many(lang, one, many, wrong):
    s = _state("swow")
    w = Words(s, lang)
    r = s.spec.region_ids[0]
    got = {n: w.text({"kind": "redeployed", "seat": 0, "region": r, "n": n}) for n in (1, 3)}
    assert one in got[1] and many in got[3], got
    pick = w.text({"kind": "picked", "seat": 0, "race": "orcs", "power": "ranger", "position": 1, "paid": 1,
                   "took": 1, "tokens": 1})
    assert one in pick, pick
    if wrong:
        assert wrong not in got[1] and wrong not in pick
    coins = {n: w.text({"kind": "scored", "seat": 0, "round": 1, "total": n, "lines": []}) for n in (1, 4)}
    expected = {"en": ("1 coin", "4 coins"), "it": ("1 moneta", "4 monete"), "ko": ("승점 1점", "승점 4점")}[lang]
    assert expected[0] in coins[1] and expected[1] in coins[4], coins
    # a count an ability words with an English plural ending ({s}): the catalogue's plural message
    buy = {n: w.text({"kind": "used", "seat": 0, "action": "buy", "args": [str(n)], "ability": "race:forsaken"})
           for n in (1, 2)}
    assert "{" not in buy[1] + buy[2] and buy[1] != buy[2], buy
    if lang == "it":
        assert "1 segnalino Reietti" in buy[1] and "2 segnalini Reietti" in buy[2], buy


def test_the_logbook_keeps_events_and_renders_each_language_once():
    """An entry holds the event, never a sentence; each language's line is made once."""
    g = Game.new(3, seed=4, edition="swow", seats=["Anna", "Bruno", "Chen"])
    g.settle()
    from smallworld.web.games import rebuild_log

    log = rebuild_log(g.record)
    assert log.entries and all("text" not in e and "ev" in e for e in log.entries)
    page = log.visible(g.state, None, 0, "ko")
    assert page and all("ev" not in e and "_texts" not in e and e["text"] for e in page)
    assert page[0]["text"] == Words(g.state, "ko").text(log.entries[page[0]["i"]]["ev"])
    assert log.text(log.entries[0], "ko") is log.text(log.entries[0], "ko")  # made once, kept
    assert isinstance(Logbook().entries, list)


def test_two_seats_of_one_game_read_their_own_language(client):
    """Each page asks in its language (?lang=): the same entries, each in its own words."""
    g = new_game(client, [{"name": "Anna"}, {"name": "Bruno"}], seed=2)
    gid = g["id"]
    pages = {}
    for seat, lang in ((0, "it"), (1, "ko")):
        r = client.get(f"/api/games/{gid}/state", params={"token": seat_token(g, seat), "lang": lang})
        assert r.status_code == 200, r.text
        pages[lang] = r.json()["log"]
    english = state(client, gid, seat_token(g, 0))["log"]
    turn = {lang: next(e for e in log if e["kind"] == "turn") for lang, log in pages.items()}
    assert turn["it"]["i"] == turn["ko"]["i"]
    assert turn["it"]["text"].startswith("Round 1 di ") and "라운드" in turn["ko"]["text"]
    assert next(e for e in english if e["kind"] == "turn")["text"].startswith("Round 1 of ")
    # Accept-Language chooses when the page names none
    r = client.get(f"/api/games/{gid}/state", params={"token": seat_token(g, 1)},
                   headers={"Accept-Language": "ko-KR,ko;q=0.9"})
    assert next(e for e in r.json()["log"] if e["kind"] == "turn")["text"] == turn["ko"]["text"]


def test_a_replay_speaks_its_reader_s_language(client):
    g = new_game(client, [{"name": "Anna"}, {"name": "Bruno"}], seed=2)
    gid, tok = g["id"], g["host_token"]
    frames = {lang: client.get(f"/api/games/{gid}/replay", params={"token": tok, "log": "all", "lang": lang}).json()
              for lang in LANGS}
    texts = {lang: [e["text"] for e in f["log"]] for lang, f in frames.items()}
    assert len(texts["en"]) == len(texts["it"]) == len(texts["ko"]) > 0
    assert all(a != b for a, b in zip(texts["en"], texts["ko"]))
    assert english_left(texts["it"], "it") == [] and english_left(texts["ko"], "ko") == []


def test_every_template_is_a_message_of_the_catalogues():
    from smallworld.web.i18n import read_catalogue

    for lang in ("it", "ko"):
        cat = read_catalogue(lang)
        for key, msgid in TEMPLATES.items():
            m = cat.get(msgid)
            assert m is not None and m.string, (lang, key)
