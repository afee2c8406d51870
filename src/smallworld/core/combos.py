"""Picking a combo (RULES §4): the column of 6 visible combos, coins, refills, banner returns.

The column is ``s.column``: a list of 6 ``(race | None, power | None, coins)`` slots, position 0 at
the top. Stacks hold no order (R-SET-2, RULES §15): ``banner_stack`` and ``badge_stack`` are the
multisets of unseen tiles, and the next tile is drawn by a chance action (``banner RACE``,
``badge POWER``). Banners returned to the bottom of the stack (R-PICK-5) are known and ordered in
``banner_bottom``; they come out after the unseen ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from smallworld.core import hooks
from smallworld.core.errors import IllegalActionError, Refusal, ScenarioError
from smallworld.core.events import emit
from smallworld.core.names import N_
from smallworld.core.roster import changed
from smallworld.core.state import State, replaced, shared

if TYPE_CHECKING:
    from smallworld.core.edition import ScenarioIds

#: combos in the standard column (R-PICK-1); an edition may say otherwise
COLUMN_SIZE = 6


def pick_cost(position: int) -> int:
    """VC to pick the combo at ``position`` (R-PICK-2): one per combo above it."""
    return position


def pickable(s: State, p: int) -> list[int]:
    """Positions seat ``p`` may pick (R-PICK-2): a complete combo it can pay for."""
    vc = s.vc[p]
    return [k for k, (race, power, _) in enumerate(s.column) if race and power and k <= vc]


def pick(s: State, p: int, k: int) -> None:
    """Seat ``p`` picks the combo at position ``k`` (R-PICK-2..4).

    Pays 1 VC on each combo above, takes the coins on the picked one, takes
    ``banner + badge`` tokens (capped by that race's tokens in the box), and slides the column
    up, queueing the reveal of a new bottom combo.

    Raises:
        IllegalActionError: no complete combo at ``k`` or not enough VC.
    """
    if k not in pickable(s, p):
        raise IllegalActionError(Refusal(N_("cannot pick position {position}"), position=k))
    column = list(s.column)
    for i in range(k):
        race, power, coins = column[i]
        column[i] = shared((race, power, coins + 1))
    s.vc[p] -= k
    race, power, coins = column.pop(k)
    assert race is not None and power is not None
    s.vc[p] += coins
    column.append(shared((None, None, 0)))
    s.column = tuple(column)
    queue_refill(s, len(column) - 1)
    if s.events is not None:
        if k:
            emit(s, "coins", seat=p, n=-k, why="combo")
        if coins:
            emit(s, "coins", seat=p, n=coins, why="combo")
        take_combo(s, p, race, power, {"position": k, "paid": k, "took": coins})
    else:
        take_combo(s, p, race, power)


def take_combo(s: State, p: int, race: str, power: str,
               picked: dict[str, Any] | None = None) -> None:
    """Seat ``p`` becomes ``race`` + ``power`` (R-PICK-3): ``banner + badge`` tokens to hand,
    capped by that race's tokens left in the box; then the ``on_pick`` hooks. Reports
    ``picked`` with the arguments of ``picked`` (where the combo was and its coins) added."""
    ed = s.spec.edition
    n = min(ed.races[race].value + ed.powers[power].value, s.in_box(race))
    ev: dict[str, Any] | None = None
    if s.events is not None:
        emit(s, "picked", seat=p, race=race, power=power, tokens=0, **(picked or {}))
        ev = s.events[-1]
    s.box[s.spec.race_index[race]] -= n
    s.hand[p] += n
    s.active[p] = race
    s.power[p] = power
    changed(s)
    s.race_turns[p] = 0
    hooks.call_own(s, p, "on_pick")
    if ev is not None:
        ev["tokens"] = s.hand[p]  # with what the on_pick hooks gave (classic Amazons)


def queue_refill(s: State, slot: int) -> None:
    """Queue the draws that fill the empty ``slot`` (R-PICK-4): a banner, then a badge.

    With no banner left anywhere the slot stays empty (no badge is drawn for it).
    """
    if s.banner_stack or s.banner_bottom:
        s.chance.append(("banner", slot))
        s.chance.append(("badge", slot))


def draw_banner(s: State, slot: int, race: str) -> None:
    """Chance: ``race`` is the banner drawn into ``slot``."""
    if s.events is not None:
        emit(s, "drew_banner", race=race, slot=slot)
    if s.banner_stack:
        s.banner_stack.remove(race)
    else:
        first = s.banner_bottom.pop(0)
        assert first == race
    _, power, coins = s.column[slot]
    s.column = replaced(s.column, slot, shared((race, power, coins)))


def draw_badge(s: State, slot: int, power: str) -> None:
    """Chance: ``power`` is the badge drawn into ``slot`` (the discards are reshuffled into the
    stack first when it is empty, R-PICK-4)."""
    if s.events is not None:
        emit(s, "drew_badge", power=power, slot=slot)
    if not s.badge_stack:
        s.badge_stack = sorted(s.badge_discard)
        s.badge_discard = []
    s.badge_stack.remove(power)
    race, _, coins = s.column[slot]
    s.column = replaced(s.column, slot, shared((race, power, coins)))


def banner_outcomes(s: State) -> list[tuple[str, float]]:
    """Possible next banners and their probabilities."""
    if s.banner_stack:
        return _multiset_outcomes(s.banner_stack)
    if s.banner_bottom:
        return [(s.banner_bottom[0], 1.0)]
    return []


def badge_outcomes(s: State) -> list[tuple[str, float]]:
    """Possible next badges and their probabilities."""
    return _multiset_outcomes(s.badge_stack or s.badge_discard)


def _multiset_outcomes(items: list[str]) -> list[tuple[str, float]]:
    return list(_outcomes_of(tuple(items)))


@lru_cache(maxsize=4096)
def _outcomes_of(items: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
    """Distinct tiles of a multiset with their probabilities, by name (stacks recur often)."""
    total = len(items)
    return tuple((x, c / total) for x, c in sorted(Counter(items).items()))


def return_banner(s: State, race: str) -> None:
    """A race leaves the game (R-PICK-5, revised ruling): its banner goes to the bottom-most empty
    slot of the column (the highest position, farthest from the free top slot; a badge is then
    drawn for it if the slot has none), else to the bottom of the banner stack."""
    column = s.column
    for i in range(len(column) - 1, -1, -1):
        r, power, coins = column[i]
        if r is None:
            s.column = replaced(column, i, shared((race, power, coins)))
            if power is None:
                s.chance.append(("badge", i))
            return
    s.banner_bottom.append(race)


def discard_badge(s: State, power: str) -> None:
    """A badge goes to the badge discard pile (R-PICK-5)."""
    s.badge_discard.append(power)


class StandardVariant:
    """The standard game's :class:`~smallworld.core.edition.Variant`: one column of combos
    (R-PICK-*), each player for itself (R-END-1)."""

    def setup(self, s: State) -> None:
        """Queue a banner and a badge draw for every slot of the empty column (R-SET-2)."""
        for slot in range(len(s.column)):
            s.chance.append(("banner", slot))
            s.chance.append(("badge", slot))

    def pickable(self, s: State, p: int) -> list[int]:
        return pickable(s, p)

    def pick(self, s: State, p: int, k: int) -> None:
        pick(s, p, k)

    def return_banner(self, s: State, race: str) -> None:
        return_banner(s, race)

    def final_result(self, s: State, scores: list[int], toks: list[int]) -> dict[str, Any]:
        """R-END-1: highest VC wins; ties go to the most race tokens on the boards; still tied,
        the win is shared. ``{"scores", "tokens", "winners"}`` (lists by seat)."""
        n = len(scores)
        best = max((scores[p], toks[p]) for p in range(n))
        winners = [p for p in range(n) if (scores[p], toks[p]) == best]
        return {"scores": scores, "tokens": toks, "winners": winners}

    def teammates(self, s: State, p: int) -> list[int]:
        return [p]

    def view_part(self, s: State) -> dict[str, Any] | None:
        return None

    scenario_keys: tuple[str, ...] = ("column",)

    def from_scenario(self, s: State, d: Mapping[str, Any], ids: ScenarioIds) -> None:
        """``[column] combos = [[race, power, coins], ...]`` (at most the column's size), the
        rest of the column empty; without ``[column]``, the first banners and badges of the
        stacks with no coins."""
        size = s.spec.edition.column_size
        column = d.get("column")
        if column is None:
            s.column = tuple([shared((s.banner_stack.pop(0), s.badge_stack.pop(0), 0)) for _ in range(size)])
            return
        combos = column.get("combos") if isinstance(column, dict) else None
        if not (isinstance(combos, list) and len(combos) <= size):
            raise ScenarioError(f"[column] needs combos = [[race, power, coins], ...] (at most {size})")
        made: list[tuple[str | None, str | None, int]] = []
        for k, c in enumerate(combos):
            where = f"column.combos[{k}]"
            if not (isinstance(c, list) and len(c) == 3):
                raise ScenarioError(f"{where} must be [race, power, coins]")
            race, power = ids.race(c[0], where), ids.power(c[1], where)
            if isinstance(c[2], bool) or not isinstance(c[2], int):
                raise ScenarioError(f"{where} coins must be a whole number, not {c[2]!r}")
            s.banner_stack.remove(race)
            s.badge_stack.remove(power)
            made.append(shared((race, power, c[2])))
        made += [shared((None, None, 0))] * (size - len(made))
        s.column = tuple(made)


#: the standard variant (editions without their own use it)
STANDARD = StandardVariant()
