"""Dragon Master (C-P-DRAGON-1..5): one 1-token conquest per turn; the Dragon's Region is
immune."""

from smallworld.core import engine
from tests.classic.helpers import acts_text, make, rid, tg


def test_dragon_conquest_with_one_token_and_immunity():
    """C-P-DRAGON-1/2, C-EDGE-2: a 3-token Mountain Region falls to 1 token; the defender loses
    1 as usual; the Region is then immune; once per turn."""
    s = make(race="ratmen", power="dragon-master", race1="humans", power1="forest", regions=(
        '"C2.1" = { player = 0 }\n"C2.5" = { player = 1, tokens = 3 }\n"C2.11" = { player = 1 }'))
    assert "dragon C2.5" in acts_text(s)
    engine.apply_action(s, "dragon C2.5")
    r = rid(s, 5)
    assert s.occ[r] == 0 and s.tokens[r] == 1 and s.hand[0] == 4 and s.hand[1] == 2
    assert s.piece("dragon", r) == 1
    assert not any(a.startswith("dragon") for a in acts_text(s))
    assert 5 not in tg(s, 1)


def test_needs_a_token_and_leaves_on_decline():
    """R-CONQ-10, C-P-DRAGON-4: no token in hand, no Dragon conquest; decline lifts the Dragon."""
    s = make(race="ratmen", power="dragon-master", hand=0, regions='"C2.1" = { player = 0, pieces = { dragon = 1 } }')
    assert not any(a.startswith("dragon") for a in acts_text(s))
    from smallworld.core.decline import go_into_decline

    go_into_decline(s, 0)
    assert s.piece("dragon", rid(s, 1)) == 0 and s.in_supply("dragon") == 1


def test_first_conquest_rules_apply():
    """C-P-DRAGON-1: with no Region, only border Regions are Dragon targets."""
    s = make(race="ratmen", power="dragon-master")
    dragon = {a for a in acts_text(s) if a.startswith("dragon")}
    assert "dragon C2.1" in dragon and "dragon C2.13" not in dragon
