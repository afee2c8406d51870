"""Shared fixture builders: a scenario position (docs/scenarios.md) from a few arguments.

``position`` writes the scenario a rule test needs without repeating its TOML frame: the seats
are :func:`seat` tables (seat 0 first), the Regions stay TOML lines as in a scenario file::

    s = position('"L1.9" = { player = 0, tokens = 1 }',
                 seat("dwarves", "farmer", hand=8), seat("orcs", "mining"))

Raises what :func:`smallworld.scenarios.scenario_from_dict` raises (``ScenarioError``) on a bad
id, a race or badge in two places, or a box over its cap.
"""

from __future__ import annotations

import textwrap
import tomllib
from collections.abc import Mapping
from typing import Any

from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.state import State
from smallworld.scenarios import scenario_from_dict

# the two-board table of most rule tests (RULES §2.2, 2 players)
BOARDS = ("L1", "S3")


def seat(race: str | None = None, power: str | None = None, **keys: Any) -> dict[str, Any]:
    """One ``[[players]]`` table: the Active race and its power (both or neither) and any other
    key of docs/scenarios.md (``hand``, ``vc``, ``decline``, ``kept``, …)."""
    table = dict(keys)
    if race is not None:
        table["race"] = race
    if power is not None:
        table["power"] = power
    return table


def regions_table(regions: str | Mapping[str, Any]) -> dict[str, Any]:
    """The ``[regions]`` table from TOML lines (``"L1.9" = { player = 0, tokens = 1 }``, one a
    line, dedented) or from a mapping already parsed."""
    if isinstance(regions, Mapping):
        return dict(regions)
    return tomllib.loads(textwrap.dedent(regions))


def position(regions: str | Mapping[str, Any] = "", *players: Mapping[str, Any],
             phase: str = "conquer", boards: tuple[str, ...] = BOARDS, **top: Any) -> State:
    """The state of a scenario: ``players`` in seat order (2 to 5 :func:`seat` tables),
    ``regions`` as :func:`regions_table` reads them, in ``phase`` on ``boards``; ``top`` holds
    any other top-level key (``turn``, ``round``, ``edition``, ``defeated``, …)."""
    data: dict[str, Any] = {"boards": list(boards), "phase": phase, **top}
    data["players"] = [dict(p) for p in players]
    data["regions"] = regions_table(regions)
    return scenario_from_dict(data)


def cost(s: State, rid: str, p: int = 0) -> int:
    """What seat ``p`` pays to conquer Region ``rid`` (``"L1.13"``) now, travel included
    (R-CONQ-2, R-CONQ-3); KeyError when ``rid`` is not one of its targets."""
    r = s.region_of(rid)
    return conquest_cost(s, p, r, targets(s, p)[r])
