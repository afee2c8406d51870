"""Refusals and ability texts in the reader's language (issue 31): every refusal message of the
source is in the Italian and Korean catalogues with its placeholders; a refusal stays English for
the CLI and the RL environment and is said in Italian or Korean by the web layer; every ability
of both editions has its summary translated."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from smallworld.core import edition as core_editions
from smallworld.core import engine
from smallworld.core.actions import Action
from smallworld.core.errors import IllegalActionError, Joined, Name, Refusal
from smallworld.core.explain import explain_illegal
from smallworld.core.game import Game
from smallworld.web import speech
from smallworld.web.abilitytexts import summary_in
from smallworld.web.refusals import say

SRC = Path(__file__).resolve().parents[2] / "src" / "smallworld"
LOCALES = SRC / "web" / "locales"
LANGS = ("it", "ko")


def _n_literal(node: ast.AST) -> str | None:
    """The string of ``N_("...")``, else None."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return node.args[0].value
    return None


def refusal_ids() -> dict[str, str]:
    """Every refusal message id of the source -> the file it is in: the first argument of each
    ``Refusal(N_("..."), ...)``, and in core/explain.py every ``N_`` (its messages are chosen
    into a variable or a table before they become a Refusal)."""
    found: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text("utf-8")
        if "Refusal(" not in text:
            continue
        tree = ast.parse(text)
        whole = path.name == "explain.py" and path.parent.name == "core"
        for node in ast.walk(tree):
            if whole:
                msg = _n_literal(node)
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal" and node.args:
                msg = _n_literal(node.args[0])
            else:
                msg = None
            if msg is not None:
                found.setdefault(msg, str(path.relative_to(SRC)))
    return found


def catalogue(lang: str) -> dict[str, str]:
    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return {str(m.id): str(m.string or "") for m in read_po(f, locale=lang) if m.id and not m.fuzzy
                and isinstance(m.id, str)}


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_the_source_has_its_refusals_as_messages():
    """The search finds the core's refusals and the abilities' and the plan's own."""
    ids = refusal_ids()
    assert len(ids) >= 30
    assert "'{action}': no token in hand (R-CONQ-10)" in ids
    assert ids["the Harmony toll is {toll} VC; {seat} has {vc}"].endswith("pandaren.py")
    assert ids["step {step} of the plan: {reason}"].endswith("takeback.py")


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_is_translated_with_its_placeholders(lang):
    cat = catalogue(lang)
    missing = [m for m in refusal_ids() if not cat.get(m)]
    assert missing == []
    wrong = [(m, cat[m]) for m in refusal_ids() if placeholders(cat[m]) != placeholders(m)]
    assert wrong == []


def _first_conquest_refused() -> tuple[Game, Action]:
    """A game at its first conquest, and a conquest of a Region that is no Entry Region."""
    g = Game.new(3, seed=5, seats=["Ann", "Bob", "Cy"])
    g.settle()
    g.apply("pick 0")
    g.settle()
    s = g.state
    ok = {str(a.args[0]) for a in engine.legal_actions(s) if a.kind == "conquer"}
    inland = next(r for r in s.spec.region_ids if r not in ok and not s.spec.water[s.spec.index[r]])
    return g, Action("conquer", (inland,))


def test_a_refusal_stays_english_and_carries_its_id_and_arguments():
    """``explain_illegal`` and ``str(error)`` are the English sentence as before (CLI, RL); the
    same object carries the message id and its arguments, the Region kind as a Name."""
    g, a = _first_conquest_refused()
    why = explain_illegal(g.state, a)
    assert why == f"'{a}': a first conquest must target an Entry Region (R-CONQ-1)"
    assert why.msgid == "'{action}': a first conquest must target an {entry} ({rule})"
    assert why.to_json()["args"] == {"action": str(a), "entry": {"name": "symbol", "id": "entry", "en": "Entry Region"},
                                     "rule": "R-CONQ-1"}
    with pytest.raises(IllegalActionError) as e:
        g.apply(a)
    assert str(e.value) == why and e.value.refusal is not None and e.value.refusal.msgid == why.msgid


@pytest.mark.parametrize(("lang", "words"), [("it", "la prima conquista deve essere in una regione di entrata"),
                                             ("ko", "첫 번째 정복은 상륙 지역이어야 합니다")])
def test_the_web_says_a_refusal_in_the_readers_language(lang, words):
    g, a = _first_conquest_refused()
    with speech.speaking(lang):
        text = say(explain_illegal(g.state, a), "swow")
    assert text == f"'{a}': {words} (R-CONQ-1)"


def test_names_and_nested_words_are_said_in_the_language():
    """A toll's words (a nested message) and a Power's name (the edition's names) in Italian;
    a list keeps its separator."""
    toll = Refusal("{power} toll for {region}", power=Name("power", "marshdweller", "Marshdweller"), region="L1.4")
    owed = Refusal("'{action}': pay first: {tolls}", action="conquer L1.4",
                   tolls=Joined([Refusal("{toll} ({amount} VC)", toll=toll, amount=1)]))
    assert owed == "'conquer L1.4': pay first: Marshdweller toll for L1.4 (1 VC)"
    marsh = core_editions.get("swow").names("it")["powers"]["marshdweller"]
    with speech.speaking("it"):
        assert say(owed, "swow") == f"'conquer L1.4': prima paga: pedaggio {marsh} per L1.4 (1 monete Vittoria)"


def _summaries() -> list[tuple[str, str, str, str]]:
    out = []
    for edition in ("swow", "classic"):
        ed = core_editions.get(edition)
        for kind, table in (("race", ed.race_abilities), ("power", ed.power_abilities), ("item", ed.item_abilities)):
            out += [(edition, kind, k, a.summary) for k, a in table.items()]
    return out


def test_every_ability_of_both_editions_has_a_summary():
    found = _summaries()
    # 16 races, 20 powers, 12 items (Warcraft); 14 races, 20 powers (classic)
    assert len(found) == 16 + 20 + 12 + 14 + 20
    assert all(summary.strip() for *_, summary in found)


@pytest.mark.parametrize("lang", LANGS)
def test_every_ability_summary_is_translated(lang):
    untranslated = [(e, k, i) for e, k, i, english in _summaries()
                    if not summary_in(e, k, i, lang).strip() or summary_in(e, k, i, lang) == english]
    assert untranslated == []
    assert summary_in("swow", "race", "trolls", "en") == "Non-empty Regions cost 1 fewer token."
    with pytest.raises(KeyError):
        summary_in("swow", "faction", "horde", lang)


def test_a_refusal_survives_pickling():
    """An error carrying a Refusal crosses processes (a worker, a bot pool) with its message id,
    arguments, names and lists."""
    import pickle

    toll = Refusal("{power} toll for {region}", power=Name("power", "marshdweller", "Marshdweller"), region="L1.4")
    why = Refusal("'{action}': pay first: {tolls}", action="conquer L1.4",
                  tolls=Joined([Refusal("{toll} ({amount} VC)", toll=toll, amount=1)], " + "))
    back = pickle.loads(pickle.dumps(IllegalActionError(why)))
    assert str(back) == why and back.refusal is not None
    assert back.refusal.to_json() == why.to_json()
    assert back.refusal.args["tolls"].sep == " + "


@pytest.mark.parametrize(("text", "english", "italian"), [
    ("", "empty action", "azione vuota"),
    ("conquer", "'conquer' takes 1 argument, got 0 in 'conquer'", "'conquer' vuole 1 argomento, ne ha 0 in 'conquer'"),
    ("redeploy L1.4", "'redeploy' takes 2 arguments, got 1 in 'redeploy L1.4'",
     "'redeploy' vuole 2 argomenti, ne ha 1 in 'redeploy L1.4'"),
    ("conquer L1.4;", "bad word 'L1.4;' in action 'conquer L1.4;'", "parola non valida 'L1.4;' nell'azione 'conquer L1.4;'"),
])
def test_an_unreadable_action_says_what_is_wrong_in_english_and_as_a_message(text, english, italian):
    """The parser's errors stay English for the CLI and the RL environment and carry their message
    id, which the web layer says in the reader's language."""
    from smallworld.core.actions import parse_action
    from smallworld.core.errors import ActionSyntaxError

    with pytest.raises(ActionSyntaxError) as e:
        parse_action(text)
    assert str(e.value) == english
    assert e.value.refusal is not None and e.value.refusal.msgid in refusal_ids() | _parser_ids()
    with speech.speaking("it"):
        assert say(e.value.refusal, None) == italian


def _parser_ids() -> dict[str, str]:
    """The parser's two argument-count messages (chosen into a variable before their Refusal)."""
    return {"{kind} takes 1 argument, got {got} in {action}": "core/actions.py",
            "{kind} takes {want} arguments, got {got} in {action}": "core/actions.py"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_parsers_messages_are_translated(lang):
    cat = catalogue(lang)
    assert all(cat.get(m) and placeholders(cat[m]) == placeholders(m) for m in _parser_ids())


@pytest.mark.parametrize(("action", "english"), [
    (Action("pay", ("nothing-owed",)), "'pay nothing-owed': no such toll is owed now (RULES §8)"),
    (Action("fly", ("L1.4",)), "'fly L1.4': nothing in play allows this action"),
])
def test_the_engines_own_refusals_are_messages(action, english):
    """An action no toll or ability in play takes, applied unchecked (the engine's last word), is
    refused with a Refusal said in the reader's language, not a bare English sentence."""
    g, _ = _first_conquest_refused()
    with pytest.raises(IllegalActionError) as e:
        engine.apply_action(g.state, action, check=False)
    assert str(e.value) == english
    refusal = e.value.refusal
    assert refusal is not None and refusal.msgid in refusal_ids()
    with speech.speaking("ko"):
        said = say(refusal, "swow")
    assert said != english and said.startswith(f"'{action}'") and catalogue("ko")[refusal.msgid]


def test_every_store_doing_is_a_message():
    """The store's errors say what it was doing ("could not {what}: ...") with one of the
    catalogue's messages (storage.DOING): every ``_deadline``/``_db_errors`` of the store names one."""
    from smallworld.web import storage

    text = (SRC / "web" / "storage.py").read_text("utf-8")
    used = set(re.findall(r'(?:_deadline|_db_errors)\("([^"]+)"', text))
    assert len(used) >= 8 and used <= storage.DOING
    for lang in LANGS:
        assert all(catalogue(lang).get(w) for w in storage.DOING)
