"""Observation vectors: one seat's view of the game as a flat ``float32`` array.

:class:`ObservationEncoder` (an :class:`~smallworld.rl.layout.ObservationLayout` of one edition,
whose module doc tables every section) is bound to one game's public board table, then turns
views into vectors: each part of each section (:mod:`smallworld.rl.sections`) writes its
entries. It reads **only** :func:`smallworld.core.view.view` (what the seat may know,
RULES §15) and the :class:`~smallworld.core.spec.GameSpec` (terrain, symbols, boards,
adjacency: public), never the :class:`~smallworld.core.state.State`: other seats' VC, stack
order and face-down items cannot leak. Every edition uses this one encoder
(``ObservationEncoder(P, R, edition="classic")``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from smallworld.core.spec import GameSpec
from smallworld.rl.layout import ObservationLayout


class ObservationEncoder(ObservationLayout):
    """The layout plus :meth:`bind`: ``ObservationEncoder(P, R, edition=...).bind(spec).encode(view)``."""

    def bind(self, spec: GameSpec) -> BoundEncoder:
        """The encoder for one game's public board table.

        Raises:
            ValueError: the game has another player count, more Regions than slots, or is of
                another edition than the layout's (``swow`` and ``swow-team`` share theirs).
        """
        if spec.n_players != self.n_players or spec.n_regions > self.n_slots:
            raise ValueError(
                f"game of {spec.n_players} players and {spec.n_regions} Regions does not fit an "
                f"encoder for {self.n_players} players and {self.n_slots} slots"
            )
        ed = spec.edition
        if ed is not self.t.edition and ed.races is not self.t.edition.races:
            raise ValueError(f"a {self.edition!r} observation encoder cannot encode a {ed.name!r} game")
        return BoundEncoder(self, spec)


class BoundEncoder:
    """:class:`ObservationEncoder` bound to a game's board table: :meth:`encode` views.

    Attributes (read by the parts' fill functions): t (the edition's tables), P, R, index
    (Region id -> number), static (the vector's entries fixed for the game: the board table
    and adjacency, zeros elsewhere).
    """

    def __init__(self, enc: ObservationEncoder, spec: GameSpec) -> None:
        self.enc = enc
        self.spec = spec
        self.t = enc.t
        self.P = enc.n_players
        self.R = enc.n_slots
        self.index = spec.index
        static = np.zeros(enc.size, dtype=np.float32)
        dynamic = []
        for part, at, w in enc.parts:
            if part.static:
                part.fill_static(enc.t, spec, static, at, w)
            else:
                dynamic.append((part.fill, at, w))
        self._fills = tuple(dynamic)
        if enc.adjacency:
            m = np.zeros((self.R, self.R), dtype=np.float32)
            for r in range(spec.n_regions):
                for q in spec.adj[r]:
                    m[r, q] = 1
            static[enc.layout["adjacency"]] = m[enc._tri]
        self.static = static
        #: the viewer-relative place of each seat, by viewer
        self._rel = [[(p - me) % self.P for p in range(self.P)] for me in range(self.P)]

    def encode(self, v: dict[str, Any]) -> np.ndarray:
        """The observation vector of view ``v`` (``view(state, seat)`` of this game; its
        Regions in Region-number order, as the view lists them).

        Returns a new ``float32`` array of shape ``(size,)``.
        """
        out = self.static.copy()
        rel = self._rel[v["viewer"] if v["viewer"] is not None else 0]
        for fill, at, w in self._fills:
            fill(self, out, at, w, v, rel)
        return out
