"""Observation options of the RL environments (``observation=``) and the global state.

All are built from the flat vector of :mod:`smallworld.rl.encode`, itself built from
``view(state, seat)`` only (RULES §15), so no option can leak a hidden fact.

- ``"flat"``: the full vector (``smallworld_v0``; ``Box(0, 1000, (M,))``, the old layout).
- ``"compact"``: the flat vector without the entries that cannot change in the env's edition
  (:func:`_dead`: the team block, sides and others' last scores in ``swow``, the edition and
  round count, the chance phase, badges that are never kept), each entry clipped to
  a true upper bound (:func:`feature_high`: 1 for one-hots and flags, a few units for scaled
  counts), so ``Box(0, high)`` is exact (:class:`CompactEncoder`).
- ``"graph"``: a ``Dict`` for graph neural networks (:class:`GraphEncoder`): ``nodes`` (R, F)
  the Region rows of the compact vector in slot order (slot ``k`` is also the ``k`` of the action
  catalogue), ``region_id`` (R,) a **stable** Region id (the same Region of the same board face
  has the same id in every game; :data:`padding id <GraphEncoder.n_region_ids>` for unused
  slots), ``node_mask`` (R,), ``edge_index`` (2, E) directed adjacency pairs (both directions,
  padded with 0), ``edge_mask`` (E,), and ``globals`` (G,) the rest of the compact vector.

The global state (:meth:`GlobalState.encode`, the env's ``state()``) is **privileged**: the
spectator's view (every public fact, seats in absolute order) plus every seat's VC total, which
no seat may see (R-SCORE-*: VC are kept face down). It is meant for centralized critics during
training, never as a policy input.
"""

from __future__ import annotations

import functools
import re

import numpy as np
from gymnasium import spaces

from smallworld.core import edition as editions
from smallworld.core.spec import GameSpec
from smallworld.core.state import State
from smallworld.core.view import view
from smallworld.rl.encode import BoundEncoder, ObservationEncoder
from smallworld.rl.layout import SCALES, SECTIONS, flag_plan

OBSERVATIONS = ("flat", "compact", "graph")

#: upper bounds of scaled counts (after scaling), by the name of the entry; everything not
#: listed (one-hots, 0/1 flags, fractions of a fixed supply) is bounded by 1. The abilities'
#: flags declare their own (:attr:`smallworld.core.meta.Flag.high`, :func:`_flag_highs`).
_HIGHS: tuple[tuple[str, float], ...] = (
    (r"conquests/10$", 3.0), (r"coins/5$", 4.0), (r"hand/10$", 3.0), (r"vc/50$", 5.0),
    (r"last_score/20$", 4.0), (r"tokens/10$", 3.0), (r"\.piece\.", 5.0),
    (r"turns_with_race/10$", 1.0), (r"round/10$|rounds/10$", 1.0),
)


@functools.cache
def _flag_highs() -> tuple[tuple[str, float], ...]:
    """``(pattern, high)`` of the abilities' declared flags in every edition with an
    observation (before :data:`_HIGHS`)."""
    highs: dict[str, float] = {}
    for name in dict.fromkeys([*SECTIONS, *editions.names()]):
        highs.update(flag_plan(name).highs(1))
    return tuple((rf"\.{re.escape(name)}$", high) for name, high in highs.items())


#: VC divisor in the global state (as in observations)
VC_SCALE = SCALES["vc"]


def feature_high(name: str) -> float:
    """The upper bound of observation entry ``name`` (``feature_names()``) in the compact
    observation: values above it are clipped (they are rare: e.g. more than 30 tokens on one
    Region, more than 250 VC)."""
    for pattern, high in (*_flag_highs(), *_HIGHS):
        if re.search(pattern, name):
            return high
    return 1.0


@functools.cache
def _never_kept(edition: str) -> tuple[str, ...]:
    """Name endings of kept badges that cannot occur in ``edition`` (powers that do not last)."""
    powers = editions.get(edition).powers
    return tuple(f".{k}={p}" for p in sorted(powers) if not powers[p].lasts for k in ("kept", "kept2"))


def observation_encoder(edition: str, n_players: int, n_slots: int, *, adjacency: bool = True) -> ObservationEncoder:
    """The flat observation encoder of ``edition`` (its row of
    :data:`smallworld.rl.layout.SECTIONS`, or :data:`~smallworld.rl.layout.STANDARD`).

    Raises:
        ValueError: an unknown edition.
    """
    return ObservationEncoder(n_players, n_slots, adjacency=adjacency, edition=edition)


def _dead(name: str, edition: str) -> bool:
    """Entries that cannot change in ``edition``: the edition, the round count (fixed by the
    player count), the chance phase (chance is resolved before anyone observes), the viewer's
    "VC known" (always 1), kept badges of powers that do not last In Decline (R-DEC-1); in an
    edition without team sides (``swow``, ``classic``) also the team block, sides and the other
    seats' last scoring lines (never shown)."""
    if name.startswith(("game.edition=", "game.rounds/", "game.phase=chance", "players[+0].vc_known")):
        return True
    if name.endswith(_never_kept(edition)):
        return True
    if editions.get(edition).sides_by_players:
        return False
    others_score = name.startswith("players[+") and not name.startswith("players[+0]") and name.endswith("last_score/20")
    return name.startswith("team.") or ".side=" in name or others_score


class CompactEncoder:
    """The compact observation of an :class:`ObservationEncoder` layout for one edition.

    Attributes:
        keep: indexes of the flat vector kept (int array). names: their names.
        high: float32 upper bounds, shape ``(size,)``. size: the compact length.
    """

    def __init__(self, base: ObservationEncoder, edition: str) -> None:
        names = base.feature_names()
        self.keep = np.array([i for i, n in enumerate(names) if not _dead(n, edition)], dtype=np.intp)
        self.names = [names[i] for i in self.keep]
        self.high = np.array([feature_high(n) for n in self.names], dtype=np.float32)
        self.size = len(self.keep)

    def space(self) -> spaces.Box:
        """``Box(0, high, (size,), float32)``."""
        return spaces.Box(np.zeros(self.size, np.float32), self.high, dtype=np.float32)

    def compact(self, flat: np.ndarray) -> np.ndarray:
        """The compact vector of flat vector ``flat`` (a new float32 array, clipped to ``high``)."""
        out = flat.take(self.keep)
        np.minimum(out, self.high, out=out)
        return out


@functools.cache
def stable_region_ids(edition: str = "swow") -> dict[str, int]:
    """Region notation (``"L1.4"``) -> stable id, over every board face of the edition's legal
    selections (:attr:`~smallworld.core.edition.Edition.board_selections`, every player count)
    in face id order: the 12 Warcraft faces, the classic maps C2..C5 (``"C3.7"``).

    Raises:
        ValueError: an unknown edition, or one that declares no board selections.
    """
    from smallworld.boards.model import region_ref

    ed = editions.get(edition)
    if ed.board_selections is None:
        raise ValueError(f"edition {edition!r} declares no board selections (Edition.board_selections)")
    faces = sorted({f for n in ed.rounds_by_players for sel in ed.board_selections(n) for f in sel})
    ids: dict[str, int] = {}
    for fid in faces:
        for i in range(len(ed.load_face(fid).regions)):
            ids[region_ref(fid, i)] = len(ids)
    return ids


class GraphEncoder:
    """The ``"graph"`` observation (see the module doc) for ``n_slots`` Region slots.

    Attributes:
        n_region_ids: number of stable Region ids (also the padding id of unused slots).
        max_edges: ``E``, directed edges slots (6 R: a planar map has fewer than 3 R edges).
    """

    def __init__(self, base: ObservationEncoder, compact: CompactEncoder, edition: str = "swow") -> None:
        self.base = base
        self.compact = compact
        self.edition = edition
        R = base.n_slots
        reg = base.layout["regions"]
        kept = compact.keep
        in_regions = (kept >= reg.start) & (kept < reg.stop)
        width = len(base.region_names)
        # compact positions of the region block, as (R, F) in slot order
        self.node_cols = np.flatnonzero(in_regions).reshape(R, width)
        self.global_cols = np.flatnonzero(~in_regions & ~self._adjacency(kept))
        self.node_high = compact.high[self.node_cols[0]]
        self.global_high = compact.high[self.global_cols]
        self.n_region_ids = len(stable_region_ids(edition))
        self.max_edges = 6 * R

    def _adjacency(self, kept: np.ndarray) -> np.ndarray:
        adj = self.base.layout.get("adjacency")
        if adj is None:
            return np.zeros(len(kept), dtype=bool)
        return (kept >= adj.start) & (kept < adj.stop)

    def space(self) -> spaces.Dict:
        R, E = self.base.n_slots, self.max_edges
        F = self.node_cols.shape[1]
        return spaces.Dict({
            "nodes": spaces.Box(np.zeros((R, F), np.float32), np.tile(self.node_high, (R, 1)), dtype=np.float32),
            "region_id": spaces.Box(0, self.n_region_ids, (R,), np.int64),
            "node_mask": spaces.Box(0, 1, (R,), np.int8),
            "edge_index": spaces.Box(0, R - 1, (2, E), np.int64),
            "edge_mask": spaces.Box(0, 1, (E,), np.int8),
            "globals": spaces.Box(np.zeros(len(self.global_cols), np.float32), self.global_high, dtype=np.float32),
        })

    def bind(self, spec: GameSpec) -> dict[str, np.ndarray]:
        """The static part of one game: ``region_id``, ``node_mask``, ``edge_index``,
        ``edge_mask``.

        Raises:
            ValueError: the game has more directed adjacencies than ``max_edges``.
        """
        R, E = self.base.n_slots, self.max_edges
        ids = stable_region_ids(self.edition)
        region_id = np.full(R, self.n_region_ids, dtype=np.int64)
        node_mask = np.zeros(R, dtype=np.int8)
        for r, rid in enumerate(spec.region_ids):
            region_id[r] = ids[rid]
            node_mask[r] = 1
        pairs = [(r, q) for r in range(spec.n_regions) for q in sorted(spec.adj[r])]
        if len(pairs) > E:
            raise ValueError(f"{len(pairs)} directed adjacencies exceed the graph observation's {E}")
        edge_index = np.zeros((2, E), dtype=np.int64)
        edge_mask = np.zeros(E, dtype=np.int8)
        if pairs:
            edge_index[:, :len(pairs)] = np.array(pairs, dtype=np.int64).T
            edge_mask[:len(pairs)] = 1
        return {"region_id": region_id, "node_mask": node_mask, "edge_index": edge_index, "edge_mask": edge_mask}

    def encode(self, compact_vec: np.ndarray, static: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        """The graph observation from a compact vector and the game's :meth:`bind` part
        (arrays copied, so callers may keep them)."""
        out = {k: v.copy() for k, v in static.items()}
        out["nodes"] = compact_vec[self.node_cols]
        out["globals"] = compact_vec[self.global_cols]
        return out


class GlobalState:
    """The privileged global state for centralized critics (see the module doc): the compact
    spectator vector followed by every seat's VC / 50 in absolute seat order (clipped to 5).

    Attributes:
        size: length of the vector.
    """

    def __init__(self, compact: CompactEncoder, n_players: int) -> None:
        self.compact = compact
        self.n_players = n_players
        self.size = compact.size + n_players

    def space(self) -> spaces.Box:
        high = np.concatenate([self.compact.high, np.full(self.n_players, 5.0, np.float32)])
        return spaces.Box(np.zeros(self.size, np.float32), high, dtype=np.float32)

    def encode(self, encoder: BoundEncoder, s: State) -> np.ndarray:
        """The global state vector of ``s`` (float32, shape ``(size,)``)."""
        spectator = self.compact.compact(encoder.encode(view(s, None)))
        vc = np.minimum(np.asarray(s.vc, dtype=np.float32) / VC_SCALE, 5.0)
        return np.concatenate([spectator, vc])
