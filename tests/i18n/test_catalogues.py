"""The message catalogues (issue 31): every message of the code is in the Italian and Korean
``.po`` files, translated, with the message's placeholders and the language's number of plural
forms; the plural forms the page picks agree with CLDR."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.plurals import get_plural

from smallworld.web import i18n

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("i18n_catalogue", ROOT / "tools" / "i18n_catalogue.py")
assert spec and spec.loader
catalogue_tool = importlib.util.module_from_spec(spec)
sys.modules["i18n_catalogue"] = catalogue_tool
spec.loader.exec_module(catalogue_tool)

LANGS = ("it", "ko")


@pytest.fixture(scope="module")
def template():
    return catalogue_tool.template()


def test_the_catalogues_speak_english_italian_and_korean():
    assert i18n.languages() == ["en", "it", "ko"]


def test_the_lobby_words_are_extracted(template):
    ids = {m.id for m in template if m.id}
    # the page (data-i18n), its script (t, tn) and Python data marked with N_
    assert {"New game", "Start the game", "Game ready", ("{n} move", "{n} moves"),
            "Easy", "Battle for Azeroth (team variant)"} <= ids
    # a local `t` in a script that does not import the catalogue's is not a message: every message
    # found in a script comes from one that imports t/tn from i18n.js
    scripts = {f for m in template for f, _ in m.locations if f.endswith(".js")}
    assert scripts and all(catalogue_tool.uses_catalogue(ROOT / f) for f in scripts), scripts


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(template, lang):
    cat = catalogue_tool.read(lang)
    assert catalogue_tool.missing(cat, template) == []


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_and_plurals_have_the_languages_forms(lang):
    problems = [p for p in catalogue_tool.check() if p.startswith(f"{lang}:")]
    assert problems == []
    cat = catalogue_tool.read(lang)
    assert cat.num_plurals == get_plural(lang).num_plurals == {"it": 3, "ko": 1}[lang]
    plurals = [m for m in cat if m.id and isinstance(m.id, tuple)]
    assert plurals and all(len(m.string) == cat.num_plurals for m in plurals)


def test_the_check_finds_a_wrong_placeholder_and_a_missing_form(tmp_path, monkeypatch):
    """The checks fail on the defects they guard: a renamed placeholder, a missing plural form,
    an empty translation."""
    for lang in LANGS:
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / lang / "LC_MESSAGES" / "messages.po").write_bytes(catalogue_tool.po_path(lang).read_bytes())
    monkeypatch.setattr(catalogue_tool, "LOCALES", tmp_path)
    cat = catalogue_tool.read("it")
    cat["Round {n}"].string = "Round {numero}"
    cat[("{n} move", "{n} moves")].string = ("{n} mossa", "{n} mosse")
    cat["Copy"].string = ""
    catalogue_tool.write(cat, catalogue_tool.po_path("it"))
    problems = "\n".join(catalogue_tool.check())
    assert "'Round {numero}' has placeholders ['numero']" in problems
    assert "not translated: '{n} move'" in problems  # its third form is empty
    assert "not translated: 'Copy'" in problems


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_picks_the_cldr_form(lang):
    """``plural`` of /api/i18n maps CLDR's categories (Intl.PluralRules in the page) to the forms
    the catalogue's own rule gives the same numbers: 1 coin, 2 coins, never "1 coins"."""
    cat = i18n.read_catalogue(lang)
    index = i18n.plural_indices(cat, lang)
    rule = Locale.parse(lang).plural_form
    forms = cat[("{n} move", "{n} moves")].string
    for n in (0, 1, 2, 5, 21, 1_000_000):
        shown = forms[index[rule(n)]].format(n=n)
        assert shown == {"it": {1: "1 mossa", 1_000_000: "1000000 di mosse"}.get(n, f"{n} mosse"),
                         "ko": f"{n}수"}[lang]


def test_a_plural_rule_disagreeing_with_cldr_is_refused():
    from io import BytesIO

    from babel.messages.pofile import read_po

    # French's rule: 0 would take the singular, which Italian's CLDR rule does not
    po = b'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n'
    cat = read_po(BytesIO(po), locale="it")
    assert cat.plural_expr == "(n > 1)"
    with pytest.raises(ValueError, match="Plural-Forms"):
        i18n.plural_indices(cat, "it")


NESTED = b'''import { t, tn } from "./i18n.js";
const winner = t("Winner: {name}", { name: who || t("Nobody") });
const coins = tn("{n} coin", "{n} coins", n, { n: fmt(tn("{k} token", "{k} tokens", k)) });
const deep = t("outer {v}", { v: ok ? t("yes") : t("no {z}", { z: t("deepest") }) });
const shown = `${t("Score: {x}", { x: t("in a template") })}`;
'''


def _script_messages(source: bytes) -> dict[str, int]:
    """The messages the project's extraction configuration (the scripts' entry of SOURCES: its
    method, keywords and options) finds in ``source``, with their lines."""
    from io import BytesIO

    from babel.messages.extract import extract

    [(method, keywords, options)] = [(m, k, o) for pattern, m, k, o in catalogue_tool.SOURCES
                                     if pattern.endswith(".js")]
    found = extract(method, BytesIO(source), keywords, ["i18n:"], options)
    return {(msg if isinstance(msg, str) else msg[0]): line for line, msg, _, _ in found}


def test_a_call_nested_in_another_calls_arguments_is_extracted():
    """Babel's JavaScript extractor skips a t()/tn() inside another call's arguments (replay.js's
    "Nobody", results.js's "{n} coin"); the extraction finds them, at their own lines."""
    found = _script_messages(NESTED)
    assert found == {"Winner: {name}": 2, "Nobody": 2, "{n} coin": 3, "{k} token": 3, "outer {v}": 4,
                     "yes": 4, "no {z}": 4, "deepest": 4, "Score: {x}": 5, "in a template": 5}


def test_the_scripts_nested_messages_are_in_the_template(template):
    where = {m.id if isinstance(m.id, str) else m.id[0]: m.locations for m in template if m.id}
    assert ("src/smallworld/web/static/js/replay.js", 177) in where["Nobody"]
    assert ("src/smallworld/web/static/js/results.js", 65) in where["{n} coin"]


def test_no_script_shows_a_literal_english_word():
    """A script's words reach the page through t()/tn(): no text, title, placeholder or label is
    set to a literal with words in it (e.g. rulelinks.js's "see the rule"). The game's name in a
    tab's title is a name, not a word."""
    literal = re.compile(r"\.(textContent|innerText|title|placeholder|ariaLabel)\s*=\s*([\"'`])(.*?)\2")
    found = []
    for path in sorted((ROOT / "src/smallworld/web/static/js").glob("*.js")):
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            for m in literal.finditer(line):
                words = re.sub(r"\$\{[^}]*\}|Small World of Warcraft|Small World", "", m.group(3))
                if re.search(r"[A-Za-z]{2}", words):
                    found.append(f"{path.name}:{n}: {m.group(0)}")
    assert found == []
