"""Importing a game record on the server: its seats and boards checked as a new game's are,
its header cleaned, and a game in progress sealed again with a new secret seed (fairness).
"""

from __future__ import annotations

from typing import Any

from smallworld.boards.selection import legal_selections
from smallworld.core.errors import Refusal
from smallworld.core.fairness import new_secret_seed, seal
from smallworld.core.names import N_
from smallworld.core.record import GameRecord
from smallworld.web.access import ApiError
from smallworld.web.games import Seat, SetupError, check_seats, setup_words

_HEADER_KEYS = ("format", "engine", "edition", "players", "boards", "seats", "seed", "chance")


def cannot_load(why: str) -> Refusal:
    """The answer to a record that cannot be imported, ``why`` (a :class:`Refusal` said in the
    request's language, or the English words of the record's own check) after it."""
    return Refusal(N_("this game record cannot be loaded: {why}"), why=why)


def reseal(record: GameRecord) -> tuple[GameRecord, str | None]:
    """An imported record's header, cleaned (known keys only, a plain seed), and for a game in
    progress whose seed was sealed, sealed again with a new secret seed from the import on
    (the importer never knew the old one). Returns the record and the new secret (or None).

    Raises:
        ApiError: 400 for a seed that is not a plain number or short text.
    """
    header = {k: record.header[k] for k in _HEADER_KEYS if k in record.header}
    seed = header.get("seed")
    if not (seed is None or (isinstance(seed, int) and abs(seed) <= 2**63)
            or (isinstance(seed, str) and len(seed) <= 80)):
        raise ApiError(400, cannot_load(Refusal(N_("its seed is not a plain number or a short text"))))
    secret = None
    if "chance" in header and record.result is None:
        secret = new_secret_seed()
        seal(header, secret, start=len(record.actions))
    return GameRecord(header, list(record.actions), record.result), secret


def import_seats(header: dict[str, Any], bots: dict[str, str]) -> list[Seat]:
    """The seats of an imported record: its names (checked as a new game's seats are) and
    the bots asked for. Also checks the boards are a legal selection (R-SET-1).

    Raises:
        ApiError: 400 naming the bad seat, bot or board list.
    """
    names = header.get("seats")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ApiError(400, cannot_load(Refusal(N_("its seats are not a list of names"))))
    if header.get("players") != len(names):
        raise ApiError(400, cannot_load(Refusal(N_("the seats do not match the players"))))
    asked = [{"name": n, "kind": "bot", "bot": bots[str(i)]} if str(i) in bots
             else {"name": n, "kind": "human"} for i, n in enumerate(names)]
    try:
        seats = check_seats(asked)
    except SetupError as e:
        raise ApiError(400, cannot_load(setup_words(e))) from None
    for i, (seat, name) in enumerate(zip(seats, names)):
        if seat.name != name:
            raise ApiError(400, cannot_load(Refusal(N_("seat {n}'s name {name} is not a plain name"), n=i + 1,
                                                     name=repr(name[:30]))))
    boards = header.get("boards")
    legal = {frozenset(sel) for sel in legal_selections(len(names))}
    if (not isinstance(boards, list) or not all(isinstance(b, str) for b in boards)
            or frozenset(boards) not in legal or len(set(boards)) != len(boards)):
        raise ApiError(400, cannot_load(Refusal(N_("its boards are not a legal selection for {n} players"),
                                             n=len(names))))
    return seats
