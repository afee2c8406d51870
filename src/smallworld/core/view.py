"""Per-player views: the only door through which game information leaves the engine (RULES §15).

:func:`view` returns a JSON-able dict. For seat ``p`` it hides: other players' VC totals and
their last scoring lines (R-SCORE-4), the content of the stacks (only their sizes are shown) and
face-down items (shown as ``"?"``). Bomb sides are never in any state (they are decided when
revealed). ``view(s, None)`` is the spectator's view (no VC at all). In the team variant
teammates see each other's VC (R-TEAM-6) and ``team`` shows the side columns (RULES §12).
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from smallworld.core.combos import pick_cost
from smallworld.core.engine import phase_of
from smallworld.core.state import MURLOC, State, replaced

_OCCUPANT = ("active", "decline")  # by occupant code parity (smallworld.core.state)


def view(s: State, player: int | None) -> dict[str, Any]:
    """What seat ``player`` may know of ``s`` (``None``: a spectator).

    Shape: ``{"round", "rounds", "turn", "phase", "actor", "column": [{"position", "race",
    "power", "coins", "cost"}], "stacks": {"banners", "badges", "badge_discards"},
    "players": [{"seat", "name", "race", "power", "decline", "kept", "decline2", "kept2", "hand",
    "vc"}], "regions": [{"id", "occupant", "player", "race", "tokens", "pieces", "item", "items"}],
    "defeated_this_turn": {race: Regions}, "tolls_paid": [key], "box": {race: tokens} (races on
    view only),
    "supply": {piece: count}, "result", "decline_hands", "in_decline_turn", "flags",
    "turn_flags", "team"}``.
    ``vc`` is ``None`` for other players; ``occupant`` is ``"active"``, ``"decline"``,
    ``"murlocs"`` or ``None``. ``items`` lists every item in the Region in the order they came
    (``"?"`` face down; a Region may hold several, R-ITEM-2); ``item`` is the first of them or
    ``None`` (kept for drivers that show one item per Region).
    """
    spec = s.spec
    players = []
    friends = {player}
    variant = spec.edition.variant
    assert variant is not None
    if player is not None:
        friends = set(variant.teammates(s, player))  # R-TEAM-6: teammates see each other's VC
    for p in range(spec.n_players):
        mine = p in friends
        players.append({
            "seat": p,
            "name": spec.seats[p],
            "race": s.active[p],
            "power": s.power[p],
            "decline": s.decline[p],
            "kept": s.kept[p],
            # a second In Decline race and its badge (classic Spirit, C-P-SPIRIT-1), else None
            "decline2": s.decline2[p],
            "kept2": s.kept2[p],
            "hand": s.hand[p],
            "turns_with_race": s.race_turns[p],
            "side": spec.sides[p] if spec.sides else None,
            "vc": s.vc[p] if mine or s.result is not None else None,
            "last_score": [list(x) for x in s.last_score[p]] if mine else None,
        })
    n = spec.n_regions
    pieces: list[dict[str, int]] = [{} for _ in range(n)]
    for kind, lst in s.pieces.items():
        for r in compress(range(n), lst):  # the Regions holding that piece
            pieces[r][kind] = lst[r]
    regions = []
    n_seats = spec.n_players
    occupant: str | None
    for r, code, tokens, here in zip(range(n), s.occ, s.tokens, s.items):
        if code >= 0:
            owner, occupant = (code >> 1) % n_seats, _OCCUPANT[code & 1]
        else:
            owner, occupant = None, "murlocs" if code == MURLOC else None
        regions.append({
            "id": spec.region_ids[r],
            "occupant": occupant,
            "player": owner,
            "race": s.race_of(code),
            "tokens": tokens,
            "pieces": pieces[r],
            "item": here[0] if here else None,
            "items": list(here),
        })
    column = [
        {"position": k, "race": race, "power": power, "coins": coins, "cost": pick_cost(k)}
        for k, (race, power, coins) in enumerate(s.column)
    ]
    return {
        "viewer": player,
        "round": s.round,
        "rounds": spec.rounds,
        "turn": s.turn,
        "phase": phase_of(s),
        "actor": s.current_player(),
        "column": column,
        "stacks": {
            "banners": len(s.banner_stack) + len(s.banner_bottom),
            "badges": len(s.badge_stack),
            "badge_discards": len(s.badge_discard),
        },
        "players": players,
        "regions": regions,
        "conquests_this_turn": s.conquests,
        # public (RULES §15 "everything else"): races beaten this turn for the faction bonus
        # (R-SCORE-3), tolls already paid this turn (RULES §8), race tokens left in the box of
        # the races on view (a race still in the stack has all its tokens there, unnamed)
        "defeated_this_turn": dict(s.defeated),
        "tolls_paid": sorted(s.paid),
        "box": {race: s.in_box(race) for race in sorted(_races_on_view(s))},
        "supply": dict(zip(spec.piece_keys, s.supply)),
        "result": s.result,
        "edition": spec.edition.name,
        # In Decline tokens in hand by race (classic Ghouls, C-CONQ-7); True while an In Decline
        # race takes its own turn in the Active slot (C-R-GHOULS-2: "race" is then that race)
        "decline_hands": dict(s.dhand),
        "in_decline_turn": s.acting is not None,
        # content state (Harmony holders, Beasts in hand, Worgen form, uses this turn, revealed
        # Bomb counts): public by contract, see smallworld.core.ability
        "flags": _jsonable(s.flags),
        "turn_flags": _jsonable(s.tflags),
        "team": variant.view_part(s),
    }


def _races_on_view(s: State) -> set[str]:
    """Races whose banner is face up: in the column, Active or In Decline (team columns too)."""
    seen = {race for race, _, _ in s.column if race is not None}
    seen.update(r for r in s.active + s.decline + s.decline2 if r is not None)
    for key, col in s.team.items():  # team variant: the side columns (RULES §12)
        if key.startswith("col-"):
            seen.update(race for race in col if race is not None)
    return seen


def _jsonable(d: dict[str, Any]) -> dict[str, Any]:
    def conv(v: Any) -> Any:
        if isinstance(v, (tuple, list)):
            return [conv(x) for x in v]
        if isinstance(v, (set, frozenset)):
            return sorted(conv(x) for x in v)
        if isinstance(v, dict):
            return {str(k): conv(x) for k, x in v.items()}
        return v

    return {str(k): conv(v) for k, v in d.items()}


def determinize(s: State, player: int, rng: Any) -> State:
    """A full :class:`State` for seat ``player`` to simulate on (search bots): a copy of ``s``
    in which every fact hidden from ``player`` (RULES §15) is replaced by a sample drawn from
    ``rng`` (a ``random.Random``), so that it depends only on what ``view(s, player)`` shows.

    Hidden in a state: other players' VC totals and last scoring lines (teammates' excepted in
    the team variant). Stack order, face-down items and Bomb sides are never stored (they are
    future chance draws), so they need no sampling. The sampled VC of an opponent is the seat's
    own VC plus a uniform offset in [-4, 4] (never below 0): a neutral guess.
    """
    t = s.copy()
    if s.result is not None:
        return t
    variant = s.spec.edition.variant
    assert variant is not None
    friends = set(variant.teammates(s, player))
    own = s.vc[player]
    for q in range(s.spec.n_players):
        if q not in friends:
            t.vc[q] = max(0, own + rng.randint(-4, 4))
            t.last_score = replaced(t.last_score, q, ())
    return t
