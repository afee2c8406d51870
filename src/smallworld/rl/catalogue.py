"""The fixed discrete action space: a catalogue of every player action, by index.

The engine names actions by text (``conquer L1.4``); a learner needs a fixed ``Discrete(N)``.
The catalogue lays out every action kind the core and the content define as **blocks** of
consecutive indexes. Region arguments are **region slots**: slot ``k`` is region number ``k`` of
the game's :class:`~smallworld.core.spec.GameSpec` (``spec.region_ids[k]``, boards in order),
and the number of slots is the largest Region count any legal board selection has for the
player count (26, 39, 51, 64 for 2–5 players), so ``N`` is the same for every episode of an
environment and index ``i`` means the same action throughout an episode. Slots beyond the
game's Regions are never legal.

Blocks, in index order (``R`` region slots, ``A`` the redeploy cap, by default 20 = the most
tokens any race has, so every legal redeploy is in the catalogue):

==========================  ===========================  ==========================================
block                       size                         index within the block
==========================  ===========================  ==========================================
``pick K``                  6                            K (0–5; the team variant uses 0–3)
``expand`` … ``pay aegis``  12 single actions            see :data:`SINGLE_ACTIONS`
``buy N``                   21                           N (0–20, Forsaken purchases)
``<kind> R``                ``R`` per kind               slot of R; kinds in :data:`REGION_KINDS`
``pay marsh-R``             ``R``                        slot of R (Marshdweller tolls)
``redeploy R N``            ``R * A``                    ``slot * A + (N - 1)``
``portal A B``              ``R * (R - 1) / 2``          pair ``a < b`` in row-major order
``steal FROM TO``           ``R * R``                    ``from * R + to`` (diagonal never legal)
``intimidate SRC DST``      ``R * R``                    ``src * R + dst`` (diagonal never legal)
==========================  ===========================  ==========================================

That is the Warcraft catalogue (``swow`` and ``swow-team``). Each edition has its own row of
:data:`CATALOGUES` (a tuple of block declarations; ``ActionCatalogue(R, edition=...)``): the
``classic`` one is ``pick K`` (6), ``expand``, ``decline``, ``end``, ``done``, ``berserk``,
``ally Q`` (5 seats), ``conquer``/``abandon``/``sorcery``/``camp``/``dragon``/``fortress``/``hero``
``R``, and ``redeploy R N``, with ``R`` = the Regions of the player count's map
(:func:`region_slots`: 23, 30, 39, 48).

Chance actions (``banner``, ``badge``, ``roll``, ``item``, ``bomb``) are not in the catalogue:
environments resolve them. An engine action with no place here raises :class:`CatalogueError`
naming it.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from smallworld.content.data import ALLIANCE, HORDE, RACES
from smallworld.content.powers import marshdweller
from smallworld.core.actions import Action
from smallworld.core.combos import COLUMN_SIZE
from smallworld.core.spec import GameSpec

if TYPE_CHECKING:
    from smallworld.rl.codec import BoundCatalogue

#: the most tokens a race has (RULES §2.1, Forsaken 20): no hand, redeploy or purchase exceeds it
MAX_TOKENS = max(r.in_box for r in RACES.values())

#: actions without a varying argument, in catalogue order
SINGLE_ACTIONS: tuple[Action, ...] = (
    Action("expand"),
    Action("decline"),
    Action("end"),
    Action("done"),  # Goblins' Bombs, Humans' Military Objectives: stop placing
    Action("airborne-final"),  # Gnomes
    Action("airborne-stop"),
    Action("form", ("human",)),  # Worgen
    Action("form", ("worgen",)),
    Action("battleground", (ALLIANCE,)),
    Action("battleground", (HORDE,)),
    Action("pay", ("harmony",)),  # Pandaren toll (RULES §8)
    Action("pay", ("aegis",)),  # Aegis of Aggramar toll
)

#: kinds taking one Region argument, in catalogue order
REGION_KINDS: tuple[str, ...] = (
    "conquer", "abandon",  # core
    "airborne",  # Gnomes
    "conquer-legend",  # Ethereals
    "ashes", "frostmourne", "doomhammer",  # Artifacts
    "champion", "champion-to",  # Championing
    "intimidate",  # Intimidating, discarding (one argument)
    "beast",  # Beast Master
    "objective",  # Humans
    "plant", "bomb-pay", "bomb-return",  # Goblins
    "rejoin",  # Tauren
    "heart", "aegis",  # Artifact placements
)

#: Marshdweller's toll keys are ``marsh-<region id>``
MARSH_PREFIX = marshdweller.TOLL_PREFIX

_SINGLE = "single"
_INT = "int"
_REGION = "region"
_REGION_INT = "region-int"
_UPAIR = "unordered-pair"
_PAIR = "pair"


class CatalogueError(ValueError):
    """An engine action that the catalogue cannot represent. The message names the action."""


class AmountBeyondCap(CatalogueError):
    """``redeploy R N`` with ``N`` above the catalogue's ``max_redeploy``."""


@dataclass(frozen=True)
class Block:
    """A run of consecutive indexes ``[start, start + size)`` for one action pattern.

    ``shape``: ``"single"`` (one action), ``"int"`` (``kind N`` for ``lo <= N <= hi``),
    ``"region"`` (``kind R``, ``prefix`` + region id for ``pay marsh-R``), ``"region-int"``
    (``kind R N``, ``1 <= N <= hi``), ``"unordered-pair"`` (``kind A B`` with ``a < b``),
    ``"pair"`` (``kind A B``, ``a != b``).
    """

    name: str
    kind: str
    shape: str
    start: int
    size: int
    action: Action | None = None
    lo: int = 0
    hi: int = 0
    prefix: str = ""

    @property
    def stop(self) -> int:
        return self.start + self.size


#: a block declaration: ``(name, kind, shape, options)``; sizes follow from the shape, the
#: region slots ``R`` and the redeploy cap ``A`` (:func:`_block_size`)
BlockDecl = tuple[str, str, str, dict[str, object]]


def _warcraft_blocks() -> tuple[BlockDecl, ...]:
    """The ``swow`` / ``swow-team`` catalogue (the module doc's table; unchanged since v0)."""
    return (
        ("pick", "pick", _INT, {"lo": 0, "hi": COLUMN_SIZE - 1}),
        *((str(a), a.kind, _SINGLE, {"action": a}) for a in SINGLE_ACTIONS),
        ("buy", "buy", _INT, {"lo": 0, "hi": MAX_TOKENS}),
        *((k, k, _REGION, {}) for k in REGION_KINDS),
        ("pay marsh", "pay", _REGION, {"prefix": MARSH_PREFIX}),
        ("redeploy", "redeploy", _REGION_INT, {}),
        ("portal", "portal", _UPAIR, {}),
        ("steal", "steal", _PAIR, {}),
        ("intimidate-move", "intimidate", _PAIR, {}),
    )


#: classic (the original Small World) actions without a varying argument, in catalogue order
CLASSIC_SINGLE_ACTIONS: tuple[Action, ...] = (
    Action("expand"),
    Action("decline"),  # also Stout's decline at the end of the turn (C-P-STOUT-1)
    Action("end"),
    Action("done"),  # Diplomat, Bivouacking, Fortified, Stout: nothing (more) to do
    Action("berserk"),  # Berserk: roll the die before a conquest
)

#: classic kinds taking one Region argument, in catalogue order
CLASSIC_REGION_KINDS: tuple[str, ...] = (
    "conquer", "abandon",  # core
    "sorcery",  # Sorcerers
    "camp",  # Bivouacking
    "dragon",  # Dragon Master
    "fortress",  # Fortified
    "hero",  # Heroic
)

#: the most seats of a game: ``ally Q`` names seat ``Q`` (absolute, 0-based)
MAX_SEATS = 5


def _classic_blocks() -> tuple[BlockDecl, ...]:
    """The ``classic`` catalogue: every kind the classic races and powers emit."""
    return (
        ("pick", "pick", _INT, {"lo": 0, "hi": COLUMN_SIZE - 1}),
        *((str(a), a.kind, _SINGLE, {"action": a}) for a in CLASSIC_SINGLE_ACTIONS),
        ("ally", "ally", _INT, {"lo": 0, "hi": MAX_SEATS - 1}),  # Diplomat (seat Q)
        *((k, k, _REGION, {}) for k in CLASSIC_REGION_KINDS),
        ("redeploy", "redeploy", _REGION_INT, {}),
    )


#: the catalogue of each edition, by edition name: a third edition adds a row
CATALOGUES: dict[str, tuple[BlockDecl, ...]] = {
    "swow": _warcraft_blocks(),
    "swow-team": _warcraft_blocks(),
    "classic": _classic_blocks(),
}


def catalogue_blocks(edition: str) -> tuple[BlockDecl, ...]:
    """The block declarations of ``edition``'s catalogue.

    Raises:
        ValueError: no catalogue for that edition (the message lists the known ones).
    """
    try:
        return CATALOGUES[edition]
    except KeyError:
        raise ValueError(f"no RL action catalogue for edition {edition!r}; known: {', '.join(CATALOGUES)}") from None


def _block_size(shape: str, R: int, A: int, opts: dict[str, object]) -> int:
    if shape == _SINGLE:
        return 1
    if shape == _INT:
        return int(opts["hi"]) - int(opts["lo"]) + 1  # type: ignore[call-overload]
    if shape == _REGION:
        return R
    if shape == _REGION_INT:
        return R * A
    if shape == _UPAIR:
        return R * (R - 1) // 2
    return R * R




def region_slots(n_players: int, faces: Sequence[str] | None = None, edition: str = "swow") -> int:
    """Region slots for a player count: the most Regions of any legal board selection
    (RULES §2.4), or the Region count of ``faces`` when the boards are fixed. In ``classic``
    the map is fixed by the player count (C-SET-1: C2..C5, 23/30/39/48 Regions).

    Raises:
        ValueError: a player count outside 2–5, an unknown face or edition.
    """
    if edition == "classic":
        from smallworld.core import edition as editions

        ed = editions.get(edition)
        if n_players not in ed.rounds_by_players:
            raise ValueError(f"classic is for 2 to 5 players, not {n_players!r}")
        chosen = faces if faces is not None else ed.choose_faces(n_players, None)
        return sum(len(ed.load_face(f).regions) for f in chosen)
    from smallworld.boards import legal_selections

    if faces is not None:
        return sum(_face_size(f) for f in faces)
    return max(sum(_face_size(f) for f in sel) for sel in legal_selections(n_players))


@functools.cache
def _face_size(face: str) -> int:
    from smallworld.boards import load_face

    return len(load_face(face).regions)


class ActionCatalogue:
    """The index layout for ``n_slots`` region slots (see the module doc).

    Args:
        n_slots: region slots (:func:`region_slots`).
        max_redeploy: the largest ``N`` of ``redeploy R N`` given an index (default
            :data:`MAX_TOKENS`: complete). With a smaller cap, larger redeployments have no
            index (``index`` raises :class:`AmountBeyondCap`); the same placement is reached by
            several smaller ones, which are legal too (R-TROOP-3).
        edition: whose blocks (:data:`CATALOGUES`; ``"swow"`` and ``"swow-team"`` share the
            table of the module doc, ``"classic"`` has its own).

    Raises:
        ValueError: ``n_slots`` or ``max_redeploy`` below 1, or an edition without a catalogue.
    """

    def __init__(self, n_slots: int, max_redeploy: int = MAX_TOKENS, edition: str = "swow") -> None:
        if n_slots < 1 or max_redeploy < 1:
            raise ValueError(f"n_slots and max_redeploy must be >= 1, got {n_slots}, {max_redeploy}")
        self.n_slots = n_slots
        self.max_redeploy = max_redeploy
        self.edition = edition
        blocks: list[Block] = []
        at = 0

        def add(name: str, kind: str, shape: str, size: int, **kw: object) -> None:
            nonlocal at
            blocks.append(Block(name, kind, shape, at, size, **kw))  # type: ignore[arg-type]
            at += size

        R = n_slots
        for name, kind, shape, opts in catalogue_blocks(edition):
            extra = dict(opts)
            if shape == _REGION_INT:
                extra.update(lo=1, hi=max_redeploy)
            add(name, kind, shape, _block_size(shape, R, max_redeploy, opts), **extra)
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.size = at
        self._starts = [b.start for b in blocks]
        self._single = {b.action: b.start for b in blocks if b.shape == _SINGLE}
        self._by_kind: dict[tuple[str, int], Block] = {}
        for b in blocks:
            if b.shape == _SINGLE:
                continue
            nargs = {_INT: 1, _REGION: 1, _REGION_INT: 2, _UPAIR: 2, _PAIR: 2}[b.shape]
            self._by_kind[(b.kind, nargs)] = b
        # upper-triangle row offsets for portal pairs
        self._tri = [a * (2 * R - a - 1) // 2 for a in range(R + 1)]

    def __len__(self) -> int:
        return self.size

    def block_of(self, i: int) -> Block:
        """The block holding index ``i``. Raises ``IndexError`` outside ``[0, size)``."""
        if not 0 <= i < self.size:
            raise IndexError(f"action index {i} outside [0, {self.size})")
        return self.blocks[bisect.bisect_right(self._starts, i) - 1]

    def layout(self) -> list[tuple[str, int, int]]:
        """``(block name, start, stop)`` for every block, in index order."""
        return [(b.name, b.start, b.stop) for b in self.blocks]

    def bind(self, spec: GameSpec) -> BoundCatalogue:
        """The catalogue for one game: indexes <-> :class:`Action` with its Region ids.

        Raises:
            ValueError: the game has more Regions than the catalogue has slots.
        """
        from smallworld.rl.codec import BoundCatalogue

        if spec.n_regions > self.n_slots:
            raise ValueError(f"the game has {spec.n_regions} Regions, the catalogue {self.n_slots} slots")
        return BoundCatalogue(self, spec)
