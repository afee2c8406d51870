"""The server's words in the reader's language (web/speech.py, issue 31): _() and ngettext()
answer in the language set by speaking() and English outside it; a page's payload (action
labels, phase words, the facts of the turn) is in its Access's language, and two languages of one
game are two cached update texts; the Trained bot's description is a catalogue message."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from smallworld.web import speech
from smallworld.web.access import Access, payload_for
from smallworld.web.speech import _, names_of, ngettext, speaking
from smallworld.web.trained import DESCRIPTION
from smallworld.web.updates import update_text


def test_words_follow_the_language_spoken_and_english_outside():
    assert _("Conquer {region}") == "Conquer {region}"
    with speaking("it") as lang:
        assert lang == "it" and speech.current() == "it"
        assert _("Conquer {region}").format(region="X") == "Conquista X"
        with speaking("ko"):
            assert _("End turn") == "차례 마치기"
        assert _("End turn") == "Fine turno"
        assert _("no such message, kept as written") == "no such message, kept as written"
    assert speech.current() == "en" and _("End turn") == "End turn"
    with speaking("fr"):  # no catalogue: English
        assert speech.current() == "en"


def test_plural_forms_come_from_the_catalogues_rule():
    one, many = "Place {n} token in {region}", "Place {n} tokens in {region}"
    assert [ngettext(one, many, n).format(n=n, region="R") for n in (1, 2)] == \
        ["Place 1 token in R", "Place 2 tokens in R"]
    with speaking("it"):
        assert ngettext(one, many, 1).format(n=1, region="R") == "Piazza 1 segnalino in R"
        assert ngettext(one, many, 3).format(n=3, region="R") == "Piazza 3 segnalini in R"
    with speaking("ko"):
        assert ngettext(one, many, 1) == ngettext(one, many, 5) == "{region}에 토큰 {n}개 배치"


def test_names_of_an_edition_in_the_language_spoken():
    assert names_of("swow")["races"]["blood-elves"] == "Blood Elves"
    with speaking("it"):
        assert names_of("swow")["races"]["blood-elves"] == "Elfi del Sangue"
        assert names_of("classic")["boards"]["C2"] == "Small World per due"


@pytest.fixture
def live(tmp_path):
    from smallworld.web.games import LiveGame, Seat
    from smallworld.web.storage import Store

    seats = [Seat("Anna", "human", token="a" * 24), Seat("Bruno", "human", token="b" * 24)]
    return LiveGame.create(Store(tmp_path / "g.sqlite3"), seats=seats, seed=4)


def test_a_payload_speaks_its_pages_language(live):
    en = payload_for(Access(live, 0, False))
    it = payload_for(Access(live, 0, False, "it"))
    ko = payload_for(Access(live, 0, False, "ko"))
    assert en["phase_text"] == "picking a combo" and it["phase_text"] == "sceglie una combinazione"
    assert ko["phase_text"] == "조합 고르는 중"
    assert en["legal"][0]["label"] == "Pick combo 1" and it["legal"][0]["label"] == "Scegli la combinazione 1"
    assert ko["legal"][0]["label"] == "1번 조합 고르기"
    # the same view, cached once per language
    acc = Access(live, 0, False)
    texts = {lang: update_text(replace(acc, lang=lang))[0] for lang in ("en", "it", "ko")}
    assert json.loads(texts["it"])["phase_text"] == "sceglie una combinazione"
    assert len({t for t in texts.values()}) == 3 and len(live.views) == 3


def test_the_trained_description_is_a_catalogue_message():
    from smallworld.web.i18n import read_catalogue

    assert DESCRIPTION in {m.id for m in read_catalogue("ko")}
    assert "{players}" in DESCRIPTION and "{editions}" in DESCRIPTION


def test_an_abilitys_declared_words_are_translated_before_they_are_filled():
    from smallworld.core.meta import ActionSpec

    spec = ActionSpec("objective", args=("region",), phrase="Place a Military Objective in {}")
    assert spec.words(("L1.4",), ("Goldshire",)) == "Place a Military Objective in Goldshire"
    said = spec.words(("L1.4",), ("Goldshire",), tr=lambda s: {"Place a Military Objective in {}": "Piazza un Obiettivo in {}"}[s])
    assert said == "Piazza un Obiettivo in Goldshire"
    with speaking("it"):  # the web's words: the catalogue (an unknown template stays English)
        assert spec.words(("L1.4",), ("X",), tr=_) == _("Place a Military Objective in {}").format("X")


def test_the_words_come_from_the_one_translator_of_i18n(monkeypatch):
    """speech says what :func:`smallworld.web.i18n.translations` answers (one place builds the
    gettext translators from the .po files): a translator put in its place is the one heard."""
    import gettext

    from smallworld.web import i18n

    class Fake(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return f"<{message}>"

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return f"<{n}:{singular}>"

    monkeypatch.setattr(i18n, "translations", lambda lang: Fake())
    with speaking("it"):
        assert _("End turn") == "<End turn>"
        assert ngettext("{n} token", "{n} tokens", 3) == "<3:{n} token>"
    assert _("End turn") == "End turn"  # English never asks a translator
