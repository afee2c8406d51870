"""Observation vectors of the ``classic`` edition (the original Small World) from one seat's view.

:class:`ClassicObservationEncoder` has the interface of
:class:`smallworld.rl.encode.ObservationEncoder` (``layout``, ``size``, ``feature_names()``,
``static_names``, ``region_names``, ``bind(spec).encode(view)``) with classic's own tables: its
14 races and 20 powers, its pieces, terrains and symbols, the Spirit's second In Decline race
(``decline2`` / ``kept2``, C-P-SPIRIT-1), In Decline tokens in hand (Ghouls, C-CONQ-7) and the
classic races' and powers' public state. Warcraft-only blocks (factions, sides, items, the team
variant) are left out. Like the Warcraft encoder it reads **only**
:func:`smallworld.core.view.view` and the public :class:`~smallworld.core.spec.GameSpec`.

Seats are relative (block 0 is the viewer). Sections, in order:

==============  ========================  =====================================================
section         size                      content
==============  ========================  =====================================================
``game``        ``24 + 2P``               round, rounds, phase (8), actor and turn (relative
                                          one-hots), conquests this turn, stack sizes (3),
                                          piece supply (8), game over, In Decline race's turn
``flags``       ``10 + P``                Berserk's roll, Dragon used, Wealthy picked, holes
                                          and encampments placed, encampments allowed, Amazons
                                          off the map, non-empty conquests this turn (Orcs,
                                          Skeletons; Pillaging), Diplomat's ally (relative)
``column``      ``6 * 36``                the combos: present, race (14), power (20), coins/5
``players``     ``P * (110 + P)``         per relative seat: seat, race, power, In Decline
                                          race, kept badge, second In Decline race and badge
                                          (Spirit), hand, turns with the race, VC known, VC/50
                                          (0 unless known), last score, In Decline tokens in
                                          hand, attacked by the Diplomat's owner this turn,
                                          a Sorcerers' victim this turn
``regions``     ``R * (27 + P)``          per slot: in play, terrain (7), symbols (5), occupant
                                          (empty, Lost Tribe, active, decline, decline2),
                                          owner (relative), tokens/10, pieces (8 kinds)
``adjacency``   ``R * (R - 1) / 2``       as Warcraft's (``adjacency=False`` leaves it out)
==============  ========================  =====================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np

from smallworld.classic.data import PIECE_SUPPLY, POWERS, RACES
from smallworld.classic.registry import POWER_ABILITIES, RACE_ABILITIES
from smallworld.core.spec import GameSpec
from smallworld.rl import published
from smallworld.rl.flagcodes import FlagPlan
from smallworld.rl.layout import COLUMN_ROWS, PHASES, SCALES

EDITION = "classic"
#: one-hot orders: the published ones (:mod:`smallworld.rl.published`), new ids after them
RACE_IDS: tuple[str, ...] = published.ordered(published.CLASSIC_RACES, RACES)
POWER_IDS: tuple[str, ...] = published.ordered(published.CLASSIC_POWERS, POWERS)
PIECE_KINDS: tuple[str, ...] = tuple(PIECE_SUPPLY)
TERRAINS: tuple[str, ...] = ("farmland", "hills", "forest", "swamp", "mountain", "sea", "lake")
SYMBOLS: tuple[str, ...] = ("border", "lost-tribe", "magic", "cavern", "mine")
OCCUPANTS: tuple[str, ...] = ("empty", "lost-tribe", "active", "decline", "decline2")


def flag_plan() -> FlagPlan:
    """Where the classic abilities' declared flags go (:class:`~smallworld.rl.flagcodes.FlagPlan`),
    in the published order (:mod:`smallworld.rl.published`)."""
    abilities = [*RACE_ABILITIES.values(), *POWER_ABILITIES.values()]
    return FlagPlan(abilities, published.CLASSIC_FLAGS, published.CLASSIC_PLAYER_FLAGS)


#: the count flags of the flags section: (key, feature name, scale), from the declarations
_COUNT_FLAGS: tuple[tuple[str, str, float], ...] = tuple(
    (f.key, f.feature_names(1)[0], f.scale) for f in flag_plan().section if f.encode == "count"
)


def _onehot(prefix: str, values: tuple[str, ...]) -> list[str]:
    return [f"{prefix}={v}" for v in values]


class ClassicObservationEncoder:
    """The classic observation layout for ``n_players`` and ``n_slots`` Region slots (see the
    module doc): ``ClassicObservationEncoder(P, R).bind(spec).encode(view)``.

    Attributes:
        size: length of the vector. layout: section name -> ``slice``.
    """

    edition = EDITION

    def __init__(self, n_players: int, n_slots: int, *, adjacency: bool = True) -> None:
        self.n_players = P = n_players
        self.n_slots = R = n_slots
        self.adjacency = adjacency
        self.game_names = (
            ["round/10", "rounds/10"] + _onehot("phase", PHASES)
            + [f"actor=+{j}" for j in range(P)] + [f"turn=+{j}" for j in range(P)]
            + ["conquests/10", "stack.banners/16", "stack.badges/20", "stack.badge_discards/20"]
            + [f"supply.{k}/{PIECE_SUPPLY[k]}" for k in PIECE_KINDS] + ["over", "in_decline_turn"]
        )
        #: where the abilities' declared flags go (derived when the encoder is made)
        self.flag_plan = flag_plan()
        self.flag_names = self.flag_plan.section_names(P)
        self.column_names = ["present"] + _onehot("race", RACE_IDS) + _onehot("power", POWER_IDS) + ["coins/5"]
        self.player_names = (
            [f"seat={p}" for p in range(P)]
            + _onehot("race", RACE_IDS) + _onehot("power", POWER_IDS)
            + _onehot("decline", RACE_IDS) + _onehot("kept", POWER_IDS)
            + _onehot("decline2", RACE_IDS) + _onehot("kept2", POWER_IDS)
            + ["hand/10", "turns_with_race/10", "vc_known", "vc/50", "last_score/20", "decline_hand/10"]
            + self.flag_plan.player_names()
        )
        self.static_names = ["in_play"] + _onehot("terrain", TERRAINS) + list(SYMBOLS)
        self.region_names = self.static_names + (
            _onehot("occupant", OCCUPANTS) + [f"owner=+{j}" for j in range(P)] + ["tokens/10"]
            + [f"piece.{k}" for k in PIECE_KINDS]
        )
        sizes = [
            ("game", len(self.game_names)),
            ("flags", len(self.flag_names)),
            ("column", COLUMN_ROWS * len(self.column_names)),
            ("players", P * len(self.player_names)),
            ("regions", R * len(self.region_names)),
        ]
        if adjacency:
            sizes.append(("adjacency", R * (R - 1) // 2))
        self.layout: dict[str, slice] = {}
        at = 0
        for name, n in sizes:
            self.layout[name] = slice(at, at + n)
            at += n
        self.size = at
        self._tri = np.triu_indices(R, 1)

    def feature_names(self) -> list[str]:
        """A readable name for every entry of the vector (length :attr:`size`)."""
        out = [f"game.{n}" for n in self.game_names] + [f"flags.{n}" for n in self.flag_names]
        out += [f"column[{k}].{n}" for k in range(COLUMN_ROWS) for n in self.column_names]
        out += [f"players[+{j}].{n}" for j in range(self.n_players) for n in self.player_names]
        out += [f"regions[{r}].{n}" for r in range(self.n_slots) for n in self.region_names]
        if self.adjacency:
            out += [f"adjacency[{a},{b}]" for a, b in zip(*self._tri)]
        return out

    def bind(self, spec: GameSpec) -> BoundClassicEncoder:
        """The encoder for one classic game's public map.

        Raises:
            ValueError: another player count, more Regions than slots, or not a classic game.
        """
        if spec.n_players != self.n_players or spec.n_regions > self.n_slots:
            raise ValueError(
                f"game of {spec.n_players} players and {spec.n_regions} Regions does not fit an "
                f"encoder for {self.n_players} players and {self.n_slots} slots"
            )
        if spec.edition.name != EDITION:
            raise ValueError(f"a classic encoder cannot encode a {spec.edition.name!r} game")
        return BoundClassicEncoder(self, spec)


class BoundClassicEncoder:
    """:class:`ClassicObservationEncoder` bound to a game's map: :meth:`encode` views."""

    def __init__(self, enc: ClassicObservationEncoder, spec: GameSpec) -> None:
        self.enc = enc
        self.spec = spec
        self.index = spec.index
        R, n = enc.n_slots, spec.n_regions
        st = np.zeros((R, len(enc.static_names)), dtype=np.float32)
        for r in range(n):
            st[r, 0] = 1
            st[r, 1 + TERRAINS.index(spec.terrain[r])] = 1
            for k, sym in enumerate(SYMBOLS):
                st[r, 1 + len(TERRAINS) + k] = sym in spec.symbols[r]
        self.static = st
        self.adj = None
        if enc.adjacency:
            m = np.zeros((R, R), dtype=np.float32)
            for r in range(n):
                for q in spec.adj[r]:
                    m[r, q] = 1
            self.adj = m[enc._tri]

    def encode(self, v: dict[str, Any]) -> np.ndarray:
        """The observation vector of view ``v`` (``view(state, seat)`` of this game): a new
        ``float32`` array of shape ``(size,)``."""
        enc = self.enc
        P = enc.n_players
        out = np.zeros(enc.size, dtype=np.float32)
        me = v["viewer"] if v["viewer"] is not None else 0

        def rel(p: int) -> int:
            return (p - me) % P

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
        stacks = v["stacks"]
        g[at + 1] = stacks["banners"] / SCALES["banners"]
        g[at + 2] = stacks["badges"] / SCALES["badges"]
        g[at + 3] = stacks["badge_discards"] / SCALES["badges"]
        at += 4
        supply = v["supply"]
        for k, kind in enumerate(PIECE_KINDS):
            g[at + k] = supply.get(kind, 0) / PIECE_SUPPLY[kind]
        at += len(PIECE_KINDS)
        g[at] = v["result"] is not None
        g[at + 1] = bool(v["in_decline_turn"])

        flags, tf = v["flags"], v["turn_flags"]
        # the abilities' declared flags, in the published order (smallworld.rl.flagcodes)
        enc.flag_plan.encode_section(out[enc.layout["flags"]], flags, tf, rel, P)

        self._column(out[enc.layout["column"]], v["column"])
        self._players(out[enc.layout["players"]], v, flags, tf, rel)
        self._regions(out[enc.layout["regions"]], v, rel)
        if self.adj is not None:
            out[enc.layout["adjacency"]] = self.adj
        return out

    def _column(self, c: np.ndarray, column: list[dict[str, Any]]) -> None:
        w = len(self.enc.column_names)
        nr, npw = len(RACE_IDS), len(POWER_IDS)
        for row in column[:COLUMN_ROWS]:
            if row["race"] is None and row["power"] is None:
                continue
            base = row["position"] * w
            c[base] = 1
            if row["race"] is not None:
                c[base + 1 + RACE_IDS.index(row["race"])] = 1
            if row["power"] is not None:
                c[base + 1 + nr + POWER_IDS.index(row["power"])] = 1
            c[base + 1 + nr + npw] = row["coins"] / SCALES["coins"]

    def _players(self, out: np.ndarray, v: dict[str, Any], flags: dict[str, Any], tf: dict[str, Any],
                 rel: Any) -> None:
        P = self.enc.n_players
        w = len(self.enc.player_names)
        plan = self.enc.flag_plan
        dhands = v["decline_hands"]
        for pl in v["players"]:
            p = pl["seat"]
            x = out[rel(p) * w:(rel(p) + 1) * w]
            x[p] = 1
            at = P
            for ids, key in ((RACE_IDS, "race"), (POWER_IDS, "power"), (RACE_IDS, "decline"),
                             (POWER_IDS, "kept"), (RACE_IDS, "decline2"), (POWER_IDS, "kept2")):
                if pl.get(key) is not None:
                    x[at + ids.index(pl[key])] = 1
                at += len(ids)
            x[at] = pl["hand"] / SCALES["hand"]
            x[at + 1] = pl["turns_with_race"] / SCALES["turns"]
            if pl["vc"] is not None:
                x[at + 2] = 1
                x[at + 3] = pl["vc"] / SCALES["vc"]
            if pl["last_score"]:
                x[at + 4] = sum(line[1] for line in pl["last_score"]) / SCALES["last_score"]
            hands = sum(dhands.get(r, 0) for r in (pl["decline"], pl.get("decline2")) if r is not None)
            x[at + 5] = hands / SCALES["hand"]
            plan.encode_seat(x[at + 6:], p, flags, tf)  # Diplomat's attacks, Sorcerers' victims

    def _regions(self, out: np.ndarray, v: dict[str, Any], rel: Any) -> None:
        enc = self.enc
        P = enc.n_players
        reg = out.reshape(enc.n_slots, len(enc.region_names))
        ns = self.static.shape[1]
        reg[:, :ns] = self.static
        occ0 = ns
        own0 = occ0 + len(OCCUPANTS)
        tok = own0 + P
        pc0 = tok + 1
        second = {pl["seat"]: pl.get("decline2") for pl in v["players"]}
        index = self.index
        for rv in v["regions"]:
            row = reg[index[rv["id"]]]
            occupant = rv["occupant"]
            owner = rv["player"]
            if occupant is None:
                k = 0
            elif occupant == "murlocs":  # the edition's neutral tokens: Lost Tribes
                k = 1
            elif occupant == "active":
                k = 2
            elif owner is not None and second.get(owner) is not None and rv["race"] == second[owner]:
                k = 4
            else:
                k = 3
            row[occ0 + k] = 1
            if owner is not None:
                row[own0 + rel(owner)] = 1
            row[tok] = rv["tokens"] / SCALES["tokens"]
            for kind, n in rv["pieces"].items():
                pos = _PIECE_POS.get(kind)
                if pos is not None:
                    row[pc0 + pos] = n


_PIECE_POS = {k: i for i, k in enumerate(PIECE_KINDS)}
