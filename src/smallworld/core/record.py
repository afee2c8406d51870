"""Game records: a header plus every action in text notation, chance actions included.

A record replays exactly: the state after replaying ``actions`` from the header's setup is the
game's state (no RNG is involved in replay). JSON shape::

    {"header": {"format": 2, "engine": "0.1.0", "edition": "swow", "players": 3,
                "boards": ["L1", "M2", "S3"], "seats": ["Anna", "Bob", "Cleo"], "seed": 7},
     "actions": ["banner trolls", "badge sailing", ..., "pick 0", "conquer L1.4", ...],
     "events": [[{"kind": "drew_banner", "race": "trolls", "slot": 0}], ..., [...]],
     "result": {"scores": [...], "tokens": [...], "winners": [0]}}

``result`` is present once the game is over; replay checks it. ``events`` (format 2, optional)
holds what each action did (:mod:`smallworld.core.events`), one list per action; they follow
from the actions, so replay can make them again (:func:`replay` with ``events``). Format 1
records (no events) still load and replay.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from smallworld import __version__
from smallworld.core.actions import parse_action
from smallworld.core.engine import apply_action
from smallworld.core.errors import ReplayError, RulesError
from smallworld.core.events import collect
from smallworld.core.setup import new_state
from smallworld.core.state import State

FORMAT_VERSION = 2
#: the record formats that load: 1 (before events) and 2
FORMATS = (1, 2)
_HEADER_KEYS = ("format", "edition", "players", "boards", "seats")


def header_for(s: State, seed: Any) -> dict[str, Any]:
    """The header of a new game's record: this format and engine version, the game's spec
    (:meth:`smallworld.core.spec.GameSpec.header`: edition, players, boards, seats) and ``seed``
    (``None`` for a sealed seed, :mod:`smallworld.core.fairness`)."""
    return {
        "format": FORMAT_VERSION,
        "engine": __version__,
        **s.spec.header(),
        "seed": seed,
    }


@dataclass
class GameRecord:
    """A game's header, its action texts, (when over) its result, and when kept the events of
    each action (``events[i]`` for ``actions[i]``)."""

    header: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    events: list[list[dict[str, Any]]] | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"header": self.header, "actions": list(self.actions)}
        if self.events is not None and len(self.events) == len(self.actions):
            d["events"] = self.events
        if self.result is not None:
            d["result"] = self.result
        return d

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, d: Any) -> GameRecord:
        """Validate and build a record.

        Raises:
            ReplayError: not an object, a missing/bad header field, actions not a list of text,
                events not lists of event objects (events that do not fit the actions, one
                list per action, are dropped: replay makes them again).
        """
        if not isinstance(d, dict):
            raise ReplayError("a game record must be a JSON object")
        header = d.get("header")
        if not isinstance(header, dict):
            raise ReplayError("game record has no 'header' object")
        for key in _HEADER_KEYS:
            if key not in header:
                raise ReplayError(f"game record header lacks {key!r}")
        if header["format"] not in FORMATS:
            raise ReplayError(
                f"game record format {header['format']!r} is not supported "
                f"(expected one of {', '.join(map(str, FORMATS))})"
            )
        actions = d.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ReplayError("game record 'actions' must be a list of action texts")
        result = d.get("result")
        if result is not None and not isinstance(result, dict):
            raise ReplayError("game record 'result' must be an object")
        events = d.get("events")
        if events is not None and not (
            isinstance(events, list)
            and all(isinstance(x, list) and all(isinstance(e, dict) and isinstance(e.get("kind"), str)
                                                for e in x) for x in events)
        ):
            raise ReplayError("game record 'events' must hold lists of events (objects with a 'kind')")
        if events is not None and len(events) != len(actions):
            events = None  # derived data that no longer fits the actions: replay makes them again
        return cls(header=header, actions=list(actions), result=result, events=events)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ReplayError(f"game record is not valid JSON ({e.msg} at line {e.lineno}, column {e.colno}); the file may be truncated") from None
        except RecursionError:
            raise ReplayError("game record is nested too deeply to be a game record") from None
        except ValueError:  # a number of more than 4300 digits
            raise ReplayError("game record holds a number too long to be part of a game record") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise ReplayError(f"cannot read game record {path}: {e.strerror}") from None
        except UnicodeDecodeError:
            raise ReplayError(f"game record {path} is not UTF-8 text") from None
        return cls.loads(text)


def start_state(header: dict[str, Any]) -> State:
    """The state a record's actions start from.

    Raises:
        ReplayError: the header names unknown boards, a bad player count or edition.
    """
    try:
        return new_state(
            int(header["players"]),
            faces=list(header["boards"]),
            edition=str(header["edition"]),
            seats=list(header["seats"]),
        )
    except (ValueError, TypeError, KeyError) as e:
        raise ReplayError(f"bad game record header: {e}") from None


def first_unfit_events(record: GameRecord, made: list[list[dict[str, Any]]]) -> int | None:
    """The index of the first action whose events in ``record`` are not ``made`` (what
    replaying it reported, :func:`replay` with ``events``), compared as JSON; ``None`` when
    they all fit or the record holds none."""
    if record.events is None:
        return None
    for i, (kept, now) in enumerate(zip(record.events, made)):
        if json.loads(json.dumps(now)) != kept:
            return i
    return None


def replay(record: GameRecord, *, upto: int | None = None,
           events: list[list[dict[str, Any]]] | None = None) -> State:
    """Re-apply a record's actions (the first ``upto`` of them when given) and return the state.
    ``events``: a list that receives each action's events (:mod:`smallworld.core.events`).

    Raises:
        ReplayError: naming the 0-based index and text of the first action that does not parse
            or is not legal, or a ``result`` that the replayed game does not reach.
    """
    s = start_state(record.header)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        try:
            if events is not None:
                events.append(collect(s))
            apply_action(s, parse_action(text))
        except RulesError as e:
            raise ReplayError(f"action {i + 1} ({text!r}) cannot be applied: {e}", i, text) from None
    if upto is None and record.result is not None:
        if not s.is_over():
            raise ReplayError(
                f"record ends after {len(actions)} actions but the game is not over "
                f"(round {s.round}); it claims a result, so actions are missing",
                len(actions),
            )
        if s.result != record.result:
            raise ReplayError(
                f"replayed result {s.result} differs from the recorded result {record.result}"
            )
    s.events = None
    return s
