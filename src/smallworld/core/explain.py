"""Why an action is refused: one sentence naming what is wrong and the rule (for error messages,
the browser's tooltips and the RL environment). Asked only after :func:`smallworld.core.engine.
legal_actions` has said no: never on the hot path.

The sentence is a :class:`~smallworld.core.errors.Refusal`: English as a ``str``, and its message
id (marked with ``N_`` for the catalogues) with its arguments, which a driver says in its reader's
language (:mod:`smallworld.web.refusals`).
"""

from __future__ import annotations

from smallworld.core import hooks
from smallworld.core.ability import Toll
from smallworld.core.actions import CHANCE_KINDS, Action
from smallworld.core.conquest import (
    FINAL_CONQUEST_MAX_SHORT,
    conquest_cost,
    has_regions,
    targets,
    toll_sum,
)
from smallworld.core.errors import Joined, Name, Refusal
from smallworld.core.names import N_
from smallworld.core.state import (
    CHOICE,
    CONQUER,
    DECIDE,
    DEFEND,
    OVER,
    PICK,
    REDEPLOY,
    State,
    phase_of,
)

#: what the seat to act may do in each phase, in refusals
_ALLOWED = {
    PICK: N_("pick"), DECIDE: N_("expand/decline"), CONQUER: N_("abandon/conquer/pay/end"),
    REDEPLOY: N_("redeploy"), DEFEND: N_("redeploy"), CHOICE: N_("answer the pending choice"),
}


def explain_illegal(s: State, a: Action) -> Refusal:
    """A sentence saying why ``a`` is not legal now (for error messages): a
    :class:`~smallworld.core.errors.Refusal`, the English ``str`` with its message id and
    arguments. Rule ids as in RULES.md (R-PICK-2, R-CONQ-1..11, R-DEC-1, R-TROOP-2/3, §8)."""
    text = str(a)
    phase = phase_of(s)
    if phase == OVER:
        return Refusal(N_("'{action}': the game is over"), action=text)
    if phase == "chance":
        if a.kind in CHANCE_KINDS:
            return Refusal(N_("'{action}' is not a possible outcome of the pending chance event"), action=text)
        return Refusal(N_("'{action}': waiting for a chance event ({event}), not a player action"),
                       action=text, event=s.chance[0][0])
    if a.kind in CHANCE_KINDS:
        return Refusal(N_("'{action}' is a chance action; no chance event is pending"), action=text)
    if a.kind in {"conquer", "abandon", "redeploy"} and a.args:
        rid = str(a.args[0])
        if rid not in s.spec.index:
            return Refusal(N_("'{action}': no Region '{region}' in play (boards: {boards})"),
                           action=text, region=rid, boards=Joined(s.spec.faces))
    if phase == CONQUER and a.kind == "conquer":
        return _explain_conquer(s, s.actor, s.spec.index[str(a.args[0])], text)
    if phase == CONQUER and a.kind == "pay" and a.args:
        return _explain_pay(s, s.actor, str(a.args[0]), text)
    return _explain_phase(s, a, phase, text)


def _explain_phase(s: State, a: Action, phase: str, text: str) -> Refusal:
    """Refusals that depend only on the phase and the action's kind."""
    # the seat that must act: during an ability's decision, the seat it is for (it may not be
    # the turn's player, e.g. a Tauren owner moving a lone token)
    who = s.spec.seats[s.current_player()]
    if phase == CONQUER and a.kind == "abandon" and s.conquests:
        return Refusal(N_("'{action}': Regions can only be abandoned before the first conquest (R-TROOP-2)"),
                       action=text)
    if phase == PICK and a.kind == "pick":
        k = a.args[0] if a.args else None
        if isinstance(k, int) and 0 <= k < len(s.column) and s.column[k][0]:
            return Refusal(N_("'{action}': costs {cost} VC, {seat} has too few (R-PICK-2)"),
                           action=text, cost=k, seat=who)
        return Refusal(N_("'{action}': no combo at that position (positions 0-5, R-SET-2)"), action=text)
    if phase == DECIDE and a.kind == "expand":
        return Refusal(N_("'{action}': the Active race has no token left; it may only go In Decline (R-CONQ-11)"),
                       action=text)
    if a.kind == "decline" and phase in (PICK, CONQUER):
        return Refusal(N_("'{action}': a race may go In Decline only at the start of a turn after the one it "
                          "was picked (R-DEC-1)"), action=text)
    if a.kind == "redeploy" and phase in (REDEPLOY, DEFEND):
        return Refusal(N_("'{action}': tokens go only to your own Active Regions, 1 to {most} at a time (R-TROOP-3)"),
                       action=text, most=s.hand[s.actor])
    allowed = Refusal(_ALLOWED[phase]) if phase in _ALLOWED else phase
    return Refusal(N_("'{action}' is not legal now: {seat} must {allowed}"), action=text, seat=who, allowed=allowed)


def _toll_words(tolls: list[Toll]) -> list[Refusal]:
    """Each toll as ``"Harmony (Pandaren) (2 VC)"``, its label as the ability gave it."""
    return [Refusal(N_("{toll} ({amount} VC)"), toll=t.label, amount=t.amount) for t in tolls]


def _explain_pay(s: State, p: int, key: str, text: str) -> Refusal:
    """A toll is owed but the tolls of the action it belongs to add up to more than ``p`` has
    (RULES §8), or no such toll is owed."""
    if "tolls" in hooks.LIVE_HOOKS:
        for r in range(s.spec.n_regions):
            owed = [t for t in hooks.tolls(s, p, r) if t.key not in s.paid]
            if any(t.key == key for t in owed):
                need = toll_sum(owed)
                if s.vc[p] < need:
                    return Refusal(N_("'{action}': attacking {region} owes {tolls} = {need} VC, paid together, "
                                      "and {seat} has {vc} VC (RULES §8)"),
                                   action=text, region=s.spec.region_ids[r], tolls=Joined(_toll_words(owed), " + "),
                                   need=need, seat=s.spec.seats[p], vc=s.vc[p])
    return Refusal(N_("'{action}': no such toll is owed now (RULES §8)"), action=text)


def _explain_conquer(s: State, p: int, r: int, text: str) -> Refusal:
    if s.hand[p] < 1:
        return Refusal(N_("'{action}': no token in hand (R-CONQ-10)"), action=text)
    tg = targets(s, p)
    if r not in tg:
        return _explain_unreachable(s, p, r, text)
    cost = conquest_cost(s, p, r, tg[r])
    if "tolls" in hooks.LIVE_HOOKS:
        unpaid = [t for t in hooks.tolls(s, p, r) if t.key not in s.paid]
        if unpaid:
            return Refusal(N_("'{action}': pay first: {tolls}"), action=text, tolls=Joined(_toll_words(unpaid)))
    return Refusal(N_("'{action}': costs {cost} tokens and you hold {hand}; the final conquest allows at "
                      "most {short} short (R-CONQ-9)"),
                   action=text, cost=cost, hand=s.hand[p], short=FINAL_CONQUEST_MAX_SHORT)


def _explain_unreachable(s: State, p: int, r: int, text: str) -> Refusal:
    """Region ``r`` is not a conquest target of ``p`` (R-CONQ-1/2/5)."""
    rid = s.spec.region_ids[r]
    ed = s.spec.edition
    if s.occ[r] == 2 * p:
        return Refusal(N_("'{action}': {region} is already yours"), action=text, region=rid)
    if s.spec.water[r]:
        return Refusal(N_("'{action}': Seas and Lakes cannot be conquered ({rule})"),
                       action=text, rule=ed.rule("R-CONQ-5"))
    if not has_regions(s, p):
        # the Region kind by its name ("Entry Region", "border Region"), said by the driver
        entry = Name("symbol", ed.entry_symbol, f"{ed.entry_word} Region")
        if ed.entry_word[:1] in "AEIOUaeiou":
            msgid = N_("'{action}': a first conquest must target an {entry} ({rule})")
        else:
            msgid = N_("'{action}': a first conquest must target a {entry} ({rule})")
        return Refusal(msgid, action=text, entry=entry, rule=ed.rule("R-CONQ-1"))
    if not s.spec.entries_always:
        return Refusal(N_("'{action}': {region} is not adjacent to your Regions ({rule})"),
                       action=text, region=rid, rule=ed.rule("R-CONQ-2"))
    return Refusal(N_("'{action}': {region} is neither adjacent to your Regions nor an Entry Region (R-CONQ-2)"),
                   action=text, region=rid)
