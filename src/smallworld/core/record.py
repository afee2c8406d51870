"""Game records: a header plus every action in text notation, chance actions included.

A record replays exactly: the state after replaying ``actions`` from the header's setup is the
game's state (no RNG is involved in replay). JSON shape::

    {"header": {"format": 1, "engine": "0.1.0", "edition": "swow", "players": 3,
                "boards": ["L1", "M2", "S3"], "seats": ["Anna", "Bob", "Cleo"], "seed": 7},
     "actions": ["banner trolls", "badge sailing", ..., "pick 0", "conquer L1.4", ...],
     "result": {"scores": [...], "tokens": [...], "winners": [0]}}

``result`` is present once the game is over; replay checks it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from smallworld.core.actions import parse_action
from smallworld.core.errors import ReplayError, RulesError
from smallworld.core.state import State

FORMAT_VERSION = 1
_HEADER_KEYS = ("format", "edition", "players", "boards", "seats")


@dataclass
class GameRecord:
    """A game's header, its action texts and (when over) its result."""

    header: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"header": self.header, "actions": list(self.actions)}
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
            ReplayError: not an object, a missing/bad header field, actions not a list of text.
        """
        if not isinstance(d, dict):
            raise ReplayError("a game record must be a JSON object")
        header = d.get("header")
        if not isinstance(header, dict):
            raise ReplayError("game record has no 'header' object")
        for key in _HEADER_KEYS:
            if key not in header:
                raise ReplayError(f"game record header lacks {key!r}")
        if header["format"] != FORMAT_VERSION:
            raise ReplayError(
                f"game record format {header['format']!r} is not supported (expected {FORMAT_VERSION})"
            )
        actions = d.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ReplayError("game record 'actions' must be a list of action texts")
        result = d.get("result")
        if result is not None and not isinstance(result, dict):
            raise ReplayError("game record 'result' must be an object")
        return cls(header=header, actions=list(actions), result=result)

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
    from smallworld.core.setup import new_state

    try:
        return new_state(
            int(header["players"]),
            faces=list(header["boards"]),
            edition=str(header["edition"]),
            seats=list(header["seats"]),
        )
    except (ValueError, TypeError, KeyError) as e:
        raise ReplayError(f"bad game record header: {e}") from None


def replay(record: GameRecord, *, upto: int | None = None) -> State:
    """Re-apply a record's actions (the first ``upto`` of them when given) and return the state.

    Raises:
        ReplayError: naming the 0-based index and text of the first action that does not parse
            or is not legal, or a ``result`` that the replayed game does not reach.
    """
    s = start_state(record.header)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        try:
            s.apply(parse_action(text))
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
    return s
