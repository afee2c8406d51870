"""Scenarios: set up any position directly from a TOML file (format: docs/scenarios.md).

>>> s = scenario_from_text('''
... boards = ["L1", "S1"]
... turn = 0
... phase = "conquer"
... [[players]]
... race = "trolls"
... power = "sailing"
... hand = 5
... [[players]]
... ''')
>>> s.hand[0], s.active[0], s.phase
(5, 'trolls', 'conquer')
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from smallworld.content import team as team_rules
from smallworld.content.races import pandaren
from smallworld.core import engine, hooks
from smallworld.core.errors import ScenarioError
from smallworld.core.roster import changed
from smallworld.core.setup import initial_state, make_spec
from smallworld.core.state import CONQUER, DECIDE, EMPTY, MURLOC, PICK, REDEPLOY, State

#: phase name in a scenario -> (engine step, waiting phase)
_PHASES = {
    "start": ("start", ""),
    "pick": ("choose", PICK),
    "decide": ("choose", DECIDE),
    "conquer": ("conquer", CONQUER),
    "redeploy": ("withdraw", REDEPLOY),
}
_TOP_KEYS = {
    "edition", "boards", "seats", "round", "turn", "phase", "conquests", "players", "regions",
    "column", "setup_murlocs", "flags", "turn_flags", "defeated", "paid", "description", "team",
}
_PLAYER_KEYS = {
    "vc", "race", "power", "hand", "turns_with_race", "decline", "kept", "name", "harmony",
    "decline2", "kept2", "decline_hand",
}
_REGION_KEYS = {"player", "decline", "tokens", "murlocs", "lost_tribes", "pieces", "item", "items"}


def load_scenario(path: str | Path) -> State:
    """Read a scenario file. Raises :class:`ScenarioError` naming the file and the problem."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(f"cannot read scenario {p}: {e.strerror}") from None
    try:
        return scenario_from_text(text)
    except ScenarioError as e:
        raise ScenarioError(f"{p.name}: {e}") from None


def scenario_from_text(text: str) -> State:
    """Parse scenario TOML text (see :func:`scenario_from_dict`)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"not valid TOML: {e}") from None
    return scenario_from_dict(data)


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise ScenarioError(msg)


def scenario_from_dict(d: dict[str, Any]) -> State:
    """Build the :class:`State` a scenario describes.

    Checks every id (races, powers, items, Regions, seats), the box caps (RULES §2.1) and piece
    supplies (§2.3), and that no race or badge is in two places. Stacks hold every banner and
    badge not placed anywhere; the column is filled from them unless given.

    Raises:
        ScenarioError: naming the first problem.
    """
    unknown = set(d) - _TOP_KEYS
    _need(not unknown, f"unknown key(s) {sorted(unknown)}; known: {sorted(_TOP_KEYS)}")
    players = d.get("players", [])
    _need(isinstance(players, list) and 2 <= len(players) <= 5, "give 2 to 5 [[players]] tables")
    n = len(players)
    boards = d.get("boards")
    if not (isinstance(boards, list) and boards):
        raise ScenarioError("'boards' must list face ids, e.g. [\"L1\", \"S1\"]")
    seats = d.get("seats") or [pl.get("name") or f"Player {i + 1}" for i, pl in enumerate(players)]
    try:
        spec = make_spec(n, boards, edition=d.get("edition", "swow"), seats=seats)
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    s = initial_state(spec)
    s.chance = []
    # the edition's tables (Warcraft RULES §2, classic RULES-classic §2)
    ed = spec.edition
    RACES, POWERS, ITEMS, PIECE_SUPPLY = ed.races, ed.powers, ed.items, ed.pieces
    neutral = ed.neutral_piece  # Murlocs, or classic Lost Tribes
    if not d.get("setup_murlocs", False):
        s.occ = [EMPTY] * spec.n_regions
        s.tokens = [0] * spec.n_regions
        s.items = [()] * spec.n_regions
        if neutral in PIECE_SUPPLY:
            s.supply[neutral] = PIECE_SUPPLY[neutral]
    used_races: set[str] = set()
    used_powers: set[str] = set()

    def race_id(x: Any, where: str) -> str:
        _need(x in RACES, f"{where}: unknown race {x!r}")
        _need(x not in used_races, f"{where}: race {x!r} is already in play")
        used_races.add(x)
        return str(x)

    def power_id(x: Any, where: str) -> str:
        _need(x in POWERS, f"{where}: unknown power {x!r}")
        _need(x not in used_powers, f"{where}: power {x!r} is already in play")
        used_powers.add(x)
        return str(x)

    for i, pl in enumerate(players):
        where = f"players[{i}]"
        _need(isinstance(pl, dict), f"{where} must be a table")
        bad = set(pl) - _PLAYER_KEYS
        _need(not bad, f"{where}: unknown key(s) {sorted(bad)}; known: {sorted(_PLAYER_KEYS)}")
        s.vc[i] = _int(pl.get("vc", 5), f"{where}.vc")
        if "race" in pl:
            s.active[i] = race_id(pl["race"], where)
            _need("power" in pl, f"{where}: an Active race needs a power")
            s.power[i] = power_id(pl["power"], where)
        elif "power" in pl:
            raise ScenarioError(f"{where}: a power needs an Active race")
        if "decline" in pl:
            s.decline[i] = race_id(pl["decline"], where)
        if "kept" in pl:
            _need(s.decline[i] is not None, f"{where}: a kept badge needs an In Decline race")
            kept = s.kept[i] = power_id(pl["kept"], where)
            _need(ed.powers[kept].lasts,  # the badge data (R-DEC-2, C-DEC-2)
                  f"{where}: badge {kept!r} does not last In Decline, so it cannot be kept "
                  f"({ed.rule('R-DEC-2')})")
        if "decline2" in pl:  # a second In Decline race (classic Spirit, C-P-SPIRIT-1)
            s.decline2[i] = race_id(pl["decline2"], where)
            _need("kept2" in pl, f"{where}: a second In Decline race keeps its badge (kept2)")
            s.kept2[i] = power_id(pl["kept2"], where)
        elif "kept2" in pl:
            raise ScenarioError(f"{where}: kept2 needs a second In Decline race (decline2)")
        for race in (s.decline[i], s.decline2[i]):  # In Decline tokens in hand (classic Ghouls)
            held = pl.get("decline_hand", {}).get(race, 0) if race else 0
            if held and race:
                s.dhand[race] = _int(held, f"{where}.decline_hand.{race}")
                s.box[race] -= s.dhand[race]
        s.hand[i] = _int(pl.get("hand", 0), f"{where}.hand")
        _need(s.hand[i] == 0 or s.active[i] is not None, f"{where}: tokens in hand need an Active race")
        s.race_turns[i] = _int(pl.get("turns_with_race", 1 if s.active[i] else 0), f"{where}.turns_with_race")
        active = s.active[i]
        if active:
            s.box[active] -= s.hand[i]

    regions = d.get("regions", {})
    _need(isinstance(regions, dict), "[regions] must be a table of Region ids")
    for rid, spec_r in regions.items():
        where = f"regions.{rid}"
        _need(rid in spec.index, f"{where}: no Region {rid!r} on boards {', '.join(spec.faces)}")
        _need(isinstance(spec_r, dict), f"{where} must be a table")
        bad = set(spec_r) - _REGION_KEYS
        _need(not bad, f"{where}: unknown key(s) {sorted(bad)}; known: {sorted(_REGION_KEYS)}")
        r = spec.index[rid]
        _place_region(s, r, spec_r, where, n)
        for kind, cnt in spec_r.get("pieces", {}).items():
            _need(kind in PIECE_SUPPLY and kind not in (neutral, "mountain"),
                  f"{where}: unknown piece {kind!r}")
            c = _int(cnt, f"{where}.pieces.{kind}")
            s.add_piece(kind, r, c)
            s.supply[kind] -= c
            _need(s.supply[kind] >= 0, f"{where}: more {kind} pieces than the box holds ({PIECE_SUPPLY[kind]})")
        _need(not ("item" in spec_r and "items" in spec_r), f"{where}: give item or items, not both")
        if "item" in spec_r or "items" in spec_r:
            given = [spec_r["item"]] if "item" in spec_r else spec_r["items"]
            _need(isinstance(given, list), f"{where}.items must be a list of item ids")
            _need(given.count("?") <= 1, f"{where}: at most one face-down item per Region")
            for item in given:
                _need(item == "?" or item in ITEMS, f"{where}: unknown item {item!r}")
                _need(item == "?" or item in s.item_pool, f"{where}: item {item!r} is placed twice")
                if item != "?":
                    s.item_pool.remove(item)
            s.items[r] = tuple(given)
    for race, left in s.box.items():
        _need(left >= 0, f"race {race!r} has more tokens in play than its {RACES[race].in_box} in the box")

    s.banner_stack = sorted(set(RACES) - used_races)
    s.badge_stack = sorted(set(POWERS) - used_powers)
    column = d.get("column")
    if ed.name == team_rules.EDITION:
        _need(column is None, "the team variant has no [column]; use [team]")
        _setup_team(s, d.get("team", {}), race_id, power_id, used_races)
    elif column is not None:
        combos = column.get("combos") if isinstance(column, dict) else None
        if not (isinstance(combos, list) and len(combos) <= 6):
            raise ScenarioError("[column] needs combos = [[race, power, coins], ...] (at most 6)")
        s.column = []
        for k, c in enumerate(combos):
            _need(isinstance(c, list) and len(c) == 3, f"column.combos[{k}] must be [race, power, coins]")
            race = race_id(c[0], f"column.combos[{k}]")
            power = power_id(c[1], f"column.combos[{k}]")
            s.banner_stack.remove(race)
            s.badge_stack.remove(power)
            s.column.append((race, power, _int(c[2], f"column.combos[{k}] coins")))
        s.column += [(None, None, 0)] * (6 - len(s.column))
    else:
        _need("team" not in d, "[team] needs edition = \"swow-team\"")
        s.column = []
        for _ in range(6):
            race, power = s.banner_stack.pop(0), s.badge_stack.pop(0)
            s.column.append((race, power, 0))

    s.round = _int(d.get("round", 1), "round")
    s.turn = _int(d.get("turn", 0), "turn")
    _need(0 <= s.turn < n, f"turn must be a seat 0..{n - 1}")
    _need(1 <= s.round <= spec.rounds, f"round must be 1..{spec.rounds}")
    s.actor = s.turn
    phase = d.get("phase", "start")
    _need(phase in _PHASES, f"phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    s.step, s.phase = _PHASES[phase]
    if phase in ("conquer", "redeploy", "decide"):
        _need(s.active[s.turn] is not None, f"phase {phase!r} needs an Active race for seat {s.turn}")
    if phase == "pick":
        _need(s.active[s.turn] is None, "phase 'pick' needs a seat with no Active race")
    if phase == "redeploy" and s.hand[s.turn] == 0:
        s.phase = ""
    s.conquests = _int(d.get("conquests", 0), "conquests")
    s.flags = {k: _freeze(v) for k, v in d.get("flags", {}).items()}
    _need(pandaren.HOLDERS not in s.flags,
          "[flags]: set Harmony holders with harmony = true in their [[players]] table")
    _harmony_holders(s, players)
    s.tflags = {k: _freeze(v) for k, v in d.get("turn_flags", {}).items()}
    s.defeated = {str(k): _int(v, f"defeated.{k}") for k, v in d.get("defeated", {}).items()}
    s.paid = {str(k): True for k in d.get("paid", [])}
    changed(s)
    for owner, ab in hooks.in_play(s):  # flags the pieces imply (Encampments placed, ...)
        if owner is not None and "on_position" in ab.hooks:
            ab.on_position(s, owner)
    engine.run(s)
    return s


def _harmony_holders(s: State, players: list[Any]) -> None:
    """``harmony = true`` in a [[players]] table: that seat holds a Harmony token (RULES §9
    Pandaren), taken from the Harmony supply (RULES §2.3)."""
    holders = []
    for i, pl in enumerate(players):
        has = pl.get("harmony", False)
        _need(isinstance(has, bool), f"players[{i}].harmony must be true or false, not {has!r}")
        if has:
            holders.append(i)
    if not holders:
        return
    _need(pandaren.RACE in s.active, "a Harmony holder needs an Active Pandaren race in play")
    seat = s.active.index(pandaren.RACE)
    _need(seat not in holders, f"players[{seat}]: the Pandaren player cannot hold Harmony")
    s.supply[pandaren.HARMONY] -= len(holders)
    _need(s.supply[pandaren.HARMONY] >= 0,
          f"{len(holders)} Harmony holders: the box holds {s.spec.edition.pieces[pandaren.HARMONY]} Harmony tokens")
    s.flags[pandaren.HOLDERS] = tuple(holders)


def _setup_team(s: State, t: Any, race_id: Any, power_id: Any, used: set[str]) -> None:
    """[team] table: ``A``/``H``/``N`` = up to 4 race ids (rows 0-3, "" for a gap),
    ``badges`` = up to 4 power ids. Unnamed rows are filled from the unused ids in order; the
    decks hold the side's remaining races (R-TEAM-2)."""
    _need(isinstance(t, dict), "[team] must be a table")
    RACES = s.spec.edition.races
    bad = set(t) - {"A", "H", "N", "badges"}
    _need(not bad, f"[team]: unknown key(s) {sorted(bad)}; known: A, H, N, badges")
    s.column = []
    s.banner_stack = []
    sides = sorted(set(s.spec.sides))
    named = {side: list(t.get(side, [])) for side in sides}
    for side, rows in named.items():
        _need(len(rows) <= team_rules.ROWS, f"team.{side}: at most 4 rows")
        for k, race in enumerate(rows):
            if race:
                race_id(race, f"team.{side}[{k}]")
                faction = RACES[race].faction
                _need(faction is not None and team_rules.FACTION_SIDE[faction] == side,
                      f"team.{side}[{k}]: {race!r} is not of side {team_rules.SIDE_NAMES[side]}")
    for side in sides:
        rest = [r for r in sorted(RACES) if RACES[r].faction == team_rules.SIDE_FACTION[side] and r not in used]
        rows = named[side] if side in t else []
        col: list[str | None] = [r or None for r in rows]
        while len(col) < team_rules.ROWS and rest and side not in t:
            col.append(rest.pop(0))
        col += [None] * (team_rules.ROWS - len(col))
        for r in col:
            if r:
                used.add(r)
        s.team[f"col-{side}"] = tuple(col)
        s.team[f"deck-{side}"] = tuple(rest) if side != team_rules.N else ()
        s.team[f"bottom-{side}"] = ()
    badges = [power_id(b, f"team.badges[{k}]") for k, b in enumerate(t.get("badges", []))]
    _need(len(badges) <= team_rules.ROWS, "team.badges: at most 4 rows")
    for b in badges:
        s.badge_stack.remove(b)
    while len(badges) < team_rules.ROWS:
        badges.append(s.badge_stack.pop(0))
    s.team["badges"] = tuple(badges)


def _place_region(s: State, r: int, spec_r: dict[str, Any], where: str, n: int) -> None:
    key = "lost_tribes" if "lost_tribes" in spec_r else "murlocs"  # the edition's neutral tokens
    if key in spec_r:
        _need("player" not in spec_r, f"{where}: Murlocs and a player cannot share a Region")
        neutral = s.spec.edition.neutral_piece
        m = _int(spec_r[key], f"{where}.{key}")
        s.occ[r] = MURLOC if m else EMPTY
        s.tokens[r] = m
        s.supply[neutral] -= m
        _need(s.supply[neutral] >= 0,
              f"{where}: more than {s.spec.edition.pieces[neutral]} {neutral} tokens in play")
        return
    if "player" not in spec_r:
        _need("tokens" not in spec_r, f"{where}: tokens need a player (or use murlocs = N)")
        return
    p = _int(spec_r["player"], f"{where}.player")
    _need(0 <= p < n, f"{where}: player must be a seat 0..{n - 1}")
    dec = spec_r.get("decline", False)  # true: the In Decline race; 2: the second one (decline2)
    second = dec == 2 and not isinstance(dec, bool)
    race = s.decline2[p] if second else s.decline[p] if dec else s.active[p]
    if race is None:
        raise ScenarioError(f"{where}: seat {p} has no {'In Decline' if dec else 'Active'} race")
    t = _int(spec_r.get("tokens", 1), f"{where}.tokens")
    _need(t >= 0, f"{where}: tokens must be >= 0")
    s.occ[r] = 2 * (n + p) + 1 if second else 2 * p + (1 if dec else 0)
    s.tokens[r] = t
    s.box[race] -= t


def _int(x: Any, where: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ScenarioError(f"{where} must be a whole number, not {x!r}")
    return x


def _freeze(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v
