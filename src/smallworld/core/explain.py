"""Why an action is refused: one sentence naming what is wrong and the rule (for error messages,
the browser's tooltips and the RL environment). Asked only after :func:`smallworld.core.engine.
legal_actions` has said no: never on the hot path.
"""

from __future__ import annotations

from smallworld.core import hooks
from smallworld.core.actions import CHANCE_KINDS, Action
from smallworld.core.conquest import conquest_cost, has_regions, targets, toll_sum
from smallworld.core.engine import FINAL_CONQUEST_MAX_SHORT, phase_of
from smallworld.core.state import CHOICE, CONQUER, DECIDE, DEFEND, OVER, PICK, REDEPLOY, State


def explain_illegal(s: State, a: Action) -> str:
    """A sentence saying why ``a`` is not legal now (for error messages)."""
    text = str(a)
    phase = phase_of(s)
    if phase == OVER:
        return f"{text!r}: the game is over"
    if phase == "chance":
        if a.kind in CHANCE_KINDS:
            return f"{text!r} is not a possible outcome of the pending chance event"
        return f"{text!r}: waiting for a chance event ({s.chance[0][0]}), not a player action"
    if a.kind in CHANCE_KINDS:
        return f"{text!r} is a chance action; no chance event is pending"
    # the seat that must act: during an ability's decision, the seat it is for (it may not be
    # the turn's player, e.g. a Tauren owner moving a lone token)
    who = s.spec.seats[s.current_player()]
    allowed = {
        PICK: "pick", DECIDE: "expand/decline", CONQUER: "abandon/conquer/pay/end",
        REDEPLOY: "redeploy", DEFEND: "redeploy", CHOICE: "answer the pending choice",
    }.get(phase, phase)
    region_kinds = {"conquer", "abandon", "redeploy"}
    if a.kind in region_kinds and a.args:
        rid = str(a.args[0])
        if rid not in s.spec.index:
            return f"{text!r}: no Region {rid!r} in play (boards: {', '.join(s.spec.faces)})"
    if phase == CONQUER and a.kind == "conquer":
        return _explain_conquer(s, s.actor, s.spec.index[str(a.args[0])], text)
    if phase == CONQUER and a.kind == "pay" and a.args:
        return _explain_pay(s, s.actor, str(a.args[0]), text)
    if phase == CONQUER and a.kind == "abandon" and s.conquests:
        return f"{text!r}: Regions can only be abandoned before the first conquest (R-TROOP-2)"
    if phase == PICK and a.kind == "pick":
        k = a.args[0] if a.args else None
        if isinstance(k, int) and 0 <= k < len(s.column) and s.column[k][0]:
            return f"{text!r}: costs {k} VC, {who} has too few (R-PICK-2)"
        return f"{text!r}: no combo at that position (positions 0-5, R-SET-2)"
    if phase == DECIDE and a.kind == "expand":
        return f"{text!r}: the Active race has no token left; it may only go In Decline (R-CONQ-11)"
    if a.kind == "decline" and phase in (PICK, CONQUER):
        return f"{text!r}: a race may go In Decline only at the start of a turn after the one it was picked (R-DEC-1)"
    if a.kind == "redeploy" and phase in (REDEPLOY, DEFEND):
        return f"{text!r}: tokens go only to your own Active Regions, 1 to {s.hand[s.actor]} at a time (R-TROOP-3)"
    return f"{text!r} is not legal now: {who} must {allowed} (phase {phase})"


def _explain_pay(s: State, p: int, key: str, text: str) -> str:
    """A toll is owed but the tolls of the action it belongs to add up to more than ``p`` has
    (RULES §8), or no such toll is owed."""
    if "tolls" in hooks.LIVE_HOOKS:
        for r in range(s.spec.n_regions):
            owed = [t for t in hooks.tolls(s, p, r) if t.key not in s.paid]
            if any(t.key == key for t in owed):
                need = toll_sum(owed)
                if s.vc[p] < need:
                    names = " + ".join(f"{t.label} ({t.amount} VC)" for t in owed)
                    return (f"{text!r}: attacking {s.spec.region_ids[r]} owes {names} = {need} VC, paid "
                            f"together, and {s.spec.seats[p]} has {s.vc[p]} VC (RULES §8)")
    return f"{text!r}: no such toll is owed now (RULES §8)"


def _explain_conquer(s: State, p: int, r: int, text: str) -> str:
    rid = s.spec.region_ids[r]
    if s.hand[p] < 1:
        return f"{text!r}: no token in hand (R-CONQ-10)"
    tg = targets(s, p)
    ed = s.spec.edition
    if r not in tg:
        if s.occ[r] == 2 * p:
            return f"{text!r}: {rid} is already yours"
        if s.spec.water[r]:
            return f"{text!r}: Seas and Lakes cannot be conquered ({ed.rule('R-CONQ-5')})"
        if not has_regions(s, p):
            article = "an" if ed.entry_word[:1] in "AEIOUaeiou" else "a"
            return f"{text!r}: a first conquest must target {article} {ed.entry_word} Region ({ed.rule('R-CONQ-1')})"
        if not s.spec.entries_always:
            return f"{text!r}: {rid} is not adjacent to your Regions ({ed.rule('R-CONQ-2')})"
        return f"{text!r}: {rid} is neither adjacent to your Regions nor an Entry Region (R-CONQ-2)"
    cost = conquest_cost(s, p, r, tg[r])
    if "tolls" in hooks.LIVE_HOOKS:
        unpaid = [t for t in hooks.tolls(s, p, r) if t.key not in s.paid]
        if unpaid:
            return f"{text!r}: pay first: " + ", ".join(f"{t.label} ({t.amount} VC)" for t in unpaid)
    return (
        f"{text!r}: costs {cost} tokens and you hold {s.hand[p]}; the final conquest allows at "
        f"most {FINAL_CONQUEST_MAX_SHORT} short (R-CONQ-9)"
    )
