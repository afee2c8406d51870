"""Observation entries of the abilities' public flags, derived from their declarations.

Each race, power and item declares the public flags it keeps and how an observation encodes
them (:class:`smallworld.core.meta.Flag`: ``bool``, ``count`` with its scale, ``choice``,
``seat``, ``seats``, ``region``, ``region-count``). A :class:`FlagPlan` lays them out for one
edition, in the published order of :mod:`smallworld.rl.published` (declarations not listed
there come last), into three places:

- the ``flags`` section: one or more entries per flag (:meth:`Flag.feature_names`);
- the end of each player block: ``seats`` (the seat is in the collection), ``seat`` with
  ``per_seat`` (the seat is the value), and per-seat ``count`` families (``beasts-hand-P``);
- each Region's ``pending`` entry (Warcraft): ``region`` and ``region-count`` flags mark the
  Region a decision waits on.

The encoder (:mod:`smallworld.rl.encode`, its flags parts :mod:`smallworld.rl.sections`) reads only the
view, as before; this module only says which entry each flag fills.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from smallworld.core.actions import parse_action
from smallworld.core.meta import Flag

#: a published flags-section entry standing for ``used:ITEM`` of every item id (sorted)
USED_FAMILY = "used:"


def _in_section(f: Flag) -> bool:
    return bool(f.feature_names(1)) and not f.per_seat


def _in_players(f: Flag) -> bool:
    return f.encode == "seats" or (f.per_seat and f.encode in ("seat", "count"))


def _section_flags(declared: dict[str, Flag], section: Sequence[str], items: Sequence[str]) -> list[Flag]:
    """The flags section in its published order (``used:`` expanded for every item), then the
    declared flags no published key names. Raises ``ValueError`` for an undeclared key."""
    flags: list[Flag] = []
    for key in section:
        if key == USED_FAMILY:
            flags += [declared.get(f"{USED_FAMILY}{i}", Flag(f"{USED_FAMILY}{i}")) for i in items]
        elif key in declared:
            flags.append(declared[key])
        else:
            raise ValueError(f"published observation flag {key!r} has no declaration")
    placed = {f.key for f in flags}
    flags += [f for f in declared.values()
              if f.key not in placed and _in_section(f) and not f.key.startswith(USED_FAMILY)]
    return flags


class FlagPlan:
    """Where the declared flags of ``abilities`` go in an observation.

    Args:
        abilities: the edition's abilities (their ``flags`` declarations).
        section: the published flags-section order (flag keys; :data:`USED_FAMILY` expands to
            ``used:ITEM`` for every id of ``items``).
        players: the published order of the per-seat entries.
        items: the edition's item ids, sorted.

    Raises:
        ValueError: a published key that no ability declares (its entries would move).
    """

    def __init__(self, abilities: Sequence[Any], section: Sequence[str], players: Sequence[str],
                 items: Sequence[str] = ()) -> None:
        declared: dict[str, Flag] = {}
        for a in abilities:
            for f in a.flags:
                declared.setdefault(f.key, f)
        self.declared = declared
        flags = _section_flags(declared, section, items)
        missing = [k for k in players if k not in declared]
        if missing:
            raise ValueError(f"published per-seat flags without a declaration: {', '.join(missing)}")
        per_seat = [declared[k] for k in players]
        per_seat += [f for f in declared.values() if f.key not in players and _in_players(f)]
        #: flags-section flags, in order
        self.section: tuple[Flag, ...] = tuple(flags)
        #: per-seat flags at the end of each player block, in order
        self.players: tuple[Flag, ...] = tuple(per_seat)
        #: n_players -> (flag, in ``flags`` (else ``tflags``), offset, width) of the section
        self._spans: dict[int, list[tuple[Flag, bool, int, int]]] = {}
        #: flags marking a Region's pending decision
        self.regions: tuple[Flag, ...] = tuple(
            f for f in declared.values() if f.encode in ("region", "region-count"))

    def section_names(self, n_players: int) -> list[str]:
        """Feature names of the flags section."""
        return [n for f in self.section for n in f.feature_names(n_players)]

    def player_names(self) -> list[str]:
        """Feature names of the per-seat entries (the end of each player block)."""
        out = []
        for f in self.players:
            name = f.rl_name or f.key
            out.append(f"{name}/{_num(f.scale)}" if f.encode == "count" and f.scale != 1 else name)
        return out

    def highs(self, n_players: int) -> dict[str, float]:
        """Feature name -> the true upper bound of its value, for the declared flags whose
        bound is not 1 (:attr:`Flag.high`)."""
        out: dict[str, float] = {}
        for f in self.section:
            if f.high != 1:
                out.update(dict.fromkeys(f.feature_names(n_players), f.high))
        for f, name in zip(self.players, self.player_names()):
            if f.high != 1:
                out[name] = f.high
        return out

    def keys(self, scope: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``(keys, prefixes)`` of every declared flag of ``scope`` (``"flags"`` or
        ``"tflags"``): what the encoders know of the view's ``flags`` / ``turn_flags``."""
        fs = [f for f in self.declared.values() if f.scope == scope]
        return (tuple(f.key for f in fs if not f.family), tuple(f.key for f in fs if f.family))

    def encode_section(self, out: Any, flags: dict[str, Any], tf: dict[str, Any],
                       rel: Callable[[int], int], n_players: int) -> None:
        """Fill the flags section ``out`` (all zeros on entry) from the view's ``flags`` and
        ``turn_flags``."""
        spans = self._spans.get(n_players)
        if spans is None:
            spans, at = [], 0
            for f in self.section:
                width = len(f.feature_names(n_players))
                spans.append((f, f.scope == "flags", at, width))
                at += width
            self._spans[n_players] = spans
        for f, in_flags, at, width in spans:
            val = (flags if in_flags else tf).get(f.key)
            if val is not None:  # not set: every encoding is all zeros, as ``out`` already is
                out[at:at + width] = f.encode_value(val, rel, n_players)

    def encode_seat(self, x: Any, p: int, flags: dict[str, Any], tf: dict[str, Any]) -> None:
        """Fill the per-seat entries ``x`` (a slice of seat ``p``'s player block)."""
        for k, f in enumerate(self.players):
            src = flags if f.scope == "flags" else tf
            if f.family:
                x[k] = src.get(f"{f.key}{p}", 0) / f.scale
            elif f.encode == "seats":
                x[k] = p in set(src.get(f.key, ()))
            elif f.encode == "seat":
                x[k] = src.get(f.key) == p
            else:
                x[k] = (src.get(f.key) or 0) / f.scale

    def pending_regions(self, flags: dict[str, Any], tf: dict[str, Any],
                        index: dict[str, int] | None = None) -> list[int]:
        """Region numbers a pending decision is about (a ``region`` flag's value, or the first
        Region of its tuple). A flag may also hold the text of a special action waiting on the
        decision (Frostmourne while its holder chooses: ``"airborne M4.4"``): its Region, found
        in ``index`` (Region id -> number), when given; otherwise it is skipped."""
        out: list[int] = []
        for f in self.regions:
            val = (flags if f.scope == "flags" else tf).get(f.key)
            if isinstance(val, bool) or val is None:
                continue
            if isinstance(val, int):
                out.append(val)
            elif isinstance(val, str):
                if index is not None:
                    for arg in parse_action(val).args:
                        if arg in index:
                            out.append(index[arg])
                            break
            elif val:
                out.append(int(val[0]))
        return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)
