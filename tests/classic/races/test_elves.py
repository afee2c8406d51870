"""Elves (C-R-ELVES-1/2): Active Elves lose no token when conquered."""

from smallworld.core import engine
from tests.classic.helpers import make


def test_active_elves_lose_nothing():
    """C-R-ELVES-1, C-TROOP-4: all 3 Elf tokens of C2.2 go to hand and are redeployed."""
    s = make(race="ratmen", power="hill", race1="elves", power1="forest", regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 1, tokens = 3 }\n"C2.3" = { player = 1 }'))
    box = s.in_box("elves")
    engine.apply_action(s, "conquer C2.2")
    assert s.hand[1] == 3 and s.in_box("elves") == box


def test_in_decline_elves_lose_their_token():
    """C-R-ELVES-2: In Decline Elves lose their single token normally."""
    s = make(race="ratmen", power="hill", p1='decline = "elves"', regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 1, decline = true }'))
    box = s.in_box("elves")
    engine.apply_action(s, "conquer C2.2")
    assert s.in_box("elves") == box + 1 and s.decline[1] is None  # its last Region: it leaves


def test_elves_attacking_lose_as_usual():
    """C-R-ELVES-1 is a defence: the Elves' victims lose 1 token as usual (C-CONQ-7)."""
    s = make(race="elves", power="hill", race1="humans", power1="forest", regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 1, tokens = 2 }\n"C2.3" = { player = 1 }'))
    engine.apply_action(s, "conquer C2.2")
    assert s.hand[1] == 1
