"""Tauren (RULES §9, R-CONQ-4): never fewer than 2 race tokens in a Region, ever.

Most of the rule is the core's race minimum (``min_tokens`` -> 2, :func:`core.hooks.min_tokens`):

- every conquest places at least 2 tokens, whatever reduces the cost (:func:`conquest_cost`);
  a final conquest needs 2 tokens in hand (R-CONQ-9; with 1 token no conquest at all);
- ready troops and redeployment keep 2 per Region (R-TROOP-1, R-TROOP-3);
- going In Decline keeps 2 tokens per Region (R-DEC-2);
- powers and items that place tokens ask the same minimum (Doomhammer, Championing: 2).

They still lose 1 token when a Region is conquered (R-CONQ-7). A token that would be left alone
(a removal by Intimidating or the like, reported through :func:`core.troops.tokens_removed`)
must move to another Region of the same Tauren race: with one such Region it goes there at once;
with several the Tauren player chooses (decision ``race:tauren``, actions ``rejoin R``, even
during another player's turn); with none the Region is emptied and the token goes to hand (Active
race: the owner redeploys it at the end of the turn, R-TROOP-4, or keeps it for a first conquest
if no Region is left) or back to the box (In Decline race: In Decline tokens are never
redeployed, R-CONQ-7). So Intimidating a 2-token Tauren Region empties it.

Rulings: an emptied Region loses its Forts, Wisp Walls and Watch Towers like an abandoned one
(R-TROOP-2); items stay. Beasts never count toward the 2 (KO; the Beasts' own rules place
``max(2, cost - Beasts)`` tokens).
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import ABANDON_REMOVES
from smallworld.core.meta import ActionSpec, Flag
from smallworld.core.names import N_
from smallworld.core.state import State

MIN_TOKENS = 2
RACE = "tauren"
LONE = "tauren-lone"  # turn flag: Regions whose lone token waits for the owner's choice
_KEY = "race:tauren"


def _empty(s: State, r: int) -> int:
    """Empty ``r`` as an abandon would (R-TROOP-2); returns the tokens that were there."""
    return changes.empty_region(s, r, ABANDON_REMOVES)[1]


def _move(s: State, r: int, dest: int) -> None:
    changes.move_tokens(s, r, dest, s.tokens[r])
    _empty(s, r)


def settle(s: State, owner: int, r: int) -> None:
    """The Tauren tokens of region ``r`` (fewer than 2, at least 1) leave it (RULES §9)."""
    code = s.occ[r]
    others = [x for x in s.regions_of(code) if x != r]
    if len(others) == 1:
        _move(s, r, others[0])
    elif others:
        changes.set_tflag(s, LONE, s.tflags.get(LONE, ()) + (r,))
        if (owner, _KEY) not in s.decisions:
            changes.ask(s, owner, _KEY)
    else:
        n = _empty(s, r)
        if code % 2 == 0:
            changes.hand_add(s, owner, n)
            if owner != s.turn:
                changes.add_defender(s, owner)
        else:
            changes.to_tray(s, RACE, n)
            from smallworld.core.decline import check_race_leaves

            check_race_leaves(s, owner)


@register
class Tauren(Ability):
    id = RACE
    kind = "race"
    rule = "§9 Tauren"
    summary = N_("Never fewer than 2 Tauren tokens in a Region.")
    flags = (Flag("tauren-lone", encode="region", words="Regions whose lone token waits for its owner's choice"),)
    action_specs = (ActionSpec("rejoin", ("region",)),)
    lasts_in_decline = True  # the lone-token rule holds In Decline too
    action_kinds = frozenset({"rejoin"})

    def min_tokens(self, s: State, owner: int) -> int:
        return MIN_TOKENS

    def on_tokens_removed(self, s: State, owner: int | None, r: int) -> None:
        """A Tauren Region left with a lone token: that token moves (see the module doc)."""
        if owner is None:
            return
        code = s.occ[r]
        if code != 2 * owner and code != 2 * owner + 1:
            return
        if s.race_of(code) != RACE or not 0 < s.tokens[r] < MIN_TOKENS:
            return
        if r in s.tflags.get(LONE, ()):
            return
        settle(s, owner, r)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        r = s.tflags[LONE][0]
        ids = s.spec.region_ids
        return [Action("rejoin", (ids[x],)) for x in s.regions_of(s.occ[r]) if x != r]

    def apply(self, s: State, owner: int, action: Action) -> None:
        lone = s.tflags[LONE]
        r = lone[0]
        _move(s, r, s.spec.region(str(action.args[0])))
        rest = lone[1:]
        if rest:
            changes.set_tflag(s, LONE, rest)
        else:
            changes.clear_tflag(s, LONE)
            changes.close_decision(s)
