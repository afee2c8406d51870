"""Spirit (C-P-SPIRIT-1/2, C-DEC-3): the race goes In Decline apart from the one-decline limit.

``separate_decline``: going In Decline, the race takes the second In Decline slot
(``decline2``, occupant code ``2(n+p)+1``) and the player's other In Decline race stays; both
score (C-SCORE-1). A later decline removes only the other one (C-DEC-3); the Spirit race leaves
only when its last token is lost (C-P-SPIRIT-2), and its badge goes to the discards then (C-DEC-2).
"""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core.ability import Ability
from smallworld.core.names import N_


@register
class Spirit(Ability):
    id = "spirit"
    kind = "power"
    rule = "C-P-SPIRIT-1"
    summary = N_("This race In Decline does not count towards your one In Decline race.")
    lasts_in_decline = True
    separate_decline = True
