"""Worgen (RULES §9, R-ORDER-1): at the start of each of their turns (the pick turn included),
after choosing expansion and before ready troops, the Worgen choose a form:

- ``form human``: +2 VC at once;
- ``form worgen``: pay 1 VC (to the stash); every conquest this turn costs 1 fewer token
  (stacked with the other reductions, then clamped to at least 1 and the race minimum, R-CONQ-4).

The choice is a decision of the Worgen player (``race:worgen``) pushed by ``on_expand``. A player
with no VC cannot pay for the Worgen form (RULES §8) and may only take the human form. A decline
turn has no expansion, so no form (R-DEC-1).
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, Flag
from smallworld.core.names import N_
from smallworld.core.state import State

HUMAN_VC = 2
WORGEN_PRICE = 1
FORM = "worgen-form"  # turn flag: "human" or "worgen", the form chosen this turn
_KEY = "race:worgen"
HUMAN = Action("form", ("human",))
WORGEN = Action("form", ("worgen",))


@register
class Worgen(Ability):
    id = "worgen"
    kind = "race"
    rule = "§9 Worgen"
    summary = N_(
        "Each turn choose human form (+2 coins) or Worgen form (pay 1 coin, every conquest costs 1 "
        "fewer token)."
    )
    flags = (Flag("worgen-form", encode="choice", choices=("human", "worgen"), words="the form chosen this turn"),)
    action_specs = (
        ActionSpec("form", ("choice",), choices=("human", "worgen"), choice_words=(
            ("human", "Human form", "Human form: +2 coins this turn"),
            ("worgen", "Worgen form", "Worgen form: pay 1 coin, conquests cost 1 token fewer"))),
    )
    action_kinds = frozenset({"form"})

    def on_expand(self, s: State, owner: int) -> None:
        """R-ORDER-1: ask for the form before ready troops."""
        changes.ask(s, owner, _KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        return [HUMAN, WORGEN] if s.vc[owner] >= WORGEN_PRICE else [HUMAN]

    def apply(self, s: State, owner: int, action: Action) -> None:
        if action.args[0] == "worgen":
            changes.pay_vc(s, owner, WORGEN_PRICE)  # to the bank
            changes.set_tflag(s, FORM, "worgen")
        else:
            changes.gain_vc(s, owner, HUMAN_VC)
            changes.set_tflag(s, FORM, "human")
        changes.close_decision(s)

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        """-1 on every conquest of a turn in Worgen form."""
        return 1 if s.tflags.get(FORM) == "worgen" else 0
