"""Which faces are in play for a player count (RULES §2.4, R-SET-1).

A selection is a tuple of face ids ordered Large first, then Medium, then Small, and by face
id within a size. It uses each physical board at most once (two faces of one board are never
both in play).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations, product

from smallworld.boards.model import BOARD_SIZES_BY_PLAYERS, PHYSICAL_BOARDS

SIZE_ORDER = "LMS"


def _sizes(n_players: int) -> str:
    try:
        return BOARD_SIZES_BY_PLAYERS[n_players]
    except KeyError:
        raise ValueError(f"no board setup for {n_players} players (2–5, RULES §2.4)") from None


def boards_of_size(size: str) -> list[str]:
    """Physical board ids of one size ('L', 'M' or 'S'), sorted."""
    return sorted(b for b in PHYSICAL_BOARDS if b[0] == size)


def legal_selections(n_players: int) -> Iterator[tuple[str, ...]]:
    """Every legal selection of faces for ``n_players`` (RULES §2.4, R-SET-1).

    Yields tuples of face ids (L first, then M, then S). Raises ValueError for a player
    count outside 2–5.
    """
    sizes = _sizes(n_players)
    per_size: list[list[tuple[str, ...]]] = []
    for size in SIZE_ORDER:
        k = sizes.count(size)
        options: list[tuple[str, ...]] = []
        for boards in combinations(boards_of_size(size), k):
            for faces in product(*(PHYSICAL_BOARDS[b] for b in boards)):
                options.append(tuple(sorted(faces)))
        per_size.append(options)
    for parts in product(*per_size):
        yield tuple(f for part in parts for f in part)


def random_selection(n_players: int, rng: random.Random) -> tuple[str, ...]:
    """R-SET-1: choose physical boards at random by size, then a random face of each.

    Uses only ``rng``, so a seeded ``random.Random`` gives a reproducible selection. Returns
    face ids ordered as in :func:`legal_selections`.
    """
    sizes = _sizes(n_players)
    chosen: list[str] = []
    for size in SIZE_ORDER:
        k = sizes.count(size)
        if not k:
            continue
        boards = rng.sample(boards_of_size(size), k)
        chosen.extend(sorted(rng.choice(PHYSICAL_BOARDS[b]) for b in boards))
    return tuple(chosen)
