"""Beast Master (RULES §10): Beasts, pieces (``beast``, 5 in the box, RULES §2.3) that act as race
tokens for conquest, redeployment and defense.

- Renewal (R-ORDER-1, ``on_expand``): at the start of each expansion turn every Beast is
  discarded, those on the board and those in hand (a Region left with no race token becomes
  empty), then the player takes one Beast per Hills Region its Active race holds, while the box
  has one (5 in all).
- Conquest (``auxiliaries`` hook): Beasts in hand fight beside the tokens: they make up the cost
  beyond the race minimum of real tokens (1; Tauren 2), so a conquest costing 4 can be made with
  1 token and 3 Beasts. Every conquest that places ``max(minimum, cost - Beasts)`` tokens
  (ordinary ones, and those of abilities following the same rule: Gnomes' airborne assault,
  Ethereals, Ashes of Al'ar, Frostmourne) uses as many Beasts as it can: ``cost - placed`` of the
  ``on_conquest`` record; they stay in the conquered Region. A final conquest (R-CONQ-9) counts
  them with the tokens and takes them all when it succeeds.
- Defense: each Beast counts as a race token (``conquest.TOKEN_PIECES``). When a Region with a
  Beast is conquered (or blown up), a Beast is the discarded loss instead of a token; the other
  Beasts go back to hand with the tokens and are redeployed with them (``beast R``, after the
  current player's scoring, before the tokens, R-TROOP-4).
- Abandoning a Region (R-TROOP-2) takes its Beasts back to hand with the tokens; so does a
  removal that leaves its race unable to stay (a Tauren Region intimidated below 2 tokens).
- Redeployment: at its owner's redeployment (placement step) every Beast goes back to hand (one
  stays in a Region that has no race token) and is placed again, one ``beast R`` at a time, on
  Regions of the race.
- Decline: the Beasts leave the board and the hand (R-DEC-2).

State: ``s.pieces["beast"]`` on the board; ``s.flags["beasts-hand-P"]`` Beasts in seat P's hand.

Rulings: a conquest always places at least the race minimum of real tokens (R-CONQ-4/10: only
the Champion conquers without a token), so Beasts never conquer alone; a Region may still be
left to Beasts alone when Intimidating takes its last token (Intimidating takes race tokens, not
Beasts). Doomhammer's and the Champion's conquests place their fixed tokens and no Beast. When
the loss of a Region is already saved (Light's Hope Chapel), no Beast is lost.
"""

from __future__ import annotations

from smallworld.content.registry import register
from smallworld.core import changes, hooks, troops
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import Conquest, defenders_in
from smallworld.core.meta import ActionSpec, Flag, Piece
from smallworld.core.names import N_
from smallworld.core.state import State

BEAST = "beast"
KEY = "power:beast-master"
CHAPEL = "lights-hope-chapel"


def hand_key(p: int) -> str:
    """Persistent flag holding the number of Beasts in seat ``p``'s hand."""
    return f"beasts-hand-{p}"


def beasts_in_hand(s: State, p: int) -> int:
    """Beasts in seat ``p``'s hand."""
    return s.flags.get(hand_key(p), 0)


def _set_hand(s: State, p: int, n: int) -> None:
    if n:
        changes.set_flag(s, hand_key(p), n)
    else:
        changes.clear_flag(s, hand_key(p))


def _chapel_held(s: State, p: int) -> bool:
    """True if seat ``p``'s Active race controls Light's Hope Chapel (RULES §11), which is asked
    after this power in the ``losses`` chain but saves Beasts too (they act as race tokens)."""
    return any(ab.id == CHAPEL for ab in hooks.own_abilities(s, p))


@register
class BeastMaster(Ability):
    id = "beast-master"
    kind = "power"
    rule = "§10 Beast Master"
    summary = N_("Each turn, one Beast per Hills Region you hold; Beasts fight and defend like tokens.")
    flags = (Flag("beasts-hand-", "flags", "count", scale=5, per_seat=True, family=True, rl_name="beasts_in_hand", high=2.0,
                  words="Beasts in each seat's hand"),)
    action_specs = (ActionSpec("beast", ("region",), phrase="Place a Beast in {0}"),)
    pieces = (
        Piece("beast", "Beast", N_("counts as a race token for conquest, redeployment and defense; lost first "
              "when the Region is conquered.")),
    )

    def _discard_all(self, s: State, p: int) -> None:
        lst = s.pieces.get(BEAST)
        if lst is not None:
            for r in range(len(lst)):
                if lst[r]:
                    changes.return_piece(s, BEAST, r, lst[r])
                    if s.occ[r] == 2 * p and defenders_in(s, r) == 0:
                        troops.abandon(s, p, r)  # a Region left with no token becomes empty
        changes.refill_supply(s, BEAST, beasts_in_hand(s, p))
        _set_hand(s, p, 0)

    def on_expand(self, s: State, owner: int) -> None:
        """Renew: discard every Beast, then one per Hills Region held (while the box has one)."""
        if s.power[owner] != self.id:
            return
        self._discard_all(s, owner)
        code = 2 * owner
        terrain = s.spec.terrain
        occ = s.occ
        hills = sum(1 for r in range(len(occ)) if occ[r] == code and terrain[r] == "hills")
        take = min(hills, s.in_supply(BEAST))
        changes.draw_supply(s, BEAST, take)
        _set_hand(s, owner, take)

    def auxiliaries(self, s: State, owner: int) -> int:
        """Beasts in hand fight as race tokens."""
        return beasts_in_hand(s, owner)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        """The Beasts that joined the conquest stay in the conquered Region."""
        n = beasts_in_hand(s, owner)
        if not n:
            return
        used = n if c.mode == "final" else min(n, c.cost - c.placed)
        if used > 0:
            changes.lay_piece(s, BEAST, c.region, used)
            _set_hand(s, owner, n - used)

    def losses(self, s: State, owner: int | None, r: int, lost: int, attacker: int | None,
               cause: str) -> int:
        """A Beast is the discarded loss; the other Beasts there go back to hand."""
        if owner is None:
            return lost
        if cause == "intimidating" or s.occ[r] != 2 * owner:
            return lost
        lst = s.pieces.get(BEAST)
        if lst is None or not lst[r]:
            return lost
        b = changes.lift_piece(s, BEAST, r)
        if attacker != owner and _chapel_held(s, owner):
            pass  # Light's Hope Chapel: no token lost, Beasts included (it zeroes ``lost`` next)
        elif lost >= 1 or s.tokens[r] == 0:
            changes.refill_supply(s, BEAST, 1)
            b -= 1
            lost = max(0, lost - 1)
        _set_hand(s, owner, beasts_in_hand(s, owner) + b)
        return lost

    # ---- redeployment ----------------------------------------------------------------------

    def _push_placement(self, s: State, p: int) -> None:
        if beasts_in_hand(s, p) and (p, KEY) not in s.decisions and (2 * p) in s.occ:
            changes.ask(s, p, KEY)

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        """Placement step (after redeployment): Beasts back to hand, to be placed again."""
        if step != "placement" or s.power[owner] != self.id:
            return
        lst = s.pieces.get(BEAST)
        lifted = 0
        if lst is not None:
            code = 2 * owner
            for r in range(len(lst)):
                if lst[r] and s.occ[r] == code:
                    keep = 0 if s.tokens[r] > 0 or s.piece("champion", r) else 1
                    if lst[r] > keep:
                        lifted += changes.lift_piece(s, BEAST, r, lst[r] - keep)
        if lifted:
            _set_hand(s, owner, beasts_in_hand(s, owner) + lifted)
        self._push_placement(s, owner)

    def at_any_turn_end(self, s: State, owner: int | None, current: int) -> None:
        """Beasts that came back to hand after a loss are redeployed (R-TROOP-4)."""
        if owner is None:
            return
        if current != owner and s.power[owner] == self.id:
            self._push_placement(s, owner)

    def actions(self, s: State, owner: int) -> list[Action]:
        """While placing: ``beast R`` for each Region of the race."""
        if s.decisions and s.decisions[-1] == (owner, KEY):
            ids = s.spec.region_ids
            return [Action("beast", (ids[r],)) for r in s.regions_of(2 * owner)]
        return []

    def apply(self, s: State, owner: int, action: Action) -> None:
        """Place one Beast from hand."""
        r = s.spec.region(str(action.args[0]))
        changes.lay_piece(s, BEAST, r)
        n = beasts_in_hand(s, owner) - 1
        _set_hand(s, owner, n)
        if n <= 0:
            changes.close_decision(s)

    def on_abandon(self, s: State, owner: int, r: int) -> None:
        """R-TROOP-2: abandoning a Region takes its Beasts back to hand with the tokens."""
        lst = s.pieces.get(BEAST)
        if lst is not None and lst[r]:
            _set_hand(s, owner, beasts_in_hand(s, owner) + changes.lift_piece(s, BEAST, r))

    def on_tokens_removed(self, s: State, owner: int | None, r: int) -> None:
        """Tokens were taken from ``r`` (Intimidating): if its race may not stay there with what
        is left (Tauren below 2, or the Region emptied), the Beasts go back to hand."""
        if owner is None:
            return
        lst = s.pieces.get(BEAST)
        if lst is None or not lst[r] or s.power[owner] != self.id:
            return
        need = hooks.min_tokens(s, owner)
        if s.occ[r] != 2 * owner or (need > 1 and s.tokens[r] < need):
            _set_hand(s, owner, beasts_in_hand(s, owner) + changes.lift_piece(s, BEAST, r))

    def on_decline(self, s: State, owner: int) -> None:
        """R-DEC-2: the Beasts leave the board and the hand."""
        self._discard_all(s, owner)
