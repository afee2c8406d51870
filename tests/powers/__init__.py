"""Tests of the 20 Special Powers (RULES §10), one module per power, built from scenarios.

Board facts used throughout (L1 + S3, a 2-player table):

- L1: 0 Stonewatch Downs hills/cavern [1 4 5 6]; 1 Goldshire Fields fields/entry/magic
  [0 2 6 7]; 2 Brightwood Thicket forest [1 3 7]; 3 Westbrook Meadows fields/marker [2 7 8];
  4 Brackwell Pumpkin Rows fields [0 5 9]; 5 Eastvale Timberland forest/magic [0 4 6 9 13];
  6 Mirefen Hollow swamp [0 1 5 7 10 13]; 7 Crystal Mere lake [1 2 3 6 8 10 11]; 8 Fargodeep
  Bog swamp [3 7 11 12]; 9 Redridge Foothills hills/entry [4 5 13]; 10 Thistlebrook Knolls
  hills/magic [6 7 11 13 14]; 11 Jasperlode Heights mountain/cavern [7 8 10 12 14];
  12 Northshire Greenwood forest/entry [8 11]; 13 Ironcrest Peak mountain [5 6 9 10 14];
  14 Lionsward Pastures fields [10 11 13].
- S3: 0 Firewatch Ridge hills/entry [1 2 3]; 1 Blackchar Sump swamp [0 2 5]; 2 Thorium Point
  Steads fields/marker [0 1 3 5 6]; 3 Blackrock Spire mountain/cavern [0 2 4 6 7]; 4 Slag Pit
  Barrows hills/magic [3 7]; 5 Cauldron Rim hills/cavern [1 2 6]; 6 Charwood Thicket
  forest/magic [2 3 5 7]; 7 Dustfire Flats fields/entry [3 4 6].
"""

from __future__ import annotations

from smallworld.core import chance, engine
from smallworld.core.state import CHANCE, State
from tests.builders import position, seat


def play_out_turn(s: State) -> State:
    """Finish the current player's turn: ``end`` in the conquest phase, then the first legal
    action at every later choice (chance: its first outcome) until another seat's turn starts
    or the game is over. Returns ``s``."""
    p = s.turn
    if s.phase == "conquer" and not s.decisions and not s.chance:
        engine.apply_action(s, "end")
    while not s.is_over() and s.turn == p:
        if s.current_player() == CHANCE:
            engine.apply_action(s, chance.outcomes(s)[0][0])
        else:
            engine.apply_action(s, engine.legal_actions(s)[0])
    return s


def lines(s: State, p: int = 0) -> dict[str, int]:
    """Seat ``p``'s last scoring lines as a dict."""
    return dict(s.last_score[p])


def bonus(s: State, prefix: str, p: int = 0) -> int:
    """VC of seat ``p``'s last scoring lines whose label starts with ``prefix`` (0 if none)."""
    return sum(v for k, v in s.last_score[p] if k.startswith(prefix))


def badge_at(power: str, regions: str = "", race: str = "dwarves", *, phase: str = "redeploy",
             opponent: tuple[str, str] = ("orcs", "farmer"), **keys: object) -> State:
    """Seat 0 plays ``race`` with the badge ``power`` and holds ``regions`` (scenario TOML lines,
    see :func:`tests.builders.position`), in ``phase`` on L1 + S3; seat 1 plays ``opponent``
    (race, power). ``keys`` go to seat 0's table (``hand``, ``decline``, ``vc``, …)."""
    return position(regions, seat(race, power, **keys), seat(*opponent), phase=phase)
