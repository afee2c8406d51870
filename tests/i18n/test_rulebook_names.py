"""The Italian and Korean names of both editions are the rulebooks' (issue 31).

``rulebook_names.tsv`` is the list extracted from the rulebooks (../shared/seeds): each name a
rulebook prints, with the seed file and line. The tables in the editions' ``names.toml`` must give
exactly those names, mark every other one a plain translation, and leave no race, power, item or
piece without a name in either language. Where the seeds sit beside the project, each listed name
is also looked up at its line; a clone without them still runs the rest.
"""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

import pytest

from smallworld.core import edition as editions
from smallworld.core.edition import Edition

HERE = Path(__file__).parent
SEEDS = HERE.parents[1].parent / "shared" / "seeds"
#: an edition of each names.toml: the Warcraft editions share content/names.toml
PACKAGES = {"content": "swow", "classic": "classic"}
LANGS = ("it", "ko")


def expected_rows() -> list[dict[str, str]]:
    """The rows of rulebook_names.tsv (package, lang, key, printed, seed, line)."""
    lines = [ln for ln in (HERE / "rulebook_names.tsv").read_text("utf-8").splitlines()
             if ln and not ln.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


@cache
def seed_lines(seed: str) -> list[str]:
    return (SEEDS / seed).read_text("utf-8").splitlines()


def seed_window(seed: str, line: int, span: int = 3) -> str:
    """The seed's text from ``line`` (1-based) over ``span`` lines, spacing and case folded."""
    return _norm(" ".join(seed_lines(seed)[line - 1:line - 1 + span]))


def _table(package: str) -> Edition:
    return editions.get(PACKAGES[package])


def test_every_ability_and_piece_has_an_italian_and_a_korean_name() -> None:
    counts = {}
    for name in ("swow", "swow-team", "classic"):
        ed = editions.get(name)
        pieces = {*ed.pieces, ed.neutral_piece}
        wanted = ([f"race:{k}" for k in ed.races] + [f"power:{k}" for k in ed.powers]
                  + [f"item:{k}" for k in ed.items] + [f"piece:{k}" for k in pieces] + [f"title:{ed.name}"])
        for lang in LANGS:
            missing = [k for k in wanted if k not in ed.translations[lang]]
            assert not missing, f"{name} [{lang}] has no name for {missing}"
        counts[name] = (len(ed.races), len(ed.powers), len(ed.items))
    assert counts == {"swow": (16, 20, 12), "swow-team": (16, 20, 12), "classic": (14, 20, 0)}


def test_the_tables_give_the_rulebooks_names_and_mark_the_others_plain() -> None:
    expected = {(r["package"], r["lang"], r["key"]): r["printed"] for r in expected_rows()}
    seen = set()
    for package in PACKAGES:
        ed = _table(package)
        for lang, table in ed.translations.items():
            for key, n in table.items():
                where = (package, lang, key)
                if not n.from_rulebook:
                    assert where not in expected, f"{where}: the rulebook prints {expected[where]!r}; not plain"
                    continue
                assert where in expected, f"{where} {n.name!r}: not in rulebook_names.tsv (mark it from_rulebook = false?)"
                assert _norm(expected[where]) in (_norm(n.name), _norm(n.plural)), (where, n.name, expected[where])
                seen.add(where)
    assert seen == set(expected), f"listed but not in the tables: {sorted(set(expected) - seen)}"


def test_the_warcraft_names_are_all_from_the_rulebooks() -> None:
    """Every Warcraft race, power and item has its Italian and Korean rulebook name (the board
    faces' names are this project's: no rulebook prints them)."""
    ed = editions.get("swow")
    for lang in LANGS:
        plain = [k for k, n in ed.translations[lang].items() if not n.from_rulebook and n.kind != "board"]
        assert plain == [], f"[{lang}] plain translations in the Warcraft table: {plain}"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook texts (../shared/seeds) are not beside the project")
def test_each_listed_name_is_printed_where_the_list_says() -> None:
    wrong = []
    for r in expected_rows():
        if _norm(r["printed"]) not in seed_window(r["seed"], int(r["line"])):
            wrong.append(f"{r['seed']}:{r['line']} does not print {r['printed']!r} ({r['lang']} {r['key']})")
    assert not wrong, "\n".join(wrong)


#: the rulebook of each names table and language, where one exists (no Korean classic rulebook)
RULEBOOKS = {("content", "it"): "000_c863e58d0ad7aecc.txt", ("content", "ko"): "002_c1cfcb9810229cf8.txt",
             ("classic", "it"): "001_5182be403c940c9f.txt"}


def first_print(seed: str, name: str) -> int | None:
    """The first line of ``seed`` from which ``name`` is printed (over up to three lines, case
    and spacing folded, not inside a longer word), or None."""
    import re

    rx = re.compile(r"(?<!\w)" + re.escape(_norm(name)) + r"(?!\w)")
    return next((i for i, w in enumerate(seed_windows(seed), 1) if rx.search(w)), None)


@cache
def seed_windows(seed: str) -> list[str]:
    return [seed_window(seed, i) for i in range(1, len(seed_lines(seed)) + 1)]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook texts (../shared/seeds) are not beside the project")
def test_a_plain_translation_is_not_printed_by_the_rulebook():
    """A name marked plain (from_rulebook = false) is one the edition's rulebook in that language
    does not print: otherwise the rulebook's word was missed."""
    found = []
    for (package, lang), seed in RULEBOOKS.items():
        for key, n in _table(package).translations[lang].items():
            if not n.from_rulebook and (line := first_print(seed, n.name)) is not None:
                found.append(f"{package} [{lang}] {key} {n.name!r} is printed at {seed}:{line}")
    assert not found, "\n".join(found)


def test_every_board_face_has_a_plain_name_in_each_language() -> None:
    """The faces and maps a game can be dealt are named in Italian and Korean (plain
    translations: the rulebooks print no face names), and no other id is named."""
    for name in ("swow", "classic"):
        ed = editions.get(name)
        faces = {f for n in ed.rounds_by_players for sel in ed.board_selections(n) for f in sel}
        for lang in LANGS:
            boards = {n.id: n for n in ed.translations[lang].values() if n.kind == "board"}
            assert set(boards) == faces, (name, lang, sorted(set(boards) ^ faces))
            assert all(not n.from_rulebook for n in boards.values())
            assert ed.names(lang)["boards"] == {k: n.name for k, n in boards.items()}
        assert ed.names("en")["boards"] == {}
    assert editions.get("swow").names("it")["boards"]["S3"] == "Gola Rovente"


def test_the_neutral_tokens_have_a_name_in_every_language() -> None:
    """Murlocs (R-SET-3) and the Lost Tribes have names in English too (no ability declares them)."""
    assert editions.get("swow").names("en")["pieces"]["murloc"] == {"name": "Murloc", "plural": "Murlocs"}
    assert editions.get("classic").names("en")["pieces"]["lost-tribe"] == {"name": "Lost Tribe", "plural": "Lost Tribes"}
    assert editions.get("swow").names("ko")["pieces"]["murloc"]["name"] == "멀록"


def test_names_in_a_language_fall_back_to_english_and_say_which_are_plain() -> None:
    classic = editions.get("classic")
    it = classic.names("it")
    assert it["races"]["ratmen"] == "Uomini Ratto" and "race:ratmen" in it["plain"]
    assert it["races"]["amazons"] == "Amazzoni" and "race:amazons" not in it["plain"]
    assert it["pieces"]["hero"] == {"name": "Eroe", "plural": "Eroi"}
    swow = editions.get("swow")
    assert swow.names("ko")["items"]["frostmourne"] == "서리한"
    assert swow.names("it")["factions"]["horde"] == "Orda"
    assert swow.names()["races"]["blood-elves"] == "Blood Elves"
    assert swow.names("en")["factions"]["horde"] == "Horde"
    with pytest.raises(ValueError, match="no names in 'fr'"):
        swow.names("fr")


def test_a_bad_names_table_is_refused_with_its_line() -> None:
    from smallworld.core.names import read_names

    with pytest.raises(ValueError, match=r"\[it\] race.orcs: give a name"):
        read_names('[it]\nrace.orcs = 3\n')
    with pytest.raises(ValueError, match="unknown key"):
        read_names('[it]\nrace.orcs = { name = "Orchi", nome = "x" }\n')
    with pytest.raises(ValueError, match="not one of"):
        read_names('[it]\nbanner.orcs = "Orchi"\n')
    ed = editions.get("classic")
    bad = read_names('[it]\nrace.orcz = "Orchi"\n')
    with pytest.raises(ValueError, match=r"race.orcz: no such race"):
        Edition(**{**{f: getattr(ed, f) for f in ("name", "title", "races", "powers", "items", "pieces",
                                                  "die_faces", "rounds_by_players", "starting_vc",
                                                  "race_abilities", "power_abilities", "item_abilities",
                                                  "choose_faces", "load_face", "variant")},
                   "translations": bad})


if __name__ == "__main__":  # where each table name is first printed: lines for rulebook_names.tsv
    listed = {(r["package"], r["lang"], r["key"]) for r in expected_rows()}
    for (package, lang), seed in RULEBOOKS.items():
        for key, n in _table(package).translations[lang].items():
            if n.from_rulebook and (package, lang, key) not in listed:
                line = first_print(seed, n.name) or first_print(seed, n.plural)
                print(f"{package}\t{lang}\t{key}\t{n.name}\t{seed}\t{line or 'NOT PRINTED'}")
