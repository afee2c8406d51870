"""Team variant "Battle for Azeroth" (edition ``swow-team``, RULES §12).

Sides and seat order (R-TEAM-1) are fixed by the player count. Race banners are split by faction
into side columns of 4 visible rows (R-TEAM-2): for Alliance and Horde, rows 0–2 are the column
and row 3 is the face-up top of that side's deck; the Neutral column (3 and 5 players) shows all
4 and has no deck. The badge column also shows 4 rows (3 + the top of the face-up stack).
A player picks a race of its own side, paired with the badge in the same row, paying the row
index to the stash (R-TEAM-3); then that side's column and the badge column slide up below the
picked row and refill (R-TEAM-4).

State: ``s.team`` holds immutable tuples — ``"col-A"``/``"col-H"``/``"col-N"`` (4 rows of race
ids or ``None``), ``"deck-A"``/``"deck-H"`` (unseen banners: a multiset drawn by chance),
``"bottom-A"``/``"bottom-H"`` (banners returned under the deck, in order), ``"badges"`` (4 rows).
Badges below the visible rows use ``s.badge_stack`` / ``s.badge_discard`` as in the standard game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from smallworld.content.data import ALLIANCE, HORDE, NEUTRAL, RACES
from smallworld.core import chance, changes, combos
from smallworld.core.errors import IllegalActionError, Refusal, ScenarioError
from smallworld.core.names import N_
from smallworld.core.state import State

if TYPE_CHECKING:
    from smallworld.core.edition import ScenarioIds

EDITION = "swow-team"
ROWS = 4
A, H, N = "A", "H", "N"
SIDE_FACTION = {A: ALLIANCE, H: HORDE, N: NEUTRAL}
FACTION_SIDE = {v: k for k, v in SIDE_FACTION.items()}
SIDE_NAMES = {A: "Alliance", H: "Horde", N: "Neutral"}

#: R-TEAM-1: sides in seat order by player count
SIDES_BY_PLAYERS: dict[int, tuple[str, ...]] = {
    2: (A, H),
    3: (A, H, N),
    4: (A, H, A, H),
    5: (A, H, N, A, H),
}


def is_team(s: State) -> bool:
    return s.spec.edition.name == EDITION


def side_of(s: State, p: int) -> str:
    """Side (``"A"``, ``"H"``, ``"N"``) of seat ``p`` (R-TEAM-1)."""
    return s.spec.sides[p]


def teammates(s: State, p: int) -> list[int]:
    """Seats on ``p``'s side, ``p`` included (R-TEAM-6)."""
    side = side_of(s, p)
    return [q for q in range(s.spec.n_players) if s.spec.sides[q] == side]


def _races_of(side: str) -> list[str]:
    return sorted(r for r, d in RACES.items() if d.faction == SIDE_FACTION[side])


def setup(s: State) -> None:
    """R-TEAM-2: empty columns, full decks, and the chance draws that fill every visible row."""
    sides = sorted(set(s.spec.sides))
    s.column = ()
    s.banner_stack = []
    team: dict[str, Any] = {"badges": (None,) * ROWS}
    for side in sides:
        team[f"col-{side}"] = (None,) * ROWS
        team[f"deck-{side}"] = tuple(_races_of(side))
        team[f"bottom-{side}"] = ()
    s.team = team
    for row in range(ROWS):
        for side in sides:
            changes.queue_chance(s, ("tbanner", side, row))
        changes.queue_chance(s, ("tbadge", row))


def _set_row(s: State, key: str, row: int, value: str | None) -> None:
    rows = list(s.team[key])
    rows[row] = value
    s.team[key] = tuple(rows)


def banner_outcomes(s: State, ev: tuple[Any, ...]) -> list[tuple[str, float]]:
    """Chance: the next banner of a side's deck."""
    side = ev[1]
    deck = s.team.get(f"deck-{side}", ())
    if deck:
        counts: dict[str, int] = {}
        for x in deck:
            counts[x] = counts.get(x, 0) + 1
        return [(x, c / len(deck)) for x, c in sorted(counts.items())]
    bottom = s.team.get(f"bottom-{side}", ())
    return [(bottom[0], 1.0)] if bottom else []


def draw_banner(s: State, ev: tuple[Any, ...], race: str) -> None:
    _, side, row = ev
    deck = list(s.team[f"deck-{side}"])
    if deck:
        deck.remove(race)
        s.team[f"deck-{side}"] = tuple(deck)
    else:
        bottom = s.team[f"bottom-{side}"]
        assert bottom[0] == race
        s.team[f"bottom-{side}"] = bottom[1:]
    _set_row(s, f"col-{side}", row, race)


def draw_badge(s: State, ev: tuple[Any, ...], power: str) -> None:
    if not s.badge_stack:
        s.badge_stack = sorted(s.badge_discard)
        s.badge_discard = []
    s.badge_stack.remove(power)
    _set_row(s, "badges", ev[1], power)


def pickable(s: State, p: int) -> list[int]:
    """Rows seat ``p`` may pick (R-TEAM-3): a race of its side with a badge, cost ≤ its VC."""
    col = s.team[f"col-{side_of(s, p)}"]
    badges = s.team["badges"]
    vc = s.vc[p]
    return [k for k in range(ROWS) if col[k] and badges[k] and k <= vc]


def pick(s: State, p: int, k: int) -> None:
    """Seat ``p`` takes the race of its side in row ``k`` with the badge of row ``k``, paying
    ``k`` VC to the stash; its side column and the badge column slide up and refill (R-TEAM-4).

    Raises:
        IllegalActionError: nothing to pick in that row or not enough VC.
    """
    if k not in pickable(s, p):
        raise IllegalActionError(Refusal(N_("cannot pick row {row}"), row=k))
    side = side_of(s, p)
    race = s.team[f"col-{side}"][k]
    power = s.team["badges"][k]
    assert race is not None and power is not None
    changes.pay_vc(s, p, k, why="combo")  # R-TEAM-3: the row index, to the stash
    _slide(s, f"col-{side}", k)
    if side != N and (s.team[f"deck-{side}"] or s.team[f"bottom-{side}"]):
        changes.queue_chance(s, ("tbanner", side, ROWS - 1))
    _slide(s, "badges", k)
    if s.badge_stack or s.badge_discard:
        changes.queue_chance(s, ("tbadge", ROWS - 1))
    combos.take_combo(s, p, race, power, {"row": k, "paid": k, "took": 0})


def _slide(s: State, key: str, k: int) -> None:
    rows = list(s.team[key])
    del rows[k]
    rows.append(None)
    s.team[key] = tuple(rows)


def return_banner(s: State, race: str) -> None:
    """R-TEAM-5: a leaving banner goes to the highest empty slot of its side's column when the
    column (rows 0–2) shows fewer than 3, else to the bottom of its deck (it becomes the visible
    deck top when the deck is empty). A Neutral banner goes to the highest empty Neutral slot."""
    faction = RACES[race].faction
    if faction is None:
        raise ValueError(f"race {race!r} has no faction: the team variant needs Warcraft races")
    side = FACTION_SIDE[faction]
    key = f"col-{side}"
    if key not in s.team:  # that side is not in this game (Neutral with 2 or 4 players)
        return
    col = s.team[key]
    limit = ROWS if side == N else ROWS - 1
    for row in range(limit):
        if col[row] is None:
            _set_row(s, key, row, race)
            return
    if col[ROWS - 1] is None and not s.team[f"deck-{side}"] and not s.team[f"bottom-{side}"]:
        _set_row(s, key, ROWS - 1, race)
    else:
        s.team[f"bottom-{side}"] = s.team[f"bottom-{side}"] + (race,)


def final_result(s: State, scores: list[int], toks: list[int]) -> dict[str, Any]:
    """R-TEAM-7: side scores (2–3 players: the player's own; 4–5: Alliance and Horde score the
    lower of their two players, Neutral its own). Highest side wins; a tie goes to the tied side
    with the highest individual score; still tied, the tied sides share the win (revised ruling,
    KO: no token tie-break between sides). ``toks`` (race tokens on the boards by seat) is only
    reported. Returns ``{"scores", "tokens", "winners", "sides", "winning_sides"}``."""
    sides = sorted(set(s.spec.sides))
    members = {side: [p for p in range(s.spec.n_players) if s.spec.sides[p] == side] for side in sides}
    side_score = {side: min(scores[p] for p in ps) for side, ps in members.items()}
    key = {
        side: (side_score[side], max(scores[p] for p in ps))
        for side, ps in members.items()
    }
    best = max(key.values())
    winning = [side for side in sides if key[side] == best]
    winners = sorted(p for side in winning for p in members[side])
    return {
        "scores": scores,
        "tokens": toks,
        "winners": winners,
        "sides": {side: side_score[side] for side in sides},
        "winning_sides": winning,
    }


def view_part(s: State) -> dict[str, Any]:
    """Public team table: side columns with their rows, badges, costs and deck sizes."""
    badges = s.team["badges"]
    columns = {}
    for side in sorted(set(s.spec.sides)):
        col = s.team[f"col-{side}"]
        columns[side] = [
            {"row": k, "race": col[k], "power": badges[k], "cost": k} for k in range(ROWS)
        ]
    return {
        "sides": list(s.spec.sides),
        "columns": columns,
        "badges": list(badges),
        "decks": {
            side: len(s.team.get(f"deck-{side}", ())) + len(s.team.get(f"bottom-{side}", ()))
            for side in (A, H) if f"col-{side}" in s.team
        },
    }


class TeamVariant:
    """The team variant's :class:`~smallworld.core.edition.Variant` (RULES §12): side columns
    instead of the combo column, side scores and shared victory."""

    def setup(self, s: State) -> None:
        setup(s)

    def pickable(self, s: State, p: int) -> list[int]:
        return pickable(s, p)

    def pick(self, s: State, p: int, k: int) -> None:
        pick(s, p, k)

    def return_banner(self, s: State, race: str) -> None:
        return_banner(s, race)

    def final_result(self, s: State, scores: list[int], toks: list[int]) -> dict[str, Any]:
        return final_result(s, scores, toks)

    def teammates(self, s: State, p: int) -> list[int]:
        return teammates(s, p)

    def view_part(self, s: State) -> dict[str, Any] | None:
        return view_part(s)

    scenario_keys: tuple[str, ...] = ("team",)

    def from_scenario(self, s: State, d: Mapping[str, Any], ids: ScenarioIds) -> None:
        from_scenario(s, d.get("team", {}), ids)


VARIANT = TeamVariant()


def from_scenario(s: State, t: Any, ids: ScenarioIds) -> None:
    """A scenario's ``[team]`` table (docs/scenarios.md): ``A``/``H``/``N`` = up to 4 race ids
    (rows 0-3, ``""`` for a gap), ``badges`` = up to 4 power ids. Unnamed rows are filled from
    the unused ids in order; the decks hold the side's remaining races (R-TEAM-2).

    Raises:
        ScenarioError: naming the first problem.
    """
    if not isinstance(t, dict):
        raise ScenarioError("[team] must be a table")
    bad = set(t) - {A, H, N, "badges"}
    if bad:
        raise ScenarioError(f"[team]: unknown key(s) {sorted(bad)}; known: A, H, N, badges")
    s.column = ()
    s.banner_stack = []
    sides = sorted(set(s.spec.sides))
    named = {side: _scenario_rows(t.get(side, []), side, ids) for side in sides}
    for side in sides:
        rest = [r for r in _races_of(side) if r not in ids.used_races]
        col: list[str | None] = [r or None for r in (named[side] if side in t else [])]
        while len(col) < ROWS and rest and side not in t:
            col.append(rest.pop(0))
        col += [None] * (ROWS - len(col))
        ids.used_races.update(r for r in col if r)
        s.team[f"col-{side}"] = tuple(col)
        s.team[f"deck-{side}"] = tuple(rest) if side != N else ()
        s.team[f"bottom-{side}"] = ()
    badges = [ids.power(b, f"team.badges[{k}]") for k, b in enumerate(t.get("badges", []))]
    if len(badges) > ROWS:
        raise ScenarioError(f"team.badges: at most {ROWS} rows")
    for b in badges:
        s.badge_stack.remove(b)
    while len(badges) < ROWS:
        badges.append(s.badge_stack.pop(0))
    s.team["badges"] = tuple(badges)


def _scenario_rows(rows: Any, side: str, ids: ScenarioIds) -> list[Any]:
    """A side's named rows in a scenario's [team] table, each race taken and of that side."""
    rows = list(rows)
    if len(rows) > ROWS:
        raise ScenarioError(f"team.{side}: at most {ROWS} rows")
    for k, race in enumerate(rows):
        if race:
            ids.race(race, f"team.{side}[{k}]")
            if FACTION_SIDE.get(RACES[race].faction or "") != side:
                raise ScenarioError(f"team.{side}[{k}]: {race!r} is not of side {SIDE_NAMES[side]}")
    return rows


def _tbanner_outcomes(s: State, ev: tuple[Any, ...]) -> list[tuple[Any, float]]:
    made = s.spec.edition.banner_actions
    return [(made[r], pr) for r, pr in banner_outcomes(s, ev)]


def _tbadge_outcomes(s: State, ev: tuple[Any, ...]) -> list[tuple[Any, float]]:
    made = s.spec.edition.badge_actions
    return [(made[p], pr) for p, pr in combos.badge_outcomes(s)]


def _apply_tbanner(s: State, ev: tuple[Any, ...], a: Any) -> None:
    draw_banner(s, ev, str(a.args[0]))


def _apply_tbadge(s: State, ev: tuple[Any, ...], a: Any) -> None:
    draw_badge(s, ev, str(a.args[0]))


chance.register("tbanner", "banner", _tbanner_outcomes, _apply_tbanner)
chance.register("tbadge", "badge", _tbadge_outcomes, _apply_tbadge)
