"""Take-backs and redeployment plans on the server (issue: BGA-style play at a table).

- :func:`take_back`: a human seat undoes its last action while nothing random or hidden has
  come out since (:class:`smallworld.core.undo.UndoStack`), decided from the stored game
  (whichever server process took the action, before or after a restart); the action leaves
  the record, the log and the database as if it had never been made.
- :func:`play_plan`: a redeployment arranged freely on the page is sent as one plan (a list of
  ``redeploy`` actions, then the End turn action if any is needed): applied all or nothing, so a
  turn ends only when the player says so.

Bots and the RL environments never come here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from smallworld.core.actions import as_action
from smallworld.core.errors import IllegalActionError, Refusal
from smallworld.core.names import N_
from smallworld.core.undo import UndoRefused
from smallworld.web.games import LiveGame, NotYourTurn, rebuild_log
from smallworld.web.storage import Store, StoreError, StoreTimeout

MAX_PLAN = 200  # actions in one redeployment plan


def can_take_back(live: LiveGame, seat: int | None) -> bool:
    """Seat ``seat`` (a human) may take back its last action now."""
    return seat is not None and live.undo.can_undo(live.game, seat)


def take_back(live: LiveGame, store: Store, seat: int) -> None:
    """Undo seat ``seat``'s last action (see the module doc). Decided from the game as stored
    (the caller refreshes ``live`` from the database first; the store checks again, under the
    game's row lock, that it holds this very game and that no chance outcome is taken back).

    Raises:
        UndoRefused: nothing can be taken back (a die was rolled, a banner revealed, ...).
        StoreStale: the stored game is not this copy (another server process changed it):
            nothing changed; refresh and ask again.
        StoreError: the database refused; the game stays as it was (nothing lost, and the
            take-back may be asked again).
    """
    g = live.game
    undo = live.undo
    expect, taken_back = len(g.record.actions), undo.removed
    frames, cache = list(undo.frames), undo._cache
    state, actions, result = g.state, list(g.record.actions), g.record.result
    events_before = list(g.record.events or [])
    log = live.log
    entries, turn, coins = list(log.entries), log._turn_key, list(log.coins)
    extra = undo.undo(g, seat)
    if extra is not None:
        n_log, turn_key = extra
        log.forget(n_log, len(g.record.actions))
        log._turn_key = turn_key
    else:  # the action was made before a restart or by another server process
        last: list[Any] = []
        live.log = rebuild_log(g.record, last=last)
        undo.seed(g, last[0] if last else None)
    try:
        store.truncate(live.id, len(g.record.actions), round=g.state.round, expect=expect,
                       taken_back=taken_back)
    except (StoreError, UndoRefused) as e:
        # the database still holds the action: so does the game (a take-back that timed out
        # may still land: the game is read again before its next use)
        live.unsure = live.unsure or isinstance(e, StoreTimeout)
        g.state, g.record.actions[:], g.record.result = state, actions, result
        if g.record.events is not None:
            g.record.events[:] = events_before
        live.log = log
        log.entries[:], log._turn_key, log.coins[:] = entries, turn, coins
        undo.frames[:], undo.removed, undo._cache = frames, taken_back, cache
        raise
    for conn in live.sockets:  # their logs shrank: the next push resends it whole
        conn.log_sent = 0
        conn.perspective = -99


def play_plan(live: LiveGame, store: Store, seat: int, texts: Sequence[str]) -> None:
    """Apply seat ``seat``'s redeployment plan: every action, or none of them.

    Raises:
        IllegalActionError: an empty or too long plan, an action other than placing tokens or
        ending the turn, or one the rules refuse (named with its position in the plan); the
        game is then as before the plan.
        NotYourTurn, ActionSyntaxError, StoreError: as :meth:`LiveGame.act`.
    """
    if not texts:
        raise IllegalActionError(Refusal(N_("the redeployment plan is empty")))
    if len(texts) > MAX_PLAN:
        raise IllegalActionError(Refusal(N_("a redeployment plan holds at most {most} actions"), most=MAX_PLAN))
    actions = [as_action(t) for t in texts]
    for i, a in enumerate(actions):
        if a.kind not in ("redeploy", "end"):
            raise IllegalActionError(Refusal(N_("step {step} of the plan is {action}, not a placement or End turn"),
                                             step=i + 1, action=str(a)))
    g = live.game
    if g.state.current_player() != seat:
        raise NotYourTurn(Refusal(N_("it is not {seat}'s turn to place tokens"), seat=live.seats[seat].name))
    start, n_log = len(g.record.actions), len(live.log.entries)
    saved_state, saved_turn = g.state.copy(), live.log._turn_key
    try:
        for i, a in enumerate(actions):
            if g.state.current_player() != seat:
                raise IllegalActionError(Refusal(N_("step {step} of the plan ({action}) comes after the turn ended"),
                                                 step=i + 1, action=str(a)))
            try:
                live._apply(a, check=True)
            except IllegalActionError as e:
                raise IllegalActionError(Refusal(N_("step {step} of the plan: {reason}"), step=i + 1,
                                                 reason=e.refusal or str(e))) from None
        live._settle()
    except Exception:
        # nothing of the plan stays: the state, the record and the log as they were
        g.state = saved_state
        del g.record.actions[start:]
        g.record.result = None
        del live.log.entries[n_log:]
        live.log._turn_key = saved_turn
        raise
    live._commit(store, start, n_log, final=True)  # a committed redeployment is final
    live.undo.seal(live.game)
    live.last_human = seat


__all__ = ["MAX_PLAN", "UndoRefused", "can_take_back", "play_plan", "take_back"]
