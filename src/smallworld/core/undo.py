"""Take-backs: a turn-local undo for people at a table (BGA-style), outside the rules.

A player may take back their own last action (a conquest, an abandon, ending conquests, a pick
whose column needed no new banner), then the one before it, and so on, as long as nothing
random or hidden has come out since: no chance action (die roll, banner or badge revealed,
face-down item revealed, Bomb side, ...) follows it (RULES §15), the same seat is still to
act, and the game is not over. An action taken back vanishes from the record as if it had
never been made: the record stays one that replays exactly, and since only a player's action
is ever removed, never a chance outcome, the game's chance source is untouched (the k-th draw
stays the k-th draw).

Everything is decided from the game's record (which a server keeps in its database), never
from what one process remembers: the last action must not be a chance action, the seat that
made it (the seat to act before it, found by replaying the record when this process did not
see it made) must be the one asking, and it must lie at or after :attr:`UndoStack.floor` (the
record length at a committed redeployment, at the creation or import of a game). What a
driver must keep with the game so that a restart or another server process decides the same:
:attr:`UndoStack.removed` and :attr:`UndoStack.floor`.

:class:`UndoStack` remembers, for the actions made through :meth:`UndoStack.before`, the
state from before each of them: a cache that spares replaying the record. Drivers that want
take-backs (the web server) call :meth:`UndoStack.before` before a player's action and
:meth:`UndoStack.after` once chance is settled; bots, tournaments and the RL environments never
use it, so they are unaffected.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from smallworld.core import chance
from smallworld.core.errors import IllegalActionError, Refusal
from smallworld.core.names import N_
from smallworld.core.record import GameRecord, replay


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
    n_actions: int  # record length before the action (its index)
    state: Any  # State copy from before the action
    extra: Any  # the driver's own snapshot (e.g. the log's length), handed back on undo
    text: str = ""  # the action, once made (a frame is used only while the record holds it)


@dataclass
class _Last:
    """The last player's action of a record: its index, who made it, the state before it."""

    index: int
    seat: int
    state: Any
    extra: Any


@dataclass
class UndoStack:
    """Take-backs of one game (see the module doc). Never part of the record."""

    #: cache: the state before each action this process saw made (see :meth:`before`)
    frames: list[_Frame] = field(default_factory=list)
    #: actions removed by take-backs so far (see :meth:`revision`); kept with the game
    removed: int = 0
    #: no take-back reaches below this record length; kept with the game
    floor: int = 0
    _cache: tuple[tuple[int, int], _Last | None] | None = None

    def revision(self, game: Any) -> int:
        """A number that grows with every change of ``game``, take-backs included (the record
        length alone shrinks on a take-back): record length + 2 x actions taken back. Two
        copies of a game with the same revision hold the same record."""
        return len(game.record.actions) + 2 * self.removed

    def before(self, game: Any, seat: int, extra: Any = None) -> None:
        """Remember the position before ``seat`` acts in ``game`` (a :class:`Game`)."""
        if self.frames and self.frames[-1].seat != seat:
            self.frames.clear()
        self.frames.append(_Frame(seat, len(game.record.actions), game.state.copy(), extra))

    def after(self, game: Any) -> None:
        """After the action and the chance it led to: the frame learns its action's text
        (or is dropped if the action was refused); frames that can never be taken back again
        (chance came out, another seat is to act, the game ended) are dropped."""
        if not self.frames:
            return
        top = self.frames[-1]
        actions = game.record.actions
        if len(actions) <= top.n_actions:
            self.frames.pop()
            return
        top.text = actions[top.n_actions]
        new = actions[top.n_actions + 1:]
        if (any(is_chance_text(t) for t in new) or game.state.is_over()
                or game.state.current_player() != top.seat):
            # none of them can be taken back now; the top frame still tells who made the last
            # action and why a take-back is refused (blocked_note), sparing a replay
            del self.frames[:-1]

    def forget(self) -> None:
        """Drop the remembered positions (e.g. the game was rebuilt): a cache only."""
        self.frames.clear()
        self._cache = None

    def seal(self, game: Any) -> None:
        """No take-back reaches before this point (a committed redeployment plan is final);
        the driver stores :attr:`floor` with the game."""
        self.floor = len(game.record.actions)
        self.forget()

    def seed(self, game: Any, last: tuple[int, int, Any] | None) -> None:
        """What a replay of the record found (a rebuilt game): ``(index, seat, state before)``
        of the last player's action, or None; spares replaying it again."""
        info = None if last is None else _Last(last[0], last[1], last[2], None)
        self._cache = ((len(game.record.actions), self.removed), info)

    def _last(self, game: Any) -> _Last | None:
        """The last player's (not chance) action of ``game``'s record: from the remembered
        frames when this process saw it made, else by replaying the record up to it."""
        actions = game.record.actions
        key = (len(actions), self.removed)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        j = len(actions) - 1
        while j >= 0 and is_chance_text(actions[j]):
            j -= 1
        info: _Last | None = None
        if j >= 0:
            fr = next((f for f in reversed(self.frames) if f.n_actions == j), None)
            if fr is not None and fr.text == actions[j]:
                info = _Last(j, fr.seat, fr.state, fr.extra)
            else:
                info = _Last(j, *_replay_before(game, j), None)
        self._cache = (key, info)
        return info

    def refusal(self, game: Any, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now (None: it may)."""
        s = game.state
        if s.is_over():
            return Refusal(N_("the game is over"))
        if s.current_player() != seat or len(game.record.actions) <= self.floor:
            return Refusal(N_("there is nothing to take back now"))
        last = self._last(game)
        if last is None or last.index < self.floor or last.seat != seat:
            return Refusal(N_("there is nothing to take back now"))
        if last.index != len(game.record.actions) - 1:  # chance came out after it
            return _reason(game.record.actions[last.index + 1])
        return None

    def blocked_note(self, game: Any, seat: int) -> str | None:
        """Why ``seat`` can no longer take back its last action, while that still concerns it:
        in the same turn, to the seat whose action drew chance (a die rolled at the end of a
        turn says nothing at the start of the next one). None otherwise."""
        s = game.state
        actions = game.record.actions
        if not actions or not is_chance_text(actions[-1]) or s.is_over():
            return None
        last = self._last(game)
        if last is None or last.index < self.floor or last.seat != seat:
            return None
        if (last.state.round, last.state.turn) != (s.round, s.turn):
            return None
        return _reason(actions[last.index + 1])

    def can_undo(self, game: Any, seat: int) -> bool:
        """``seat`` may take back its last action now."""
        return self.refusal(game, seat) is None

    def undo(self, game: Any, seat: int) -> Any:
        """Take back ``seat``'s last action in ``game``: the state before it comes back and the
        record loses that one action (never a chance action: see the module doc). Returns the
        frame's ``extra`` (None when the action was not made through :meth:`before` here).

        Raises:
            UndoRefused: nothing to take back for ``seat`` (the message says why).
        """
        why = self.refusal(game, seat)
        if why is not None:
            raise UndoRefused(why)
        last = self._last(game)
        assert last is not None and last.index == len(game.record.actions) - 1
        game.state = last.state.copy()
        del game.record.actions[last.index:]
        if game.record.events is not None:  # what those actions did goes with them
            del game.record.events[last.index:]
        game.record.result = None
        self.removed += 1
        while self.frames and self.frames[-1].n_actions >= last.index:
            self.frames.pop()
        self._cache = None
        return last.extra


def _replay_before(game: Any, j: int) -> tuple[int, Any]:
    """The seat to act before action ``j`` of ``game``'s record and the state then."""
    s = replay(GameRecord(dict(game.record.header), list(game.record.actions[:j]), None))
    return s.current_player(), s


def _reason(text: str) -> Refusal:
    """Why nothing before chance action ``text`` can be taken back (a Refusal: its words are
    the catalogues' messages)."""
    word = text.split(" ", 1)[0]
    msgid = {
        "roll": N_("The reinforcement die was rolled: what came before can no longer be taken back."),
        "banner": N_("A new race banner was revealed: what came before can no longer be taken back."),
        "badge": N_("A new power badge was revealed: what came before can no longer be taken back."),
        "item": N_("A face-down item was revealed: what came before can no longer be taken back."),
    }.get(word, N_("Something random or hidden was revealed: what came before can no longer be taken back."))
    return Refusal(msgid)
