"""Conquest (RULES §5): targets, cost, resolution, losses and withdrawals.

The one place where a conquest's cost is computed (:func:`conquest_cost`) and where a Region
changes hands (:func:`resolve_conquest`, :func:`lose_region`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from smallworld.core import hooks
from smallworld.core.decline import check_race_leaves
from smallworld.core.events import emit, occupant, region_id
from smallworld.core.state import EMPTY, MURLOC, State

#: Warcraft's pieces that add +1 defense each (R-CONQ-3) and are discarded when their Region
#: falls or is emptied (R-CONQ-7, R-TROOP-2); the core reads the edition's
#: (``spec.defense_pieces``, ``spec.abandon_removes``), these are Warcraft's defaults
DEFENSE_PIECES = ("fort", "wisp-wall")
#: pieces that count as race tokens for defense (R-CONQ-3)
TOKEN_PIECES = ("beast", "champion")
#: pieces removed when their Region is abandoned (R-TROOP-2)
ABANDON_REMOVES = ("fort", "wisp-wall", "watch-tower")
#: R-CONQ-9: the reinforcement die adds at most 3 tokens to a final conquest
FINAL_CONQUEST_MAX_SHORT = 3


@dataclass(init=False)
class Conquest:
    """What one conquest did, passed to the ``on_conquest`` / ``on_region_conquered`` hooks.

    ``defender`` is the occupant code before the conquest (``EMPTY``, ``MURLOC``, ``2q``,
    ``2q+1``); ``defenders`` the Murlocs/race tokens (Beasts, Champion included) that were there;
    ``race`` the defending race id (``None`` for empty or Murlocs); ``discarded`` how many
    Murlocs/race tokens went to the box (Forsaken count these); ``placed`` the tokens placed.
    """

    # slots and a written __init__ (the compiled build compiles it; a dataclass's own is Python
    # code made at import, run for every conquest): one is made per conquest
    __slots__ = ("attacker", "region", "defender", "race", "defenders", "discarded", "cost", "placed", "mode")

    attacker: int
    region: int
    defender: int
    race: str | None
    defenders: int
    discarded: int
    cost: int
    placed: int
    mode: str

    def __init__(self, attacker: int, region: int, defender: int, race: str | None, defenders: int,
                 discarded: int, cost: int, placed: int, mode: str) -> None:
        self.attacker = attacker
        self.region = region
        self.defender = defender
        self.race = race
        self.defenders = defenders
        self.discarded = discarded
        self.cost = cost
        self.placed = placed
        self.mode = mode


def has_regions(s: State, p: int) -> bool:
    """True if seat ``p``'s Active race occupies at least one Region."""
    return (2 * p) in s.occ


def defenders_in(s: State, r: int) -> int:
    """Murlocs or race tokens in region ``r``, Beasts and the Champion included (R-CONQ-3)."""
    n = s.tokens[r]
    for kind in TOKEN_PIECES:
        lst = s.pieces.get(kind)
        if lst is not None:
            n += lst[r]
    return n


def targets(
    s: State,
    p: int,
    abilities: Sequence[Any] | None = None,
    play: Sequence[tuple[int | None, Any]] | None = None,
    regions: list[int] | None = None,
) -> dict[int, int]:
    """Regions seat ``p`` may attack now -> travel cost (0 or 1).

    R-CONQ-1: with no Region, only Entry Regions (+1 travel), plus races' own first targets
    (Kobolds' Caverns, Naga's water, no travel). R-CONQ-2: otherwise Regions adjacent to its
    Regions (and those its abilities treat as adjacent) with no travel, or any Entry Region
    (+1 when not adjacent). The edition sets the travel cost and whether Entry Regions stay
    targets after a first conquest (classic: border Regions, no travel, first conquest only,
    C-CONQ-1/2). Excludes its own Active Regions, Sea/Lake unless allowed (R-CONQ-5)
    and immune Regions (except those a toll makes attackable once paid: Aegis, see
    :func:`hooks.immune_beyond_tolls`). Callers that have them already pass ``abilities``
    (``hooks.own_abilities(s, p)``), ``play`` (``list(hooks.in_play(s))``, or only those of its
    entries that implement ``immune``) and ``regions`` (``s.regions_of(2 * p)``).
    """
    spec = s.spec
    out: dict[int, int] = {}
    own = s.regions_of(2 * p) if regions is None else regions
    if abilities is None:
        abilities = hooks.own_abilities(s, p)
    if own:
        near = spec.near
        for r in own:
            out.update(near[r])
        for ab in abilities:
            if "reach" in ab.hooks:
                for q in ab.reach(s, p):
                    out[q] = 0
    else:
        for ab in abilities:
            if "first_targets" in ab.hooks:
                for q in ab.first_targets(s, p):
                    out[q] = 0
    if not own or spec.entries_always:  # C-CONQ-1/2: classic borders only for a first conquest
        travel = spec.travel
        for e in spec.entries:
            if e not in out:
                out[e] = travel
    if out:
        for ab in abilities:
            if "no_travel_cost" in ab.hooks and ab.no_travel_cost(s, p):
                out = dict.fromkeys(out, 0)
                break
    for r in own:
        out.pop(r, None)
    may_water = None
    for r in spec.waters:
        if r in out:
            if may_water is None:
                may_water = False
                for ab in abilities:
                    if "may_enter_water" in ab.hooks and ab.may_enter_water(s, p):
                        may_water = True
                        break
            if not may_water:
                del out[r]
    if play is None:
        shields = hooks.shields(s)  # abilities able to make a Region immune, asked once
    else:
        shields = [(o, ab) for o, ab in play if "immune" in ab.hooks]
    if shields:  # hooks.shielded for every target, inline (one call per target fewer)
        gone = []
        for r in out:
            for owner, ab in shields:
                if ab.immune(s, owner, p, r) and not ("tolls" in ab.hooks and ab.tolls(s, owner, p, r)):
                    gone.append(r)
                    break
        for r in gone:
            del out[r]
    return out


def travel_to(s: State, p: int, r: int, abilities: Any = None) -> int:
    """The travel cost (0 or 1) of a conquest of region ``r`` by seat ``p``: the value
    ``targets(s, p)[r]`` for any ``r`` in :func:`targets`, found without listing every target
    (R-CONQ-1, R-CONQ-2). For a Region that is not a target the answer means nothing.
    ``abilities`` as in :func:`targets`."""
    if not s.spec.travel:  # an edition without travel (C-CONQ-1)
        return 0
    if abilities is None:
        abilities = hooks.own_abilities(s, p)
    for ab in abilities:
        if "no_travel_cost" in ab.hooks and ab.no_travel_cost(s, p):
            return 0
    occ = s.occ
    code = 2 * p
    if code in occ:
        for q in s.spec.adj[r]:  # adjacency is symmetric (shared borders)
            if occ[q] == code:
                return 0
        for ab in abilities:
            if "reach" in ab.hooks and r in ab.reach(s, p):
                return 0
    else:
        for ab in abilities:
            if "first_targets" in ab.hooks and r in ab.first_targets(s, p):
                return 0
    return 1


def raw_costs(s: State, tg: dict[int, int]) -> list[tuple[int, int, int]]:
    """R-CONQ-3 before reductions and clamps, ``2 + Mountain + Forts + Wisp Walls + defenders +
    travel``, for many Regions at once: ``(region, travel, raw cost)`` for each ``region ->
    travel`` of ``tg`` (the answer of :func:`targets`), in its order. An upper bound of
    :func:`conquest_cost` for races whose minimum is 1 or 2."""
    occ, tokens, mountain, pieces = s.occ, s.tokens, s.spec.mountain, s.pieces
    defense = [lst for lst in map(pieces.get, s.spec.defense_pieces) if lst is not None]
    extra = [lst for lst in map(pieces.get, TOKEN_PIECES) if lst is not None]
    out = []
    for r, travel in tg.items():
        n = 2 + travel + mountain[r]
        for lst in defense:
            n += lst[r]
        if occ[r] != EMPTY:
            n += tokens[r]
            for lst in extra:
                n += lst[r]
        out.append((r, travel, n))
    return out


def defense_pieces_in(s: State, r: int) -> int:
    """Pieces in Region ``r`` that add one each to its conquest cost (``spec.defense_pieces``:
    Forts and Wisp Walls, R-CONQ-3; classic's Troll's Lairs, Encampments and Fortresses,
    C-CONQ-3)."""
    n = 0
    for kind in s.spec.defense_pieces:
        lst = s.pieces.get(kind)
        if lst is not None:
            n += lst[r]
    return n


def conquest_cost(
    s: State,
    p: int,
    r: int,
    travel: int,
    mode: str = "conquer",
    parts: dict[str, int] | None = None,
    reducers: Sequence[Any] | None = None,
) -> int:
    """Tokens seat ``p`` must place to conquer region ``r`` (R-CONQ-3, R-CONQ-4).

    ``2 + Mountain + Forts + Wisp Walls + defenders + travel``, minus the reductions of ``p``'s
    abilities for this ``mode`` (all stacked), then never below 1, and never below the race's
    minimum tokens (Tauren 2). When ``parts`` is given it is filled with the breakdown
    (``base``, ``mountain``, ``pieces``, ``defenders``, ``travel``, ``reductions``, ``cost``).
    ``reducers`` is ``hooks.own_implementers(s, p, "conquest_reduction")`` when the caller
    prices many Regions at once.
    """
    pieces = defense_pieces_in(s, r)
    code = s.occ[r]
    defenders = defenders_in(s, r) if code != EMPTY else 0
    mountain = 1 if s.spec.mountain[r] else 0
    raw = 2 + mountain + pieces + defenders + travel  # as raw_costs
    if reducers is None:
        reducers = hooks.own_implementers(s, p, "conquest_reduction")
    reductions = 0
    for ab in reducers:
        reductions += ab.conquest_reduction(s, p, r, mode)
    cost = raw - reductions
    if cost < 1:
        cost = 1
    m = hooks.min_tokens(s, p)
    if cost < m:
        cost = m
    if parts is not None:
        parts.update(
            base=2, mountain=mountain, pieces=pieces, defenders=defenders, travel=travel,
            reductions=reductions, cost=cost,
        )
    return cost


def lose_region(s: State, r: int, *, attacker: int | None, cause: str) -> tuple[int, int]:
    """The occupant of region ``r`` withdraws (R-CONQ-7); returns ``(occupant code it had,
    tokens discarded)``. ``cause`` is ``"conquest"`` or the content's name for it (``"bomb"``).

    Active race: all its tokens there go to its owner's hand minus the discarded loss (1, or
    what the ``losses`` hooks say: Draenei, Light's Hope Chapel); the owner redeploys them at the
    end of the current turn (R-TROOP-4). In Decline races and Murlocs: all discarded; in an
    edition with ``decline_losses_withdraw`` (classic, C-CONQ-7) an In Decline race loses 1 and
    its other tokens wait in ``dhand`` to be redeployed in the ``defend`` step. Forts and
    Wisp Walls there are discarded; Mountains and items stay. A race whose last In Decline token
    leaves the boards leaves the game (R-DEC-4). Reports a ``lost`` event.
    """
    code = s.occ[r]
    n = s.tokens[r]
    discarded = n
    if s.events is not None:
        emit(s, "lost", region=region_id(s, r), defender=occupant(s, code), tokens=n,
             discarded=0, withdrew=0, cause=cause)
        ev = s.events[-1]
    if code >= 0:
        q, dec = divmod(code, 2)
        race = s.race_of(code)
        assert race is not None
        if dec:
            if n > 1 and s.spec.edition.decline_losses_withdraw:  # C-CONQ-7 (In Decline Ghouls)
                s.box[s.spec.race_index[race]] += 1
                s.dhand[race] = s.dhand.get(race, 0) + n - 1
                discarded = 1
            else:
                s.box[s.spec.race_index[race]] += n
        else:
            lost = 1 if n > 0 else 0
            lost = hooks.losses(s, r, lost, attacker, cause)
            s.box[s.spec.race_index[race]] += lost
            s.hand[q] += n - lost
            discarded = lost
            if q != attacker and q not in s.defenders:
                s.defenders.append(q)
    if s.events is not None:
        ev["discarded"] = discarded
        ev["withdrew"] = n - discarded
    s.occ[r] = EMPTY
    s.tokens[r] = 0
    for kind in s.spec.defense_pieces:
        lst = s.pieces.get(kind)
        if lst is not None and lst[r]:
            s.supply[s.spec.piece_index[kind]] += lst[r]
            lst[r] = 0
    if code >= 0 and code % 2 == 1:
        q = code >> 1
        n_seats = len(s.active)
        if q < n_seats:
            check_race_leaves(s, q)
        else:  # the second In Decline slot (classic Spirit)
            check_race_leaves(s, q - n_seats, 2)
    return code, discarded


def resolve_conquest(
    s: State, p: int, r: int, cost: int, placed: int, mode: str, cause: str = "conquest",
    parts: dict[str, int] | None = None,
) -> Conquest:
    """Seat ``p`` takes region ``r`` placing ``placed`` tokens from hand (R-CONQ-6..8).

    ``cause`` is what the defender's losses see (:func:`lose_region`): ``"conquest"``, or an
    ability's name for a conquest that is not an attack in the ``losses`` sense (classic
    Sorcerers' substitution: ``"sorcery"``, C-R-ELVES-2).

    Records the defeated race for the faction bonus (R-SCORE-3), queues the reveal of a
    face-down item (R-ITEM-1) and calls the ``on_conquest`` and ``on_region_conquered`` hooks.
    Reports a ``conquered`` event (before the defender's ``lost``), with the cost's ``parts``
    (:func:`conquest_cost`) when the caller has them.
    """
    code = s.occ[r]
    race = s.race_of(code) if code >= 0 else None
    defenders = defenders_in(s, r) if code != EMPTY else 0
    if s.events is not None:
        emit(s, "conquered", seat=p, race=s.active[p], region=region_id(s, r), cost=cost,
             parts=parts, placed=placed, mode=mode, defender=occupant(s, code))
    discarded = 0
    if code != EMPTY:
        discarded = lose_region(s, r, attacker=p, cause=cause)[1]
    if race is not None:
        s.defeated[race] = s.defeated.get(race, 0) + 1
    s.hand[p] -= placed
    s.occ[r] = 2 * p
    s.tokens[r] = placed
    s.conquests += 1
    if "?" in s.items[r]:
        s.chance.append(("item", r))
    c = Conquest(p, r, code, race, defenders, discarded, cost, placed, mode)
    if "on_conquest" in hooks.LIVE_HOOKS:
        hooks.call_own(s, p, "on_conquest", c)
    if "on_region_conquered" in hooks.LIVE_HOOKS:
        hooks.call_global(s, "on_region_conquered", c)
    return c


def finish_final_conquest(s: State, r: int, cost: int, roll: int) -> None:
    """Resolve the die of the turn's player's final conquest of region number ``r`` costing
    ``cost`` tokens (R-CONQ-9; the chance event ``("die", r, cost)``), ``roll`` the face
    rolled. With ``hand + auxiliaries + roll >= cost`` every token in hand goes to the target;
    otherwise they stay in hand. Conquests end either way."""
    p = s.turn
    hand = s.hand[p]
    ok = hand + hooks.auxiliaries(s, p) + roll >= cost
    if s.events is not None:
        emit(s, "rolled", seat=p, face=roll, region=region_id(s, r), success=ok)
    if ok:
        resolve_conquest(s, p, r, cost, hand, "final")


def toll_sum(tolls: Any) -> int:
    """VC an action owing ``tolls`` (an iterable of :class:`~smallworld.core.ability.Toll`)
    needs (RULES §8, revised ruling: several tolls on one action are paid together, so the player
    must hold their sum before paying any). A key listed twice counts once."""
    return sum({t.key: t.amount for t in tolls}.values())


__all__ = [
    "Conquest", "targets", "conquest_cost", "resolve_conquest", "lose_region", "has_regions",
    "defenders_in", "toll_sum", "MURLOC",
]
