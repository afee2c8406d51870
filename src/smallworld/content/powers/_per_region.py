"""Shared scoring helper of the six "+1 VC per Region of a kind" powers (RULES §10: Farmer,
Herbalist, Ranger, Swamp Walker, Mining, Mountaineer). Active race only (R-SCORE-2)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from smallworld.core.spec import GameSpec
from smallworld.core.state import State


def count_own(s: State, owner: int, marks: Sequence[bool]) -> int:
    """Regions of ``owner``'s Active race whose entry in ``marks`` (indexed by region) is true."""
    code = 2 * owner
    occ = s.occ
    return sum(1 for c, m in zip(occ, marks) if m and c == code)


def terrain_marks(s: State, terrain: str) -> tuple[bool, ...]:
    """Per-region flags: ``True`` where the Region has that terrain."""
    return _marks(s.spec, terrain)


@lru_cache(maxsize=256)
def _marks(spec: GameSpec, terrain: str) -> tuple[bool, ...]:
    return tuple(t == terrain for t in spec.terrain)


def score_line(s: State, owner: int, power: str, label: str, marks: Sequence[bool]) -> list[tuple[str, int]]:
    """``[(label, n)]`` for the ``n`` marked Regions of ``owner``'s Active race (none if 0 or if
    ``power`` is not its Active power)."""
    if s.power[owner] != power or s.active[owner] is None:
        return []
    n = count_own(s, owner, marks)
    return [(label, n)] if n else []
