"""Editions: everything that differs between the games this engine plays.

The core knows no edition. An :class:`Edition` value carries the tables of one game (races,
powers, items, limited pieces, the reinforcement die, rounds by player count, starting Victory
coins), its abilities (one :class:`~smallworld.core.ability.Ability` per race, power and item),
how its boards are chosen and loaded, and its variant rules (the standard combo column, or the
team variant's side columns). :class:`~smallworld.core.spec.GameSpec` carries the edition of a
game, and the core reads every number through it.

Editions are plug-ins: a package registers its editions with :func:`register` when it is
imported, and the package is found through the ``smallworld.editions`` entry points (see
``pyproject.toml``), so ``get("swow")`` works without the caller importing any content.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Protocol

from smallworld.core.actions import Action
from smallworld.core.meta import Piece
from smallworld.core.names import N_, LocalName

if TYPE_CHECKING:
    from smallworld.core.ability import Ability
    from smallworld.core.state import State


#: the Mountain piece set on every Mountain Region at setup (R-SET-2, C-SET-3)
MOUNTAIN = Piece("mountain", "Mountain", N_("+1 to conquer this Region."), defence=1)


@dataclass(frozen=True)
class RaceData:
    """A race banner (RULES §2.1): banner ``value``, tokens ``in_box`` (hard cap), ``faction``
    (``None`` in an edition without factions)."""

    id: str
    name: str
    value: int
    in_box: int
    faction: str | None = None


@dataclass(frozen=True)
class PowerData:
    """A Special Power badge (RULES §2.2): badge ``value``; ``lasts`` if kept In Decline (R-DEC-2)."""

    id: str
    name: str
    value: int
    lasts: bool = False


@dataclass(frozen=True)
class ItemData:
    """An Artifact or Legendary Place (RULES §11). ``kind`` is ``"artifact"`` or ``"place"``."""

    id: str
    name: str
    kind: str


class RegionFace(Protocol):
    """One Region as a board face draws it (RULES §1, §14): its number on the face, name,
    terrain, symbols and whether it carries a marker. :class:`smallworld.boards.model.RegionSpec`
    is one."""

    @property
    def index(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def terrain(self) -> str: ...
    @property
    def symbols(self) -> Collection[str]: ...
    @property
    def marker(self) -> bool: ...


class BoardFace(Protocol):
    """What the core reads of a board face (RULES §14): its id (``"L1"``), its Regions in
    order, and each Region's neighbours by index on the same face.
    :class:`smallworld.boards.model.Face` is one."""

    @property
    def id(self) -> str: ...
    @property
    def regions(self) -> Sequence[RegionFace]: ...
    @property
    def adjacency(self) -> Sequence[Collection[int]]: ...


class ScenarioIds(Protocol):
    """The ids a scenario file (:mod:`smallworld.scenarios`) has put in play so far, for the
    variant and abilities reading their own keys of the file: each race and badge may be in one
    place only (RULES §2)."""

    #: races already placed (as Active, In Decline or in a column)
    used_races: set[str]

    def race(self, x: Any, where: str) -> str:
        """Take race ``x`` for the place ``where`` names. Raises ``ScenarioError``: unknown, or
        already in play."""
        ...

    def power(self, x: Any, where: str) -> str:
        """Take badge ``x`` (as :meth:`race`)."""
        ...


class Variant(Protocol):
    """How combos are offered and a game is won (the standard column of R-PICK-*, or the team
    variant's side columns, RULES §12). ``s`` is a :class:`~smallworld.core.state.State`."""

    def setup(self, s: State) -> None:
        """Queue the chance draws that fill the column(s) of a new game (R-SET-2)."""

    def pickable(self, s: State, p: int) -> list[int]:
        """Positions seat ``p`` may pick now (R-PICK-2)."""
        ...

    def pick(self, s: State, p: int, k: int) -> None:
        """Seat ``p`` picks position ``k`` (R-PICK-2..4); raises ``IllegalActionError``."""

    def return_banner(self, s: State, race: str) -> None:
        """A race left the boards: its banner goes back (R-PICK-5)."""

    def final_result(self, s: State, scores: list[int], toks: list[int]) -> dict[str, Any]:
        """The result of a finished game (R-END-1) from VC and tokens on the boards by seat."""
        ...

    def teammates(self, s: State, p: int) -> list[int]:
        """Seats sharing ``p``'s VC and victory, ``p`` included (R-TEAM-6)."""
        ...

    def view_part(self, s: State) -> dict[str, Any] | None:
        """The variant's public part of a view (RULES §15), or ``None``."""
        ...

    #: the top-level keys of a scenario file the variant reads (docs/scenarios.md): the
    #: standard ``column``, the team variant's ``team``
    scenario_keys: tuple[str, ...]

    def from_scenario(self, s: State, d: Mapping[str, Any], ids: ScenarioIds) -> None:
        """Fill the combos of a position set up by hand from the scenario table ``d`` (its
        :attr:`scenario_keys`; what it leaves unnamed comes from the unused banners and badges,
        ``s.banner_stack``/``s.badge_stack``). Raises ``ScenarioError`` naming the problem."""


@dataclass(eq=False)
class Edition:
    """One game's tables, abilities, boards and variant rules (see the module doc).

    Attributes:
        name: the id in records and on the command line (``"swow"``).
        title: the game's name for people.
        races, powers, items: data by id (:class:`RaceData`, :class:`PowerData`,
            :class:`ItemData`).
        pieces: limited pieces and how many the box holds (RULES §2.3).
        die_faces: the reinforcement die (R-CONQ-9).
        rounds_by_players: rounds by player count; its keys are the player counts allowed.
        starting_vc: Victory coins each player starts with (R-SET-5).
        column_size: combos visible in the column (R-PICK-1).
        opposing_factions: faction -> the faction whose defeated races give the faction bonus
            (R-SCORE-3); empty in an edition without factions.
        sides_by_players: team variant sides in seat order by player count (R-TEAM-1); empty
            otherwise.
        race_abilities, power_abilities, item_abilities: the effect of every id.
        choose_faces: ``(n_players, rng) -> face ids`` (R-SET-1).
        load_face: face id -> board face (geometry, Regions, adjacency).
        variant: the :class:`Variant` rules: the standard column is
            :data:`smallworld.core.combos.STANDARD` (an edition names it: this module sits
            below the combo rules and imports none of them).
        entry_symbol: the Region symbol of first-conquest targets (Warcraft ``"entry"``,
            R-CONQ-1; classic ``"border"``, C-CONQ-1).
        travel_cost: tokens added to a conquest of an Entry Region not adjacent to the
            attacker's Regions (R-CONQ-1/2: 1); 0 in an edition without travel (C-CONQ-1).
        entries_after_first: Entry Regions stay conquest targets after the first conquest
            (R-CONQ-2: True); False where only a first conquest may use them (C-CONQ-1, C-CONQ-2).
        neutral_symbol, neutral_piece: the Region symbol that gets a neutral token at setup and
            the piece it is (Murlocs, R-SET-3; Lost Tribes, C-SET-3). Neutral tokens occupy a
            Region as ``MURLOC``: an In Decline token of nobody (never moves or scores).
        defense_pieces: pieces adding +1 defense each, removed when their Region falls
            (R-CONQ-3/7: Forts, Wisp Walls; classic: Troll Lairs, Fortresses, Encampments).
        abandon_removes: pieces removed when their Region is abandoned or emptied (R-TROOP-2).
        board_pieces: the limited pieces no ability owns, with their words (Mountains, R-SET-2);
            the abilities declare theirs (:meth:`piece_declarations`).
        board_selections: ``n_players -> every legal selection of face ids`` (R-SET-1), for
            drivers sizing a table for any game (RL Region slots, stable Region ids); ``None``:
            not declared.
        terrains: every terrain of the edition's Regions (``"fields"``…, RULES §1), and
            symbols: every Region symbol its boards carry (``"magic"``, ``"cavern"``, the
            neutral and first-conquest symbols…), for drivers that list them (RL one-hots);
            empty: not declared.
        entry_word: what the edition calls a first-conquest Region in refusals ("Entry",
            "border").
        rule_ids: the edition's rule id for a core rule id it replaces, in refusals
            (``{"R-CONQ-1": "C-CONQ-1"}``); the core's ids otherwise.
        translations: names in other languages, ``{lang: {"kind:id": LocalName}}``
            (:func:`smallworld.core.names.read_names` of the edition's ``names.toml``); read them
            with :meth:`names`.
        faction_names: the English names of the factions or sides (``{"horde": "Horde"}``).
        side_factions: team variant: the faction of each side (``{"A": "alliance"}``,
            R-TEAM-1); empty otherwise.
        card_pages: the player's cards of the races, powers and items as Markdown pages by file
            name (``{"races.md": ...}``), shown by the app's rules pages; called with no
            argument for English, or with the keywords ``text``, ``tokens``, ``name`` and
            ``summary`` (functions giving the words in a language:
            ``smallworld.content.cards.CardWords``); ``None``: none.
        decline_losses_withdraw: an In Decline race losing a Region loses 1 token and redeploys
            the others at the end of the turn, like an Active one (C-CONQ-7 Ruling: classic
            In Decline Ghouls); False: all are discarded (R-CONQ-7).
        keep_empty_race: a player whose Active race has no token left may keep it for the turn
            instead of declining (C-CONQ-11: True); R-CONQ-11 allows only the decline (False).
    """

    name: str
    title: str
    races: Mapping[str, RaceData]
    powers: Mapping[str, PowerData]
    items: Mapping[str, ItemData]
    pieces: Mapping[str, int]
    die_faces: tuple[int, ...]
    rounds_by_players: Mapping[int, int]
    starting_vc: int
    race_abilities: Mapping[str, Ability]
    power_abilities: Mapping[str, Ability]
    item_abilities: Mapping[str, Ability]
    choose_faces: Callable[[int, Any], Sequence[str]]
    load_face: Callable[[str], BoardFace]
    variant: Variant
    column_size: int = 6
    opposing_factions: Mapping[str, str] = field(default_factory=dict)
    sides_by_players: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    entry_symbol: str = "entry"
    travel_cost: int = 1
    entries_after_first: bool = True
    neutral_symbol: str = "murloc"
    neutral_piece: str = "murloc"
    keep_empty_race: bool = False
    decline_losses_withdraw: bool = False
    entry_word: str = "Entry"
    rule_ids: Mapping[str, str] = field(default_factory=dict)
    translations: Mapping[str, Mapping[str, LocalName]] = field(default_factory=dict)
    faction_names: Mapping[str, str] = field(default_factory=dict)
    side_factions: Mapping[str, str] = field(default_factory=dict)
    card_pages: Callable[..., Mapping[str, str]] | None = None
    defense_pieces: tuple[str, ...] = ("fort", "wisp-wall")
    abandon_removes: tuple[str, ...] = ("fort", "wisp-wall", "watch-tower")
    board_pieces: tuple[Piece, ...] = (MOUNTAIN,)
    board_selections: Callable[[int], Iterable[Sequence[str]]] | None = None
    terrains: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    # the chance actions of this edition, made once (outcome lists reuse them)
    banner_actions: dict[str, Action] = field(init=False, repr=False)
    badge_actions: dict[str, Action] = field(init=False, repr=False)
    item_actions: dict[str, Action] = field(init=False, repr=False)
    die_outcomes: tuple[tuple[Action, float], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.banner_actions = {r: Action("banner", (r,)) for r in self.races}
        self.badge_actions = {p: Action("badge", (p,)) for p in self.powers}
        self.item_actions = {i: Action("item", (i,)) for i in self.items}
        faces = self.die_faces
        self.die_outcomes = tuple(
            (Action("roll", (f,)), faces.count(f) / len(faces)) for f in sorted(set(faces))
        )
        self._check_translations()

    def _check_translations(self) -> None:
        """Every translated name names a race, power, item, piece, faction or this edition.

        Raises:
            ValueError: the first name whose id the edition does not have.
        """
        pieces = {p.id for p in self.board_pieces} | set(self.pieces) | {self.neutral_piece}
        known = {"race": set(self.races), "power": set(self.powers), "item": set(self.items),
                 "piece": pieces, "faction": set(self.faction_names), "title": {self.name}}
        for lang, table in self.translations.items():
            for n in table.values():
                # a board face's id is checked by the tests (loading every face here is slow)
                if n.kind in ("title", "board") or n.id in known[n.kind]:
                    continue
                raise ValueError(f"edition {self.name}: names.toml [{lang}] {n.kind}.{n.id}: "
                                 f"no such {n.kind} in this edition")

    def rule(self, core_id: str) -> str:
        """This edition's id of core rule ``core_id`` (``"R-CONQ-1"`` -> ``"C-CONQ-1"``)."""
        return self.rule_ids.get(core_id, core_id)

    def abilities(self) -> list[Ability]:
        """Every ability of this edition (races, powers, items)."""
        return [
            *self.race_abilities.values(), *self.power_abilities.values(),
            *self.item_abilities.values(),
        ]

    def ability(self, key: str) -> Ability:
        """The ability named ``"race:ID"``, ``"power:ID"`` or ``"item:ID"`` (decision keys).

        Raises:
            KeyError: unknown kind or id.
        """
        kind, _, ident = key.partition(":")
        tables = {"race": self.race_abilities, "power": self.power_abilities, "item": self.item_abilities}
        return tables[kind][ident]

    def piece_declarations(self) -> dict[str, tuple[Ability | None, Piece]]:
        """Every declared piece by id with the ability declaring it (``None``: a board piece),
        in the order of :attr:`pieces` (the box), pieces the box does not list last."""
        out: dict[str, tuple[Ability | None, Piece]] = {p.id: (None, p) for p in self.board_pieces}
        for a in self.abilities():
            for p in a.pieces:
                out.setdefault(p.id, (a, p))
        order = {k: i for i, k in enumerate(self.pieces)}
        return dict(sorted(out.items(), key=lambda kv: order.get(kv[0], len(order))))

    def languages(self) -> list[str]:
        """The languages :meth:`names` knows: ``"en"`` and those of :attr:`translations`."""
        return ["en", *sorted(self.translations)]

    def names(self, lang: str = "en") -> dict[str, Any]:
        """Names for people in language ``lang`` (for drivers), English where ``lang`` lacks one.

        Returns ``{"title": str, "races"|"powers"|"items"|"factions": {id: name},
        "pieces": {id: {"name", "plural"}}, "boards": {face id: name}, "plain": ["kind:id", ...]}``;
        ``plain`` lists the names that are plain translations, printed in no rulebook
        (``from_rulebook`` false); ``boards`` holds only the faces named in ``lang`` (English:
        none; the faces' own data print their English names).

        Raises:
            ValueError: ``lang`` is not one of :meth:`languages`.
        """
        if lang != "en" and lang not in self.translations:
            raise ValueError(f"edition {self.name}: no names in {lang!r} (known: {', '.join(self.languages())})")
        local = self.translations.get(lang, {})

        def pick(kind: str, ident: str, english: str) -> str:
            n = local.get(f"{kind}:{ident}")
            return n.name if n is not None else english

        pieces: dict[str, dict[str, str]] = {}
        for pid, (_, piece) in self.piece_declarations().items():
            n = local.get(f"piece:{pid}")
            pieces[pid] = ({"name": n.name, "plural": n.plural} if n is not None
                           else {"name": piece.name, "plural": piece.plural or piece.name + "s"})
        for n in local.values():  # a piece no ability declares (the neutral tokens)
            if n.kind == "piece" and n.id not in pieces:
                pieces[n.id] = {"name": n.name, "plural": n.plural}
        if self.neutral_piece not in pieces:  # English: the id in words ("Lost Tribe")
            word = self.neutral_piece.replace("-", " ").title()
            pieces[self.neutral_piece] = {"name": word, "plural": word + "s"}
        return {
            "title": pick("title", self.name, self.title),
            "races": {k: pick("race", k, v.name) for k, v in self.races.items()},
            "powers": {k: pick("power", k, v.name) for k, v in self.powers.items()},
            "items": {k: pick("item", k, v.name) for k, v in self.items.items()},
            "factions": {k: pick("faction", k, v) for k, v in self.faction_names.items()},
            "pieces": pieces,
            "boards": {n.id: n.name for n in local.values() if n.kind == "board"},
            "plain": sorted(k for k, n in local.items() if not n.from_rulebook),
        }

    def __repr__(self) -> str:
        return f"<Edition {self.name}>"


_EDITIONS: dict[str, Edition] = {}
_listeners: list[Callable[[], None]] = []
_plugins_loaded = False

#: the entry-point group through which edition packages are found
ENTRY_POINT_GROUP = "smallworld.editions"


def register(edition: Edition) -> Edition:
    """Make ``edition`` known by its name (an edition package calls this on import).

    Raises:
        ValueError: another edition already has that name.
    """
    old = _EDITIONS.get(edition.name)
    if old is not None and old is not edition:
        raise ValueError(f"edition {edition.name!r} is registered already")
    _EDITIONS[edition.name] = edition
    for listener in _listeners:
        listener()
    return edition


def on_change(listener: Callable[[], None]) -> None:
    """Call ``listener()`` whenever an edition is registered (hook tables are recomputed)."""
    _listeners.append(listener)


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        ep.load()


def get(edition: str | Edition) -> Edition:
    """The :class:`Edition` named ``edition`` (an :class:`Edition` is returned as it is).

    Raises:
        ValueError: no installed edition has that name (the message lists the known ones).
    """
    if isinstance(edition, Edition):
        return edition
    found = _EDITIONS.get(edition)
    if found is None:
        _load_plugins()
        found = _EDITIONS.get(edition)
        if found is None:
            raise ValueError(f"unknown edition {edition!r}; known: {', '.join(names()) or 'none installed'}")
    return found


def names() -> list[str]:
    """Names of every installed edition, in registration order."""
    _load_plugins()
    return list(_EDITIONS)


def loaded() -> list[Edition]:
    """The editions registered so far (no plug-in is loaded by asking)."""
    return list(_EDITIONS.values())
