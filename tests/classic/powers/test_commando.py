"""Commando (C-P-COMMANDO-1): -1 to every conquest, never below 1."""

from tests.classic.helpers import cost, make


def test_every_conquest_one_fewer():
    """C-P-COMMANDO-1, C-CONQ-3: empty Farmland 2 - 1 = 1; Mountain C2.5 3 - 1 = 2; Lost
    Tribe C2.6 3 - 1 = 2."""
    s = make(race="ratmen", power="commando", regions='"C2.1" = { player = 0 }\n"C2.6" = { lost_tribes = 1 }')
    assert cost(s, 2) == 1 and cost(s, 5) == 2 and cost(s, 6) == 2
