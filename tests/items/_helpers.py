"""Shared helpers of the item tests."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.state import CHANCE, State
from tests.builders import position, seat
from tests.conftest import acts

# the opponent of most item tests
DWARVES = seat("dwarves", "ranger")


def item_table(regions: str, race: str = "orcs", power: str = "mining", *, opponent: dict = DWARVES,
               phase: str = "conquer", **keys: object) -> State:
    """Seat 0 plays ``race`` with ``power`` (``keys``: more of its table: ``hand``, ``vc``,
    ``decline``) against seat 1's ``opponent`` (the Dwarves, Ranger) on L1 + S3; ``regions`` as
    :func:`tests.builders.position` reads them."""
    return position(regions, seat(race, power, **keys), opponent, phase=phase)


def toll_far(item: str, hand: int) -> State:
    """Doomhammer and Frostmourne: a Marshdweller Swamp (L1.6, 5 defenders) that only the
    Artifact ``item`` in L1.5 brings in reach; its toll must be payable first (RULES §8)."""
    return item_table(f'''
        "L1.5" = {{ player = 0, tokens = 1, item = "{item}" }}
        "L1.6" = {{ player = 1, tokens = 5 }}
    ''', hand=hand, vc=5, opponent=seat("dwarves", "marshdweller"))


def in_decline(item: str) -> State:
    """Doomhammer and Frostmourne: the Artifact ``item`` lies in L1.13, held by the owner's In
    Decline race; its Active race holds L1.9, next to an opponent's L1.5 (R-ITEM-1: In Decline it
    does nothing)."""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = 1 }}
        "L1.13" = {{ player = 0, tokens = 1, decline = true, item = "{item}" }}
        "L1.5" = {{ player = 1, tokens = 3 }}
    ''', decline="trolls", hand=5)


def score_table(item: str, dec: str = "") -> State:
    """Dark Portal and Karazhan: the item in L1.3 (Fields; ``dec``: In Decline), three more
    Regions of the Active race (L1.4 and L1.14 Fields, L1.9 Hills) and an opponent's Fields
    Region (L1.1)."""
    return item_table(f'''
        "L1.3" = {{ player = 0, tokens = 1{dec}, item = "{item}" }}
        "L1.4" = {{ player = 0, tokens = 1 }}
        "L1.14" = {{ player = 0, tokens = 1 }}
        "L1.9" = {{ player = 0, tokens = 1 }}
        "L1.1" = {{ player = 1, tokens = 1 }}
    ''', decline="trolls")


def scored(item: str, dec: str = "") -> dict[str, int]:
    """Seat 0's scoring lines after its turn on :func:`score_table`."""
    s = score_table(item, dec)
    finish_turn(s)
    return score_lines(s, 0)


def finish_turn(s: State, prefer: tuple[str, ...] = ()) -> None:
    """End the current player's conquests and play out the rest of its turn (redeployment,
    decisions, defenders): an action of ``prefer`` when legal, else the first legal action;
    chance events take their first outcome."""
    p = s.turn
    rnd = s.round
    if s.phase == "conquer" and not s.decisions and not s.chance and s.current_player() == p:
        engine.apply_action(s, "end")
    while s.turn == p and s.round == rnd and not s.is_over():
        legal = [str(a) for a in engine.legal_actions(s)]
        choice = next((a for a in prefer if a in legal), legal[0])
        engine.apply_action(s, choice)


def score_lines(s: State, p: int) -> dict[str, int]:
    return dict(s.last_score[p])


__all__ = ["finish_turn", "score_lines", "acts", "CHANCE", "DWARVES", "item_table", "toll_far", "in_decline",
           "score_table", "scored"]
