"""The roster of abilities in play (a cache kept with the state) and the shortcuts the engine
takes for speed always agree with the rules computed from scratch, at every step of random games
in which every race, power and item turns up."""

from __future__ import annotations

import random

import pytest

from smallworld.content.registry import ITEM_ABILITIES, POWER_ABILITIES, RACE_ABILITIES
from smallworld.core import chance, engine, hooks
from smallworld.core.conquest import raw_costs, targets, travel_to
from smallworld.core.roster import roster
from smallworld.core.setup import new_state
from smallworld.core.state import CHANCE, CONQUER, EMPTY, State
from tests.conftest import random_step


def expected_own(s: State, p: int) -> list[object]:
    """Seat ``p``'s Active race and power, and the face-up items in Regions its Active race
    holds (R-ITEM-1), read directly off the state."""
    if s.active[p] is None:
        return []
    out: list[object] = [RACE_ABILITIES[s.active[p]]]
    if s.power[p] is not None:
        out.append(POWER_ABILITIES[s.power[p]])
    for r, here in enumerate(s.items):
        for item in here:
            if item != "?" and s.occ[r] == 2 * p:
                out.append(ITEM_ABILITIES[item])
    return out


def expected_in_play(s: State) -> list[tuple[int | None, object]]:
    """Per seat its own abilities, then its In Decline race and kept badge when they last
    (R-DEC-2); last, the items that act with nobody holding them (RULES §9–§11)."""
    out: list[tuple[int | None, object]] = []
    for p in range(s.spec.n_players):
        out.extend((p, ab) for ab in expected_own(s, p))
        if s.decline[p] is not None:
            if RACE_ABILITIES[s.decline[p]].lasts_in_decline:
                out.append((p, RACE_ABILITIES[s.decline[p]]))
            if s.kept[p] is not None:
                out.append((p, POWER_ABILITIES[s.kept[p]]))
    for r, here in enumerate(s.items):
        for item in here:
            if item != "?" and ITEM_ABILITIES[item].acts_uncontrolled:
                c = s.occ[r]
                if c < 0 or c % 2 == 1:
                    out.append((None, ITEM_ABILITIES[item]))
    return out


def expected_raw(s: State, r: int, travel: int) -> int:
    """R-CONQ-3 before reductions: 2 + Mountain + Forts/Wisp Walls + defenders (tokens, Beasts,
    Champion) + travel."""
    n = 2 + travel + (1 if s.spec.mountain[r] else 0)
    n += s.piece("fort", r) + s.piece("wisp-wall", r)
    if s.occ[r] != EMPTY:
        n += s.tokens[r] + s.piece("beast", r) + s.piece("champion", r)
    return n


def _play(n: int, seed: int, check) -> set[str]:
    s = new_state(n, seed=f"roster-{seed}")
    rng = random.Random(seed)
    seen: set[str] = set()
    while not s.is_over():
        check(s)
        seen.update(ab.id for _, ab in hooks.in_play(s))
        random_step(s, rng)
    return seen


def _check_roster(s: State) -> None:
    want = expected_in_play(s)
    assert list(hooks.in_play(s)) == want
    for p in range(s.spec.n_players):
        assert list(hooks.own_abilities(s, p)) == expected_own(s, p)
    t = s.copy()  # a copy shares the roster until it diverges, and is still right
    assert list(hooks.in_play(t)) == want


@pytest.mark.parametrize("n,seed", [(5, 1), (5, 2), (5, 6), (4, 3), (4, 7), (3, 4), (3, 8), (2, 5)])
def test_roster_matches_the_rules_at_every_step(n, seed):
    """RULES §9–§11, R-ITEM-1, R-DEC-2: the cached roster is what the rules say at every step
    (picks, declines, races leaving, items revealed, moved, conquered, abandoned)."""
    seen = _play(n, seed, _check_roster)
    assert len(seen) >= 10  # many races, powers and items took part


def _check_conquest_shortcuts(s: State) -> None:
    if s.current_player() < 0 or s.chance or s.decisions or s.phase != CONQUER:
        return
    p = s.actor
    tg = targets(s, p)
    for r, travel in tg.items():
        assert travel_to(s, p, r) == travel, s.spec.region_ids[r]  # R-CONQ-1, R-CONQ-2
    assert raw_costs(s, tg) == [(r, t, expected_raw(s, r, t)) for r, t in tg.items()]


@pytest.mark.parametrize("n,seed", [(5, 11), (5, 12), (3, 13), (2, 14)])
def test_travel_and_raw_costs_match_targets(n, seed):
    """R-CONQ-1..3: the travel of one conquest and the raw costs of all targets, found by the
    shortcuts the engine uses when applying and listing conquests, equal the full computation."""
    _play(n, seed, _check_conquest_shortcuts)


def test_roster_follows_registration_at_run_time():
    """A roster built before an ability is re-registered is rebuilt (hooks.refresh)."""
    s = new_state(3, seed="roster-refresh")
    while s.current_player() == CHANCE or s.active[s.current_player()] is None:
        if s.current_player() == CHANCE:
            engine.apply_action(s, chance.sample(s, random.Random(0)), check=False)
        else:
            engine.apply_action(s, engine.legal_actions(s)[0], check=False)
    p = next(q for q in range(3) if s.active[q] is not None)
    race = s.active[p]
    before = roster(s)
    saved = RACE_ABILITIES[race]
    replacement = type(saved)()
    RACE_ABILITIES[race] = replacement
    hooks.refresh()
    try:
        assert roster(s) is not before
        assert replacement in hooks.own_abilities(s, p)
    finally:
        RACE_ABILITIES[race] = saved
        hooks.refresh()
    assert saved in hooks.own_abilities(s, p)


def test_strict_mode_catches_a_writer_that_forgets_changed():
    """tests/conftest.py turns :data:`smallworld.core.roster.STRICT` on: a write to a race,
    power or item without :func:`smallworld.core.roster.changed` fails at the next hook call;
    with ``changed`` the roster is rebuilt and right."""
    from smallworld.core import roster as roster_mod

    assert roster_mod.STRICT
    s = new_state(3, seed="roster-strict")
    rng = random.Random(3)
    while s.active[s.turn] is None or s.current_player() == CHANCE:
        random_step(s, rng)
    p = s.turn
    roster(s)
    s.power[p] = None  # a write that forgets changed()
    with pytest.raises(roster_mod.StaleRosterError):
        hooks.own_abilities(s, p)
    roster_mod.changed(s)
    assert list(hooks.own_abilities(s, p)) == expected_own(s, p)


def test_seats_of_the_same_abilities_share_one_part_and_its_answers():
    """A seat whose In Decline race does not last In Decline has the abilities of its Active
    race and power alone: two positions that differ only by that race share the seat's part of
    the roster (one set of hook answers, not one per In Decline race) and answer the same."""
    from smallworld.core import roster as roster_mod

    s = new_state(3, seed="roster-share")
    rng = random.Random(5)
    while s.active[s.turn] is None or s.current_player() == CHANCE:
        random_step(s, rng)
    p = s.turn
    t = s.copy()
    fading = [r for r, ab in RACE_ABILITIES.items() if not ab.lasts_in_decline and r != s.active[p]]
    s.decline[p], t.decline[p] = fading[0], fading[1]
    roster_mod.changed(s)
    roster_mod.changed(t)
    a, b = roster(s), roster(t)
    assert a is not b
    assert a.own[p] == b.own[p] and a.lasting[p] == b.lasting[p] == ()
    assert a._own_hook[p] is b._own_hook[p] and a._seat_global[p] is b._seat_global[p]
    assert a.own_hook(p, "at_turn_end") is b.own_hook(p, "at_turn_end")
    # a lasting In Decline race is a part of its own
    lasting = next(r for r, ab in RACE_ABILITIES.items() if ab.lasts_in_decline and r != s.active[p])
    t.decline[p] = lasting
    roster_mod.changed(t)
    c = roster(t)
    assert c.lasting[p] == (RACE_ABILITIES[lasting],) and c._seat_global[p] is not a._seat_global[p]
