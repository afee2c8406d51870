"""Take-backs: a turn-local undo stack for people at a table (BGA-style), outside the rules.

A player may take back their own last actions (a conquest, an abandon, ending conquests, a pick
whose column needed no new banner) as long as nothing random or hidden has come out since: no
chance action (die roll, banner or badge revealed, face-down item revealed, Bomb side, ...) was
applied after them (RULES §15), the same seat is still to act, and the game is not over. An
action taken back vanishes from the record as if it had never been made: the record stays one
that replays exactly, and since no chance was drawn the game's chance source is untouched.

:class:`UndoStack` holds, for each take-back-able action, the state copy and record length from
before it. Drivers that want take-backs (the web server) call :meth:`UndoStack.before` before a
player's action and :meth:`UndoStack.after` once chance is settled; bots, tournaments and the RL
environments never use it, so they are unaffected.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from smallworld.core import chance
from smallworld.core.errors import IllegalActionError


def is_chance_text(text: str) -> bool:
    """True when ``text`` (an action in text notation) is a chance action (RULES §15): its
    first word is one of the registered chance events' (``roll 2``, ``banner trolls``, ...)."""
    word = text.split(" ", 1)[0]
    return any(h[0] == word for h in chance.HANDLERS.values())


class UndoRefused(IllegalActionError):
    """Nothing can be taken back now; the message says why in plain words."""


@dataclass
class _Frame:
    seat: int
    n_actions: int  # record length before the action
    state: Any  # State copy from before the action
    extra: Any  # the driver's own snapshot (e.g. the log's length), handed back on undo


@dataclass
class UndoStack:
    """Turn-local take-backs of one game (see the module doc). Never part of the record."""

    frames: list[_Frame] = field(default_factory=list)
    #: why the last take-back is no longer possible (shown to the player), or None
    blocked: str | None = None
    #: actions removed by take-backs so far (see :meth:`revision`)
    removed: int = 0
    #: (round, turn, seat) of the action whose chance set ``blocked``
    blocked_at: tuple[int, int, int] | None = None

    def revision(self, game: Any) -> int:
        """A number that grows with every change of ``game``, take-backs included (the record
        length alone shrinks on a take-back): record length + 2 x actions taken back."""
        return len(game.record.actions) + 2 * self.removed

    def before(self, game: Any, seat: int, extra: Any = None) -> None:
        """Remember the position before ``seat`` acts in ``game`` (a :class:`Game`)."""
        if self.frames and self.frames[-1].seat != seat:
            self.frames.clear()
        self.frames.append(_Frame(seat, len(game.record.actions), game.state.copy(), extra))

    def after(self, game: Any) -> None:
        """After the action and the chance it led to: forget everything if chance was drawn
        since the last frame (a die rolled, a banner or an item revealed, ...) or if the game
        ended or another seat is to act."""
        if not self.frames:
            return
        top = self.frames[-1]
        new = game.record.actions[top.n_actions:]
        revealed = next((t for t in new if is_chance_text(t)), None)
        if revealed is not None:
            self.frames.clear()
            self.blocked = _reason(revealed)
            self.blocked_at = (top.state.round, top.state.turn, top.seat)
        elif game.state.is_over() or game.state.current_player() != top.seat:
            self.frames.clear()
            self.blocked = None
        else:
            self.blocked = None

    def forget(self) -> None:
        """Drop every take-back (e.g. another seat acted, or the game was reloaded)."""
        self.frames.clear()
        self.blocked = None

    def blocked_note(self, game: Any, seat: int) -> str | None:
        """Why ``seat`` can no longer take back its last action, while that still concerns it:
        in the same turn, to the seat whose action drew chance (a die rolled at the end of a
        turn says nothing at the start of the next one). None otherwise."""
        s = game.state
        if self.blocked is None or self.blocked_at != (s.round, s.turn, seat):
            return None
        return self.blocked

    def can_undo(self, game: Any, seat: int) -> bool:
        """``seat`` may take back its last action now."""
        if not self.frames:
            return False
        top = self.frames[-1]
        return (top.seat == seat and game.state.current_player() == seat
                and not game.state.is_over() and len(game.record.actions) > top.n_actions)

    def undo(self, game: Any, seat: int) -> Any:
        """Take back ``seat``'s last action in ``game``: the state before it comes back and the
        record loses the action (and anything after it). Returns the frame's ``extra``.

        Raises:
            UndoRefused: nothing to take back for ``seat`` (the message says why).
        """
        if not self.can_undo(game, seat):
            raise UndoRefused(self.blocked or "there is nothing to take back now")
        top = self.frames.pop()
        game.state = top.state.copy()
        self.removed += len(game.record.actions) - top.n_actions
        del game.record.actions[top.n_actions:]
        game.record.result = None
        return top.extra


def _reason(text: str) -> str:
    word = text.split(" ", 1)[0]
    what = {
        "roll": "the reinforcement die was rolled",
        "banner": "a new race banner was revealed",
        "badge": "a new power badge was revealed",
        "item": "a face-down item was revealed",
    }.get(word, "something random or hidden was revealed")
    return f"{what[0].upper()}{what[1:]}: what came before can no longer be taken back."
