"""The layout of observation vectors: sections, sizes, scales and a name per entry.

An observation encodes one seat's :func:`smallworld.core.view.view` and the game's public board
table (:mod:`smallworld.rl.encode`; nothing hidden from the seat, RULES §15). Seats are **relative**: block 0 is the viewer, block ``j`` the
seat ``j`` places after it in turn order ("owner" and "actor" one-hots use the same order).

All values are ``>= 0``. Counts are divided by the scales of :data:`SCALES`; one-hots are 0/1.
``P`` is the player count, ``R`` the region slots (:func:`smallworld.rl.catalogue.region_slots`).
Sections, in order (``ObservationEncoder.layout`` gives their slices, ``feature_names()`` a
name per entry):

==============  ========================  =====================================================
section         size                      content
==============  ========================  =====================================================
``game``        ``27 + 2P``               round, rounds, phase (8: pick, decide, conquer,
                                          redeploy, defend, choice, chance, over), actor and
                                          turn (relative one-hots), conquests this turn,
                                          edition (2), stack sizes (3), piece supply (10),
                                          game over
``flags``       31                        public content state (RULES §15): revealed Bombs,
                                          Worgen form, Battleground side, Ethereals' option,
                                          uses this turn of once-per-turn powers and items, …
                                          (the flags the abilities declare, :mod:`~smallworld.
                                          rl.flagcodes`, in the published order)
``column``      ``6 * 38``                the combos (present, race, power, coins)
``team``        290                       team variant: side columns A/H/N (4 rows of races),
                                          badges (4 rows), deck sizes (zeros in ``swow``)
``players``     ``P * (84 + P)``          per relative seat: seat, side, race, power, In
                                          Decline race, kept badge, hand, turns with the race,
                                          VC known, VC (0 unless known), last score, Harmony
                                          held, attacked by the Pandaren, Beasts and Champion
                                          in hand
``regions``     ``R * (42 + 2P)``         per slot: in play, terrain (7), symbols (5), board,
                                          occupant (empty, murlocs, active, decline), owner
                                          (relative), tokens, pieces (10 kinds, raw counts),
                                          item (face down + 12), pending decision there
``adjacency``   ``R * (R - 1) / 2``       1 where slots ``a < b`` are adjacent (row-major upper
                                          triangle); left out with ``adjacency=False``
==============  ========================  =====================================================
"""

from __future__ import annotations

import numpy as np

from smallworld.content.data import ITEMS, PIECE_SUPPLY, POWERS, RACES
from smallworld.content.editions import EDITIONS
from smallworld.content.registry import ITEM_ABILITIES, POWER_ABILITIES, RACE_ABILITIES
from smallworld.core.spec import TERRAINS
from smallworld.rl import published
from smallworld.rl.flagcodes import FlagPlan

#: one-hot orders: the published ones (:mod:`smallworld.rl.published`), new ids after them
RACE_IDS: tuple[str, ...] = published.ordered(published.WARCRAFT_RACES, RACES)
POWER_IDS: tuple[str, ...] = published.ordered(published.WARCRAFT_POWERS, POWERS)
ITEM_IDS: tuple[str, ...] = published.ordered(published.WARCRAFT_ITEMS, ITEMS)
PIECE_KINDS: tuple[str, ...] = tuple(PIECE_SUPPLY)
PHASES: tuple[str, ...] = ("pick", "decide", "conquer", "redeploy", "defend", "choice", "chance", "over")
SYMBOLS: tuple[str, ...] = ("magic", "cavern", "murloc", "entry", "marker")
SIDES: tuple[str, ...] = ("A", "H", "N")
OCCUPANTS: tuple[str, ...] = ("empty", "murlocs", "active", "decline")
COLUMN_ROWS = 6
TEAM_ROWS = 4

#: divisors of the counts (an observation entry is ``count / scale``)
SCALES: dict[str, float] = {
    "round": 10, "conquests": 10, "banners": 16, "badges": 20, "tokens": 10, "hand": 10,
    "turns": 10, "vc": 50, "last_score": 20, "coins": 5, "deck": 8, "beasts": 5,
}


def flag_plan() -> FlagPlan:
    """Where the Warcraft abilities' declared flags go (:class:`~smallworld.rl.flagcodes.FlagPlan`),
    in the published order (:mod:`smallworld.rl.published`)."""
    abilities = [*RACE_ABILITIES.values(), *POWER_ABILITIES.values(), *ITEM_ABILITIES.values()]
    return FlagPlan(abilities, published.WARCRAFT_FLAGS, published.WARCRAFT_PLAYER_FLAGS, ITEM_IDS)


_PLAN = flag_plan()
#: public flags encoded (``view["flags"]``), and key prefixes of per-seat families
#: (``beasts-hand-P``): every flag the abilities declare
FLAGS, FLAG_PREFIXES = _PLAN.keys("flags")
#: turn flags encoded (``view["turn_flags"]``)
TURN_FLAGS, TURN_FLAG_PREFIXES = _PLAN.keys("tflags")
TURN_FLAG_PREFIXES = (*TURN_FLAG_PREFIXES, "used:", "pending:")


def _onehot_names(prefix: str, values: tuple[str, ...] | list[str]) -> list[str]:
    return [f"{prefix}={v}" for v in values]


class ObservationLayout:
    """The observation layout for ``n_players`` and ``n_slots`` region slots (see the module
    doc); :class:`smallworld.rl.encode.ObservationEncoder` fills it.

    Attributes:
        size: length of the vector. layout: section name -> ``slice``.
    """

    def __init__(self, n_players: int, n_slots: int, *, adjacency: bool = True) -> None:
        self.n_players = P = n_players
        self.n_slots = R = n_slots
        self.adjacency = adjacency
        #: where the abilities' declared flags go (derived when the layout is made)
        self.flag_plan = flag_plan()
        self.flag_names = self.flag_plan.section_names(P)
        self.game_names = (
            ["round/10", "rounds/10"] + _onehot_names("phase", PHASES)
            + [f"actor=+{j}" for j in range(P)] + [f"turn=+{j}" for j in range(P)]
            + ["conquests/10"] + _onehot_names("edition", EDITIONS)
            + ["stack.banners/16", "stack.badges/20", "stack.badge_discards/20"]
            + [f"supply.{k}/{PIECE_SUPPLY[k]}" for k in PIECE_KINDS] + ["over"]
        )
        self.column_names = ["present"] + _onehot_names("race", RACE_IDS) + _onehot_names("power", POWER_IDS) + ["coins/5"]
        self.team_names = (
            [f"col-{side}[{k}].{n}" for side in SIDES for k in range(TEAM_ROWS)
             for n in ["present"] + _onehot_names("race", RACE_IDS)]
            + [f"badges[{k}].{n}" for k in range(TEAM_ROWS) for n in ["present"] + _onehot_names("power", POWER_IDS)]
            + ["deck-A/8", "deck-H/8"]
        )
        self.player_names = (
            [f"seat={p}" for p in range(P)] + _onehot_names("side", SIDES)
            + _onehot_names("race", RACE_IDS) + _onehot_names("power", POWER_IDS)
            + _onehot_names("decline", RACE_IDS) + _onehot_names("kept", POWER_IDS)
            + ["hand/10", "turns_with_race/10", "vc_known", "vc/50", "last_score/20"]
            + self.flag_plan.player_names()
        )
        self.static_names = (
            ["in_play"] + _onehot_names("terrain", TERRAINS) + list(SYMBOLS) + [f"board={b}" for b in range(P)]
        )
        self.region_names = self.static_names + (
            _onehot_names("occupant", OCCUPANTS) + [f"owner=+{j}" for j in range(P)] + ["tokens/10"]
            + [f"piece.{k}" for k in PIECE_KINDS] + ["item=face-down"] + _onehot_names("item", ITEM_IDS)
            + ["pending"]
        )
        sizes = [
            ("game", len(self.game_names)),
            ("flags", len(self.flag_names)),
            ("column", COLUMN_ROWS * len(self.column_names)),
            ("team", len(self.team_names)),
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
        out += [f"team.{n}" for n in self.team_names]
        out += [f"players[+{j}].{n}" for j in range(self.n_players) for n in self.player_names]
        out += [f"regions[{r}].{n}" for r in range(self.n_slots) for n in self.region_names]
        if self.adjacency:
            out += [f"adjacency[{a},{b}]" for a, b in zip(*self._tri)]
        return out
