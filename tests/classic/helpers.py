"""Classic scenario helpers (the 2-player map C2 unless said; facts from maps.json).

C2 facts used by the tests: C2.0 Sea (border) touches 1, 5; C2.1 Farmland (border, Magic)
touches 0, 2, 5, 6; C2.2 Forest (border, Mine) touches 1, 3, 6, 7, 8; C2.5 Mountain (border,
Cavern, Mine); C2.6 Hills (Lost Tribe, inland) touches 1, 2, 5, 7, 11, 12; C2.7 the Lake;
C2.8 Mountain (inland); C2.9 Farmland (inland); C2.13 Farmland (inland, Lost Tribe, Magic);
C2.14 Hills (inland, Cavern).
"""

from __future__ import annotations

import textwrap
import tomllib

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets, travel_to
from smallworld.core.state import State
from smallworld.scenarios import scenario_from_text
from tests.builders import position, seat


def classic(text: str) -> State:
    """A classic position from scenario TOML (``edition = "classic"`` must be given)."""
    return scenario_from_text(textwrap.dedent(text))


def classic_position(regions="", *players, phase="conquer", **top) -> State:
    """A classic position on the 2-player map C2 (:func:`tests.builders.position` with
    ``edition = "classic"``; ``boards`` may name another map)."""
    return position(regions, *players, phase=phase, edition="classic", **{"boards": ("C2",), **top})


def make(race="ratmen", power="merchant", hand=5, regions="", p0="", p1="",
         race1="sorcerers", power1="spirit") -> State:
    """Seat 0 plays ``race``+``power`` with ``hand`` tokens in its conquest phase on C2; ``p0`` and
    ``p1`` are more TOML keys of each seat's table (``decline = "orcs"``)."""
    return classic_position(regions, seat(race, power, hand=hand, **tomllib.loads(p0)),
                            seat(race1, power1, **tomllib.loads(p1)))


def rid(s: State, n: int) -> int:
    """Region number of ``C2.n`` (``C{players}.n`` on the map in play)."""
    return s.region_of(f"{s.spec.faces[0]}.{n}")


def cost(s: State, n: int, p: int = 0) -> int:
    r = rid(s, n)
    return conquest_cost(s, p, r, travel_to(s, p, r))


def tg(s: State, p: int = 0) -> set[int]:
    """Target Regions of seat ``p`` as map ids."""
    return {int(s.spec.region_ids[r].split(".")[1]) for r in targets(s, p)}


def acts_text(s: State) -> set[str]:
    """The legal actions of ``s`` as text."""
    return {str(a) for a in engine.legal_actions(s)}
