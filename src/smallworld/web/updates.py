"""The update a page is sent: built once per seat's view and change of the game, shared.

After an action every open page of the game hears of it (:mod:`smallworld.web.liveplay`) and
the request that made it gets its answer: all of them the payload of
:func:`smallworld.web.access.payload_for`, each for its page's perspective. Pages showing the
same perspective (two tabs of one seat, the hotseat page and the seat to act) need the same
payload but for the log entries they lack, so :func:`view_text` builds it once per
perspective and revision of the game, without the log, encoded as JSON; :func:`update_text`
adds one page's log entries (and its ``mode``) to that text. Nothing is built or encoded twice
for one change, however many pages show it (issue #36 point 9: 100 tables).

The texts are kept on the :class:`~smallworld.web.games.LiveGame` (``views``) until the game
changes: its revision (:meth:`~smallworld.core.undo.UndoStack.revision`), its game object (a
game reloaded or rebuilt) or its take-back history. Call with the game's lock held.
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import Response

from smallworld.web.access import Access, payload_for, perspective_of

#: the fields of an update that differ between two pages of one perspective
PAGE_FIELDS = ("mode", "log", "log_reset")


def _dumps(data: Any) -> str:
    """``data`` as compact JSON text, as Starlette's ``WebSocket.send_json`` encodes it
    (``json.dumps`` with no spaces and ``ensure_ascii=False``), by orjson: the same text for
    the updates' data (strings, numbers, lists, objects with string or number keys) at about a
    sixth of the CPU (issue #36 point 9: encoding was the biggest part of an update)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def view_text(acc: Access) -> str:
    """The update for ``acc``'s perspective without :data:`PAGE_FIELDS`, a JSON object's text,
    built the first time a page of this perspective asks at this revision of the game."""
    live = acc.live
    persp = perspective_of(acc)
    can_act = acc.host or acc.seat == persp
    at = (live.game, live.undo, live.undo.revision(live.game))
    held = live.views_at
    if held is None or held[0] is not at[0] or held[1] is not at[1] or held[2] != at[2]:
        live.views.clear()
        live.views_at = at
    key = (persp, can_act, acc.lang)
    text = live.views.get(key)
    if text is None:
        data = payload_for(acc, len(live.log.entries))  # no log entries: each page its own
        for name in PAGE_FIELDS:
            del data[name]
        text = live.views[key] = _dumps(data)
    return text


def update_text(acc: Access, log_since: int = 0) -> tuple[str, int]:
    """The update for ``acc``'s page as JSON text (the same data as
    ``payload_for(acc, log_since)``) and the log count it brings the page to (its
    ``log_total``). ``log_since`` 0: the whole log the page may read (``log_reset``)."""
    base = view_text(acc)
    live = acc.live
    log = live.log.visible(live.game.state, perspective_of(acc), log_since, acc.lang)
    page = _dumps({"mode": "hotseat" if acc.host else "seat", "log": log,
                   "log_reset": log_since == 0})
    return f"{base[:-1]},{page[1:]}", len(live.log.entries)


def answer(acc: Access, log_since: int = 0) -> Response:
    """:func:`update_text` as an HTTP answer (``application/json``)."""
    return Response(update_text(acc, log_since)[0], media_type="application/json")
