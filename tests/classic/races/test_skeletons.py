"""Skeletons (C-R-SKELETONS-1): one new token per two non-empty Regions conquered this turn."""

from tests.classic.helpers import make


def test_new_tokens_at_redeployment():
    """C-R-SKELETONS-1: two Lost Tribes conquered -> 1 new token from the box, redeployed."""
    s = make(race="skeletons", power="hill", hand=6, regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { lost_tribes = 1 }\n"C2.6" = { lost_tribes = 1 }'))
    box = s.box["skeletons"]
    s.apply("conquer C2.2")
    s.apply("conquer C2.6")
    s.apply("end")
    assert s.box["skeletons"] == box - 1
    on_map = sum(s.tokens[r] for r, c in enumerate(s.occ) if c == 0)
    assert on_map + s.hand[0] == 1 + 6 + 1


def test_one_non_empty_gives_nothing_and_box_caps():
    """C-R-SKELETONS-1, C-EDGE-10: one non-empty conquest gives 0; an empty box gives 0."""
    s = make(race="skeletons", power="hill", hand=6, regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { lost_tribes = 1 }'))
    box = s.box["skeletons"]
    s.apply("conquer C2.2")
    s.apply("end")
    assert s.box["skeletons"] == box
    s2 = make(race="skeletons", power="hill", hand=6, regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { lost_tribes = 1 }\n"C2.6" = { lost_tribes = 1 }'))
    s2.box["skeletons"] = 0
    s2.apply("conquer C2.2")
    s2.apply("conquer C2.6")
    s2.apply("end")
    assert s2.box["skeletons"] == 0
