"""Skeletons (C-R-SKELETONS-1): one new token per two non-empty Regions conquered this turn."""

from smallworld.core import engine
from tests.classic.helpers import make


def skeletons(tribes=("C2.2", "C2.6")):
    """Seat 0's Skeletons (Hill, 6 in hand) hold C2.1, next to a Lost Tribe on each of ``tribes``."""
    return make(race="skeletons", power="hill", hand=6, regions="\n".join(
        ['"C2.1" = { player = 0 }'] + [f'"{r}" = {{ lost_tribes = 1 }}' for r in tribes]))


def test_new_tokens_at_redeployment():
    """C-R-SKELETONS-1: two Lost Tribes conquered -> 1 new token from the box, redeployed."""
    s = skeletons()
    box = s.in_box("skeletons")
    engine.apply_action(s, "conquer C2.2")
    engine.apply_action(s, "conquer C2.6")
    engine.apply_action(s, "end")
    assert s.in_box("skeletons") == box - 1
    on_map = sum(s.tokens[r] for r, c in enumerate(s.occ) if c == 0)
    assert on_map + s.hand[0] == 1 + 6 + 1


def test_one_non_empty_gives_nothing_and_box_caps():
    """C-R-SKELETONS-1, C-EDGE-10: one non-empty conquest gives 0; an empty box gives 0."""
    s = skeletons(("C2.2",))
    box = s.in_box("skeletons")
    engine.apply_action(s, "conquer C2.2")
    engine.apply_action(s, "end")
    assert s.in_box("skeletons") == box
    s2 = skeletons()
    s2.box[s2.spec.race_index["skeletons"]] = 0
    engine.apply_action(s2, "conquer C2.2")
    engine.apply_action(s2, "conquer C2.6")
    engine.apply_action(s2, "end")
    assert s2.in_box("skeletons") == 0
