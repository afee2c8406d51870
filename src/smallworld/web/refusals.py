"""Refusals in the reader's language: why an action is not allowed, as the page shows it.

The core says why with a :class:`~smallworld.core.errors.Refusal` (the English sentence, its
message id and arguments: :mod:`smallworld.core.explain`, the abilities' own refusals); here it is
said in the language being spoken (:func:`smallworld.web.speech.speaking`, the request's or the
open page's), from the same ``.po`` catalogues as every other word: the message id through
``_()``, a nested message the same way, a race, power, item or piece through the edition's names
in that language (:meth:`Edition.names <smallworld.core.edition.Edition.names>`), a Region kind
(``Entry Region``, ``border Region``) through the catalogue.

Why the server and not the page: the payload of each page is already built in its reader's
language (the tooltips' reasons travel in it), and the answer of a refused action is made for one
request, whose language is known (``?lang=``, else ``Accept-Language``); the answer also carries
the refusal as data (``{"id", "args"}``) for a client that says it itself.
"""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from smallworld.core.errors import IllegalActionError, Joined, Name, Refusal
from smallworld.core.names import N_
from smallworld.web import speech

#: Region kinds named in refusals (an edition's ``entry_word``), for the catalogues
REGION_KIND_WORDS = (N_("Entry Region"), N_("border Region"))

_NAME_TABLES = {"race": "races", "power": "powers", "item": "items"}


def say(message: Any, edition: str | None) -> str:
    """``message`` in the language spoken: a :class:`Refusal` translated with its arguments, a
    :class:`Name` named in ``edition``'s names (``None``: no edition at hand, the English name),
    a :class:`Joined` list said item by item, anything else as ``str``. A message the catalogue
    lacks stays English."""
    if isinstance(message, Refusal):
        args = {k: say(v, edition) for k, v in message.args.items()}
        try:
            return speech._(message.msgid).format(**args)
        except (KeyError, IndexError, ValueError):  # a translation with a wrong placeholder
            return message.msgid.format(**args)
    if isinstance(message, Name):
        return _name(message, edition)
    if isinstance(message, Joined):
        return message.sep.join(say(x, edition) for x in message)
    return str(message)


def _name(name: Name, edition: str | None) -> str:
    if name.kind in ("symbol", "terrain"):
        return speech._(str(name))
    if edition is None:
        return str(name)
    table = speech.names_of(edition)
    if name.kind == "piece":
        found = table.get("pieces", {}).get(name.id)
        return str(found["name"]) if found else str(name)
    return str(table.get(_NAME_TABLES.get(name.kind, ""), {}).get(name.id, str(name)))


def refusal_answer(error: IllegalActionError, edition: str, prefix: str = "illegal action: ") -> JSONResponse:
    """The 409 answer of a refused action: ``{"error": sentence, "refusal": {"id", "args"}}``.

    ``error`` is the sentence in the language spoken (:func:`say`); in English it keeps
    ``prefix`` as before (``"illegal action: 'conquer L1.4': ..."``). ``refusal`` is ``null`` for
    an error raised with a plain message (then ``error`` is that message, English)."""
    refusal = error.refusal
    if refusal is None:
        return JSONResponse({"error": f"{prefix}{error}", "refusal": None}, status_code=409)
    text = say(refusal, edition)
    return JSONResponse({"error": prefix + text if speech.current() == "en" else text,
                         "refusal": refusal.to_json()}, status_code=409)


def error_words(error: BaseException) -> str:
    """What an error says: the :class:`Refusal` it was raised with (said in the request's
    language when answered as an ``ApiError``), else its English message."""
    first = error.args[0] if error.args else ""
    return first if isinstance(first, Refusal) else str(error)


def api_error_body(message: str, conn: HTTPConnection) -> dict[str, Any]:
    """The JSON of an API error (``ApiError``): ``{"error": message}``; a :class:`Refusal`
    message (a move refused before the rules are asked: the game is over, a bot to move, the
    page behind the game) is said in the request's language
    (:func:`smallworld.web.i18n.page_language`) and given as data too (``"refusal"``)."""
    if not isinstance(message, Refusal):
        return {"error": message}
    from smallworld.web.i18n import page_language

    with speech.speaking(page_language(conn)):
        return {"error": say(message, None), "refusal": message.to_json()}


__all__ = ["REGION_KIND_WORDS", "api_error_body", "error_words", "refusal_answer", "say"]
