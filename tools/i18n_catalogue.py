"""The message catalogues of the pages (smallworld.web.i18n), kept with Babel.

    python tools/i18n_catalogue.py update        # extract the messages, merge them into every .po
    python tools/i18n_catalogue.py check         # exit 1 when a .po lacks a message or a translation
    python tools/i18n_catalogue.py init fr       # a new language: locales/fr/LC_MESSAGES/messages.po

What is extracted (the extraction configuration, :data:`SOURCES`):

- the page scripts, ``src/smallworld/web/static/js/*.js`` that import ``t`` from ``i18n.js``, with
  Babel's JavaScript extractor: ``t("message", {params})`` and
  ``tn("{n} coin", "{n} coins", n, {params})``; a call inside another's arguments
  (``t("{name} wins", {name: t("Nobody")})``), which Babel's extractor skips, is found by a pass
  of its own (:func:`extract_scripts`);
- the pages, ``src/smallworld/web/static/*.html``: the text of each element marked ``data-i18n``
  and the attributes its ``data-i18n-attr`` names (``title placeholder``);
- the Python code, ``src/smallworld/**.py``, with Babel's Python extractor: ``_("...")``,
  ``N_("...")`` (:func:`smallworld.core.names.N_`, marking words shown later) and
  ``ngettext("...", "...", n)``;
- the races', powers' and items' modules (``content/``, ``classic/``): the words they declare for
  the chronicle and the table (actions, tolls, event kinds, scoring lines' labels), found in
  their syntax by :func:`declared_words`;
- the rules pages served at ``/rules/`` (``docs/rules/swow.md``, ``classic.md``, and the index and
  opening words in ``rules_pages.py``): each block a reader sees (heading, paragraph, list item,
  table cell) is a message of context ``rules`` (:mod:`smallworld.web.rules_i18n`), listed by the
  same markdown-it pass that renders the page (:func:`smallworld.web.rules_pages.messages`). A
  wheel carries ``docs/rules`` as ``smallworld/web/rules_md``; extraction runs in a checkout;
- the boards' data (``src/smallworld/boards/data/*.json``, the Warcraft faces, and ``classic/*.json``,
  the classic maps): each Region's name is a message of context ``region``
  (:data:`smallworld.web.i18n.REGION_CONTEXT`), with a comment saying where it lies. These names
  were made up for this project (no rulebook prints them): their translations are plain ones,
  marked so by a translator comment in each ``.po``.

Placeholders are ``{name}`` in both languages. ``update`` writes ``messages.pot`` (the template)
and keeps every translation already made; a message no longer in the code is dropped.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import warnings
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract, extract_javascript
from babel.messages.jslexer import Token, tokenize
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "smallworld" / "web"
LOCALES = WEB / "locales"
DOMAIN = "messages"
#: elements without an end tag
VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method for the pages: the text of elements marked ``data-i18n``
    (spacing collapsed) and the attributes named by ``data-i18n-attr``."""
    found: list[tuple[int, str, str, list[str]]] = []

    class Parser(HTMLParser):
        """Collects the text of each ``data-i18n`` element (a leaf: text only, no markup)."""

        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.depth = 0  # > 0 inside a data-i18n element
            self.line = 0
            self.parts: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            for name in (a.get("data-i18n-attr") or "").split():
                if a.get(name):
                    found.append((self.getpos()[0], "_", " ".join(str(a[name]).split()), []))
            if tag in VOID:
                return
            if self.depth:
                self.depth += 1
            elif "data-i18n" in a:
                self.depth, self.line, self.parts = 1, self.getpos()[0], []

        def handle_data(self, data: str) -> None:
            if self.depth:
                self.parts.append(data)

        def handle_endtag(self, tag: str) -> None:
            if not self.depth:
                return
            self.depth -= 1
            text = " ".join("".join(self.parts).split())
            if not self.depth and text:
                found.append((self.line, "_", text, []))

    Parser().feed(fileobj.read().decode("utf-8"))
    yield from found


def extract_rules(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """A Babel extraction method for a rules page (``options["page"]``: ``swow``, ``classic``,
    or ``""`` for the index written in ``rules_pages.py``): its blocks as messages of context
    ``rules``."""
    from smallworld.web import rules_i18n, rules_pages

    page = options.get("page") or None
    text = fileobj.read().decode("utf-8") if page else None
    for line, msgid in rules_pages.messages(page, text):
        yield line, "pgettext", (rules_i18n.CONTEXT, msgid), []


#: the keyword arguments of the declarations whose words a page shows (smallworld.core.meta)
DECLARED = {"ActionSpec": ("phrase", "label", "none"), "TollWords": ("pay", "paid", "tip", "nobody")}


def _words(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value else None


def _call_words(node: ast.Call) -> list[ast.AST]:
    """The words of one declaration call (``ActionSpec``, ``TollWords``, ``EventWords``) or of a
    ``score_line`` call."""
    f = node.func
    name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
    found: list[ast.AST] = []
    for k in node.keywords if name in DECLARED else ():
        if k.arg in DECLARED[name]:
            found.append(k.value)
        elif k.arg == "choice_words" and isinstance(k.value, ast.Tuple):
            found += [e for w in k.value.elts if isinstance(w, ast.Tuple) for e in w.elts[1:]]
    if name == "EventWords":
        found += node.args[1:2]
    if name == "score_line":  # core.changes.score_line(s, p, LABEL, ...), powers' (s, p, id, LABEL, ...)
        i = 2 if isinstance(f, ast.Attribute) else 3
        found += node.args[i:i + 1]
    return found


def _score_labels(method: ast.FunctionDef) -> list[ast.AST]:
    """The labels of the lines a ``score`` method returns (``return [("Orcs", n)] if n else []``)."""
    found: list[ast.AST] = []
    for r in ast.walk(method):
        v = r.value if isinstance(r, ast.Return) else None
        v = v.body if isinstance(v, ast.IfExp) else v
        if isinstance(v, ast.List):
            found += [e.elts[0] for e in v.elts if isinstance(e, ast.Tuple) and e.elts]
    return found


def _class_labels(cls: ast.ClassDef) -> list[ast.AST]:
    """A ``label = "..."`` class attribute (classic per-Region scorers)."""
    return [st.value for st in cls.body
            if isinstance(st, ast.Assign) and [getattr(x, "id", "") for x in st.targets] == ["label"]]


def declared_words(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """The English words an ability module declares for the chronicle and the table, found in
    its syntax: the ``phrase``/``label``/``none`` and ``choice_words`` of an ``ActionSpec``, the
    words of a ``TollWords``, the template of an ``EventWords``, and the labels of its scoring
    lines (``score_line(..., "Ranger: Forest Regions", ...)``, ``return [("Orcs", n)]`` in a
    ``score`` method, a ``label = "..."`` class attribute)."""
    for node in ast.walk(tree):
        found: list[ast.AST] = []
        if isinstance(node, ast.Call):
            found = _call_words(node)
        elif isinstance(node, ast.FunctionDef) and node.name == "score":
            found = _score_labels(node)
        elif isinstance(node, ast.ClassDef):
            found = _class_labels(node)
        for x in found:
            words = _words(x)
            if words:
                yield getattr(x, "lineno", 0), words


def extract_declared(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, Any, list[str]]]:
    """A Babel extraction method for the races', powers' and items' modules: their
    :func:`declared_words`, as they stand (no ``N_`` needed around them). Words with the English
    plural ending ``{s}`` (``"Buy {n} Forsaken token{s}"``) are a plural message (``{s}`` left
    out, and ``s``), for ``ngettext``."""
    for lineno, words in declared_words(ast.parse(fileobj.read())):
        if "{s}" in words:
            yield lineno, "ngettext", (words.replace("{s}", ""), words.replace("{s}", "s")), []
        else:
            yield lineno, "_", words, []


def extract_regions(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """A Babel extraction method for a board face's or a classic map's JSON: the name of each of
    its Regions as a message of context ``region``, with a comment giving the board and the
    terrain (``"Region of L1 (Elwynn Reach), forest"``)."""
    import json

    from smallworld.web.i18n import REGION_CONTEXT

    text = fileobj.read().decode("utf-8")
    data = json.loads(text)
    lines = text.splitlines()
    for r in data["regions"]:
        quoted = json.dumps(r["name"], ensure_ascii=False)
        line = next((i for i, x in enumerate(lines, 1) if f'"name": {quoted}' in x), 0)
        where = f"Region of {data['face']} ({data['name']}), {r['terrain']}"
        yield line, "pgettext", (REGION_CONTEXT, r["name"]), [where]


def extract_scripts(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, Any, list[str]]]:
    """A Babel extraction method for the page scripts: Babel's JavaScript extractor, then the
    same again on the calls it skips, nested in another call's arguments
    (``t("{name} wins", {name: t("Nobody")})``, ``tn("{n} coin", ..., {n: t("...")})``, a
    template string's ``${t("...")}`` inside a call), each at its own line (:func:`nested_calls`),
    until no call is nested deeper."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    while source.strip():
        yield from extract_javascript(BytesIO(source.encode()), keywords, comment_tags, options)
        source = nested_calls(source, keywords, options)


def _tokens(source: str, options: Any) -> list[Token]:
    """``source``'s tokens by the lexer of Babel's own JavaScript extractor (so both passes read
    the script alike). Babel (2.19) calls it an implementation detail (a DeprecationWarning,
    silenced here); should it go, tests/i18n/test_catalogues.py's nested-call test fails."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return list(tokenize(source, jsx=options.get("jsx", True),
                             template_string=options.get("template_string", True), dotted=False))


def nested_calls(source: str, keywords: Any, options: Any) -> str:
    """A script made of the keyword calls (``t(...)``, ``tn(...)``) that ``source`` holds inside
    another keyword call's parentheses, and of the ``${...}`` expressions of the template strings
    found there, each token at its line in ``source`` (so the messages keep their line); ``""``
    when there is none."""
    toks = _tokens(source, options)
    parts: list[list[Token]] = []
    frames: list[bool] = []  # the open parentheses: True for a keyword call's
    i = 0
    while i < len(toks):
        tok = toks[i]
        opens_call = (tok.type == "name" and tok.value in keywords and i + 1 < len(toks)
                      and toks[i + 1].type == "operator" and toks[i + 1].value == "(")
        if opens_call and any(frames):
            end = _closing(toks, i + 1)
            parts.append(toks[i:end + 1])
            i = end + 1
            continue
        if tok.type == "template_string":  # Babel reads its ${...} only outside a call, not nested
            for expr in _template_exprs(tok.value):
                at_line = "\n" * (tok.lineno - 1) + expr
                parts.append(_tokens(at_line if any(frames) else nested_calls(at_line, keywords, options), options))
        if tok.type == "operator" and tok.value == "(":
            frames.append(i > 0 and toks[i - 1].type == "name" and toks[i - 1].value in keywords)
        elif tok.type == "operator" and tok.value == ")" and frames:
            frames.pop()
        i += 1
    out: list[str] = []
    line = 1
    for part in parts:
        for tok in part:
            out.append("\n" * max(0, tok.lineno - line))
            line = max(line, tok.lineno)
            out.append(tok.value + " ")
        out.append("; ")
    return "".join(out)


def _closing(toks: list[Token], start: int) -> int:
    """The index of the ``)`` closing the ``(`` at ``start`` (the last token when unclosed)."""
    depth = 0
    for j in range(start, len(toks)):
        if toks[j].type == "operator" and toks[j].value in "()":
            depth += 1 if toks[j].value == "(" else -1
            if depth == 0:
                return j
    return len(toks) - 1


def _template_exprs(text: str) -> list[str]:
    """The ``${...}`` expressions of a template string's text (braces counted)."""
    out, i = [], 0
    while (start := text.find("${", i)) >= 0:
        depth, j = 1, start + 2
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        out.append(text[start + 2:j - 1])
        i = j
    return out


RULES_KEYWORDS = {"pgettext": ((1, "c"), 2)}
#: the page scripts' message functions (``static/js/i18n.js``)
SCRIPT_KEYWORDS = {"t": None, "tn": (1, 2)}
#: (files, Babel method, keywords, options): the extraction configuration
SOURCES: list[tuple[str, Any, dict[str, Any], dict[str, str]]] = [
    ("src/smallworld/web/static/js/*.js", extract_scripts, SCRIPT_KEYWORDS, {"parse_template_string": True}),
    ("src/smallworld/web/static/*.html", extract_html, {"_": None}, {}),
    ("src/smallworld/**/*.py", "python", {"_": None, "N_": None, "ngettext": (1, 2)}, {}),
    ("src/smallworld/content/**/*.py", extract_declared, {"_": None, "ngettext": (1, 2)}, {}),
    ("src/smallworld/classic/**/*.py", extract_declared, {"_": None, "ngettext": (1, 2)}, {}),
    ("docs/rules/swow.md", extract_rules, RULES_KEYWORDS, {"page": "swow"}),
    ("docs/rules/classic.md", extract_rules, RULES_KEYWORDS, {"page": "classic"}),
    ("src/smallworld/web/rules_pages.py", extract_rules, RULES_KEYWORDS, {"page": ""}),
    ("src/smallworld/boards/data/*.json", extract_regions, RULES_KEYWORDS, {}),
    ("src/smallworld/boards/data/classic/*.json", extract_regions, RULES_KEYWORDS, {}),
]


def uses_catalogue(script: Path) -> bool:
    """A page script speaks through the catalogue when it imports ``t``/``tn`` from i18n.js
    (elsewhere a local ``t`` is not a message: ``const t = v.turn``)."""
    text = script.read_text("utf-8")
    return script.name == "i18n.js" or re.search(r'^import \{[^}]*\bt\b[^}]*\} from "\./i18n\.js"', text, re.M) is not None


@cache
def template() -> Catalog:
    """Every message of the code (:data:`SOURCES`), with where it is used (read once)."""
    cat = Catalog(domain=DOMAIN, project="smallworld", msgid_bugs_address="", charset="utf-8")
    for pattern, method, keywords, options in SOURCES:
        for path in sorted(ROOT.glob(pattern)):
            rel = path.relative_to(ROOT).as_posix()
            if method is extract_scripts and not uses_catalogue(path):
                continue
            with path.open("rb") as f:
                for lineno, message, comments, context in extract(method, f, keywords, ["i18n:"], options):
                    cat.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return cat


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def write(cat: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = BytesIO()
    write_po(buf, cat, width=100, ignore_obsolete=True, sort_output=False, include_previous=False)
    path.write_bytes(buf.getvalue())


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update() -> None:
    """Write ``messages.pot`` and merge it into every language's ``.po``."""
    tpl = template()
    write(tpl, LOCALES / f"{DOMAIN}.pot")
    for lang in languages():
        cat = read(lang)
        cat.update(tpl, no_fuzzy_matching=True, update_header_comment=False)
        write(cat, po_path(lang))
        print(f"{lang}: {len(tpl)} messages, {len(missing(cat, tpl))} to translate")


def init(lang: str) -> None:
    """Start the catalogue of a new language (its plural forms from Babel's CLDR data)."""
    Locale.parse(lang)  # raises for an unknown code
    if po_path(lang).exists():
        raise SystemExit(f"{po_path(lang)} exists already")
    tpl = template()
    cat = Catalog(locale=lang, domain=DOMAIN, project="smallworld", charset="utf-8")
    cat.update(tpl, no_fuzzy_matching=True)
    write(cat, po_path(lang))
    print(f"wrote {po_path(lang).relative_to(ROOT)}: translate its {len(tpl)} messages")


def missing(cat: Catalog, tpl: Catalog) -> list[str]:
    """The template's messages that ``cat`` lacks or leaves untranslated (or fuzzy)."""
    out = []
    for m in tpl:
        if not m.id:
            continue
        have = cat.get(m.id, m.context)
        strings = have.string if have is not None else None
        forms = list(strings) if isinstance(strings, tuple | list) else [strings]
        if have is None or have.fuzzy or not all(s and s.strip() for s in forms):
            out.append(m.id[0] if isinstance(m.id, tuple) else m.id)
    return out


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def check() -> list[str]:
    """Problems of the catalogues: a message missing or untranslated, placeholders differing
    from the message's, a plural message without the language's number of forms."""
    tpl = template()
    problems = []
    for lang in languages():
        cat = read(lang)
        problems += [f"{lang}: not translated: {mid!r}" for mid in missing(cat, tpl)]
        for m in cat:
            if not m.id or not m.string:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
            if isinstance(m.id, tuple) and len(strings) != cat.num_plurals:
                problems.append(f"{lang}: {ids[0]!r} has {len(strings)} forms, {lang} has {cat.num_plurals}")
            wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
            for s in strings:
                if s and set(PLACEHOLDER.findall(s)) != wanted:
                    problems.append(f"{lang}: {s!r} has placeholders {sorted(PLACEHOLDER.findall(s))}, "
                                    f"the message {sorted(wanted)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("update")
    sub.add_parser("check")
    p = sub.add_parser("init")
    p.add_argument("lang")
    args = ap.parse_args(argv)
    if args.cmd == "update":
        update()
    elif args.cmd == "init":
        init(args.lang)
    else:
        problems = check()
        print("\n".join(problems) or "the catalogues are complete")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
