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

Each page speaks the reader's language (:func:`page_language`: ``?lang=``, else the choice
remembered in this browser, else ``Accept-Language``; ``<html lang>`` set, a switch in the menu):
every block of the Markdown is a message of the catalogues (:mod:`smallworld.web.rules_i18n`
says why and how), the anchors stay the English ones, and the cards are made in the language
(``Edition.card_pages`` with the catalogue's words, the editions' names, the abilities' summaries).
"""

from __future__ import annotations

import html
import json
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
from smallworld.core.names import N_
from smallworld.web import i18n
from smallworld.web.abilitytexts import summary_in
from smallworld.web.rules_i18n import gettext, translate_blocks

#: ``/rules/<name>``: page name -> (its Markdown file, its title, its short name in the menu)
PAGES: dict[str, tuple[str, str, str]] = {
    "swow": ("swow.md", N_("Small World of Warcraft"), N_("Warcraft")),
    "races": ("races.md", N_("Races"), N_("Races")),
    "powers": ("powers.md", N_("Special Powers"), N_("Powers")),
    "items": ("items.md", N_("Artifacts and Legendary Places"), N_("Artifacts & Places")),
    "classic": ("classic.md", N_("Original Small World"), N_("Original game")),
}
#: the pages made from the game's data (:func:`smallworld.content.cards.card_pages`)
CARD_FILES = ("races.md", "powers.md", "items.md")
#: the edition whose names (races, powers, items) a page's blocks may be
EDITION_OF = {"swow": "swow", "races": "swow", "powers": "swow", "items": "swow", "classic": "classic"}
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


@cache
def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.core.ruler.after("block", "heading_ids", _heading_ids)
    md.core.ruler.after("heading_ids", "translate_blocks", translate_blocks)
    md.core.ruler.push("rules_links", _links)

    def wrap(open_: bool) -> Callable[..., str]:
        # a wide table scrolls in its own box, never the page (a phone's width)
        def render(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
            return '<div class="table-wrap"><table>\n' if open_ else "</table></div>\n"
        return render

    md.add_render_rule("table_open", wrap(True))
    md.add_render_rule("table_close", wrap(False))
    return md


def render(markdown: str, lang: str = i18n.SOURCE, edition: str | None = None) -> str:
    """The HTML of a rules page's Markdown (headings with their anchors as ids; the authors'
    HTML comments left out), each block in ``lang`` (:mod:`smallworld.web.rules_i18n`; names
    from ``edition``'s tables)."""
    return _markdown().render(_COMMENT.sub("", markdown), {"lang": lang, "edition": edition})


def messages(name: str | None, markdown: str | None = None) -> list[tuple[int, str]]:
    """The blocks of page ``name`` that are messages, ``[(line, msgid)]`` in page order
    (:func:`smallworld.web.rules_i18n.translate_blocks`): the page as served (the app's opening
    words in place of the Markdown's), read from ``markdown`` when given, else from its file;
    ``None``: the index page. Raises ``KeyError`` for an unknown page."""
    if name is None:
        source, edition = INDEX, None
    else:
        edition = EDITION_OF[name]
        text = markdown if markdown is not None else _source(name)
        source = _with_lead(name, text or "")
    found: list[tuple[int, str]] = []
    _markdown().parse(_COMMENT.sub("", source), {"edition": edition, "messages": found})
    return found


def _card_words(lang: str) -> dict[str, Callable[..., str]]:
    """The card pages' words in ``lang`` (the keywords of ``Edition.card_pages``): names from
    the Warcraft edition's tables, summaries from the catalogues
    (:func:`smallworld.web.abilitytexts.summary_in`), the cards' labels and numbers of tokens
    from the catalogues."""
    names = core_editions.get("swow").names(lang)
    kinds = {"race": "races", "power": "powers", "item": "items", "faction": "factions"}

    def name(kind: str, ident: str, english: str) -> str:
        if kind == "piece":
            return str(names["pieces"].get(ident, {}).get("name", english))
        return str(names[kinds[kind]].get(ident, english))

    def tokens(n: int) -> str:
        return i18n.translations(lang).ngettext("{n} token", "{n} tokens", n).replace("{n}", str(n))

    return {"text": lambda msgid: gettext(lang, msgid), "tokens": tokens, "name": name,
            "summary": lambda kind, ident, english: summary_in("swow", kind, ident, lang) or english}


def _source(name: str, lang: str = i18n.SOURCE) -> str | None:
    file = PAGES[name][0]
    make_cards = core_editions.get("swow").card_pages  # the Guide's cards (Warcraft)
    cards = make_cards(**_card_words(lang)) if make_cards and file in CARD_FILES else {}
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
  justify-content: center; min-height: 44px; min-width: 44px; padding: 0 8px; border-radius: 8px; }
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
.rules-top .langs { margin-left: auto; display: inline-flex; flex-wrap: wrap; }
.rules-top .langs a { font-size: 14px; }
html:lang(ko) body { font-family: "Noto Serif CJK KR", "Noto Sans CJK KR", "Noto Sans KR", "Apple SD Gothic Neo",
  "Malgun Gothic", Georgia, serif; word-break: keep-all; }
html:lang(ko) .rules-top { font-family: "Noto Sans CJK KR", "Noto Sans KR", "Apple SD Gothic Neo", "Malgun Gothic",
  system-ui, sans-serif; }
@media (max-width: 600px) {
  body { font-size: 16px; }
  .table-wrap table { width: 100%; }
  .table-wrap th, .table-wrap td { overflow-wrap: break-word; padding: 4px 5px; }
  main.rules { padding: 8px 14px 48px; }
  main.rules h1 { font-size: 1.5em; }
}
"""


#: the page's own script: the language remembered in this browser (the lobby's and the table's
#: switch, ``static/js/i18n.js``: ``?lang=`` first, then ``localStorage``) goes into a cookie the
#: server reads (:func:`page_language`); a page found in another language reloads once in it
_REMEMBER = """(() => {
  const known = %s, page = document.documentElement.lang;
  const asked = new URLSearchParams(location.search).get("lang");
  let mine = null, again = false;
  try { if (known.includes(asked)) localStorage.setItem("smallworld.lang", asked);
        mine = localStorage.getItem("smallworld.lang");
        again = sessionStorage.getItem("smallworld.rules.again") === "1";
        sessionStorage.removeItem("smallworld.rules.again"); } catch (e) { mine = asked; }
  if (again && location.hash)  // loaded again in the reader's language: at the #rule asked for
    addEventListener("load", () => {
      const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (el) el.scrollIntoView();
    });
  if (!known.includes(mine)) return;
  document.cookie = "%s=" + mine + "; path=/; max-age=31536000; samesite=lax";
  const kept = document.cookie.split("; ").includes("%s=" + mine);
  if (!asked && mine !== page && kept && !again) {
    try { sessionStorage.setItem("smallworld.rules.again", "1"); } catch (e) { /* no matter */ }
    history.scrollRestoration = "manual";
    location.reload();
  }
})();"""
#: the cookie holding the reader's language for the server-made rules pages
COOKIE = "smallworld_lang"


def page_language(asked: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The language of a rules page: ``?lang=`` when it is one of ours, else the cookie the
    pages' script keeps (the choice remembered in this browser), else ``Accept-Language``
    (:func:`smallworld.web.i18n.choose_language`), else English."""
    known = i18n.languages()
    return i18n.choose_language(asked if asked in known else cookie, accept_language)


def _switch(lang: str, current: str | None) -> str:
    """Links to this page in each language, each named in its own language."""
    here = f"/rules/{current or ''}"
    links = "".join(
        f'<a href="{here}?lang={x}" lang="{x}" hreflang="{x}"{" aria-current=true" if x == lang else ""}>'
        f"{html.escape(i18n.language_name(x))}</a>" for x in i18n.languages())
    return f'<span class="langs" role="group" aria-label="{html.escape(gettext(lang, "Language"))}">{links}</span>'


#: the words around every rules page
RULES, RULES_PAGES, YOUR_GAMES = N_("Rules"), N_("Rules pages"), N_("Your games")


def _page(title: str, current: str | None, body: str, lang: str = i18n.SOURCE) -> str:
    def tr(msgid: str) -> str:
        return html.escape(gettext(lang, msgid))

    menu = "".join(
        f'<a href="/rules/{name}" title="{tr(full)}"{" aria-current=page" if name == current else ""}>'
        f"{tr(short)}</a>"
        for name, (_, full, short) in PAGES.items())
    script = _REMEMBER % (json.dumps(i18n.languages()), COOKIE, COOKIE)
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} · {tr(RULES)} · Small World</title>"
        '<link rel="icon" href="/static/img/icon.svg" type="image/svg+xml">'
        f"<style>{STYLE}</style><script>{script}</script></head><body>"
        f'<nav class="rules-top" aria-label="{tr(RULES_PAGES)}">'
        f'<a class="home" href="/">{tr(YOUR_GAMES)}</a>'
        f'<a href="/rules/"{" aria-current=page" if current is None else ""}>{tr(RULES)}</a>{menu}'
        f"{_switch(lang, current)}</nav>"
        f'<main class="rules">{body}</main></body></html>\n')


INDEX_TITLE = N_("The rules")
#: the index page, ``/rules/`` (Markdown: its blocks are messages like the rules')
INDEX = """# The rules

Every rule the game follows, in full. Each rule has a short name such as **R-CONQ-3** (the cost
of a conquest); when the game refuses a move it names the rule, and its “see the rule” link and
the Guide’s “rule” links open the rule here.

- [Small World of Warcraft](swow.md): 2 to 5 players, and its team variant “Battle for
  Azeroth” ([§12](swow.md#team)).
- Quick-reference cards: [Races](races.md), [Special Powers](powers.md),
  [Artifacts and Legendary Places](items.md).
- [Original Small World](classic.md): the original game (rules named C-…).
"""


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
def page_html(name: str | None, lang: str = i18n.SOURCE) -> str | None:
    """The whole HTML page ``/rules/<name>`` (``None``: the index) in ``lang`` (one of
    :func:`smallworld.web.i18n.languages`), or ``None`` when there is no such page (or its
    Markdown is missing)."""
    if name is None:
        body = render(INDEX, lang).replace("<p>", '<p class="lead">', 1).replace("<ul>", '<ul class="rules-index">', 1)
        return _page(gettext(lang, INDEX_TITLE), None, body, lang)
    if name not in PAGES:
        return None
    source = _source(name, lang)
    if source is None:
        return None
    body = render(_with_lead(name, source), lang, EDITION_OF[name])
    return _page(gettext(lang, PAGES[name][1]), name, body, lang)
