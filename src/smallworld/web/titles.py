"""A game's title in the reader's language.

A title the host typed is the host's words and shown as typed. A title the server makes holds
no sentence, only facts in a fixed notation, and each page says it in its reader's language
(the lobby's list, the table's and the replay's payloads are built in the request's language,
:mod:`smallworld.web.speech`):

- a new game without a title: its seats' names (``"Anna, Bob"``);
- an imported record without a title: :data:`IMPORTED` then the seats' names
  (``"Imported: Anna, Bob"`` as stored, ``"Importata: Anna, Bob"`` for an Italian reader);
- a rematch: :data:`REMATCH` then the first game's title, kept once (``"Rematch: Anna, Bob"``).

The notation is what databases written before hold too, so their titles are said the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from smallworld.web.speech import _

#: the stored mark of an imported game's title (followed by its seats' names)
IMPORTED = "Imported: "
#: the stored mark of a rematch's title (followed by the first game's title)
REMATCH = "Rematch: "


def imported_title(names: Sequence[str]) -> str:
    """The stored title of an imported record the host gave no title: ``"Imported: A, B"``."""
    return IMPORTED + ", ".join(names)


def rematch_title(first: str) -> str:
    """The stored title of the rematch of a game titled ``first`` (one mark, however many
    rematches: ``"Rematch: A, B"``)."""
    return first if first.startswith(REMATCH) else REMATCH + first


def title_words(stored: str) -> str:
    """A stored title as the reader reads it, in the language spoken: a server-made title's
    marks translated (``_("Imported: {names}")``, ``_("Rematch: {title}")``), any other title
    as it is."""
    if stored.startswith(REMATCH):
        return _("Rematch: {title}").format(title=title_words(stored[len(REMATCH):]))
    if stored.startswith(IMPORTED):
        return _("Imported: {names}").format(names=stored[len(IMPORTED):])
    return stored


__all__ = ["IMPORTED", "REMATCH", "imported_title", "rematch_title", "title_words"]
