"""Sorcerers (C-R-SORCERERS-1..5): replace a lone Active opponent token next to them."""

from smallworld.core import engine
from tests.classic.helpers import acts_text, make, rid


def test_substitution_once_per_opponent():
    """C-R-SORCERERS-1/5: the lone Human on C2.2 becomes a Sorcerer from the box, the Human
    goes to the box; the hand does not shrink (C-R-SORCERERS-4); once per opponent per turn."""
    s = make(race="sorcerers", power="hill", hand=1, race1="humans", power1="forest", regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 1 }\n"C2.6" = { player = 1 }'))
    assert {"sorcery C2.2", "sorcery C2.6"} <= acts_text(s)
    hb, sb = s.in_box("humans"), s.in_box("sorcerers")
    engine.apply_action(s, "sorcery C2.2")
    r = rid(s, 2)
    assert s.occ[r] == 0 and s.tokens[r] == 1 and s.hand[0] == 1
    assert s.in_box("humans") == hb + 1 and s.in_box("sorcerers") == sb - 1 and s.hand[1] == 0
    assert not any(a.startswith("sorcery") for a in acts_text(s))


def test_substitution_needs_a_token_in_hand():
    """C-R-SORCERERS-4 (revised), R-CONQ-10: with no Sorcerer token in hand no substitution is
    offered (the printed Important Note), and the refusal names the action."""
    s = make(race="sorcerers", power="hill", hand=0, race1="humans", power1="forest",
             regions='"C2.1" = { player = 0 }\n"C2.2" = { player = 1 }')
    assert not any(a.startswith("sorcery") for a in acts_text(s))
    import pytest

    from smallworld.core.errors import IllegalActionError

    with pytest.raises(IllegalActionError, match="sorcery"):
        engine.apply_action(s, "sorcery C2.2")
    s.hand[0] = 1
    assert "sorcery C2.2" in acts_text(s)


def test_not_two_tokens_not_in_decline_not_encampment():
    """C-R-SORCERERS-2: a Region with 2 tokens, an In Decline token, or an Encampment is safe;
    a Troll Lair does not protect (and is removed)."""
    s = make(race="sorcerers", power="hill", race1="trolls", power1="forest", p1='decline = "humans"',
             regions=('"C2.1" = { player = 0 }\n"C2.2" = { player = 1, tokens = 2 }\n'
                      '"C2.6" = { player = 1, decline = true }\n"C2.5" = { player = 1, pieces = { troll-lair = 1 } }'))
    assert {a for a in acts_text(s) if a.startswith("sorcery")} == {"sorcery C2.5"}
    engine.apply_action(s, "sorcery C2.5")
    assert s.piece("troll-lair", rid(s, 5)) == 0
    s2 = make(race="sorcerers", power="hill", race1="trolls", power1="forest",
              regions='"C2.1" = { player = 0 }\n"C2.2" = { player = 1, pieces = { encampment = 1 } }')
    assert not any(a.startswith("sorcery") for a in acts_text(s2))


def test_elf_replaced_is_lost():
    """C-R-ELVES-2: a lone Elf replaced by a Sorcerer goes to the box all the same."""
    s = make(race="sorcerers", power="hill", race1="elves", power1="forest",
             regions='"C2.1" = { player = 0 }\n"C2.2" = { player = 1 }\n"C2.3" = { player = 1 }')
    eb = s.in_box("elves")
    engine.apply_action(s, "sorcery C2.2")
    assert s.in_box("elves") == eb + 1 and s.hand[1] == 0


def test_never_a_first_conquest_and_box_limit():
    """C-R-SORCERERS-3/4, C-EDGE-10: no Region held -> no substitution; empty box -> none."""
    s = make(race="sorcerers", power="hill", race1="humans", power1="forest",
             regions='"C2.2" = { player = 1 }')
    assert not any(a.startswith("sorcery") for a in acts_text(s))
    s2 = make(race="sorcerers", power="hill", race1="humans", power1="forest",
              regions='"C2.1" = { player = 0 }\n"C2.2" = { player = 1 }')
    s2.box[s2.spec.race_index["sorcerers"]] = 0
    assert not any(a.startswith("sorcery") for a in acts_text(s2))
