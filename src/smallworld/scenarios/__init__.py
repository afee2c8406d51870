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

from smallworld.core import engine, hooks
from smallworld.core.errors import ScenarioError
from smallworld.core.roster import changed
from smallworld.core.setup import initial_state, make_spec
from smallworld.core.state import (
    CONQUER,
    DECIDE,
    EMPTY,
    MURLOC,
    PICK,
    REDEPLOY,
    State,
    replaced,
)

#: phase name in a scenario -> (engine step, waiting phase)
_PHASES = {
    "start": ("start", ""),
    "pick": ("choose", PICK),
    "decide": ("choose", DECIDE),
    "conquer": ("conquer", CONQUER),
    "redeploy": ("withdraw", REDEPLOY),
}
#: the keys every scenario reads; the edition's variant adds its own (Variant.scenario_keys:
#: ``column``, the team variant's ``team``)
_TOP_KEYS = {
    "edition", "boards", "seats", "round", "turn", "phase", "conquests", "players", "regions",
    "setup_murlocs", "flags", "turn_flags", "defeated", "paid", "description",
}
#: the keys of every [[players]] table; abilities add theirs (Ability.scenario_keys: Pandaren's
#: ``harmony``)
_PLAYER_KEYS = {
    "vc", "race", "power", "hand", "turns_with_race", "decline", "kept", "name",
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


class _Ids:
    """The races and badges a scenario has put in play (:class:`~smallworld.core.edition.ScenarioIds`):
    each may be in one place only (RULES §2)."""

    def __init__(self, races: Any, powers: Any) -> None:
        self.races, self.powers = races, powers
        self.used_races: set[str] = set()
        self.used_powers: set[str] = set()

    def race(self, x: Any, where: str) -> str:
        _need(x in self.races, f"{where}: unknown race {x!r}")
        _need(x not in self.used_races, f"{where}: race {x!r} is already in play")
        self.used_races.add(x)
        return str(x)

    def power(self, x: Any, where: str) -> str:
        _need(x in self.powers, f"{where}: unknown power {x!r}")
        _need(x not in self.used_powers, f"{where}: power {x!r} is already in play")
        self.used_powers.add(x)
        return str(x)


def scenario_from_dict(d: dict[str, Any]) -> State:
    """Build the :class:`State` a scenario describes.

    Checks every id (races, powers, items, Regions, seats), the box caps (RULES §2.1) and piece
    supplies (§2.3), and that no race or badge is in two places. Stacks hold every banner and
    badge not placed anywhere; the column is filled from them unless given. The edition's variant
    reads its own keys (``[column]``, the team variant's ``[team]``) and abilities theirs in the
    [[players]] tables (Pandaren's ``harmony``).

    Raises:
        ScenarioError: naming the first problem.
    """
    s = _new_state(d)
    ed = s.spec.edition
    variant = ed.variant
    assert variant is not None  # Edition.__post_init__ sets the standard one
    unknown = set(d) - _TOP_KEYS - set(variant.scenario_keys)
    _need(not unknown, f"unknown key(s) {sorted(unknown)}; known: {sorted(_TOP_KEYS | set(variant.scenario_keys))}")
    ids = _Ids(ed.races, ed.powers)
    players = d["players"]
    for i, pl in enumerate(players):
        _player(s, i, pl, ids)
    regions = d.get("regions", {})
    _need(isinstance(regions, dict), "[regions] must be a table of Region ids")
    for rid, spec_r in regions.items():
        _region(s, rid, spec_r)
    for race, left in zip(s.spec.race_keys, s.box):
        _need(left >= 0, f"race {race!r} has more tokens in play than its {ed.races[race].in_box} in the box")
    s.banner_stack = sorted(set(ed.races) - ids.used_races)
    s.badge_stack = sorted(set(ed.powers) - ids.used_powers)
    variant.from_scenario(s, d, ids)
    _position(s, d)
    _ability_keys(s, players)
    changed(s)
    for owner, ab in hooks.in_play(s):  # flags the pieces imply (Encampments placed, ...)
        if owner is not None and "on_position" in ab.hooks:
            ab.on_position(s, owner)
    engine.run(s)
    return s


def _new_state(d: dict[str, Any]) -> State:
    """The game of the scenario's players, boards and edition, with no chance draw waiting and
    (unless ``setup_murlocs``) no neutral token on the map."""
    players = d.get("players", [])
    _need(isinstance(players, list) and 2 <= len(players) <= 5, "give 2 to 5 [[players]] tables")
    boards = d.get("boards")
    if not (isinstance(boards, list) and boards):
        raise ScenarioError("'boards' must list face ids, e.g. [\"L1\", \"S1\"]")
    seats = d.get("seats") or [
        (pl.get("name") if isinstance(pl, dict) else None) or f"Player {i + 1}" for i, pl in enumerate(players)
    ]
    try:
        spec = make_spec(len(players), boards, edition=d.get("edition", "swow"), seats=seats)
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    s = initial_state(spec)
    s.chance = []
    ed = spec.edition
    if not d.get("setup_murlocs", False):
        s.occ = [EMPTY] * spec.n_regions
        s.tokens = [0] * spec.n_regions
        s.items = ((),) * spec.n_regions
        if ed.neutral_piece in ed.pieces:  # Murlocs, or classic Lost Tribes
            s.supply[s.spec.piece_index[ed.neutral_piece]] = ed.pieces[ed.neutral_piece]
    return s


def _player(s: State, i: int, pl: Any, ids: _Ids) -> None:
    """One [[players]] table: coins, races, badges and tokens in hand of seat ``i``."""
    where = f"players[{i}]"
    ed = s.spec.edition
    _need(isinstance(pl, dict), f"{where} must be a table")
    known = _PLAYER_KEYS.union(*(ab.scenario_keys for ab in ed.abilities()))
    bad = set(pl) - known
    _need(not bad, f"{where}: unknown key(s) {sorted(bad)}; known: {sorted(known)}")
    s.vc[i] = _int(pl.get("vc", 5), f"{where}.vc")
    if "race" in pl:
        s.active[i] = ids.race(pl["race"], where)
        _need("power" in pl, f"{where}: an Active race needs a power")
        s.power[i] = ids.power(pl["power"], where)
    elif "power" in pl:
        raise ScenarioError(f"{where}: a power needs an Active race")
    if "decline" in pl:
        s.decline[i] = ids.race(pl["decline"], where)
    if "kept" in pl:
        _need(s.decline[i] is not None, f"{where}: a kept badge needs an In Decline race")
        kept = s.kept[i] = ids.power(pl["kept"], where)
        _need(ed.powers[kept].lasts,  # the badge data (R-DEC-2, C-DEC-2)
              f"{where}: badge {kept!r} does not last In Decline, so it cannot be kept "
              f"({ed.rule('R-DEC-2')})")
    if "decline2" in pl:  # a second In Decline race (classic Spirit, C-P-SPIRIT-1)
        s.decline2[i] = ids.race(pl["decline2"], where)
        _need("kept2" in pl, f"{where}: a second In Decline race keeps its badge (kept2)")
        s.kept2[i] = ids.power(pl["kept2"], where)
    elif "kept2" in pl:
        raise ScenarioError(f"{where}: kept2 needs a second In Decline race (decline2)")
    for race in (s.decline[i], s.decline2[i]):  # In Decline tokens in hand (classic Ghouls)
        held = pl.get("decline_hand", {}).get(race, 0) if race else 0
        if held and race:
            s.dhand[race] = _int(held, f"{where}.decline_hand.{race}")
            s.box[s.spec.race_index[race]] -= s.dhand[race]
    s.hand[i] = _int(pl.get("hand", 0), f"{where}.hand")
    _need(s.hand[i] == 0 or s.active[i] is not None, f"{where}: tokens in hand need an Active race")
    s.race_turns[i] = _int(pl.get("turns_with_race", 1 if s.active[i] else 0), f"{where}.turns_with_race")
    active = s.active[i]
    if active:
        s.box[s.spec.race_index[active]] -= s.hand[i]


def _region(s: State, rid: Any, spec_r: Any) -> None:
    """One [regions.ID] table: who holds the Region, with how many tokens, pieces and items."""
    spec, ed = s.spec, s.spec.edition
    where = f"regions.{rid}"
    _need(rid in spec.index, f"{where}: no Region {rid!r} on boards {', '.join(spec.faces)}")
    _need(isinstance(spec_r, dict), f"{where} must be a table")
    bad = set(spec_r) - _REGION_KEYS
    _need(not bad, f"{where}: unknown key(s) {sorted(bad)}; known: {sorted(_REGION_KEYS)}")
    r = spec.index[rid]
    _place_region(s, r, spec_r, where, spec.n_players)
    for kind, cnt in spec_r.get("pieces", {}).items():
        _need(kind in ed.pieces and kind not in (ed.neutral_piece, "mountain"), f"{where}: unknown piece {kind!r}")
        c = _int(cnt, f"{where}.pieces.{kind}")
        s.add_piece(kind, r, c)
        s.supply[s.spec.piece_index[kind]] -= c
        _need(s.supply[s.spec.piece_index[kind]] >= 0, f"{where}: more {kind} pieces than the box holds ({ed.pieces[kind]})")
    _need(not ("item" in spec_r and "items" in spec_r), f"{where}: give item or items, not both")
    if "item" in spec_r or "items" in spec_r:
        given = [spec_r["item"]] if "item" in spec_r else spec_r["items"]
        _need(isinstance(given, list), f"{where}.items must be a list of item ids")
        _need(given.count("?") <= 1, f"{where}: at most one face-down item per Region")
        for item in given:
            _need(item == "?" or item in ed.items, f"{where}: unknown item {item!r}")
            _need(item == "?" or item in s.item_pool, f"{where}: item {item!r} is placed twice")
            if item != "?":
                s.item_pool.remove(item)
        s.items = replaced(s.items, r, tuple(given))


def _position(s: State, d: dict[str, Any]) -> None:
    """Round, turn, phase and the turn's bookkeeping (conquests, flags, tolls paid)."""
    n = s.spec.n_players
    s.round = _int(d.get("round", 1), "round")
    s.turn = _int(d.get("turn", 0), "turn")
    _need(0 <= s.turn < n, f"turn must be a seat 0..{n - 1}")
    _need(1 <= s.round <= s.spec.rounds, f"round must be 1..{s.spec.rounds}")
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
    s.tflags = {k: _freeze(v) for k, v in d.get("turn_flags", {}).items()}
    s.defeated = {str(k): _int(v, f"defeated.{k}") for k, v in d.get("defeated", {}).items()}
    s.paid = {str(k): True for k in d.get("paid", [])}


def _ability_keys(s: State, players: list[Any]) -> None:
    """Every ability of the edition reads its own keys of the [[players]] tables
    (Ability.scenario_keys, e.g. Pandaren's ``harmony``)."""
    for ab in s.spec.edition.abilities():
        if ab.scenario_keys:
            given = {i: {k: pl[k] for k in ab.scenario_keys if k in pl} for i, pl in enumerate(players)}
            ab.from_scenario(s, {i: keys for i, keys in given.items() if keys})


def _place_region(s: State, r: int, spec_r: dict[str, Any], where: str, n: int) -> None:
    key = "lost_tribes" if "lost_tribes" in spec_r else "murlocs"  # the edition's neutral tokens
    if key in spec_r:
        _need("player" not in spec_r, f"{where}: Murlocs and a player cannot share a Region")
        neutral = s.spec.edition.neutral_piece
        m = _int(spec_r[key], f"{where}.{key}")
        s.occ[r] = MURLOC if m else EMPTY
        s.tokens[r] = m
        s.supply[s.spec.piece_index[neutral]] -= m
        _need(s.supply[s.spec.piece_index[neutral]] >= 0,
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
    s.box[s.spec.race_index[race]] -= t


def _int(x: Any, where: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ScenarioError(f"{where} must be a whole number, not {x!r}")
    return x


def _freeze(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v
