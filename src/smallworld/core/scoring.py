"""Scoring (RULES §8) and the end of the game (R-END-1)."""

from __future__ import annotations

from typing import Any

from smallworld.core import hooks
from smallworld.core.events import emit
from smallworld.core.roster import roster
from smallworld.core.state import State, replaced, shared


def faction_bonus(s: State, p: int) -> int:
    """R-SCORE-3: 1 VC per distinct race of the opposite faction that seat ``p``'s Active race
    conquered a Region from this turn (Neutral races give and get nothing; the Battleground
    may change the side and count a race up to twice)."""
    race = s.active[p]
    if race is None or not s.defeated:
        return 0
    ed = s.spec.edition
    if not ed.opposing_factions:
        return 0
    races = ed.races
    side: str | None = races[race].faction
    for answer in hooks.call_own(s, p, "faction_side"):
        if answer is not None:
            side = answer
    enemy = ed.opposing_factions.get(side or "")
    if enemy is None:
        return 0
    cap = max([1] + hooks.call_own(s, p, "faction_bonus_cap"))
    total = 0  # a loop, not a generator: no generator object for the compiled core
    for r, n in s.defeated.items():
        if races[r].faction == enemy:
            total += min(n, cap)
    return total


def score_turn(s: State, p: int) -> list[tuple[str, int]]:
    """Score seat ``p`` at the end of its turn (R-SCORE-1..3); adds the VC and returns the lines.

    1 VC per Region occupied by its Active or In Decline races, the faction bonus, then every
    ``score`` hook of its abilities (race, power, items; lasting ones In Decline). Reports
    ``scored``, each line with its source (``regions``, ``faction``, or the kind of the ability
    that gave it: ``race``, ``power``, ``item``).
    """
    a, d = 2 * p, 2 * p + 1
    regions = s.occ.count(a) + s.occ.count(d)
    if s.decline2[p] is not None:  # both In Decline races score (C-SCORE-1, C-P-SPIRIT-1)
        regions += s.occ.count(2 * (s.spec.n_players + p) + 1)
    lines: list[tuple[str, int]] = [("Regions", regions)]
    fb = faction_bonus(s, p)
    if fb:
        lines.append(("Faction bonus", fb))
    sources: list[str] | None = None
    if s.events is not None:
        sources = ["regions", "faction"] if fb else ["regions"]
    if "score" in hooks.LIVE_HOOKS:
        ro = roster(s)
        for ab in ro.own[p] + ro.lasting[p]:
            if "score" in ab.hooks:
                got = list(ab.score(s, p))
                lines.extend(got)
                if sources is not None:
                    sources.extend([ab.kind] * len(got))
    gained = 0
    for _, v in lines:
        gained += v
    s.vc[p] += gained
    s.last_score = replaced(s.last_score, p, shared(tuple([shared(tuple(line)) for line in lines])))
    if sources is not None:
        emit(s, "scored", seat=p, round=s.round, total=gained, lines=[
            {"label": label, "n": v, "source": src} for (label, v), src in zip(lines, sources)])
    return lines


def tokens_on_boards(s: State, p: int) -> int:
    """Race tokens of seat ``p`` on the boards, Active and In Decline (R-END-1 tie-break;
    Beasts and the Champion are pieces, not counted)."""
    a, d = 2 * p, 2 * p + 1
    d2 = 2 * (s.spec.n_players + p) + 1  # the second In Decline race (classic Spirit)
    occ, tokens = s.occ, s.tokens
    return sum(tokens[r] for r in range(len(occ)) if occ[r] == a or occ[r] == d or occ[r] == d2)


def final_result(s: State) -> dict[str, Any]:
    """R-END-1: highest VC wins; ties go to the most race tokens on the boards; still tied,
    the win is shared. Returns ``{"scores", "tokens", "winners"}`` (lists by seat), and more
    in a variant (the team variant's sides, R-TEAM-7)."""
    n = s.spec.n_players
    scores = list(s.vc)
    toks = [tokens_on_boards(s, p) for p in range(n)]
    variant = s.spec.edition.variant
    assert variant is not None
    return variant.final_result(s, scores, toks)
