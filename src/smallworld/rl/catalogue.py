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
``expand`` … ``pay aegis``  12 single actions            one index each (rl/published.py)
``buy N``                   21                           N (0–20, Forsaken purchases)
``<kind> R``                ``R`` per kind               slot of R, kinds in the published order
``pay marsh-R``             ``R``                        slot of R (Marshdweller tolls)
``redeploy R N``            ``R * A``                    ``slot * A + (N - 1)``
``portal A B``              ``R * (R - 1) / 2``          pair ``a < b`` in row-major order
``steal FROM TO``           ``R * R``                    ``from * R + to`` (diagonal never legal)
``intimidate SRC DST``      ``R * R``                    ``src * R + dst`` (diagonal never legal)
==========================  ===========================  ==========================================

That is the Warcraft catalogue (``swow`` and ``swow-team``). Only the core's blocks (``pick``,
``expand``, ``decline``, ``end``, ``done``, ``conquer``, ``abandon``, ``redeploy``) are written
here: every other block is derived from what the races, powers and items declare on their
classes (``action_specs`` and ``toll_words``, :mod:`smallworld.core.meta`), in the published
order of :mod:`smallworld.rl.published` (:func:`derive_blocks`); a new race's actions come after
every published index. Each edition has its own row of
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

from smallworld.core import edition as editions
from smallworld.core.actions import Action
from smallworld.core.combos import COLUMN_SIZE
from smallworld.core.meta import ActionSpec, TollWords
from smallworld.core.spec import GameSpec
from smallworld.rl import published

if TYPE_CHECKING:
    from smallworld.core.ability import Ability
    from smallworld.rl.codec import BoundCatalogue

#: the editions with a published catalogue (:data:`smallworld.rl.published.BLOCKS`)
_PUBLISHED_EDITIONS = tuple(published.BLOCKS)

#: the most tokens a race of these editions has (RULES §2.1, Forsaken 20; classic 20 too): no
#: hand, redeploy or purchase exceeds it
MAX_TOKENS = max(r.in_box for name in _PUBLISHED_EDITIONS for r in editions.get(name).races.values())

#: the most seats of a game: a ``seat`` argument (``ally Q``) names seat ``Q`` (absolute, 0-based)
MAX_SEATS = 5

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


def _single(kind: str) -> BlockDecl:
    """The block of an action without arguments (``expand``, ``end``…)."""
    return (kind, kind, _SINGLE, {"action": Action(kind)})


#: the core's own blocks (every edition): ``(name, kind, shape, options)``; ``pick``'s size
#: follows the column (R-PICK-1)
_CORE_BLOCKS: tuple[BlockDecl, ...] = (
    ("pick", "pick", _INT, {"lo": 0, "hi": COLUMN_SIZE - 1}),
    *(_single(k) for k in ("expand", "decline", "end", "done")),
    ("conquer", "conquer", _REGION, {}),
    ("abandon", "abandon", _REGION, {}),
    ("redeploy", "redeploy", _REGION_INT, {}),
)


def _spec_blocks(spec: ActionSpec) -> list[BlockDecl]:
    """The blocks of one declared action (:class:`~smallworld.core.meta.ActionSpec`); ``[]``
    for an argument shape the catalogue has no block for."""
    name = spec.block or spec.kind
    args = spec.args
    if not args:
        return [(spec.kind, spec.kind, _SINGLE, {"action": Action(spec.kind)})]
    if args == ("choice",):
        return [(str(a), a.kind, _SINGLE, {"action": a}) for a in (Action(spec.kind, (c,)) for c in spec.choices)]
    if args == ("count",):
        return [(name, spec.kind, _INT, {"lo": spec.lo, "hi": spec.hi})]
    if args == ("seat",):
        return [(name, spec.kind, _INT, {"lo": 0, "hi": MAX_SEATS - 1})]
    if args == ("region",):
        return [(name, spec.kind, _REGION, {})]
    if args == ("region", "region"):
        return [(name, spec.kind, _UPAIR if spec.unordered else _PAIR, {})]
    return []


def _toll_blocks(words: TollWords) -> list[BlockDecl]:
    """``pay KEY`` (one index) or, for a toll per Region, ``pay PREFIX-R`` (a Region block)."""
    if words.per_region:
        return [(f"pay {words.key.rstrip('-')}", "pay", _REGION, {"prefix": words.key})]
    a = Action("pay", (words.key,))
    return [(str(a), "pay", _SINGLE, {"action": a})]


def derive_blocks(abilities: Sequence[Ability], order: Sequence[str] = ()) -> tuple[BlockDecl, ...]:
    """The catalogue of an edition with these abilities: the core's blocks and the blocks of
    every ability's ``action_specs`` and ``toll_words``; the names of ``order`` (the published
    order, :mod:`smallworld.rl.published`) first, then the others in declaration order (a new
    race's actions come after every published index).

    Raises:
        ValueError: a published block no declaration gives any more (its indexes would move).
    """
    found: dict[str, BlockDecl] = {b[0]: b for b in _CORE_BLOCKS}
    for ability in abilities:
        for spec in ability.action_specs:
            for b in _spec_blocks(spec):
                found.setdefault(b[0], b)
        for words in ability.toll_words:
            for b in _toll_blocks(words):
                found.setdefault(b[0], b)
    missing = [n for n in order if n not in found]
    if missing:
        raise ValueError(f"published RL blocks without a declaration: {', '.join(missing)}")
    names = list(order) + [n for n in found if n not in order]
    return tuple(found[n] for n in names)


def catalogue_blocks(edition: str) -> tuple[BlockDecl, ...]:
    """The block declarations of ``edition``'s catalogue, derived from its abilities'
    declarations in the published order (:func:`derive_blocks`).

    Raises:
        ValueError: an unknown edition (the message lists the known ones).
    """
    if edition not in editions.names():
        raise ValueError(f"no RL action catalogue for edition {edition!r}; known: {', '.join(editions.names())}")
    return derive_blocks(editions.get(edition).abilities(), published.BLOCKS.get(edition, ()))


#: the catalogue of each edition, by edition name (derived when this module is imported; a
#: race registered later is in :func:`catalogue_blocks`)
CATALOGUES: dict[str, tuple[BlockDecl, ...]] = {name: catalogue_blocks(name) for name in _PUBLISHED_EDITIONS}


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
    """Region slots for a player count: the most Regions of any legal board selection of the
    edition (RULES §2.4, :attr:`~smallworld.core.edition.Edition.board_selections`; in
    ``classic`` the one map of the player count, C-SET-1: C2..C5, 23/30/39/48 Regions), or the
    Region count of ``faces`` when the boards are fixed.

    Raises:
        ValueError: a player count the edition does not play, an unknown face or edition, an
            edition that declares no board selections.
    """
    ed = editions.get(edition)
    if n_players not in ed.rounds_by_players:
        counts = sorted(ed.rounds_by_players)
        raise ValueError(f"{edition} is for {counts[0]} to {counts[-1]} players, not {n_players!r}")
    if faces is not None:
        return sum(_face_size(ed.name, f) for f in faces)
    if ed.board_selections is None:
        raise ValueError(f"edition {edition!r} declares no board selections (Edition.board_selections)")
    return max(sum(_face_size(ed.name, f) for f in sel) for sel in ed.board_selections(n_players))


@functools.cache
def _face_size(edition: str, face: str) -> int:
    return len(editions.get(edition).load_face(face).regions)


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
