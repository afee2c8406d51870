"""Well of Eternity (RULES §11): when revealed it moves to the Sea/Lake Region of its board. If
the board has none, the Well leaves the game and a random unused Legendary Place takes its Region,
face up, usable at once: a chance event ``item PLACE`` drawn uniformly from the Legendary Places
still unrevealed (RULES §15: nothing is decided before the draw). At the end of each player's
turn, if one of that player's races (Active or In Decline) holds strictly more Regions adjacent to
the Well than any other race (Murlocs count as a race), that player gains 2 VC; a tie gives
nothing. The Well acts for whoever holds it or nobody (``acts_uncontrolled``).

Rulings: Active and In Decline races of one player are two races (like R-SCORE-3). The Well moves
onto the board's water Region even if an item lies there already (an Artifact carried there by
Naga): a Region may hold any number of items (R-ITEM-2).
"""

from __future__ import annotations

from typing import Any

from smallworld.content.data import ITEMS
from smallworld.content.items import _shared
from smallworld.content.registry import ITEM_ABILITIES, register
from smallworld.core import chance, changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.names import N_
from smallworld.core.state import EMPTY, State

ID = "well-of-eternity"
BONUS = 2
#: chance queue kind: ("legendary-place", region) -> action ``item PLACE``
PLACE_EVENT = "legendary-place"


@register
class WellOfEternity(Ability):
    id = ID
    kind = "item"
    rule = "§11 Well of Eternity"
    summary = N_(
        "Moves to the board's Sea or Lake; whoever holds most Regions around it earns 2 coins each "
        "turn."
    )
    acts_uncontrolled = True

    def on_reveal(self, s: State, owner: int | None, r: int) -> None:
        w = s.spec.water_of_board[s.spec.board[r]]
        if w >= 0:
            _shared.take(s, r, ID)
            _shared.put(s, w, ID)
            return
        _shared.take(s, r, ID)  # the Well leaves the game
        changes.queue_chance(s, (PLACE_EVENT, r))

    def at_any_turn_end(self, s: State, owner: int | None, p: int) -> None:
        w = _shared.where(s, ID)
        if w < 0:
            return
        occ = s.occ
        counts: dict[int, int] = {}
        for q in s.spec.adj[w]:
            code = occ[q]
            if code != EMPTY:
                counts[code] = counts.get(code, 0) + 1
        if not counts:
            return
        best = max(counts.values())
        leaders = [code for code, n in counts.items() if n == best]
        if len(leaders) == 1 and leaders[0] >= 0 and leaders[0] // 2 == p:
            changes.gain_vc(s, p, BONUS, why="score")
            changes.score_line(s, p, "Well of Eternity", BONUS, source="item")


def _place_outcomes(s: State, ev: tuple[Any, ...]) -> list[tuple[Action, float]]:
    pool = [i for i in sorted(s.item_pool) if ITEMS[i].kind == "place"]
    return [(Action("item", (i,)), 1 / len(pool)) for i in pool]


def _apply_place(s: State, ev: tuple[Any, ...], a: Action) -> None:
    item = str(a.args[0])
    r = ev[1]
    changes.draw_item(s, item)
    _shared.put(s, r, item)
    ab = ITEM_ABILITIES[item]
    if "on_reveal" in ab.hooks:
        ab.on_reveal(s, None, r)


chance.register(PLACE_EVENT, "item", _place_outcomes, _apply_place)
