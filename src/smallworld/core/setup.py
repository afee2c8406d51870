"""Setting up a new game (RULES §3, R-SET-*)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from smallworld.core import edition as editions
from smallworld.core import engine
from smallworld.core.edition import Edition
from smallworld.core.spec import GameSpec, spec_for
from smallworld.core.state import EMPTY, MURLOC, State, count_array, shared


def choose_faces(
    n_players: int, seed: int | str | None, edition: str | Edition = "swow"
) -> tuple[str, ...]:
    """R-SET-1: the edition's boards for ``n_players``, drawn from ``seed`` alone."""
    ed = editions.get(edition)
    return tuple(ed.choose_faces(n_players, random.Random(f"smallworld:{seed}:boards")))


def make_spec(
    n_players: int,
    faces: Sequence[str],
    *,
    edition: str | Edition = "swow",
    seats: Sequence[str] | None = None,
) -> GameSpec:
    """The :class:`GameSpec` for the given face ids: the interned one
    (:func:`smallworld.core.spec.spec_for`), which every game with the same edition, boards,
    player count and seat names shares: a new game skips building the table and finds the
    per-table action tables already made.

    Raises:
        ValueError: unknown face, wrong player count or edition (message names it).
    """
    return spec_for(n_players, faces, edition=edition, seats=seats)


def initial_state(spec: GameSpec) -> State:
    """The position before the first chance draws (R-SET-2..5): Murlocs on Murloc symbols (the
    edition's neutral tokens: Lost Tribes in classic, C-SET-3) and
    Mountains on Mountain Regions (while pieces last), one face-down item on each board's marker
    Region, 5 VC each, the column empty with its 6 combos queued for reveal."""
    n = spec.n_players
    R = spec.n_regions
    ed = spec.edition
    s = State.__new__(State)
    s.spec = spec
    s.roster_cache = None
    s.events = None
    s.pieces = {}
    s.vc = [ed.starting_vc] * n
    s.active = [None] * n
    s.power = [None] * n
    s.decline = [None] * n
    s.kept = [None] * n
    s.hand = [0] * n
    s.race_turns = [0] * n
    s.occ = [EMPTY] * R
    s.tokens = [0] * R
    items: list[tuple[str, ...]] = [()] * R
    s.column = (shared((None, None, 0)),) * ed.column_size
    s.banner_stack = sorted(ed.races)
    s.banner_bottom = []
    s.badge_stack = sorted(ed.powers)
    s.badge_discard = []
    s.item_pool = sorted(ed.items)
    s.chance = []
    s.decisions = []
    s.defenders = []
    s.last_score = ((),) * n
    s.decline2 = [None] * n
    s.kept2 = [None] * n
    s.dhand = {}
    s.acting = None
    s.box = count_array([ed.races[k].in_box for k in spec.race_keys])
    s.supply = count_array([ed.pieces[k] for k in spec.piece_keys])
    s.flags = {}
    s.tflags = {}
    s.defeated = {}
    s.paid = {}
    s.team = {}
    s.round = 1
    s.turn = 0
    s.step = "start"
    s.phase = ""
    s.actor = 0
    s.conquests = 0
    s.result = None
    neutral = ed.neutral_piece  # Murlocs (R-SET-3), Lost Tribes (C-SET-3)
    for r in range(R):
        if spec.murloc[r] and s.in_supply(neutral) > 0:
            s.occ[r] = MURLOC
            s.tokens[r] = 1
            s.supply[spec.piece_index[neutral]] -= 1
        if spec.mountain[r] and s.in_supply("mountain") > 0:
            s.supply[spec.piece_index["mountain"]] -= 1
    for r in spec.marker_regions:
        items[r] = ("?",)
    s.items = shared(tuple(items))  # every game of these boards starts with the same
    assert ed.variant is not None
    ed.variant.setup(s)
    return s


def new_state(
    n_players: int,
    *,
    seed: int | str | None = None,
    faces: Sequence[str] | None = None,
    edition: str | Edition = "swow",
    seats: Sequence[str] | None = None,
) -> State:
    """A new game's state, waiting for the chance draws of the first 6 combos.

    ``faces`` defaults to a random legal selection drawn from ``seed`` (R-SET-1); ``seats`` are
    the player names in seat order (R-SET-5: the caller shuffles them if it wants a random order).
    """
    if faces is None:
        faces = choose_faces(n_players, seed, edition)
    s = initial_state(make_spec(n_players, faces, edition=edition, seats=seats))
    engine.run(s)
    return s

