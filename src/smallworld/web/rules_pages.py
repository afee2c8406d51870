"""The rules of the game inside the app, at ``/rules/``: ``docs/rules/swow.md`` and
``docs/rules/classic.md`` and the race, power and item cards
(:func:`smallworld.content.cards.card_pages`), rendered from Markdown with markdown-it-py, with
nothing to build or install.

The Markdown is the one source of truth: a wheel carries ``docs/rules`` as
``smallworld/web/rules_md`` (``pyproject.toml``, ``force-include``); a checkout (an editable
install, the tests) reads ``docs/rules`` itself. Every heading written ``## Title {#R-CONQ-3}``
gets that anchor as its ``id``, so the Guide and the messages that cite a rule
(``static/js/rulelinks.js``) land on its heading; links between the pages (``swow.md#R-PICK-3``)
become links between ``/rules/...`` pages. The developer site (API reference, RL) stays the
MkDocs build at ``/docs/`` (:mod:`smallworld.web.docs_site`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from smallworld.core import edition as core_editions

#: ``/rules/<name>``: page name -> (its Markdown file, its title, its short name in the menu)
PAGES: dict[str, tuple[str, str, str]] = {
    "swow": ("swow.md", "Small World of Warcraft", "Warcraft"),
    "races": ("races.md", "Races", "Races"),
    "powers": ("powers.md", "Special Powers", "Powers"),
    "items": ("items.md", "Artifacts and Legendary Places", "Artifacts & Places"),
    "classic": ("classic.md", "Original Small World", "Original game"),
}
_BY_FILE = {file: name for name, (file, *_) in PAGES.items()}
# a rule ID as a link's whole text: kept on one line (R-CONQ-4, C-R-AMAZONS-2)
_RULE_ID = re.compile(r"^[RC](?:-[A-Z]+)+-\d+$")
_COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)

#: the folder of ``smallworld.web`` a wheel holds the rules' Markdown in (pyproject.toml)
PACKAGED = "rules_md"

# a heading's anchor written as an attribute at its end: "## §5 Conquest {#conquest}"
_ATTR = re.compile(r"\s*\{#([A-Za-z][\w.-]*)\}\s*$")


def rules_dir() -> Path | None:
    """The folder of the rules' Markdown: the copy inside the installed package, else the
    checkout's ``docs/rules`` (this package run from its source tree)."""
    packaged = Path(str(resources.files("smallworld.web") / PACKAGED))
    checkout = Path(__file__).resolve().parents[3] / "docs" / "rules"
    return next((d for d in (packaged, checkout) if (d / "swow.md").is_file()), None)


def _slug(text: str) -> str:
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-") or "section"


def _heading_ids(state: StateCore) -> None:
    """Each heading gets an ``id``: the ``{#anchor}`` written at its end (taken out of its
    text), else a slug of its words."""
    tokens = state.tokens
    seen: set[str] = set()
    for i, tok in enumerate(tokens):
        if tok.type != "heading_open":
            continue
        inline = tokens[i + 1]
        m = _ATTR.search(inline.content)
        if m:
            anchor = m[1]
            inline.content = inline.content[:m.start()]
        else:
            anchor = base = _slug(inline.content)
            n = 1
            while anchor in seen:
                n += 1
                anchor = f"{base}-{n}"
        seen.add(anchor)
        tok.attrSet("id", anchor)


def page_href(target: str) -> str:
    """A link of the Markdown as a link of the app: ``swow.md#R-PICK-3`` -> ``/rules/swow#R-PICK-3``,
    ``#team`` stays, another page of the documentation goes to the developer site ``/docs/``."""
    if target.startswith(("#", "http://", "https://", "mailto:", "/")):
        return target
    path, _, frag = target.partition("#")
    name = _BY_FILE.get(Path(path).name) if Path(path).parent == Path(".") else None
    if name is not None:
        out = f"/rules/{name}"
    elif path.endswith(".md"):
        rel = Path("rules", path).as_posix()
        parts: list[str] = []
        for p in rel.split("/"):
            if p == "..":
                if parts:
                    parts.pop()
            elif p not in ("", "."):
                parts.append(p)
        page = "/".join(parts)[:-3]
        out = "/docs/" + ("" if page == "index" else page.removesuffix("/index") + "/")
    else:
        out = path
    return f"{out}#{frag}" if frag else out


def _links(state: StateCore) -> None:
    for tok in state.tokens:
        children = tok.children or []
        for i, child in enumerate(children):
            if child.type == "link_open":
                child.attrSet("href", page_href(str(child.attrGet("href") or "")))
                text = children[i + 1] if i + 1 < len(children) else None
                if text is not None and text.type == "text" and _RULE_ID.match(text.content):
                    child.attrSet("class", "rid")


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.core.ruler.after("block", "heading_ids", _heading_ids)
    md.core.ruler.push("rules_links", _links)

    def wrap(open_: bool) -> Callable[..., str]:
        # a wide table scrolls in its own box, never the page (a phone's width)
        def render(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
            return '<div class="table-wrap"><table>\n' if open_ else "</table></div>\n"
        return render

    md.add_render_rule("table_open", wrap(True))
    md.add_render_rule("table_close", wrap(False))
    return md


def render(markdown: str) -> str:
    """The HTML of a rules page's Markdown (headings with their anchors as ids; the authors'
    HTML comments left out)."""
    return _markdown().render(_COMMENT.sub("", markdown))


def _source(name: str) -> str | None:
    file = PAGES[name][0]
    make_cards = core_editions.get("swow").card_pages  # the Guide's cards (Warcraft)
    cards = make_cards() if make_cards else {}
    if file in cards:
        return cards[file]
    folder = rules_dir()
    if folder is None:
        return None
    return (folder / file).read_text(encoding="utf-8")


STYLE = """
:root { --paper: #f6eedb; --card: #fffaf0; --ink: #2b1f14; --muted: #7b6a55; --wood: #36271a;
  --gold: #d9a441; --line: #d9c7a3; --blue: #2f62b5; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--paper); color: var(--ink); font: 16px/1.55 Georgia, "DejaVu Serif", serif; }
.rules-top { background: var(--wood); color: #f6eedb; padding: 4px 12px; display: flex; flex-wrap: wrap;
  align-items: center; gap: 0 4px; font-family: system-ui, "DejaVu Sans", sans-serif; font-size: 15px; }
.rules-top a { color: #f6eedb; text-decoration: none; display: inline-flex; align-items: center;
  min-height: 44px; padding: 0 8px; border-radius: 8px; }
.rules-top a:hover, .rules-top a[aria-current] { background: rgba(255, 255, 255, .14); }
.rules-top a[aria-current] { color: var(--gold); font-weight: bold; }
.rules-top .home { font-weight: bold; margin-right: 8px; }
main.rules { max-width: 52em; margin: 0 auto; padding: 12px 18px 60px; overflow-wrap: break-word; }
main.rules h1 { font-size: 1.8em; line-height: 1.2; margin: .6em 0 .4em; }
main.rules h2 { font-size: 1.4em; margin: 1.6em 0 .4em; border-bottom: 1px solid var(--line); }
main.rules h3 { font-size: 1.15em; margin: 1.3em 0 .3em; }
main.rules h4 { font-size: 1em; margin: 1.1em 0 .2em; }
main.rules :is(h1, h2, h3, h4) { scroll-margin-top: 8px; }
main.rules :is(h2, h3, h4):target { background: #fff1c2; outline: 3px solid var(--gold); border-radius: 4px;
  padding: 0 .25em; }
main.rules a { color: var(--blue); }
main.rules a.rid { white-space: nowrap; }
main.rules code { font-size: .9em; background: rgba(120, 90, 40, .08); padding: 0 .2em; border-radius: 3px;
  overflow-wrap: anywhere; }
main.rules pre { overflow-x: auto; }
.table-wrap { overflow-x: auto; max-width: 100%; margin: .8em 0; }
.table-wrap table { border-collapse: collapse; background: var(--card); font-size: .92em; }
.table-wrap th, .table-wrap td { border: 1px solid var(--line); padding: 4px 8px; vertical-align: top; text-align: left; }
.lead { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 10px 14px; }
.rules-index li { margin: .4em 0; }
@media (max-width: 600px) {
  body { font-size: 16px; }
  main.rules { padding: 8px 14px 48px; }
  main.rules h1 { font-size: 1.5em; }
}
"""


def _page(title: str, current: str | None, body: str) -> str:
    menu = "".join(
        f'<a href="/rules/{name}" title="{html.escape(full)}"{" aria-current=page" if name == current else ""}>'
        f"{html.escape(short)}</a>"
        for name, (_, full, short) in PAGES.items())
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} · Rules · Small World</title>"
        '<link rel="icon" href="/static/img/icon.svg" type="image/svg+xml">'
        f"<style>{STYLE}</style></head><body>"
        '<nav class="rules-top" aria-label="Rules pages">'
        '<a class="home" href="/">Your games</a>'
        f'<a href="/rules/"{" aria-current=page" if current is None else ""}>Rules</a>{menu}</nav>'
        f'<main class="rules">{body}</main></body></html>\n')


INDEX = """<h1>The rules</h1>
<p class="lead">Every rule the game follows, in full. Each rule has a short name such as
<b>R-CONQ-3</b> (the cost of a conquest); when the game refuses a move it names the rule, and its
“see the rule” link and the Guide’s “rule” links open the rule here.</p>
<ul class="rules-index">
<li><a href="/rules/swow">Small World of Warcraft</a>: 2 to 5 players, and its team variant
“Battle for Azeroth” (<a href="/rules/swow#team">§12</a>).</li>
<li>Quick-reference cards: <a href="/rules/races">Races</a>,
<a href="/rules/powers">Special Powers</a>,
<a href="/rules/items">Artifacts and Legendary Places</a>.</li>
<li><a href="/rules/classic">Original Small World</a>: the original game (rules named C-…).</li>
</ul>"""


#: the app's opening words of a rules page, in place of the Markdown's (written for the
#: project's developers: the engine, the code, the tests); the rules themselves are as written
LEADS = {
    "swow": (
        "The rules of Small World of Warcraft for 2 to 5 players, and of its team variant "
        "\"Battle for Azeroth\" ([§12](#team)). Each rule has a short name such as "
        "[R-CONQ-3](#R-CONQ-3): when the game refuses a move it names the rule and links to "
        "it here, as the Guide does.\n\n"
        "Where the printed rulebooks are silent, unclear or disagree between languages, the rule "
        "written here is the one the game follows. Quick cards: [races](races.md), "
        "[Special Powers](powers.md), [Artifacts and Legendary Places](items.md)."),
    "classic": (
        "The rules of the original Small World (2009): 2 to 5 players, 14 races, 20 Special "
        "Powers, one map per number of players. They build on the [Small World of Warcraft "
        "rules](swow.md): a rule named C-… (such as [C-CONQ-1](#C-CONQ-1)) replaces or adds to "
        "the Warcraft rule of the same family. Where this page says a Warcraft rule applies "
        "\"as written\", read Lost Tribe for Murloc, and forget factions, islands, Entry Regions, "
        "the travel cost and items, none of which exist here.\n\n"
        "A rule marked **Ruling** is the one the game follows where the printed rules are silent "
        "or disagree ([§14](#classic-texts) quotes them)."),
}


def _with_lead(name: str, markdown: str) -> str:
    """The page's Markdown with the app's opening words (:data:`LEADS`) between its title and
    its first section."""
    lead = LEADS.get(name)
    m = re.search(r"^## ", markdown, re.MULTILINE)
    if lead is None or m is None or not markdown.startswith("# "):
        return markdown
    title = markdown.split("\n", 1)[0]
    return f"{title}\n\n{lead}\n\n{markdown[m.start():]}"


@cache
def page_html(name: str | None) -> str | None:
    """The whole HTML page ``/rules/<name>`` (``None``: the index), or ``None`` when there is
    no such page (or its Markdown is missing)."""
    if name is None:
        return _page("The rules", None, INDEX)
    if name not in PAGES:
        return None
    source = _source(name)
    if source is None:
        return None
    return _page(PAGES[name][1], name, render(_with_lead(name, source)))
