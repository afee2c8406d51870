"""The project explains itself: every rule ID cited resolves to a heading of docs/rules, the
card pages match the game's data, the README's links resolve, and the documentation site builds
with warnings as errors. Nothing here reads anything outside the checkout."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from smallworld.content import registry
from smallworld.content.cards import RULES_PAGE, card_pages, rule_anchor
from smallworld.content.data import ITEMS, POWERS, RACES

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "docs" / "rules"
# R-CONQ-3, C-CONQ-1, C-R-AMAZONS-1, C-P-DRAGON-5, and family wildcards such as R-CONQ-*
ID = re.compile(r"(?<![\w-])([RC](?:-[A-Z]+)+)-(\d+|\*)")
ANCHOR = re.compile(r"^#+ .*\{#([^}\s]+)\}\s*$", re.MULTILINE)  # a heading's anchor


def _anchors(page: str) -> set[str]:
    return set(ANCHOR.findall((RULES_DIR / page).read_text(encoding="utf-8")))


def _all_rule_anchors() -> set[str]:
    return {a for p in RULES_DIR.glob("*.md") for a in ANCHOR.findall(p.read_text(encoding="utf-8"))}


def _cited() -> dict[str, str]:
    """Every rule ID cited in src/, tests/, examples/, docs/ and the README, with one place."""
    out: dict[str, str] = {}
    files = [ROOT / "README.md", *ROOT.glob("examples/**/*"), *ROOT.glob("docs/**/*.md")]
    for top in ("src", "tests", "tools", "benchmarks"):
        files += [p for p in (ROOT / top).rglob("*") if p.suffix in (".py", ".js", ".html", ".md", ".toml", ".json")]
    for path in files:
        if not path.is_file():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for fam, num in ID.findall(line):
                out.setdefault(f"{fam}-{num}", f"{path.relative_to(ROOT)}:{n}")
    return out


def test_every_cited_rule_id_is_a_heading_of_the_rules():
    """Every ``R-…``/``C-…`` ID in the code, tests and docs has a heading in docs/rules (a family
    wildcard such as ``R-CONQ-*`` needs at least one rule of that family)."""
    anchors = _all_rule_anchors()
    cited = _cited()
    assert len(cited) > 40  # the scan found the citations
    dangling = []
    for ident, where in sorted(cited.items()):
        if ident.endswith("*"):
            ok = any(a.startswith(ident[:-1]) for a in anchors)
        else:
            ok = ident in anchors
        if not ok:
            dangling.append(f"{ident} ({where})")
    assert not dangling, "rule IDs cited but not in docs/rules: " + ", ".join(dangling)


def test_every_cited_section_is_a_heading_of_the_rules():
    """``RULES §9``, ``§2.3`` and the like, cited in the code and tests, are section headings of
    docs/rules/swow.md."""
    text = (RULES_DIR / RULES_PAGE).read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+ §(\d+[a-z]?(?:\.\d+)?) ", text, re.MULTILINE))
    cited = set()
    for top in ("src", "tests"):
        for path in (ROOT / top).rglob("*.py"):
            cited |= set(re.findall(r"§ ?(\d+[a-z]?(?:\.\d+)?)(?![\d.])", path.read_text(encoding="utf-8")))
    assert len(cited) > 10
    assert cited <= headings, sorted(cited - headings)


def test_every_rule_family_is_numbered_without_gaps():
    """The Warcraft rules page defines each family's IDs 1..n with no gap or repeat."""
    text = (RULES_DIR / RULES_PAGE).read_text(encoding="utf-8")
    ids = re.findall(r"\{#(R-[A-Z]+)-(\d+)\}", text)
    assert len(ids) == len(set(ids))
    families: dict[str, list[int]] = {}
    for fam, num in ids:
        families.setdefault(fam, []).append(int(num))
    assert set(families) >= {"R-SET", "R-TURN", "R-PICK", "R-CONQ", "R-TROOP", "R-DEC", "R-ORDER",
                             "R-SCORE", "R-END", "R-ITEM", "R-TEAM"}
    for fam, nums in families.items():
        assert sorted(nums) == list(range(1, len(nums) + 1)), fam


def test_links_inside_the_rules_resolve():
    """A ``[..](#anchor)`` or ``[..](page.md#anchor)`` link in docs/rules names an existing
    heading (the generated card pages included)."""
    pages = {p.name: ANCHOR.findall(p.read_text(encoding="utf-8")) for p in RULES_DIR.glob("*.md")}
    cards = card_pages()
    pages.update({name: ANCHOR.findall(text) for name, text in cards.items()})
    texts = {p.name: p.read_text(encoding="utf-8") for p in RULES_DIR.glob("*.md")} | cards
    bad = []
    for name, text in texts.items():
        for target, frag in re.findall(r"\]\(([\w-]*\.md)?#([^)\s]+)\)", text):
            page = target or name
            if page not in pages or frag not in pages[page]:
                bad.append(f"{name}: {target}#{frag}")
    assert not bad, bad


def test_data_tables_of_the_rules_match_the_game_data():
    """RULES §2.1, §2.2: the races' value / box / faction and the badges' values written in
    docs/rules/swow.md are the ones in the game data, and every race and power is listed."""
    text = (RULES_DIR / RULES_PAGE).read_text(encoding="utf-8")
    races = re.findall(r"^\| ([A-Z][a-z]+(?: [A-Z][a-z]+)?) \| (\d+) \| (\d+) \| (\w+) \|$", text, re.MULTILINE)
    assert len(races) == len(RACES) == 16
    for name, value, box, faction in races:
        race = RACES[name.lower().replace(" ", "-")]
        assert (race.value, race.in_box, race.faction) == (int(value), int(box), faction.lower())
    powers = re.findall(r"^\| ([A-Z][a-z]+(?: [A-Z][a-z]+)?) \| (\d+) \|$", text, re.MULTILINE)
    assert len(powers) == len(POWERS) == 20
    for name, value in powers:
        assert POWERS[name.lower().replace(" ", "-")].value == int(value)


def test_every_race_power_and_item_has_a_full_rule_and_a_card():
    """RULES §9–§11: each has a heading on the rules page, and a generated card (anchor = id)
    that carries the registry's summary and links to that heading."""
    anchors = _anchors(RULES_PAGE)
    pages = card_pages()
    for kind, table, page in (("race", registry.RACE_ABILITIES, "races.md"),
                              ("power", registry.POWER_ABILITIES, "powers.md"),
                              ("item", registry.ITEM_ABILITIES, "items.md")):
        for ident, ab in table.items():
            assert rule_anchor(kind, ident) in anchors, ident
            assert f"{{#{ident}}}" in pages[page] and ab.summary in pages[page]
            assert f"({RULES_PAGE}#{rule_anchor(kind, ident)})" in pages[page]
    assert "**Banner** 4 tokens · **In the box** 9 tokens · **Faction** Alliance" in pages["races.md"]
    assert ITEMS["karazhan"].name in pages["items.md"]


def test_rule_anchor_refuses_an_unknown_kind():
    with pytest.raises(ValueError, match="kind must be race, power or item, not 'badge'"):
        rule_anchor("badge", "sailing")


def test_readme_links_resolve_inside_the_checkout():
    """Every relative link of the README (and of examples/) points to a file of the checkout;
    nothing points outside it (a fresh clone has no ../shared)."""
    for doc in (ROOT / "README.md", *ROOT.glob("examples/**/*.md")):
        text = doc.read_text(encoding="utf-8")
        assert "../shared" not in text, doc
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (doc.parent / target.split("#")[0]).resolve()
            assert path.exists(), f"{doc.name}: broken link {target}"
            assert ROOT in path.parents or path == ROOT, f"{doc.name}: {target} leaves the checkout"


def test_docs_site_builds_with_warnings_as_errors(tmp_path):
    """``mkdocs build --strict``: every page, link, anchor and API docstring is well formed."""
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    races = (tmp_path / "site" / "rules" / "races" / "index.html").read_text(encoding="utf-8")
    assert 'id="night-elves"' in races
    rules = (tmp_path / "site" / "rules" / "swow" / "index.html").read_text(encoding="utf-8")
    assert 'id="R-CONQ-3"' in rules
    api = (tmp_path / "site" / "api" / "engine" / "index.html").read_text(encoding="utf-8")
    assert "legal_actions" in api
    assert '<a href="../../rules/swow/#R-CONQ-3">R-CONQ-3</a>' in api  # docstrings link their rules
    assert ":class:<code>" not in api  # Sphinx-style references became links or code
    bots = (tmp_path / "site" / "bots" / "index.html").read_text(encoding="utf-8")
    from smallworld.bots.levels import LEVELS

    for lv in LEVELS:  # the levels table is made from the levels the lobby offers
        assert f"<code>{lv.bot}</code>" in bots and lv.description in bots, lv.name
    assert "levels table: generated" not in bots


def test_api_pages_link_rule_ids_and_cross_references():
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "tools" / "docs_hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    html = '<p id="R-SET-1">Cost (R-CONQ-3), <a href="x">R-DEC-1</a> and R-CONQ-*</p>'
    assert hooks.link_rule_ids(html, "r/") == (
        '<p id="R-SET-1">Cost (<a href="r/#R-CONQ-3">R-CONQ-3</a>), <a href="x">R-DEC-1</a> and R-CONQ-*</p>')
    roles = ":class:<code>~smallworld.core.state.State</code> and :mod:<code>smallworld.bots</code>"
    assert hooks.link_roles(roles) == (
        '<autoref identifier="smallworld.core.state.State" optional><code>State</code></autoref> and '
        '<autoref identifier="smallworld.bots" optional><code>smallworld.bots</code></autoref>')
