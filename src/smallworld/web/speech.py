"""The server's words in the reader's language: ``_()`` and ``ngettext()`` for the Python code that
writes what a page shows (action labels, phase words, the facts of the turn).

The language is the request's (or the open page's), set around the building of its payload with
:func:`speaking`; outside it everything is English (the msgids). Translations are
:func:`smallworld.web.i18n.translations` (the one place that builds gettext translators from the
same ``.po`` catalogues the pages read), placeholders are ``{name}``::

    with speaking("it"):
        _("Conquer {region}").format(region=name)            # "Conquista {region}" filled
        ngettext("{n} token", "{n} tokens", 3).format(n=3)    # CLDR plural form of the catalogue

:func:`names_of` gives the edition's race, power, item and piece names in that language
(:meth:`smallworld.core.edition.Edition.names`).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from smallworld.core import edition as core_editions
from smallworld.core.names import N_

_LANG: ContextVar[str] = ContextVar("smallworld_lang", default="en")


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Within the block, :func:`_` and :func:`ngettext` answer in ``lang`` (``None`` or a language
    without a catalogue: English). Yields the language used."""
    from smallworld.web.i18n import languages

    chosen = lang if lang in languages() else "en"
    token = _LANG.set(chosen)
    try:
        yield chosen
    finally:
        _LANG.reset(token)


def current() -> str:
    """The language being spoken (``"en"`` outside :func:`speaking`)."""
    return _LANG.get()


def _translator(lang: str) -> gettext.NullTranslations:
    """``lang``'s gettext translations: the one place that builds them from the ``.po`` files
    (:func:`smallworld.web.i18n.translations`, once per process and language; untranslated and
    fuzzy entries and the rules pages' messages (a context) answer the English msgid)."""
    from smallworld.web.i18n import translations

    return translations(lang)


def _(message: str) -> str:
    """``message`` in the language spoken (itself in English or when untranslated)."""
    lang = _LANG.get()
    return message if lang == "en" else _translator(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a plural message for ``n`` in the language spoken (its catalogue's plural
    rule: CLDR's); English: ``singular`` for 1, else ``plural``. Placeholders are left to fill."""
    lang = _LANG.get()
    if lang == "en":
        return singular if n == 1 else plural
    return _translator(lang).ngettext(singular, plural, n)


def names_of(edition: str) -> dict[str, Any]:
    """The edition's names in the language spoken (English where the edition has none in it):
    :meth:`~smallworld.core.edition.Edition.names`."""
    return _names(edition, _LANG.get())


@cache
def _names(edition: str, lang: str) -> dict[str, Any]:
    ed = core_editions.get(edition)
    return ed.names(lang if lang in ed.languages() else "en")


__all__ = ["N_", "_", "current", "names_of", "ngettext", "speaking"]
