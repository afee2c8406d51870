"""Ready troops, abandoning and redeployment (RULES §6)."""

from __future__ import annotations

from smallworld.core import hooks
from smallworld.core.events import emit, region_id
from smallworld.core.state import EMPTY, State


def ready_troops(s: State, p: int) -> None:
    """R-TROOP-1: take into hand every Active token beyond the minimum per Region (1; Tauren 2).

    Taking them is never worse for the player (they can be put back at redeployment), so the
    engine always does it.
    """
    keep = hooks.min_tokens(s, p)
    code = 2 * p
    occ, tokens = s.occ, s.tokens
    taken = 0
    for r in range(len(occ)):
        if occ[r] == code and tokens[r] > keep:
            taken += tokens[r] - keep
            tokens[r] = keep
    s.hand[p] += taken


def abandon(s: State, p: int, r: int) -> None:
    """R-TROOP-2: seat ``p`` empties its region ``r``: tokens to hand (and, through the
    ``on_abandon`` hooks, the pieces that act as tokens: Beasts, Champion); Forts, Wisp Walls and
    Watch Towers there are removed; items stay. Reports ``abandoned``."""
    if s.events is not None:
        emit(s, "abandoned", seat=p, race=s.active[p], region=region_id(s, r), tokens=s.tokens[r])
    s.hand[p] += s.tokens[r]
    s.tokens[r] = 0
    s.occ[r] = EMPTY
    for kind in s.spec.abandon_removes:
        lst = s.pieces.get(kind)
        if lst is not None and lst[r]:
            s.supply[s.spec.piece_index[kind]] += lst[r]
            lst[r] = 0
    if "on_abandon" in hooks.LIVE_HOOKS:  # Beasts, Champion go back to hand too
        hooks.call_own(s, p, "on_abandon", r)


def start_redeployment(s: State, p: int) -> None:
    """R-TROOP-3: all Active tokens beyond the minimum per Region go to hand, to be placed
    again freely among the race's Regions. With a single Region they all go there at once."""
    ready_troops(s, p)
    own = s.regions_of(2 * p)
    if len(own) == 1 and s.hand[p]:
        s.tokens[own[0]] += s.hand[p]
        s.hand[p] = 0


def tokens_removed(s: State, r: int) -> None:
    """Call after taking Murlocs or race tokens out of region ``r`` other than by a conquest or
    an abandon (Intimidating, …): the ``on_tokens_removed`` hooks react (Tauren never leave a
    token alone, RULES §9). The caller has already emptied ``r`` if no token is left."""
    if "on_tokens_removed" in hooks.LIVE_HOOKS:
        hooks.call_global(s, "on_tokens_removed", r)


def place(s: State, p: int, r: int, n: int) -> None:
    """Put ``n`` tokens from seat ``p``'s hand on its Active region ``r`` (R-TROOP-3, R-TROOP-4);
    reports ``redeployed``."""
    if s.events is not None:
        emit(s, "redeployed", seat=p, region=region_id(s, r), n=n)
    s.hand[p] -= n
    s.tokens[r] += n
