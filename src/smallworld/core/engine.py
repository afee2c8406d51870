"""The engine: legal actions, applying an action, and the order of steps in a turn.

A turn runs through these steps (R-ORDER-1, R-ORDER-2). Automatic steps run by themselves;
the engine stops where a player (or chance) must decide, with ``s.phase`` naming the decision:

======================  ========================================================  ===========
step                    what happens                                              waits in
======================  ========================================================  ===========
``start``               ``on_turn_start`` hooks (Harmony back, Bombs revealed)
``choose``              no Active race: pick; else expand or decline              ``pick``,
                                                                                  ``decide``
``expand``              an In Decline race that acts (classic Ghouls) takes its   ``conquer``,
                        own turn first: swapped into the Active slot, ready       ``redeploy``
                        troops, conquests, ``decline-redeploy``, ``decline-end``
                        (swapped back; C-ORDER-1, C-R-GHOULS-2); then
``expand-active``       ``on_expand`` hooks, then ready troops (R-TROOP-1)
``conquer``             abandon, conquests, tolls, powers, final conquest         ``conquer``
``purchase``            ``at_turn_end('purchase')`` (Forsaken)
``healer``              ``at_turn_end('healer')`` (Spirit Healer)
``redeploy``            R-TROOP-3                                                 ``redeploy``
``withdraw``            ``at_turn_end('withdraw')``: tokens leave the map after   ``choice``
                        redeployment (classic Amazons, C-R-AMAZONS-2)
``placement``           ``at_turn_end('placement')`` (Forts, Towers, Bombs, …)
``gift``                ``at_turn_end('gift')`` (Pandaren's Harmony)
``score``               R-SCORE-*, ``at_turn_end('payments')``, ``at_any_turn_end``
``defend``              defenders redeploy in seat order (R-TROOP-4); In Decline  ``defend``
                        races place withdrawn tokens (C-CONQ-7)
``next``                next player, next round, or the end (R-TURN-1)
======================  ========================================================  ===========

A decline (R-DEC-1) jumps from ``choose`` to ``score``. Ability decisions pushed on
``s.decisions`` and pending chance events (``s.chance``) interrupt any step.
"""

from __future__ import annotations

from collections.abc import Callable

from smallworld.core import chance, hooks, troops
from smallworld.core.actions import Action, as_action
from smallworld.core.conquest import (
    FINAL_CONQUEST_MAX_SHORT,
    TOKEN_PIECES,
    conquest_cost,
    has_regions,
    resolve_conquest,
    targets,
    toll_sum,
    travel_to,
)
from smallworld.core.decline import (
    acting_slot,
    go_into_decline,
    may_decline,
    slot_code,
    swap_in,
    swap_out,
)
from smallworld.core.errors import IllegalActionError, Refusal
from smallworld.core.events import emit, occupant, region_id
from smallworld.core.explain import explain_illegal
from smallworld.core.names import N_
from smallworld.core.roster import roster
from smallworld.core.scoring import final_result, score_turn
from smallworld.core.state import (
    CONQUER,
    DECIDE,
    DEFEND,
    EMPTY,
    NOBODY,
    OVER,
    PICK,
    REDEPLOY,
    State,
)
from smallworld.core.state import phase_of as phase_of  # the decision waited for (re-exported)

END = Action("end")
EXPAND = Action("expand")
DECLINE = Action("decline")
#: ``pick K`` by position, made once (extended if a variant offers more positions)
_PICKS: list[Action] = [Action("pick", (k,)) for k in range(6)]


# ---- steps ---------------------------------------------------------------------------------


def _wait(s: State, phase: str, actor: int) -> None:
    s.phase = phase
    s.actor = actor


def _step_start(s: State) -> None:
    s.step = "choose"
    if s.events is not None:
        emit(s, "turn", round=s.round, rounds=s.spec.rounds, seat=s.turn)
    hooks.call_own(s, s.turn, "on_turn_start")
    for ab in hooks.lasting_abilities(s, s.turn):
        if "on_turn_start" in ab.hooks:
            ab.on_turn_start(s, s.turn)


def _step_choose(s: State) -> None:
    p = s.turn
    if s.active[p] is None:
        _wait(s, PICK, p)
    elif may_decline(s, p):
        _wait(s, DECIDE, p)
    else:
        s.step = "expand"


def _step_expand(s: State) -> None:
    slot = acting_slot(s, s.turn)
    if slot:  # C-ORDER-1: In Decline Ghouls act first, a whole turn of their own (C-R-GHOULS-2)
        swap_in(s, s.turn, slot)
        troops.ready_troops(s, s.turn)
        s.step = "decline-conquer"
        _wait(s, CONQUER, s.turn)
        return
    _step_expand_active(s)


def _step_expand_active(s: State) -> None:
    s.step = "ready"
    hooks.call_own(s, s.turn, "on_expand")


def _after_conquests(s: State) -> str:
    """The step after the conquests: the turn's end, or an In Decline race's redeployment."""
    return "purchase" if s.acting is None else "decline-redeploy"


def _step_decline_redeploy(s: State) -> None:
    p = s.turn
    s.step = "decline-end"
    troops.start_redeployment(s, p)
    if s.hand[p] and has_regions(s, p):
        _wait(s, REDEPLOY, p)


def _step_decline_end(s: State) -> None:
    swap_out(s)
    s.conquests = 0  # the Active race's conquests start now (R-TROOP-2 abandoning first)
    s.step = "expand-active"


def _step_ready(s: State) -> None:
    troops.ready_troops(s, s.turn)
    s.step = "conquer"
    _wait(s, CONQUER, s.turn)


def _turn_end_hook(name: str, nxt: str, past: str) -> Callable[[State], None]:
    """The step asking the turn's own abilities ``at_turn_end(name)``, then going to ``nxt``.
    When none implements it, nothing can change before the next hook step either (it asks the
    same abilities), so the run skips straight to ``past``, the first step that is no hook."""

    def step(s: State) -> None:
        if "at_turn_end" in hooks.LIVE_HOOKS:
            p = s.turn
            found = roster(s).own_hook(p, "at_turn_end")
            if found:
                s.step = nxt
                for ab in found:
                    ab.at_turn_end(s, p, name)
                return
        s.step = past

    step.__name__ = f"_step_{name}"
    return step


def _step_redeploy(s: State) -> None:
    p = s.turn
    s.step = "withdraw"
    if s.active[p] is None:
        return
    troops.start_redeployment(s, p)
    if s.hand[p] and has_regions(s, p):
        _wait(s, REDEPLOY, p)


def _step_score(s: State) -> None:
    p = s.turn
    s.step = "defend"
    score_turn(s, p)
    if "at_turn_end" in hooks.LIVE_HOOKS:
        hooks.call_own(s, p, "at_turn_end", "payments")
    if "at_any_turn_end" in hooks.LIVE_HOOKS:
        hooks.call_global(s, "at_any_turn_end", p)


def _step_defend(s: State) -> None:
    if s.acting is not None:  # an In Decline race has placed its withdrawn tokens
        swap_out(s)
    n = s.spec.n_players
    for i in range(n):
        q = (s.turn + i) % n
        if q in s.defenders and s.hand[q] and has_regions(s, q):
            own = s.regions_of(2 * q)
            if len(own) == 1:
                troops.place(s, q, own[0], s.hand[q])
                continue
            _wait(s, DEFEND, q)
            return
        if s.dhand and _defend_decline(s, q):
            return
    s.step = "next"


def _defend_decline(s: State, q: int) -> bool:
    """C-CONQ-7, C-TROOP-4: seat ``q``'s In Decline race places the tokens it withdrew (classic
    Ghouls); True when it waits for ``q`` to place them (swapped into the Active slot)."""
    for slot in (1, 2):
        race = s.decline[q] if slot == 1 else s.decline2[q]
        if race is None or not s.dhand.get(race):
            continue
        own = s.regions_of(slot_code(s, q, slot))
        if not own:
            continue  # no Region: they wait in hand for a first conquest (C-CONQ-7)
        if len(own) == 1:
            s.tokens[own[0]] += s.dhand.pop(race)
            continue
        swap_in(s, q, slot)
        _wait(s, DEFEND, q)
        return True
    return False


def _step_next(s: State) -> None:
    p = s.turn
    if s.active[p] is not None:
        s.race_turns[p] += 1
    s.conquests = 0
    s.defeated = {}
    s.paid = {}
    s.tflags = {}
    s.defenders = []
    p += 1
    if p == s.spec.n_players:
        p = 0
        s.round += 1
    if s.round > s.spec.rounds:
        s.round = s.spec.rounds
        s.phase = OVER
        s.actor = NOBODY
        s.result = final_result(s)
        if s.events is not None:
            emit(s, "over", **s.result)
        return
    s.turn = p
    s.actor = p
    s.step = "start"


STEPS: dict[str, Callable[[State], None]] = {
    "start": _step_start,
    "choose": _step_choose,
    "expand": _step_expand,
    "decline-redeploy": _step_decline_redeploy,
    "decline-end": _step_decline_end,
    "expand-active": _step_expand_active,
    "ready": _step_ready,
    "purchase": _turn_end_hook("purchase", "healer", "redeploy"),
    "healer": _turn_end_hook("healer", "redeploy", "redeploy"),
    "redeploy": _step_redeploy,
    "withdraw": _turn_end_hook("withdraw", "placement", "score"),
    "placement": _turn_end_hook("placement", "gift", "score"),
    "gift": _turn_end_hook("gift", "score", "score"),
    "score": _step_score,
    "defend": _step_defend,
    "next": _step_next,
}


def run(s: State) -> None:
    """Run automatic steps until a decision (player or chance) is needed or the game is over.
    Chance events with a single outcome are resolved here."""
    while True:
        if s.chance:
            if chance.settle_forced(s):
                continue
            return
        if s.decisions or s.phase:
            return
        STEPS[s.step](s)


# ---- legal actions -------------------------------------------------------------------------


def legal_actions(s: State) -> list[Action]:
    """Every action that may be applied now, for whoever acts (``s.current_player()``).

    Chance: the outcomes of the pending event. Otherwise see the phase table in the module doc.
    Empty when the game is over.
    """
    if s.phase == OVER:
        return []
    if s.chance:
        return [a for a, _ in chance.outcomes(s)]
    if s.decisions:
        actor, key = s.decisions[-1]
        return list(s.spec.edition.ability(key).actions(s, actor))
    phase = s.phase
    p = s.actor
    if phase == CONQUER:
        return conquer_actions(s, p)
    if phase in (REDEPLOY, DEFEND):
        return _placement_actions(s, p)
    if phase == PICK:
        variant = s.spec.edition.variant
        assert variant is not None
        ks = variant.pickable(s, p)
        if not ks:
            return [END]
        top = max(ks)
        if top >= len(_PICKS):
            _PICKS.extend([Action("pick", (k,)) for k in range(len(_PICKS), top + 1)])
        return [_PICKS[k] for k in ks]
    if phase == DECIDE:
        if s.hand[p] or has_regions(s, p) or s.spec.edition.keep_empty_race:  # C-CONQ-11
            return [EXPAND, DECLINE]
        return [DECLINE]  # R-CONQ-11
    return []


def conquer_actions(s: State, p: int) -> list[Action]:
    """Legal actions of the conquest phase (R-TROOP-2, R-CONQ-*, RULES §8)."""
    spec = s.spec
    out: list[Action] = []
    regions = s.regions_of(2 * p)
    if s.conquests == 0:
        acts = spec.abandon_actions
        out.extend([acts[r] for r in regions])
    hand = s.hand[p]
    offered: set[str] = set()
    ro = roster(s)  # every hook below is asked of this one roster
    own = ro.own[p]
    if hand >= 1 and hand >= hooks.min_tokens(s, p):  # else not even a final conquest (R-CONQ-9)
        aux = 0
        for ab in ro.own_hook(p, "auxiliaries"):  # Beasts
            aux += ab.auxiliaries(s, p)
        holders = ro.global_hook("tolls")  # asked once for all targets
        reducers = ro.own_hook(p, "conquest_reduction")
        paid = s.paid
        vc = s.vc[p]
        conquer = spec.conquer_actions
        short = FINAL_CONQUEST_MAX_SHORT
        if "no_final_conquest" in hooks.LIVE_HOOKS:  # classic Berserk (C-P-BERSERK-3)
            for ab in ro.own_hook(p, "no_final_conquest"):
                if ab.no_final_conquest(s, p):
                    short = 0
                    break
        reach = hand + aux + short  # the most a conquest may cost now
        tg = targets(s, p, own, ro.global_hook("immune"), regions)
        # the raw cost of each target, as conquest.raw_costs (R-CONQ-3), inline: no list of tuples
        occ, tokens, mountain, pieces = s.occ, s.tokens, spec.mountain, s.pieces
        defense = [lst for lst in map(pieces.get, spec.defense_pieces) if lst is not None]
        extra = [lst for lst in map(pieces.get, TOKEN_PIECES) if lst is not None]
        for r, travel in tg.items():
            raw = 2 + travel + mountain[r]
            if defense:
                for lst in defense:
                    raw += lst[r]
            if occ[r] != EMPTY:
                raw += tokens[r]
                if extra:
                    for lst in extra:
                        raw += lst[r]
            # reductions only lower the cost: price them only when the raw cost is out of reach.
            # conquest_cost is max(raw - reductions, 1, min_tokens) and 1 <= min_tokens <= hand <=
            # reach, so it is out of reach exactly when raw - reductions is
            if raw > reach:
                if not reducers:
                    continue
                for ab in reducers:
                    raw -= ab.conquest_reduction(s, p, r, "conquer")
                if raw > reach:
                    continue
            if holders:  # as hooks.tolls, inline: asked for every target
                owed = None
                for owner, ab in holders:
                    for t in ab.tolls(s, owner, p, r):
                        if t.key not in paid:
                            if owed is None:
                                owed = []
                            owed.append(t)
                if owed is not None:
                    if vc >= toll_sum(owed):  # RULES §8: the sum of the target's tolls
                        for t in owed:
                            if t.key not in offered:
                                offered.add(t.key)
                                out.append(Action("pay", (t.key,)))
                    continue
            out.append(conquer[r])
    for ab in own:
        if "actions" in ab.hooks:
            for a in ab.actions(s, p):
                if a.kind == "pay":  # abilities' own targets may owe a toll already offered
                    if a.args[0] in offered:
                        continue
                    offered.add(str(a.args[0]))
                out.append(a)
    out.append(END)
    return out


def _placement_actions(s: State, p: int) -> list[Action]:
    spec = s.spec
    hand = s.hand[p]
    code = 2 * p
    out: list[Action] = []
    for r, c in enumerate(s.occ):
        if c == code:
            out.extend(spec.redeploy_actions(r, hand))
    if "actions" in hooks.LIVE_HOOKS:
        for acts in hooks.call_own(s, p, "actions"):
            out.extend(acts)
    return out


# ---- applying ------------------------------------------------------------------------------


def apply_action(s: State, action: Action | str, *, check: bool = True) -> Action:
    """Apply ``action`` (an :class:`Action` or its text) for whoever acts now, then run the
    automatic steps that follow. Returns the parsed action.

    The one way the rules apply an action: :meth:`smallworld.core.game.Game.apply` (a game with
    its record) calls it, and so do replays, playouts and bots on a bare :class:`State`. A
    driver that already parsed the text passes the :class:`Action` (it is not parsed again).

    With ``check`` (the default) the action must be in :func:`legal_actions`; pass
    ``check=False`` only for actions taken from that list.

    Raises:
        ActionSyntaxError: unparsable text.
        IllegalActionError: not legal now (the message says why); ``s`` is unchanged.
    """
    a = as_action(action)
    if check and a not in legal_actions(s):
        raise IllegalActionError(explain_illegal(s, a))
    if s.chance:
        chance.resolve(s, a)
    elif s.decisions:
        actor, key = s.decisions[-1]
        if s.events is not None:
            emit(s, "used", seat=actor, action=a.kind, args=[str(x) for x in a.args], ability=key)
        s.spec.edition.ability(key).apply(s, actor, a)
    else:
        _apply_player(s, s.actor, a)
    run(s)
    return a


def _apply_player(s: State, p: int, a: Action) -> None:
    kind = a.kind
    if kind == "conquer":
        r = s.spec.region(str(a.args[0]))
        parts: dict[str, int] | None = {} if s.events is not None else None
        cost = conquest_cost(s, p, r, travel_to(s, p, r), "conquer", parts)
        placed = max(hooks.min_tokens(s, p), cost - hooks.auxiliaries(s, p))  # Beasts do the rest
        if placed <= s.hand[p]:
            resolve_conquest(s, p, r, cost, placed, "conquer", "conquest", parts)
        else:  # final conquest with the reinforcement die (R-CONQ-9)
            if parts is not None:
                _emit_final_attempt(s, p, r, cost, parts)
            s.chance.append(("die", r, cost))
            s.phase = ""
            s.step = _after_conquests(s)
    elif kind == "redeploy":
        r = s.spec.region(str(a.args[0]))
        troops.place(s, p, r, int(a.args[1]))
        if not s.hand[p]:
            s.phase = ""  # the step already names what follows (placement, or next defender)
    elif kind == "end":
        s.phase = ""
        if s.step == "choose":  # nothing to pick
            if s.events is not None:
                emit(s, "passed", seat=p)
            s.step = "score"
        else:
            if s.events is not None and s.step in ("conquer", "decline-conquer"):
                emit(s, "stopped", seat=p)
            s.step = _after_conquests(s)
    elif kind == "pick":
        variant = s.spec.edition.variant
        assert variant is not None
        variant.pick(s, p, int(a.args[0]))
        s.phase = ""
        s.step = "expand"
    elif kind == "expand":
        s.phase = ""
        s.step = "expand"
    elif kind == "decline":
        go_into_decline(s, p)
        s.phase = ""
        s.step = "score"
    elif kind == "abandon":
        troops.abandon(s, p, s.spec.region(str(a.args[0])))
    elif kind == "pay":
        _pay_toll(s, p, str(a.args[0]))
    else:
        ab = hooks.ability_for_action(s, p, kind)
        if ab is None:
            raise IllegalActionError(Refusal(N_("'{action}': nothing in play allows this action"),
                                             action=str(a)))
        if s.events is not None:
            emit(s, "used", seat=p, action=kind, args=[str(x) for x in a.args],
                 ability=f"{ab.kind}:{ab.id}")
        ab.apply(s, p, a)


def _emit_final_attempt(s: State, p: int, r: int, cost: int, parts: dict[str, int]) -> None:
    """The ``final_attempt`` event: seat ``p`` tries Region ``r`` with the die (R-CONQ-9)."""
    hand = s.hand[p]
    emit(s, "final_attempt", seat=p, race=s.active[p], region=region_id(s, r), cost=cost,
         hand=hand, need=cost - hand - hooks.auxiliaries(s, p), parts=parts,
         defender=occupant(s, s.occ[r]))


def _pay_toll(s: State, p: int, key: str) -> None:
    # any Region: abilities reach beyond `targets` (airborne assault, Ashes of Al'ar)
    for r in [*targets(s, p), *range(s.spec.n_regions)]:
        for t in hooks.tolls(s, p, r):
            if t.key == key:
                hooks.pay(s, p, t)
                return
    raise IllegalActionError(Refusal(N_("'{action}': no such toll is owed now (RULES §8)"), action=f"pay {key}"))
