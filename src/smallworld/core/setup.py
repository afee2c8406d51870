"""Setting up a new game (RULES §3, R-SET-*)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from smallworld.content.data import ITEMS, PIECE_SUPPLY, POWERS, RACES, STARTING_VC
from smallworld.core import engine, team
from smallworld.core.combos import COLUMN_SIZE
from smallworld.core.spec import GameSpec
from smallworld.core.state import EMPTY, MURLOC, State


def choose_faces(n_players: int, seed: int | str | None) -> tuple[str, ...]:
    """R-SET-1: random boards by size and a random face of each, from ``seed`` alone."""
    from smallworld.boards import random_selection

    return tuple(random_selection(n_players, random.Random(f"smallworld:{seed}:boards")))


def make_spec(
    n_players: int,
    faces: Sequence[str],
    *,
    edition: str = "swow",
    seats: Sequence[str] | None = None,
) -> GameSpec:
    """Build the :class:`GameSpec` for the given face ids.

    Raises:
        ValueError: unknown face, wrong player count or edition (message names it).
    """
    from smallworld.boards import load_face

    return GameSpec([load_face(f) for f in faces], n_players, edition=edition, seats=seats)


def initial_state(spec: GameSpec) -> State:
    """The position before the first chance draws (R-SET-2..5): Murlocs on Murloc symbols and
    Mountains on Mountain Regions (while pieces last), one face-down item on each board's marker
    Region, 5 VC each, the column empty with its 6 combos queued for reveal."""
    n = spec.n_players
    R = spec.n_regions
    s = State.__new__(State)
    s.spec = spec
    s.roster_cache = None
    s.pieces = {}
    s.vc = [STARTING_VC] * n
    s.active = [None] * n
    s.power = [None] * n
    s.decline = [None] * n
    s.kept = [None] * n
    s.hand = [0] * n
    s.race_turns = [0] * n
    s.occ = [EMPTY] * R
    s.tokens = [0] * R
    s.items = [()] * R
    s.column = [(None, None, 0)] * COLUMN_SIZE
    s.banner_stack = sorted(RACES)
    s.banner_bottom = []
    s.badge_stack = sorted(POWERS)
    s.badge_discard = []
    s.item_pool = sorted(ITEMS)
    s.chance = []
    s.decisions = []
    s.defenders = []
    s.last_score = [[] for _ in range(n)]
    s.box = {r: d.in_box for r, d in RACES.items()}
    s.supply = dict(PIECE_SUPPLY)
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
    for r in range(R):
        if spec.murloc[r] and s.supply["murloc"] > 0:
            s.occ[r] = MURLOC
            s.tokens[r] = 1
            s.supply["murloc"] -= 1
        if spec.mountain[r] and s.supply["mountain"] > 0:
            s.supply["mountain"] -= 1
    for r in spec.marker_regions:
        s.items[r] = ("?",)
    if spec.edition == team.EDITION:
        team.setup(s)
    else:
        for slot in range(COLUMN_SIZE):
            s.chance.append(("banner", slot))
            s.chance.append(("badge", slot))
    return s


def new_state(
    n_players: int,
    *,
    seed: int | str | None = None,
    faces: Sequence[str] | None = None,
    edition: str = "swow",
    seats: Sequence[str] | None = None,
) -> State:
    """A new game's state, waiting for the chance draws of the first 6 combos.

    ``faces`` defaults to a random legal selection drawn from ``seed`` (R-SET-1); ``seats`` are
    the player names in seat order (R-SET-5: the caller shuffles them if it wants a random order).
    """
    if faces is None:
        faces = choose_faces(n_players, seed)
    s = initial_state(make_spec(n_players, faces, edition=edition, seats=seats))
    engine.run(s)
    return s


def header_for(s: State, seed: Any) -> dict[str, Any]:
    """The game-record header of a game (RULES-independent metadata)."""
    from smallworld import __version__
    from smallworld.core.record import FORMAT_VERSION

    return {
        "format": FORMAT_VERSION,
        "engine": __version__,
        **s.spec.header(),
        "seed": seed,
    }
