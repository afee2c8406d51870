"""Intimidating (RULES §10): three times per turn, in the conquest phase ("before its final
conquest"), take 1 token from an opponent's Region (Active or In Decline, or Murlocs) adjacent to
one of its Regions and move it to another Region of that same race (Active to Active, In Decline
to In Decline), chosen by the Intimidating player, or discard it if there is none. Murlocs are
discarded. A Wisp Wall or Fort there is discarded first, and that uses the action.

Actions: ``intimidate SRC DST`` (move a token to DST) or ``intimidate SRC`` (discard the Fort or
Wisp Wall, the Murloc, or the token of a race with no other Region). A Watch Tower or unpaid
Aegis Region cannot be a source (``immune``).

- A discarded token of an Active race is a loss caused by an opponent: the ``losses`` hooks
  answer (Draenei's Holy Light, Light's Hope Chapel) with cause ``"intimidating"``; a saved token
  goes to its owner's hand and is redeployed at the end of the turn (R-TROOP-4).
- A race with a minimum per Region (Tauren 2) reacts through ``core.troops.tokens_removed``: the
  Tauren token left alone moves to another Tauren Region (their owner chooses) or leaves, so
  Intimidating a 2-token Tauren Region empties it.
- A Region left with no token (nor Beast or Champion) becomes empty; a race whose last In
  Decline token leaves goes (R-DEC-4).
- Pandaren (Harmony): Intimidating an Active Pandaren Region is an attack: a Harmony holder pays
  the toll first (``pay harmony``); an Intimidating Pandaren player attacks its victims (no
  Harmony for them this turn). Helpers of :mod:`smallworld.content.races.pandaren`. Likewise an
  Aegis Region is a source only once its toll is paid (``pay aegis``).

Rulings: Intimidating takes race tokens and Murlocs, never Beasts or the Champion (pieces); a
Region with only such pieces is no source. A Fort is discarded before a Wisp Wall. Destinations
may be immune Regions (they are the victim's own, not targets).
"""

from __future__ import annotations

from smallworld.content.powers._attacks import attack_tolls, pay_actions
from smallworld.content.races import pandaren
from smallworld.content.registry import register
from smallworld.core import changes, hooks, troops
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import defenders_in
from smallworld.core.decline import check_race_leaves
from smallworld.core.meta import ActionSpec, Flag, UseLimit
from smallworld.core.names import N_
from smallworld.core.state import CONQUER, EMPTY, MURLOC, State

USES = "intimidating-uses"  # turn flag: actions used this turn
MAX_USES = 3
WALLS = ("fort", "wisp-wall")  # discarded first, in this order
CAUSE = "intimidating"


def _losses(s: State, r: int, attacker: int) -> int:
    """Tokens discarded when one Active token of region ``r`` is discarded by ``attacker``
    (the ``losses`` chain, races last as in :func:`smallworld.core.conquest.lose_region`)."""
    return hooks.losses(s, r, 1, attacker, CAUSE)


@register
class Intimidating(Ability):
    id = "intimidating"
    kind = "power"
    rule = "§10 Intimidating"
    summary = N_("Three times per turn, move an adjacent enemy token to another of its Regions (or discard it).")
    flags = (Flag("intimidating-uses", encode="count", scale=3, words="uses this turn"),)
    action_specs = (
        ActionSpec("intimidate", ("region",), phrase="Intimidate: push an enemy token out of {0}"),
        ActionSpec("intimidate", ("region", "region"), block="intimidate-move",
                   phrase="Intimidate: push an enemy token out of {0}"),
    )
    uses = (UseLimit("intimidating-uses", 3, "Intimidating"),)
    action_kinds = frozenset({"intimidate"})

    def actions(self, s: State, owner: int) -> list[Action]:
        """``intimidate SRC [DST]`` for each source adjacent to the Active race."""
        if s.phase != CONQUER or s.decisions or s.chance or s.tflags.get(USES, 0) >= MAX_USES:
            return []
        code = 2 * owner
        occ, tokens = s.occ, s.tokens
        spec = s.spec
        ids, adj = spec.region_ids, spec.adj
        near: set[int] = set()
        for r in range(len(occ)):
            if occ[r] == code:
                near.update(adj[r])
        out: list[Action] = []
        others: dict[int, list[int]] = {}
        offered: set[str] = set()
        for r in sorted(near):
            c = occ[r]
            if c in (EMPTY, code) or c == code + 1:  # opponents' Regions and Murlocs only
                continue
            walls = any(s.piece(k, r) for k in WALLS)
            if not walls and tokens[r] == 0:
                continue
            owed = attack_tolls(s, owner, r)
            if owed is None:  # immune
                continue
            if owed:  # pay first (Harmony, Aegis)
                out.extend(pay_actions(s, owner, owed, offered))
                continue
            src = ids[r]
            if walls or c == MURLOC:
                out.append(Action("intimidate", (src,)))
                continue
            dests = others.get(c)
            if dests is None:
                dests = others[c] = s.regions_of(c)
            moved = False
            for q in dests:
                if q != r:
                    out.append(Action("intimidate", (src, ids[q])))
                    moved = True
            if not moved:
                out.append(Action("intimidate", (src,)))
        return out

    def apply(self, s: State, owner: int, action: Action) -> None:
        """Take one token (or the Fort / Wisp Wall first) from the source."""
        r = s.spec.region(str(action.args[0]))
        dst = s.spec.region(str(action.args[1])) if len(action.args) > 1 else -1
        changes.bump_tflag(s, USES)
        code = s.occ[r]
        if code >= 0 and code % 2 == 0:
            pandaren.note_attack(s, owner, code // 2)
        for kind in WALLS:
            if s.piece(kind, r):
                changes.return_piece(s, kind, r)
                return
        changes.take_tokens(s, r, 1)
        discarded, race = (1, None) if code == MURLOC else (0, None)
        if code >= 0:
            q, dec = divmod(code, 2)
            race = s.decline[q] if dec else s.active[q]
            assert race is not None
            if dst >= 0:
                changes.add_tokens(s, dst, 1)
            elif dec:
                changes.to_tray(s, race, 1)
                discarded = 1
            else:
                lost = _losses(s, r, owner)
                changes.to_tray(s, race, lost)
                discarded = lost
                if lost < 1:  # saved (Draenei, Light's Hope Chapel): to hand, redeployed later
                    changes.hand_add(s, q, 1)
                    changes.add_defender(s, q)
        if discarded:
            hooks.call_own(s, owner, "on_discarded", r, discarded, race)  # Forsaken
        if s.tokens[r] == 0 and defenders_in(s, r) == 0:
            changes.empty_region(s, r)
            if code >= 0 and code % 2 == 1:
                check_race_leaves(s, code // 2)
        troops.tokens_removed(s, r)  # Tauren never leave a token alone
