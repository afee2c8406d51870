"""Flying (C-P-FLYING-1): any land Region, first conquest included; never water."""

from tests.classic.helpers import make, tg


def test_anywhere_but_water():
    """C-P-FLYING-1, C-EDGE-9: inland C2.13 is a first target; Seas and Lake never."""
    s = make(race="ratmen", power="flying")
    assert tg(s) == set(range(23)) - {0, 7, 22}
    s2 = make(race="ratmen", power="flying", regions='"C2.1" = { player = 0 }')
    assert tg(s2) == set(range(23)) - {0, 1, 7, 22}
