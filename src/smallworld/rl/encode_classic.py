"""Observation vectors of the ``classic`` edition (the original Small World): a name kept for
older code.

The classic observation is a row of :data:`smallworld.rl.layout.SECTIONS` (its sections are
tabled in :mod:`smallworld.rl.layout`) filled by the one encoder of every edition,
:class:`smallworld.rl.encode.ObservationEncoder`. ``ClassicObservationEncoder(P, R)`` is
``ObservationEncoder(P, R, edition="classic")``.
"""

from __future__ import annotations

from smallworld.rl.encode import BoundEncoder, ObservationEncoder

#: the edition whose observation this is
EDITION = "classic"
#: the bound encoder (the same class for every edition)
BoundClassicEncoder = BoundEncoder


class ClassicObservationEncoder(ObservationEncoder):
    """``ObservationEncoder(n_players, n_slots, adjacency=..., edition="classic")``."""

    def __init__(self, n_players: int, n_slots: int, *, adjacency: bool = True) -> None:
        super().__init__(n_players, n_slots, adjacency=adjacency, edition=EDITION)
