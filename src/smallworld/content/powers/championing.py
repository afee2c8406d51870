"""Championing (RULES §10): the Champion, a piece (``champion``, 1 in the box, RULES §2.3).

- Conquest: once per turn, in the conquest phase, ``champion R`` conquers a Region adjacent to
  the Active race (or treated as adjacent, e.g. Kobolds' Caverns) for free by placing the
  Champion there: no cost and no race token placed, the one exception to R-CONQ-4 (a race with
  a higher minimum still places it: Tauren 2). The Champion is lifted from wherever it stood:
  the box, its owner's hand, or a Region of the race (a Region it leaves with no token is
  abandoned, R-TROOP-2). The conquest is an ordinary one otherwise: the defender loses as in
  R-CONQ-7, items are revealed, ``on_conquest`` bonuses apply, tolls must be paid first.
- Occupation and defense: it counts as 1 race token (``conquest.TOKEN_PIECES``); a Region with
  only the Champion is held by the race with 0 tokens.
- Capture: when an opponent conquers its Region, no defending token is discarded; the owner pays
  a 1 VC ransom to the conqueror (forced payment: down to 0, RULES §8) and takes the Champion
  back to hand with its tokens; it is redeployed with them (``champion-to R``, after the
  current player's scoring, before the tokens, R-TROOP-4) and can act again on its next turn.
- Abandoning its Region (R-TROOP-2) takes it back to hand, like the tokens there; so does a
  removal that leaves its race unable to stay (a Tauren Region intimidated below 2 tokens: the
  Champion never holds a Tauren Region alone).
- Redeployment: it moves like a token: at its owner's redeployment (placement step) it goes
  from hand, or from a Region where a race token stays, to any Region of the race
  (``champion-to R``; its own Region means it stays).
- Decline: it leaves the board and the hand (R-DEC-2).

State: ``s.pieces["champion"]`` on the board; ``s.flags["champion-hand"]`` the seat holding it
in hand; ``s.tflags["champion-used"]`` once per turn.

- A live Goblins' Bomb on its Region is a capture too (RULES §10, revised ruling: "treated as a
  successful conquest"): no token discarded, 1 VC ransom to the Goblins' player.

Rulings: R-CONQ-10 holds ("whatever its powers"): the Champion's conquest needs at least one
token in hand. Intimidating takes race tokens, never the Champion.
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes, hooks, troops
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import defenders_in, resolve_conquest, toll_sum
from smallworld.core.meta import ActionSpec, Flag, Piece, UseLimit
from smallworld.core.names import N_
from smallworld.core.state import CONQUER, State

CHAMPION = "champion"
HAND = "champion-hand"  # persistent flag: seat holding the Champion in hand
USED = "champion-used"  # turn flag: the Champion's conquest was made this turn
MODE = "champion"  # conquest mode of the free conquest
KEY = "power:championing"
RANSOM = 1
#: losses that capture the Champion for a ransom: a conquest, and a live Goblins' Bomb ("treated
#: as a successful conquest", revised ruling of RULES §10)
RANSOM_CAUSES = frozenset({"conquest", "bomb"})


def champion_region(s: State) -> int:
    """Region number where the Champion stands, or -1."""
    lst = s.pieces.get(CHAMPION)
    if lst is not None:
        for r, n in enumerate(lst):
            if n:
                return r
    return -1


def _placed_tokens(s: State, p: int) -> int:
    """Race tokens a Champion conquest places: none, or the race minimum above 1 (Tauren 2)."""
    need = hooks.min_tokens(s, p)
    return need if need > 1 else 0


def _adjacent(s: State, p: int, own: list[int]) -> set[int]:
    adj = s.spec.adj
    out: set[int] = set()
    for r in own:
        out.update(adj[r])
    for extra in hooks.call_own(s, p, "reach"):
        out.update(extra)
    return out


def _available(s: State, p: int) -> bool:
    if s.flags.get(HAND) == p:
        return True
    r = champion_region(s)
    if r >= 0:
        return s.occ[r] == 2 * p
    return s.in_supply(CHAMPION) > 0


@register
class Championing(Ability):
    id = "championing"
    kind = "power"
    rule = "§10 Championing"
    summary = N_("Once per turn, conquer an adjacent Region for free with the Champion.")
    flags = (
        Flag("champion-used", words="the Champion's conquest was made this turn"),
        Flag("champion-hand", "flags", "seat", per_seat=True, rl_name="champion_in_hand",
             words="the seat holding the Champion in hand"),
    )
    action_specs = (
        ActionSpec("champion", ("region",), phrase="Champion: conquer {0} for free"),
        ActionSpec("champion-to", ("region",), phrase="Place the Champion in {0}"),
    )
    uses = (UseLimit("champion-used", 1, "Champion's conquest"),)
    pieces = (
        Piece("champion", "Champion", N_("counts as 1 race token; captured when its Region is conquered (its "
              "owner pays a 1 coin ransom).")),
    )
    action_kinds = frozenset({"champion"})

    # ---- the free conquest -----------------------------------------------------------------

    def _conquest_actions(self, s: State, p: int) -> list[Action]:
        if s.tflags.get(USED) or s.hand[p] < max(1, _placed_tokens(s, p)) or not _available(s, p):
            return []
        own = s.regions_of(2 * p)
        if not own:
            return []
        code = 2 * p
        occ = s.occ
        water = s.spec.water
        ids = s.spec.region_ids
        live = hooks.LIVE_HOOKS
        shields = hooks.shields(s)  # asked once; a toll lifts some immunities (Aegis)
        check_tolls = "tolls" in live
        may_water = None
        out: list[Action] = []
        # the targets of R-CONQ-2 that are adjacent (the same filters as conquest.targets)
        for r in sorted(_adjacent(s, p, own)):
            if occ[r] == code:
                continue
            if water[r]:
                if may_water is None:
                    may_water = hooks.any_own(s, p, "may_enter_water")
                if not may_water:
                    continue
            if shields and hooks.shielded(s, shields, p, r):
                continue  # immune whatever is paid (Watch Tower); an unpaid Aegis owes its toll
            if check_tolls:
                unpaid = [t for t in hooks.tolls(s, p, r) if t.key not in s.paid]
                if unpaid:  # pay first (RULES §8: their sum); the core lists each toll once
                    if s.vc[p] >= toll_sum(unpaid):
                        out.extend(Action("pay", (t.key,)) for t in unpaid)
                    continue
            out.append(Action("champion", (ids[r],)))
        return out

    def _conquer(self, s: State, p: int, r: int) -> None:
        src = champion_region(s)
        if src >= 0:
            changes.lift_piece(s, CHAMPION, src, 1)
            if s.occ[src] == 2 * p and defenders_in(s, src) == 0:
                troops.abandon(s, p, src)  # a Region it leaves empty is abandoned
        elif s.flags.get(HAND) == p:
            changes.clear_flag(s, HAND)
        else:
            changes.draw_supply(s, CHAMPION, 1)
        changes.set_tflag(s, USED, True)
        resolve_conquest(s, p, r, 0, _placed_tokens(s, p), MODE)
        changes.lay_piece(s, CHAMPION, r)

    # ---- redeployment ----------------------------------------------------------------------

    def _push_placement(self, s: State, p: int) -> None:
        if (p, KEY) not in s.decisions and (2 * p) in s.occ:
            changes.ask(s, p, KEY)

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        """Placement step (after redeployment): the Champion in hand, or standing beside a race
        token, may go to any Region of the race."""
        if step != "placement" or s.power[owner] != self.id:
            return
        if s.flags.get(HAND) == owner:
            self._push_placement(s, owner)
            return
        r = champion_region(s)
        if r >= 0 and s.occ[r] == 2 * owner and s.tokens[r] > 0 and len(s.regions_of(2 * owner)) > 1:
            self._push_placement(s, owner)

    def at_any_turn_end(self, s: State, owner: int | None, current: int) -> None:
        """A captured Champion is redeployed with its owner's tokens (R-TROOP-4)."""
        if owner is None:
            return
        if s.flags.get(HAND) == owner and s.active[owner] is not None and s.power[owner] == self.id:
            self._push_placement(s, owner)

    # ---- hooks -----------------------------------------------------------------------------

    def actions(self, s: State, owner: int) -> list[Action]:
        """The placement decision, or the free conquest in the conquest phase."""
        if s.decisions and s.decisions[-1] == (owner, KEY):
            ids = s.spec.region_ids
            return [Action("champion-to", (ids[r],)) for r in s.regions_of(2 * owner)]
        if s.phase != CONQUER or s.decisions or s.chance:
            return []
        return self._conquest_actions(s, owner)

    def apply(self, s: State, owner: int, action: Action) -> None:
        """``champion R`` (conquest) or ``champion-to R`` (placement decision)."""
        r = s.spec.region(str(action.args[0]))
        if action.kind == "champion":
            self._conquer(s, owner, r)
            return
        src = champion_region(s)
        if s.flags.get(HAND) == owner:
            changes.clear_flag(s, HAND)
        elif src >= 0:
            changes.lift_piece(s, CHAMPION, src, 1)
        changes.lay_piece(s, CHAMPION, r)
        changes.close_decision(s)

    def losses(self, s: State, owner: int | None, r: int, lost: int, attacker: int | None,
               cause: str) -> int:
        """Captured: no token discarded; ransom to the conqueror; the Champion to hand."""
        if owner is None:
            return lost
        lst = s.pieces.get(CHAMPION)
        if lst is None or not lst[r] or s.occ[r] != 2 * owner or cause == "intimidating":
            return lost
        changes.lift_piece(s, CHAMPION, r)
        changes.set_flag(s, HAND, owner)
        if cause in RANSOM_CAUSES and attacker is not None and attacker != owner:
            changes.pay_vc(s, owner, min(RANSOM, s.vc[owner]), attacker)  # what it has (§8)
        return 0

    def on_abandon(self, s: State, owner: int, r: int) -> None:
        """R-TROOP-2: abandoning its Region takes the Champion back to hand."""
        lst = s.pieces.get(CHAMPION)
        if lst is not None and lst[r]:
            changes.lift_piece(s, CHAMPION, r)
            changes.set_flag(s, HAND, owner)

    def on_tokens_removed(self, s: State, owner: int | None, r: int) -> None:
        """Tokens were taken from ``r`` (Intimidating): if its race may not stay there with what
        is left (Tauren below 2, or the Region emptied), the Champion goes back to hand."""
        if owner is None:
            return
        lst = s.pieces.get(CHAMPION)
        if lst is None or not lst[r] or s.power[owner] != self.id:
            return
        need = hooks.min_tokens(s, owner)
        if s.occ[r] != 2 * owner or (need > 1 and s.tokens[r] < need):
            changes.lift_piece(s, CHAMPION, r)
            changes.set_flag(s, HAND, owner)

    def on_decline(self, s: State, owner: int) -> None:
        """R-DEC-2: the Champion leaves the board (and the hand)."""
        r = champion_region(s)
        if r >= 0:
            changes.lift_piece(s, CHAMPION, r)
            changes.refill_supply(s, CHAMPION, 1)
        elif s.flags.get(HAND) == owner:
            changes.clear_flag(s, HAND)
            changes.refill_supply(s, CHAMPION, 1)
