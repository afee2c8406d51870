"""Observation vectors: one seat's view of the game as a flat ``float32`` array.

:class:`ObservationEncoder` (an :class:`~smallworld.rl.layout.ObservationLayout`, whose module
doc tables every section) is bound to one game's public board table, then turns views into
vectors. It reads **only** :func:`smallworld.core.view.view` (what the seat may know,
RULES §15) and the :class:`~smallworld.core.spec.GameSpec` (terrain, symbols, boards,
adjacency: public), never the :class:`~smallworld.core.state.State`: other seats' VC, stack
order and face-down items cannot leak.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from smallworld.content.data import PIECE_SUPPLY
from smallworld.content.editions import EDITIONS
from smallworld.core.spec import TERRAINS, GameSpec
from smallworld.rl.layout import (
    COLUMN_ROWS,
    ITEM_IDS,
    OCCUPANTS,
    PHASES,
    PIECE_KINDS,
    POWER_IDS,
    RACE_IDS,
    SCALES,
    SIDES,
    SYMBOLS,
    TEAM_ROWS,
    ObservationLayout,
)


class ObservationEncoder(ObservationLayout):
    """The layout plus :meth:`bind`: ``ObservationEncoder(P, R).bind(spec).encode(view)``."""

    def bind(self, spec: GameSpec) -> BoundEncoder:
        """The encoder for one game's public board table.

        Raises:
            ValueError: the game has another player count, or more Regions than slots.
        """
        if spec.n_players != self.n_players or spec.n_regions > self.n_slots:
            raise ValueError(
                f"game of {spec.n_players} players and {spec.n_regions} Regions does not fit an "
                f"encoder for {self.n_players} players and {self.n_slots} slots"
            )
        return BoundEncoder(self, spec)


class BoundEncoder:
    """:class:`ObservationEncoder` bound to a game's board table: :meth:`encode` views."""

    def __init__(self, enc: ObservationEncoder, spec: GameSpec) -> None:
        self.enc = enc
        self.spec = spec
        self.index = spec.index
        R, n = enc.n_slots, spec.n_regions
        st = np.zeros((R, len(enc.static_names)), dtype=np.float32)
        terr = {t: i for i, t in enumerate(TERRAINS)}
        sym = [spec.magic, spec.cavern, spec.murloc, spec.entry, spec.marker]
        for r in range(n):
            st[r, 0] = 1
            st[r, 1 + terr[spec.terrain[r]]] = 1
            for k, col in enumerate(sym):
                st[r, 1 + len(TERRAINS) + k] = col[r]
            st[r, 1 + len(TERRAINS) + len(SYMBOLS) + spec.board[r]] = 1
        self.static = st
        self.adj = None
        if enc.adjacency:
            m = np.zeros((R, R), dtype=np.float32)
            for r in range(n):
                for q in spec.adj[r]:
                    m[r, q] = 1
            self.adj = m[enc._tri]

    def encode(self, v: dict[str, Any]) -> np.ndarray:
        """The observation vector of view ``v`` (``view(state, seat)`` of this game).

        Returns a new ``float32`` array of shape ``(size,)``.
        """
        enc = self.enc
        P = enc.n_players
        out = np.zeros(enc.size, dtype=np.float32)
        me = v["viewer"] if v["viewer"] is not None else 0

        def rel(p: int) -> int:
            return (p - me) % P

        # game
        g = out[enc.layout["game"]]
        g[0] = v["round"] / SCALES["round"]
        g[1] = v["rounds"] / SCALES["round"]
        at = 2
        g[at + PHASES.index(v["phase"])] = 1
        at += len(PHASES)
        if v["actor"] >= 0:
            g[at + rel(v["actor"])] = 1
        at += P
        g[at + rel(v["turn"])] = 1
        at += P
        g[at] = v["conquests_this_turn"] / SCALES["conquests"]
        g[at + 1 + EDITIONS.index(v["edition"])] = 1
        at += 1 + len(EDITIONS)
        stacks = v["stacks"]
        g[at] = stacks["banners"] / SCALES["banners"]
        g[at + 1] = stacks["badges"] / SCALES["badges"]
        g[at + 2] = stacks["badge_discards"] / SCALES["badges"]
        at += 3
        supply = v["supply"]
        for k, kind in enumerate(PIECE_KINDS):
            g[at + k] = supply.get(kind, 0) / PIECE_SUPPLY[kind]
        g[at + len(PIECE_KINDS)] = v["result"] is not None

        flags, tflags = v["flags"], v["turn_flags"]
        self._flags(out[enc.layout["flags"]], flags, tflags, rel)
        self._column(out[enc.layout["column"]], v["column"])
        if v["team"] is not None:
            self._team(out[enc.layout["team"]], v["team"])
        self._players(out[enc.layout["players"]], v, flags, tflags, rel)
        self._regions(out[enc.layout["regions"]], v, tflags, rel)
        if self.adj is not None:
            out[enc.layout["adjacency"]] = self.adj
        return out

    def _flags(self, f: np.ndarray, flags: dict[str, Any], tf: dict[str, Any], rel: Any) -> None:
        """The abilities' declared flags, in the published order (:mod:`smallworld.rl.flagcodes`)."""
        self.enc.flag_plan.encode_section(f, flags, tf, rel, self.enc.n_players)

    def _column(self, c: np.ndarray, column: list[dict[str, Any]]) -> None:
        w = len(self.enc.column_names)
        nr, npw = len(RACE_IDS), len(POWER_IDS)
        for row in column[:COLUMN_ROWS]:
            base = row["position"] * w
            if row["race"] is None and row["power"] is None:
                continue
            c[base] = 1
            if row["race"] is not None:
                c[base + 1 + RACE_IDS.index(row["race"])] = 1
            if row["power"] is not None:
                c[base + 1 + nr + POWER_IDS.index(row["power"])] = 1
            c[base + 1 + nr + npw] = row["coins"] / SCALES["coins"]

    def _team(self, t: np.ndarray, team: dict[str, Any]) -> None:
        w = 1 + len(RACE_IDS)
        for s, side in enumerate(SIDES):
            for row in team["columns"].get(side, ()):
                if row["race"] is not None:
                    base = (s * TEAM_ROWS + row["row"]) * w
                    t[base] = 1
                    t[base + 1 + RACE_IDS.index(row["race"])] = 1
        at = len(SIDES) * TEAM_ROWS * w
        wb = 1 + len(POWER_IDS)
        for k, power in enumerate(team["badges"][:TEAM_ROWS]):
            if power is not None:
                t[at + k * wb] = 1
                t[at + k * wb + 1 + POWER_IDS.index(power)] = 1
        at += TEAM_ROWS * wb
        decks = team.get("decks", {})
        t[at] = decks.get("A", 0) / SCALES["deck"]
        t[at + 1] = decks.get("H", 0) / SCALES["deck"]

    def _players(self, out: np.ndarray, v: dict[str, Any], flags: dict[str, Any],
                 tf: dict[str, Any], rel: Any) -> None:
        P = self.enc.n_players
        w = len(self.enc.player_names)
        plan = self.enc.flag_plan
        for pl in v["players"]:
            p = pl["seat"]
            x = out[rel(p) * w:(rel(p) + 1) * w]
            x[p] = 1
            at = P
            if pl["side"] is not None:
                x[at + SIDES.index(pl["side"])] = 1
            at += len(SIDES)
            for ids, key in ((RACE_IDS, "race"), (POWER_IDS, "power"), (RACE_IDS, "decline"), (POWER_IDS, "kept")):
                if pl[key] is not None:
                    x[at + ids.index(pl[key])] = 1
                at += len(ids)
            x[at] = pl["hand"] / SCALES["hand"]
            x[at + 1] = pl["turns_with_race"] / SCALES["turns"]
            if pl["vc"] is not None:
                x[at + 2] = 1
                x[at + 3] = pl["vc"] / SCALES["vc"]
            if pl["last_score"]:
                x[at + 4] = sum(line[1] for line in pl["last_score"]) / SCALES["last_score"]
            plan.encode_seat(x[at + 5:], p, flags, tf)  # Harmony, Pandaren attack, Beasts, Champion

    def _regions(self, out: np.ndarray, v: dict[str, Any], tf: dict[str, Any], rel: Any) -> None:
        enc = self.enc
        P = enc.n_players
        R = enc.n_slots
        reg = out.reshape(R, len(enc.region_names))
        ns = self.static.shape[1]
        reg[:, :ns] = self.static
        occ0 = ns
        own0 = occ0 + len(OCCUPANTS)
        tok = own0 + P
        pc0 = tok + 1
        it0 = pc0 + len(PIECE_KINDS)
        pend = it0 + 1 + len(ITEM_IDS)
        index = self.index
        for rv in v["regions"]:
            r = index[rv["id"]]
            row = reg[r]
            occupant = rv["occupant"]
            row[occ0 + (OCCUPANTS.index(occupant) if occupant is not None else 0)] = 1
            if rv["player"] is not None:
                row[own0 + rel(rv["player"])] = 1
            row[tok] = rv["tokens"] / SCALES["tokens"]
            for kind, n in rv["pieces"].items():
                if kind in _PIECE_POS:
                    row[pc0 + _PIECE_POS[kind]] = n
            item = rv["item"]
            if item == "?":
                row[it0] = 1
            elif item is not None:
                row[it0 + 1 + _ITEM_POS[item]] = 1
        for r in self.enc.flag_plan.pending_regions(v["flags"], tf, index):
            if 0 <= r < R:
                reg[r, pend] = 1


_PIECE_POS = {k: i for i, k in enumerate(PIECE_KINDS)}
_ITEM_POS = {k: i for i, k in enumerate(ITEM_IDS)}
