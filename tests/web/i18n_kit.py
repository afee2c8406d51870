"""What the pages in Italian and Korean are checked with (issue 31): the texts a page shows, the
English left among them, and the words that overflow their box. One copy for every page's test
(lobby, table, results, replay, Guide, Key, rules pages).

- :func:`english_left`: a text the English catalogue accounts for while the language's
  translation does not (also inside a placeholder);
- :func:`latin_words`: in a Korean page, words written in Latin letters that are no name of the
  language's tables: English that never went through the catalogue at all;
- :func:`check_page`: both, and nothing wider than the screen.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from smallworld.core import edition as core_editions
from smallworld.web import i18n

#: every visible text of the page: text nodes of shown elements, the options of its selects,
#: and the words of tooltips, placeholders and labels
VISIBLE_TEXTS = """() => {
  const out = [];
  const shown = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.textContent.replace(/\\s+/g, " ").trim();
    const el = n.parentElement;
    if (text && el && el.tagName !== "SCRIPT" && el.tagName !== "STYLE" && el.tagName !== "OPTION" && shown(el)) out.push(text);
  }
  for (const s of document.querySelectorAll("select")) if (shown(s)) for (const o of s.options) out.push(o.textContent.trim());
  for (const el of document.querySelectorAll("[title], [placeholder], [aria-label]")) {
    if (!shown(el)) continue;
    for (const a of ["title", "placeholder", "aria-label"]) if (el.getAttribute(a)) out.push(el.getAttribute(a).trim());
  }
  return out;
}"""

#: elements whose words overflow their box, and how far the page scrolls sideways
OVERFLOWS = """(width) => {
  const bad = [];
  for (const el of document.querySelectorAll("button, .button, select, label, .pill, .tag, h1, h2, h3")) {
    if (!el.getClientRects().length) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "auto")
      bad.push(`${el.tagName}.${el.className}: ${el.textContent.trim().slice(0, 40)} (${el.scrollWidth} > ${el.clientWidth})`);
  }
  // anything reaching past the screen's right edge (a body clipping its overflow hides it from
  // scrollWidth, not from the eye), unless a box inside the screen clips it (the board's drawing,
  // panned and zoomed in its frame)
  const clippedInside = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX !== "visible" && a.getBoundingClientRect().right <= width + 1) return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > width + 1 && !clippedInside(el))
      bad.push(`${el.tagName}.${el.getAttribute("class") || ""} ends at ${Math.round(r.right)}`);
  }
  return { bad: bad.slice(0, 8), sideways: document.documentElement.scrollWidth - width };
}"""


class _Pattern:
    """A message as a pattern: each {placeholder} any text. ``match(text)`` answers the
    placeholders' texts (a tuple, empty for a message without any) or ``None``; a message without
    placeholders is compared as a string, and one with them is tried as a regular expression only
    when the text starts and ends with its first and last words (the catalogue holds hundreds of
    messages, the rules pages' long blocks among them: checking a page stays quick)."""

    __slots__ = ("literal", "prefix", "suffix", "rx")

    def __init__(self, text: str) -> None:
        parts = re.split(r"\{(\w+)\}", text)
        self.literal = text if len(parts) == 1 else None
        self.prefix, self.suffix = parts[0], parts[-1]
        # unnamed groups: a placeholder may be positional ({0}) or appear twice ({n} ... {n})
        rx = "".join(re.escape(p) if i % 2 == 0 else "(.+?)" for i, p in enumerate(parts))
        self.rx = re.compile(rx, re.S)

    def match(self, text: str) -> tuple[str, ...] | None:
        if self.literal is not None:
            return () if text == self.literal else None
        if not (text.startswith(self.prefix) and text.endswith(self.suffix)):
            return None
        m = self.rx.fullmatch(text)
        return m.groups() if m else None


@cache
def _pairs(lang: str) -> list[tuple[_Pattern, list[_Pattern], str, Any]]:
    """Each English message of ``lang``'s catalogue as a pattern, with its translations' (read
    once per test process)."""
    pairs = []
    for m in i18n.read_catalogue(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        pairs += [(_Pattern(i), [_Pattern(s) for s in strings if s], i, strings) for i in ids]
    return pairs


@cache
def _index(lang: str) -> tuple[dict[str, list[int]], list[int], list[int]]:
    """Where to look first: the messages whose English is a plain text, by that text; those
    whose English has placeholders; those with a translation that has placeholders."""
    by_text: dict[str, list[int]] = {}
    english_patterns, translated_patterns = [], []
    for i, (english, translated, _, _) in enumerate(_pairs(lang)):
        if english.literal is not None:
            by_text.setdefault(english.literal, []).append(i)
        else:
            english_patterns.append(i)
        if any(tr.literal is None for tr in translated):
            translated_patterns.append(i)
    return by_text, english_patterns, translated_patterns


def _translation_match(translated: list[_Pattern], text: str) -> tuple[str, ...] | None:
    return next((g for tr in translated if (g := tr.match(text)) is not None), None)


@cache
def _untranslated(lang: str, text: str, depth: int = 0) -> bool:
    """An English message of ``lang``'s catalogue accounts for ``text`` while none of its
    translations does, or a translation does and one of its placeholders holds such a text (two
    levels deep)."""
    pairs = _pairs(lang)
    by_text, english_patterns, translated_patterns = _index(lang)
    for i in (*by_text.get(text, ()), *english_patterns):
        english, translated, msgid, strings = pairs[i]
        if msgid not in strings and english.match(text) is not None and _translation_match(translated, text) is None:
            return True
    if depth < 2:
        for i in translated_patterns:
            groups = _translation_match(pairs[i][1], text)
            if groups and any(_untranslated(lang, v, depth + 1) for v in groups):
                return True
    return False


def english_left(texts: list[str], lang: str) -> list[str]:
    """The texts an English message of ``lang``'s catalogue accounts for while no translation
    does, or whose placeholders hold such a text ("Bot · Easy" where "Bot · Facile" belongs)."""
    return sorted({t for t in texts if _untranslated(lang, t)})


#: Latin-letter words a Korean page may show: numbers' units, the game's short marks, the keys
#: printed on a keyboard (Ctrl+Z, Shift+click)
LATIN_ALLOWED = {"Bot", "Small", "World", "Warcraft", "OK", "ID", "vs", "Ctrl", "Shift"}


@cache
def _names_of(lang: str) -> frozenset[str]:
    """Every word of every edition's names in ``lang`` (race, power, item, piece names)."""
    words: set[str] = set()
    for name in core_editions.names():
        ed = core_editions.get(name)
        if lang != "en" and lang not in ed.translations:
            continue
        for value in _flatten(ed.names(lang)):
            words.update(re.findall(r"[A-Za-z]{3,}", value))
    return frozenset(words)


def _flatten(obj) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _flatten(v)]
    if isinstance(obj, list | tuple):
        return [s for v in obj for s in _flatten(v)]
    return []


def latin_words(texts: list[str], allowed: set[str] = frozenset()) -> list[str]:
    """The texts of a Korean page holding a word of three or more Latin letters that is neither
    allowed (:data:`LATIN_ALLOWED`, ``allowed``) nor part of a Korean name of the editions: English
    words hard-coded in a script, which :func:`english_left` cannot see."""
    ok = LATIN_ALLOWED | set(allowed) | _names_of("ko") | {i18n.language_name(lang) for lang in i18n.languages()}
    return sorted({t for t in texts if any(w not in ok for w in re.findall(r"[A-Za-z]{3,}", t))})


def check_page(pg, lang, label, *, allowed: set[str] = frozenset()):
    """Assert the page ``pg`` shows no English in ``lang`` (and, in Korean, no Latin words) and
    that nothing overflows its box or the screen's width. The boards' Region names are messages
    of the catalogue (context ``region``) like any other word: one left in English fails."""
    texts = pg.evaluate(VISIBLE_TEXTS)
    left = english_left(texts, lang)
    assert left == [], (label, left)
    if lang == "ko":
        assert latin_words(texts, allowed) == [], (label, latin_words(texts, allowed))
    # the screen's width (a phone widens its layout viewport to fit what overflows)
    fit = pg.evaluate(OVERFLOWS, pg.viewport_size["width"])
    assert fit["bad"] == [] and fit["sideways"] <= 0, (label, fit)
