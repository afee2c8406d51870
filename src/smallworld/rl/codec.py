"""Index <-> action for one game: :class:`BoundCatalogue` (``ActionCatalogue.bind(spec)``).

Region slots become the game's Region ids (``spec.region_ids``); the layout is
:mod:`smallworld.rl.catalogue`'s.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

import numpy as np

from smallworld.core.actions import Action
from smallworld.core.spec import GameSpec
from smallworld.rl.catalogue import (
    _INT,
    _REGION,
    _REGION_INT,
    _SINGLE,
    _UPAIR,
    ActionCatalogue,
    AmountBeyondCap,
    CatalogueError,
)


class BoundCatalogue:
    """An :class:`ActionCatalogue` bound to one game's Regions (``cat.bind(spec)``)."""

    def __init__(self, cat: ActionCatalogue, spec: GameSpec) -> None:
        self.catalogue = cat
        self.spec = spec
        self.size = cat.size

    def index(self, action: Action) -> int:
        """The index of ``action`` (a player action).

        Raises:
            CatalogueError: no index for it (an unknown kind or argument pattern, a Region not in
            play, an amount out of range; :class:`AmountBeyondCap` for a redeployment above the
            cap). The message names the action.
        """
        cat = self.catalogue
        i = cat._single.get(action)
        if i is not None:
            return i
        if action.kind == "steal" and len(action.args) == 3:
            # several Artifacts lie at the source (R-ITEM-2): the theft names one; the catalogue
            # has one index per (from, to), which :meth:`mask` gives to the first one listed
            return self.index(Action("steal", action.args[:2]))
        b = cat._by_kind.get((action.kind, len(action.args)))
        if b is None:
            raise CatalogueError(
                f"engine action {str(action)!r} has no index in the RL action catalogue "
                f"(unknown kind or arguments); smallworld.rl.catalogue must learn it"
            )
        args = action.args
        try:
            if b.shape == _INT:
                n = int(args[0])
                if not b.lo <= n <= b.hi:
                    raise CatalogueError(f"{str(action)!r}: {n} outside {b.lo}..{b.hi} in the RL action catalogue")
                return b.start + n - b.lo
            if b.shape == _REGION:
                arg = str(args[0])
                if b.prefix:
                    if not arg.startswith(b.prefix):
                        raise CatalogueError(
                            f"engine action {str(action)!r} has no index in the RL action catalogue "
                            f"(unknown toll key); smallworld.rl.catalogue must learn it"
                        )
                    arg = arg[len(b.prefix):]
                return b.start + self._slot(arg, action)
            if b.shape == _REGION_INT:
                r = self._slot(str(args[0]), action)
                n = int(args[1])
                if n > b.hi:
                    raise AmountBeyondCap(f"{str(action)!r}: amount above the catalogue's redeploy cap {b.hi}")
                if n < b.lo:
                    raise CatalogueError(f"{str(action)!r}: amount below {b.lo}")
                return b.start + r * cat.max_redeploy + (n - 1)
            a = self._slot(str(args[0]), action)
            c = self._slot(str(args[1]), action)
            if b.shape == _UPAIR:
                if not a < c:
                    raise CatalogueError(f"{str(action)!r}: Regions must be in Region order")
                return b.start + cat._tri[a] + (c - a - 1)
            if a == c:
                raise CatalogueError(f"{str(action)!r}: the two Regions must differ")
            return b.start + a * cat.n_slots + c
        except (TypeError, ValueError) as e:
            if isinstance(e, CatalogueError):
                raise
            raise CatalogueError(f"engine action {str(action)!r}: bad arguments for the RL action catalogue ({e})") from None

    def _slot(self, rid: str, action: Action) -> int:
        r = self.spec.index.get(rid)
        if r is None:
            raise CatalogueError(f"{str(action)!r}: no Region {rid!r} in play")
        return r

    def action(self, i: int) -> Action | None:
        """The :class:`Action` at index ``i`` in this game, or ``None`` for an index that names
        no action here (an unused region slot, a pair of one Region).

        Raises:
            IndexError: ``i`` outside ``[0, size)``.
        """
        cat = self.catalogue
        b = cat.block_of(i)
        k = i - b.start
        if b.shape == _SINGLE:
            return b.action
        if b.shape == _INT:
            return Action(b.kind, (b.lo + k,))
        ids = self.spec.region_ids
        n = len(ids)
        if b.shape == _REGION:
            return Action(b.kind, (b.prefix + ids[k],)) if k < n else None
        if b.shape == _REGION_INT:
            r, m = divmod(k, cat.max_redeploy)
            return Action(b.kind, (ids[r], m + 1)) if r < n else None
        if b.shape == _UPAIR:
            a = bisect.bisect_right(cat._tri, k) - 1
            c = a + 1 + (k - cat._tri[a])
            return Action(b.kind, (ids[a], ids[c])) if c < n else None
        a, c = divmod(k, cat.n_slots)
        return Action(b.kind, (ids[a], ids[c])) if a < n and c < n and a != c else None

    def mask(self, legal: Iterable[Action]) -> tuple[np.ndarray, dict[int, Action]]:
        """The action mask of ``legal`` (int8, shape ``(size,)``, 1 exactly at their indexes)
        and the map index -> action. Redeployments above the cap are left out (see
        :class:`ActionCatalogue`); when several Artifacts lie in the Region the Ethereals steal
        from (``steal FROM TO ARTIFACT``), the index of ``steal FROM TO`` takes the first one
        the engine lists.

        Raises:
            CatalogueError: a legal action with no index (names it).
        """
        m = np.zeros(self.size, dtype=np.int8)
        by_index: dict[int, Action] = {}
        for a in legal:
            try:
                i = self.index(a)
            except AmountBeyondCap:
                continue
            if i in by_index:  # a second Artifact of the same theft (see :meth:`index`)
                continue
            m[i] = 1
            by_index[i] = a
        return m, by_index
