"""The pages in the player's language: gettext catalogues (Babel) served to the page as JSON.

One catalogue per language, ``locales/<lang>/LC_MESSAGES/messages.po`` beside this module (English
is the source language: its messages are the msgids). ``tools/i18n_catalogue.py update`` extracts
the messages of the page's scripts (``t("...")``, ``tn("...", "...", n)``), of the pages' HTML
(elements marked ``data-i18n``) and of the Python code (``_()``, ``N_()``, ``ngettext()``) with
Babel and merges them into every ``.po`` file; a translator edits the ``.po`` files; adding a
language is adding its ``.po`` file (``tools/i18n_catalogue.py init fr``).

``GET /api/i18n?lang=it`` answers a language's catalogue, read from its ``.po`` file once per
process, for ``static/js/i18n.js``::

    {"lang": "it", "plural": {"one": 0, "many": 1, "other": 2},
     "messages": {"msgid": "translation" | ["form 0", "form 1", ...]},
     "languages": [{"id": "en", "name": "English"}, ...],
     "names": {"swow": Edition.names("it"), ...},
     "regions": {"Goldshire Fields": "Campi di Borgodoro", ...}}

``plural`` maps each CLDR plural category (what ``Intl.PluralRules`` answers in the page) to the
index of the catalogue's plural forms, from the catalogue's own ``Plural-Forms`` rule (Babel's
CLDR data); ``names`` are the editions' names of races, powers, items and pieces in that language
(:meth:`smallworld.core.edition.Edition.names`); ``regions`` the boards' Region names in that
language (messages of context :data:`REGION_CONTEXT`, by their English name). Without ``lang`` (or with an unknown one) the
browser's ``Accept-Language`` chooses, and English when it names none of ours.

The server speaks the same catalogues (the chronicle, :mod:`smallworld.web.chronicle`):
:func:`translations` gives a language's ``gettext``/``ngettext``, :func:`page_language` the
language a request or WebSocket is answered in, :func:`region_name` a Region's name.
"""

from __future__ import annotations

import gettext
import hashlib
import json
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale, negotiate_locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from fastapi import APIRouter, Query, Request, Response
from starlette.requests import HTTPConnection

from smallworld.core import edition as core_editions

#: the catalogues, one folder per language (``it/LC_MESSAGES/messages.po``)
LOCALES = Path(__file__).parent / "locales"
#: the language of the msgids
SOURCE = "en"
#: the message context of the rules pages' blocks (:mod:`smallworld.web.rules_i18n`): served
#: with their pages, never in ``/api/i18n``
RULES_CONTEXT = "rules"
#: the message context of the boards' Region names (extracted from the boards' data, names made
#: up for this project: "Goldshire Fields"); in ``/api/i18n`` under ``regions``
REGION_CONTEXT = "region"


def languages() -> list[str]:
    """Every language the pages speak: English, then one per ``.po`` file found, sorted.
    Looked up once per process (the catalogues are read once too: :func:`translations`); it
    was a directory walk per request (issue #36 point 9)."""
    return list(_languages())


@cache
def _languages() -> tuple[str, ...]:
    found = sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/messages.po"))
    return (SOURCE, *[lang for lang in found if lang != SOURCE])


def read_catalogue(lang: str) -> Catalog:
    """The ``.po`` catalogue of ``lang``. Raises ``FileNotFoundError`` when there is none."""
    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def plural_indices(catalogue: Catalog, lang: str) -> dict[str, int]:
    """Each CLDR plural category of ``lang`` -> the index of the catalogue's plural form for it.

    Found by running the catalogue's ``Plural-Forms`` expression and Babel's CLDR rule on the
    same numbers (0..1099 and a few millions). Raises ``ValueError`` when they disagree (a
    category whose numbers would take two different forms): the ``.po`` header is wrong.
    """
    rule = Locale.parse(lang).plural_form
    form = gettext.c2py(catalogue.plural_expr)
    out: dict[str, int] = {}
    for n in [*range(1100), 1_000_000, 2_000_000, 1_000_001]:
        category, index = rule(n), form(n)
        if out.setdefault(category, index) != index:
            raise ValueError(f"{lang}: Plural-Forms {catalogue.plural_expr!r} gives {n} form {index}, "
                             f"but CLDR's {category!r} numbers form {out[category]}")
    return out


def language_name(lang: str) -> str:
    """A language's name in itself (``"Italiano"``, ``"한국어"``), for the switch."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


@cache
def catalogue_json(lang: str) -> tuple[bytes, str]:
    """The answer of ``/api/i18n`` for ``lang`` (JSON bytes) and its ETag, made once.

    Untranslated and fuzzy entries are left out: the page shows the English msgid for them; so are
    the rules pages' blocks (context :data:`RULES_CONTEXT`), which only their pages show; the
    Region names (context :data:`REGION_CONTEXT`) go under ``regions``. Raises ``KeyError`` for a language without a catalogue."""
    if lang not in languages():
        raise KeyError(lang)
    messages: dict[str, Any] = {}
    regions: dict[str, str] = {}
    plural = {"one": 0, "other": 1}
    if lang != SOURCE:
        cat = read_catalogue(lang)
        plural = plural_indices(cat, lang)
        for m in cat:
            if not m.id or m.fuzzy or m.context == RULES_CONTEXT:
                continue
            if m.context == REGION_CONTEXT:
                if m.string:
                    regions[str(m.id)] = str(m.string)
                continue
            if isinstance(m.id, tuple):
                forms = list(m.string) if isinstance(m.string, tuple | list) else [m.string]
                if all(forms):
                    messages[m.id[0]] = forms
            elif m.string:
                messages[str(m.id)] = m.string
    body = {
        "lang": lang,
        "plural": plural,
        "messages": messages,
        "languages": [{"id": x, "name": language_name(x)} for x in languages()],
        "names": {e: _edition_names(e, lang) for e in core_editions.names()},
        "regions": regions,
    }
    data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
    return data, '"' + hashlib.sha256(data).hexdigest()[:16] + '"'


def _edition_names(edition: str, lang: str) -> dict[str, Any]:
    ed = core_editions.get(edition)
    return ed.names(lang if lang in ed.languages() else SOURCE)


def choose_language(asked: str | None, accept_language: str | None) -> str:
    """The language to speak: ``asked`` when it is one of :func:`languages`, else the best of
    the ``Accept-Language`` header (``"ko-KR,ko;q=0.9,en;q=0.8"``), else English."""
    if asked is not None and asked in _languages():
        return asked
    return _negotiated(accept_language)


@lru_cache(maxsize=64)
def _negotiated(accept_language: str | None) -> str:
    """The best language of an ``Accept-Language`` header (a browser sends the same one with
    every request: remembered)."""
    known = languages()
    preferred = []
    for part in (accept_language or "").split(","):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        if tag and tag != "*" and weight > 0:
            preferred.append((weight, tag.replace("-", "_")))
    ordered = [tag for _, tag in sorted(preferred, key=lambda p: -p[0])]
    found = negotiate_locale(ordered, known, sep="_")  # "ko_KR" matches "ko"
    by_lower = {k.lower(): k for k in known}
    return by_lower.get((found or "").lower(), SOURCE)


def page_language(conn: HTTPConnection) -> str:
    """The language a request (or a WebSocket) is answered in: its ``lang`` query parameter
    when it names one of :func:`languages` (the page's choice: ``?lang=``, or the one remembered
    in the browser), else its ``Accept-Language`` (:func:`choose_language`), as ``i18n.js``
    chooses for the page."""
    return choose_language(conn.query_params.get("lang"), conn.headers.get("accept-language"))


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The server's gettext translations of ``lang`` (``.gettext``, ``.ngettext`` with the
    catalogue's CLDR plural rule), made once per process from its ``.po`` file in memory;
    untranslated and fuzzy entries answer the English msgid. English, or a language without a
    catalogue: the msgids themselves (``ngettext`` picks the English form by ``n == 1``)."""
    if lang == SOURCE or lang not in languages():
        return gettext.NullTranslations()
    buf = BytesIO()
    write_mo(buf, read_catalogue(lang), use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def region_name(lang: str, english: str) -> str:
    """A Region's name (``english``, as its board's data gives it: ``"Goldshire Fields"``) in
    ``lang``: its message of context :data:`REGION_CONTEXT`; itself in English, in a language
    without a catalogue, or when untranslated."""
    return translations(lang).pgettext(REGION_CONTEXT, english)


def i18n_router() -> APIRouter:
    """The catalogue route (module doc)."""
    from smallworld.web.access import ApiError  # access imports the games, which speak through here

    router = APIRouter()

    @router.get("/api/i18n")
    async def api_i18n(request: Request,
                       lang: str | None = Query(None, max_length=12, pattern=r"^[A-Za-z_-]+$")) -> Response:
        if lang is not None and lang not in languages():
            raise ApiError(404, f"no catalogue for language {lang!r} (known: {', '.join(languages())})")
        chosen = choose_language(lang, request.headers.get("accept-language"))
        data, etag = catalogue_json(chosen)
        headers = {"ETag": etag, "Vary": "Accept-Language", "Cache-Control": "no-cache",
                   "Content-Language": chosen}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(data, media_type="application/json", headers=headers)

    return router


__all__ = ["LOCALES", "REGION_CONTEXT", "SOURCE", "catalogue_json", "choose_language", "i18n_router", "language_name",
           "languages", "page_language", "plural_indices", "read_catalogue", "region_name", "translations"]
