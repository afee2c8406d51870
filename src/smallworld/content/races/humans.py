"""Humans (RULES §9): Military Objectives (pieces ``military-objective``, RULES §2.3: 2).

- Placement (each turn end, ``placement`` step, R-ORDER-2): the Humans take both back from the
  board, then place up to 2 (English "up to 2") on different Regions not occupied by an Alliance
  race: ``objective R`` each, ``done`` to stop.
- Reward (any player's conquest, the global ``on_region_conquered`` hook): a non-Horde conqueror
  (the Humans included) of a Region with a Military Objective gains 2 VC and the token returns to
  the Humans' owner, who also gains 2 VC unless it was the conqueror. A Horde conqueror (a Neutral
  race fighting as Horde on the Battleground included, via ``faction_side``) gets nothing and the
  token stays.
- Decline (R-DEC-2): the Military Objectives leave the board.

Rulings: "not occupied by an Alliance race" looks at the occupant's printed faction (Active or In
Decline); empty, Murloc, Horde and Neutral Regions qualify, Sea/Lake included (only Naga, Neutral,
can take those), immune Regions excluded (RULES §10: Military Objectives cannot target them). A
Goblins Bomb explosion is no conquest: it earns nothing.
"""

from __future__ import annotations

from smallworld.content.data import ALLIANCE, HORDE, RACES
from smallworld.content.registry import register
from smallworld.core import changes, hooks
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, EventWords, Piece
from smallworld.core.names import N_
from smallworld.core.state import State

MO = "military-objective"
REWARD = 2
_KEY = "race:humans"
_DONE = Action("done")


def conqueror_side(s: State, p: int) -> str | None:
    """Faction seat ``p``'s Active race fights as this turn (Battleground side, RULES §11)."""
    race = s.active[p]
    side = RACES[race].faction if race is not None else None
    if "faction_side" in hooks.LIVE_HOOKS:
        for answer in hooks.call_own(s, p, "faction_side"):
            if answer is not None:
                side = answer
    return side


def _take_back(s: State) -> None:
    changes.clear_pieces(s, MO)


def _spots(s: State, owner: int) -> list[int]:
    occ = s.occ
    lst = s.pieces.get(MO)
    # occupants of an Alliance race, each looked up once
    alliance = {c for c in set(occ) if c >= 0 and RACES[s.race_of(c)].faction == ALLIANCE}  # type: ignore[index]
    out = [r for r, c in enumerate(occ) if c not in alliance and not (lst is not None and lst[r])]
    if "immune" in hooks.LIVE_HOOKS:
        # hooks.immune for every Region, asking the abilities in play once
        guards = hooks.implementers(s, "immune")
        if guards:
            out = [r for r in out if not any(ab.immune(s, o, owner, r) for o, ab in guards)]
    return out


@register
class Humans(Ability):
    id = "humans"
    kind = "race"
    rule = "§9 Humans"
    summary = N_(
        "Place 2 Military Objectives each turn; a non-Horde race that conquers one earns 2 coins, "
        "and so do you."
    )
    action_specs = (ActionSpec("objective", ("region",), phrase="Place a Military Objective in {0}"),)
    pieces = (
        Piece("military-objective", "Military Objective", N_("a non-Horde race that conquers this Region gains "
              "2 coins (the Humans' owner gains 2 too, unless it was the conqueror).")),
    )

    event_words = (EventWords("objective_taken", "{who} takes the Military Objective in {region}: "
                                                 "{coins} coins"),)

    def on_region_conquered(self, s: State, owner: int | None, c) -> None:  # c: Conquest
        """A non-Horde conqueror of a Military Objective Region: 2 VC, and 2 VC to the Humans'
        owner unless it conquered; the token goes back to the Humans. Horde: nothing. Reports
        ``objective_taken`` (``seat``: the conqueror, ``region``, ``coins``, ``humans``: the
        Humans' owner)."""
        if owner is None:
            return
        lst = s.pieces.get(MO)
        if lst is None or not lst[c.region] or conqueror_side(s, c.attacker) == HORDE:
            return
        changes.return_piece(s, MO, c.region)
        changes.emit(s, "objective_taken", seat=c.attacker, region=s.spec.region_ids[c.region],
                     coins=REWARD, humans=owner)
        changes.gain_vc(s, c.attacker, REWARD)
        if c.attacker != owner:
            changes.gain_vc(s, owner, REWARD)

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        """R-ORDER-2 placements: take both back, then place up to 2."""
        if step != "placement":
            return
        _take_back(s)
        if s.in_supply(MO) > 0:
            changes.ask(s, owner, _KEY)

    def on_decline(self, s: State, owner: int) -> None:
        """R-DEC-2: pieces tied to the Active race leave the board."""
        _take_back(s)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        acts = s.spec.region_actions("objective")
        return [acts[r] for r in _spots(s, owner)] + [_DONE]

    def apply(self, s: State, owner: int, action: Action) -> None:
        if action.kind == "objective":
            changes.put_piece(s, MO, s.spec.region(str(action.args[0])))
            if s.in_supply(MO) > 0:
                return
        changes.close_decision(s)
