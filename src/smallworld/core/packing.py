"""The compact form of a :class:`~smallworld.core.state.State`'s fields in a pickle (issue 33).

A pickled state is its spec (which pickles as its key, :mod:`smallworld.core.spec`) and its
fields, some of them packed here: the Region lists as bytes (one signed byte per Region for
``occ`` and ``tokens``; ``(region, count)`` byte pairs of the Regions holding a piece of a kind;
the Regions holding items with their items), and the counts of ``box`` and ``supply`` (arrays in
the order of the edition's races and pieces) as bytes. A value that does not fit (a count past
a byte) is left as it is, so any state round-trips; unpacking gives
arrays, lists and dicts equal to the packed ones, in the same order (each piece kind, ``box``
and ``supply`` 16-bit arrays, ``occ`` and ``tokens`` lists: :mod:`smallworld.core.state`). The combos
and scoring lines (``column``, ``last_score``: tuples) pickle as they are and are shared again
(:func:`shared`) when unpacked.

Shapes: :func:`pack` ``(spec, names, values) -> tuple`` (one entry per name);
:func:`unpack` ``(spec, names, packed) -> list`` (the values again).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any


def _ints(values: list[int], spec: Any) -> Any:
    """``values`` as one signed byte each, or as they are when one does not fit."""
    try:
        return array("b", values).tobytes()
    except OverflowError:
        return values


def _ints_back(data: Any, spec: Any) -> list[int]:
    if isinstance(data, bytes):
        out: list[int] = array("b", data).tolist()
        return out
    return list(data)




def _pieces(pieces: dict[str, Any], spec: Any) -> dict[str, Any]:
    """Per kind, the ``(region, count)`` pairs of the Regions holding any, as bytes."""
    out: dict[str, Any] = {}
    for kind, counts in pieces.items():
        flat = []
        for r, n in enumerate(counts):
            if n:
                flat.append(r)
                flat.append(n)
        try:
            out[kind] = bytes(flat)
        except ValueError:  # a Region number or count past a byte
            out[kind] = counts
    return out


def _pieces_back(packed: dict[str, Any], spec: Any) -> dict[str, array[int]]:
    out: dict[str, array[int]] = {}
    zero = array("h", [0])
    for kind, data in packed.items():
        if isinstance(data, bytes):
            counts = zero * spec.n_regions
            for i in range(0, len(data), 2):
                counts[data[i]] = data[i + 1]
            out[kind] = counts
        else:
            out[kind] = array("h", data)
    return out


def _items(items: Any, spec: Any) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The Regions holding items, with their items."""
    return tuple([(r, x) for r, x in enumerate(items) if x])


def _items_back(held: Any, spec: Any) -> tuple[tuple[str, ...], ...]:
    items: list[tuple[str, ...]] = [()] * spec.n_regions
    for r, x in held:
        items[r] = x
    if held:
        return tuple(items)
    out: tuple[tuple[str, ...], ...] = shared(tuple(items))  # no item: as every such game's
    return out


def _counts_array_back(data: Any, spec: Any) -> array[int]:
    """The ``State.box`` or ``State.supply`` array (a count per race or piece kind of the
    edition) of :func:`_ints`' bytes, or of the array as it was (a count past a byte)."""
    return array("h", array("b", data) if isinstance(data, bytes) else data)


def _same(value: Any, spec: Any) -> Any:
    return value


def _column_back(column: Any, spec: Any) -> tuple[Any, ...]:
    return tuple([shared(c) for c in column])


def _score_back(last_score: Any, spec: Any) -> tuple[Any, ...]:
    return tuple([shared(tuple([shared(x) for x in lines])) for lines in last_score])


#: the packed fields: name -> (pack, unpack), each ``(value, spec)``
PACKERS: dict[str, tuple[Callable[[Any, Any], Any], Callable[[Any, Any], Any]]] = {
    "occ": (_ints, _ints_back),
    "tokens": (_ints, _ints_back),
    "pieces": (_pieces, _pieces_back),
    "items": (_items, _items_back),
    "box": (_ints, _counts_array_back),
    "supply": (_ints, _counts_array_back),
    "column": (_same, _column_back),
    "last_score": (_same, _score_back),
}


def pack(spec: Any, names: Sequence[str], values: Sequence[Any]) -> tuple[Any, ...]:
    """The fields ``names`` of a state of ``spec`` (``values`` in the same order), packed."""
    packers = PACKERS
    return tuple([packers[n][0](v, spec) if n in packers else v for n, v in zip(names, values, strict=True)])


def unpack(spec: Any, names: Sequence[str], packed: Sequence[Any]) -> list[Any]:
    """The values :func:`pack` packed (new lists and dicts, equal to the packed ones).

    Raises:
        ValueError: ``packed`` does not have one entry per name.
    """
    if len(packed) != len(names):
        raise ValueError(f"a packed state has {len(names)} fields, not {len(packed)}")
    packers = PACKERS
    return [packers[n][1](v, spec) if n in packers else v for n, v in zip(names, packed, strict=True)]


#: the immutable values :func:`shared` gives out, each once (cleared when it reaches
#: :data:`_SHARED_MAX` entries)
_SHARED: dict[Any, Any] = {}
_SHARED_MAX = 1 << 16


def shared(value: Any) -> Any:
    """The one copy of the immutable ``value`` (a tuple of strings, ints, None and such tuples:
    a combo, a scoring line, a seat's lines) that every state of the process holds: states of
    distinct games share their equal combos and lines instead of each holding its own. A value
    holding a number that is not exactly an ``int`` (``True``, ``1.0`` equal ``1``) is returned
    as it is, so that a state's JSON never changes by it."""
    got = _SHARED.get(value)
    if got is None:
        if not _plain(value):
            return value
        if len(_SHARED) >= _SHARED_MAX:
            _SHARED.clear()
        _SHARED[value] = got = value
    return got


def _plain(value: Any) -> bool:
    """Whether every number in the tuple ``value`` (and its tuples) is exactly an ``int``."""
    for x in value:
        t = type(x)
        if t is tuple:
            if not _plain(x):
                return False
        elif t is not str and t is not int and x is not None:
            return False
    return True
