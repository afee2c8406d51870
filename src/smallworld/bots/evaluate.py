"""Position knowledge shared by the greedy and MCTS bots.

Everything here reads a *simulation* state: a :func:`smallworld.core.view.determinize` copy made
for the deciding seat, never the true game state (RULES §15).

- :func:`remaining_turns`: how many scoring turns a seat still has.
- :func:`bonus_vector`: what each Region is worth to a race+power beyond its 1 VC, measured by
  scoring a copy with and without that Region (one-turn lookahead of ``score_turn``), cached
  per board set and combo.
- :func:`project`: a small "macro" model of a seat's future income (expand, go In Decline,
  pick a new race), maximised over decline timings; :func:`expected_final` adds it to the VC.
- :func:`position_value`: the in-turn value used to compare actions of one turn
  (:func:`position_valuer`: the same for many copies of one position).
- :func:`utility`: a [0, 1] score of a position for a seat (MCTS leaves).
- :func:`exposure`: how exposed each Region is to attack (redeployment).
- :func:`expected_losses`: how many of a seat's Regions opponents will take before its next
  turn (a fitted model; the turn search's leaf).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from smallworld.core import hooks
from smallworld.core.conquest import defense_pieces_in
from smallworld.core.roster import changed
from smallworld.core.scoring import faction_bonus, score_turn
from smallworld.core.state import DEFEND, EMPTY, MURLOC, State, zero_counts

# ---- tunable constants -------------------------------------------------------------------------
# The macro-model constants were fitted (least squares on the final VC) to snapshots of 65
# 3-player games of the fast and greedy policies: RMS error about 7 VC, no drift by round.

#: average tokens per conquest once a race is on the boards, and for a new race's first turn
CONQUEST_COST = 3.0
FIRST_TURN_COST = 2.8
#: share of active / In Decline Regions an opponent round takes away
ACTIVE_EROSION = 0.10
DECLINE_EROSION = 0.45
#: tokens of a typical new combo (banner + badge, RULES §2.1-2.2; the best visible is used when known)
NEW_COMBO_TOKENS = 10.5
#: per-round hold probability of a Region (in-turn comparisons)
HOLD_ACTIVE = 0.85
HOLD_DECLINE = 0.80
#: value of a face-down item in one of your Regions (items help; RULES §11)
ITEM_VALUE = 0.6
#: bonus per Region assumed for a race not yet picked
NEW_RACE_BONUS = 0.0


def remaining_turns(s: State, q: int) -> int:
    """Scoring turns seat ``q`` still has, its current turn included when not yet scored
    (R-TURN-1: the game ends after the last seat's turn of the last round)."""
    if s.result is not None:
        return 0
    left = s.spec.rounds - s.round
    if q > s.turn:
        return left + 1
    if q < s.turn:
        return left
    scored = s.step in ("defend", "next") or s.phase == DEFEND
    return left + (0 if scored else 1)


def scored_this_turn(s: State, q: int) -> bool:
    """True once seat ``q`` has scored in the current round's turn (or its turn has passed)."""
    return remaining_turns(s, q) == s.spec.rounds - s.round


def geometric(rho: float, n: int) -> float:
    """``1 + rho + ... + rho**(n-1)``: expected scoring turns of a Region held with probability
    ``rho`` per round over ``n`` turns."""
    if n <= 0:
        return 0.0
    if rho >= 1.0:
        return float(n)
    return (1.0 - rho**n) / (1.0 - rho)


#: :func:`geometric` of :data:`HOLD_ACTIVE` and :data:`HOLD_DECLINE` for 0 to 63 turns (the same
#: floats, looked up in the hot loops by :func:`held_active` and :func:`held_decline`)
_HOLD_A = tuple(geometric(HOLD_ACTIVE, n) for n in range(64))
_HOLD_D = tuple(geometric(HOLD_DECLINE, n) for n in range(64))


def held_active(n: int) -> float:
    """``geometric(HOLD_ACTIVE, n)``: expected scoring turns of an Active Region over ``n`` turns."""
    return _HOLD_A[n] if 0 <= n < 64 else geometric(HOLD_ACTIVE, n)


def held_decline(n: int) -> float:
    """``geometric(HOLD_DECLINE, n)``: expected scoring turns of an In Decline Region."""
    return _HOLD_D[n] if 0 <= n < 64 else geometric(HOLD_DECLINE, n)


# ---- per-Region bonuses of a combo (score_turn lookahead) ---------------------------------------

_BONUS_CACHE: dict[tuple[object, ...], tuple[float, ...]] = {}


def _combo_key(s: State, q: int, race: str, power: str) -> tuple[object, ...]:
    """The cache key of a combo's per-Region bonuses: (boards, seats, race, power, seat)."""
    return (s.spec.faces, s.spec.n_players, race, power, q)


def bonus_vector(s: State, q: int, race: str | None = None, power: str | None = None) -> tuple[float, ...]:
    """VC per scoring turn that each Region adds to seat ``q``'s ``race`` + ``power`` (default:
    its Active combo) beyond the Region's own 1 VC (R-SCORE-1/2): Blood Elves' Magic Regions,
    Farmer's Fields, and so on, whatever effects are implemented.

    Measured on a bare board (no token, piece, item or flag anywhere; no other race) holding
    only ``r``: ``score(r) - score(none) - 1``. A pure function of (boards, seat, race, power),
    cached on that key (so results never depend on which position was seen first); zeros when
    ``q`` has no race.
    """
    race = race if race is not None else s.active[q]
    power = power if power is not None else s.power[q]
    n = s.spec.n_regions
    if race is None or power is None or "score" not in hooks.LIVE_HOOKS:
        return (0.0,) * n
    key = _combo_key(s, q, race, power)
    got = _BONUS_CACHE.get(key)
    if got is not None:
        return got
    base = _bare_copy(s)
    base.active[q] = race
    base.power[q] = power
    changed(base)
    code = 2 * q
    zero = _score_total(base, q)
    out = []
    for r in range(n):
        if s.spec.water[r] and not hooks.any_own(base, q, "may_enter_water"):
            out.append(0.0)
            continue
        t = base.copy()
        t.occ[r] = code
        t.tokens[r] = 1
        out.append(float(_score_total(t, q) - zero - 1))
    vec = tuple(out)
    if len(_BONUS_CACHE) > 4096:
        _BONUS_CACHE.clear()
    _BONUS_CACHE[key] = vec
    return vec


_MEAN_CACHE: dict[tuple[object, ...], float] = {}


def mean_land_bonus(s: State, q: int, race: str, power: str) -> float:
    """The mean of :func:`bonus_vector` over the land Regions (not Sea or Lake), in VC per
    Region per scoring turn; cached on the same key."""
    key = _combo_key(s, q, race, power)
    got = _MEAN_CACHE.get(key)
    if got is None:
        bv = bonus_vector(s, q, race, power)
        land = [b for r, b in enumerate(bv) if not s.spec.water[r]]
        got = sum(land) / len(land) if land else 0.0
        if len(_MEAN_CACHE) > 4096:
            _MEAN_CACHE.clear()
        _MEAN_CACHE[key] = got
    return got


def _bare_copy(s: State) -> State:
    """A copy of ``s`` with empty boards, no races, pieces, items or flags (bonus measurements)."""
    b = s.copy()
    n = s.spec.n_regions
    b.occ = [EMPTY] * n
    b.tokens = [0] * n
    b.items = ((),) * n
    b.pieces = {k: zero_counts(n) for k in b.pieces}
    for q in range(s.spec.n_players):
        b.active[q] = b.power[q] = b.decline[q] = b.kept[q] = None
        b.hand[q] = 0
    changed(b)
    b.defeated = {}
    b.flags = {}
    b.tflags = {}
    b.paid = {}
    b.chance = []
    b.decisions = []
    return b


def _score_total(s: State, q: int) -> int:
    t = s.copy()
    return sum(v for label, v in score_turn(t, q) if label != "Faction bonus")


# ---- the macro model of future income ----------------------------------------------------------


@lru_cache(maxsize=200_000)
def _project(a: float, d: float, spare: float, turns: int, active: bool, may_decline: bool,
             bonus: float, new_tokens: float) -> float:
    """Expected VC of ``turns`` future scoring turns, best decline timing (see :func:`project`)."""
    if turns <= 0:
        return 0.0
    if not active:
        return _pick_turn(d, turns, new_tokens)
    best = _expand_turn(a, d, spare, turns, bonus, new_tokens)
    if may_decline and turns > 1:
        best = max(best, _decline_turn(a, turns, bonus, new_tokens))
    return best


def _expand_turn(a: float, d: float, spare: float, turns: int, bonus: float, new_tokens: float) -> float:
    k = spare / CONQUEST_COST
    a1 = a + k
    return a1 * (1.0 + bonus) + d + _project(
        _r(a1 * (1 - ACTIVE_EROSION)), _r(d * (1 - DECLINE_EROSION)), _r(spare - k),
        turns - 1, True, True, bonus, new_tokens,
    )


def _decline_turn(a: float, turns: int, bonus: float, new_tokens: float) -> float:
    # R-DEC-1/3: no conquest; the Active Regions score and replace the old In Decline race
    return a + _project(0.0, _r(a * (1 - DECLINE_EROSION)), 0.0, turns - 1, False, False, bonus, new_tokens)


def _pick_turn(d: float, turns: int, new_tokens: float) -> float:
    k = new_tokens / FIRST_TURN_COST
    return k * (1.0 + NEW_RACE_BONUS) + d + _project(
        _r(k * (1 - ACTIVE_EROSION)), _r(d * (1 - DECLINE_EROSION)), _r(new_tokens - k),
        turns - 1, True, True, NEW_RACE_BONUS, new_tokens,
    )


def _r(x: float) -> float:
    return round(x * 4) / 4


def project(a: float, d: float, spare: float, turns: int, *, active: bool, may_decline: bool,
            bonus: float = 0.0, new_tokens: float = NEW_COMBO_TOKENS) -> float:
    """Expected VC from ``turns`` future scoring turns of a seat holding ``a`` Active and ``d``
    In Decline Regions with ``spare`` Active tokens beyond the minimum per Region.

    Each turn the seat either expands (about ``spare / CONQUEST_COST`` new Regions, each locking
    one token), or goes In Decline (R-DEC-1: scores its Active Regions, which replace its old
    In Decline race, R-DEC-3), or, with no Active race, picks a new combo of ``new_tokens``
    tokens. Opponents erode a share of the Regions every round. Returns the best timing's total.
    """
    return _project(_r(a), _r(d), _r(max(0.0, spare)), max(0, turns), active, may_decline,
                    round(bonus, 2), round(new_tokens, 1))


def project_choice(a: float, d: float, spare: float, turns: int, *, bonus: float = 0.0,
                   new_tokens: float = NEW_COMBO_TOKENS) -> tuple[float, float]:
    """``(expand now, go In Decline now)``: :func:`project` with this turn's choice forced."""
    a, d, spare, bonus, new_tokens = _r(a), _r(d), _r(max(0.0, spare)), round(bonus, 2), round(new_tokens, 1)
    if turns <= 0:
        return 0.0, 0.0
    return (_expand_turn(a, d, spare, turns, bonus, new_tokens),
            _decline_turn(a, turns, bonus, new_tokens))


def seat_counts(s: State, q: int) -> tuple[int, int, int, float]:
    """``(active Regions, In Decline Regions, Active tokens on boards + hand, mean bonus per
    Active Region)`` of seat ``q``."""
    a_code, d_code = 2 * q, 2 * q + 1
    d2_code = 2 * (s.spec.n_players + q) + 1  # a second In Decline race (classic Spirit)
    occ, tokens = s.occ, s.tokens
    a = d = n = 0
    bonus_sum = 0.0
    bv = bonus_vector(s, q) if s.active[q] is not None else None
    for r in range(len(occ)):
        c = occ[r]
        if c == a_code:
            a += 1
            n += tokens[r]
            if bv is not None:
                bonus_sum += bv[r]
        elif c in (d_code, d2_code):
            d += 1
    n += s.hand[q]
    return a, d, n, (bonus_sum / a if a else 0.0)


def best_visible_tokens(s: State, q: int) -> float:
    """Tokens of the best combo seat ``q`` could take now (a proxy for its next pick)."""
    best = 0.0
    vc = s.vc[q]
    for k, (race, power, coins) in enumerate(s.column):
        if race and power and k <= vc:
            ed = s.spec.edition  # the game's edition's values (Warcraft or classic)
            n = min(ed.races[race].value + ed.powers[power].value, s.in_box(race))
            best = max(best, n + 0.5 * (coins - k))
    return best if best > 0 else NEW_COMBO_TOKENS


def expected_final(s: State, q: int, losses: tuple[float, float] | None = None) -> float:
    """Seat ``q``'s VC plus the macro projection of its remaining turns (final VC estimate).

    Exact at the end of the game. Mid-turn, the current turn is projected from the tokens the
    seat holds (board + hand) as if it started now. ``losses``: Active and In Decline Regions
    (and one Active token each) to take away before projecting (:func:`expected_losses`).
    """
    if s.result is not None:
        return float(s.result["scores"][q])
    turns = remaining_turns(s, q)
    a, d, n, bonus = seat_counts(s, q)
    if losses is not None:
        la, ld = losses
        return _expected_final(s, q, turns, max(0.0, a - la), max(0.0, d - ld), max(0.0, n - la), bonus)
    return _expected_final(s, q, turns, a, d, n, bonus)


def _expected_final(s: State, q: int, turns: int, a: float, d: float, n: float, bonus: float) -> float:
    active = s.active[q] is not None
    m = hooks.min_tokens(s, q) if active else 1
    spare = n - m * a if active else 0.0
    may_decline = active and (s.race_turns[q] >= 1 or scored_this_turn(s, q) or q != s.turn)
    new_tokens = 0.5 * NEW_COMBO_TOKENS + 0.5 * best_visible_tokens(s, q)
    value = float(s.vc[q])
    if turns and q == s.turn and not scored_this_turn(s, q):
        value += faction_bonus(s, q)
    return value + project(a, d, spare, turns, active=active, may_decline=may_decline,
                           bonus=bonus, new_tokens=new_tokens)


# ---- the threat to a seat's Regions before its next turn ----------------------------------------

#: logistic coefficients of the probability that a Region held at the end of its seat's turn is
#: conquered before that seat's next turn: (intercept, Active race, adjacent Regions of
#: opponents' Active races (at most 4), those opponents' spare tokens (at most 20), adjacent
#: other Regions (not the seat's, not water), adjacent water, Entry Region, defense (tokens and
#: :func:`extra_defense`, at most 8), defense of an Active Region, opponents without an Active
#: race times Entry, opponents without an Active race). Fitted by ``benchmarks/fit_threat.py``
#: (maximum likelihood, 300 three-player games of the greedy policy per edition, 59,305 and
#: 55,858 Regions; log-loss 0.305 and 0.369 against 0.358 and 0.456 for a constant rate).
THREAT_WEIGHTS: dict[str, tuple[float, ...]] = {
    "swow": (-1.38, -0.152, 0.237, 0.239, 0.026, 0.368, 0.259, -1.517, 0.212, 0.381, 0.988),
    "classic": (-0.358, -0.135, 0.045, 0.311, 0.044, 0.318, 0.193, -2.261, 0.486, -0.024, 1.083),
}
#: the same fitted on both editions' games together (any other edition)
THREAT_WEIGHTS_ANY = (-0.887, -0.312, 0.166, 0.275, 0.082, 0.402, 0.346, -2.043, 0.506, 0.111, 1.054)


def extra_defense(s: State, r: int) -> int:
    """What Region ``r`` adds to its conquest cost beyond its tokens, as the bots count it: a
    Mountain and each defense piece of the edition
    (:func:`~smallworld.core.conquest.defense_pieces_in`; R-CONQ-3, C-CONQ-3)."""
    return (1 if s.spec.mountain[r] else 0) + defense_pieces_in(s, r)


def threat_features(s: State, p: int) -> list[tuple[int, tuple[float, ...]]]:
    """``[(region, features)]`` for each Region of seat ``p`` (Active or In Decline): the
    features of :data:`THREAT_WEIGHTS`, in its order (the intercept's 1.0 first)."""
    spec = s.spec
    n = spec.n_players
    occ, tokens = s.occ, s.tokens
    a_code, d_code, d2_code = 2 * p, 2 * p + 1, 2 * (n + p) + 1
    # each opponent's spare Active tokens: on its Regions and in hand, beyond one per Region
    spare = [0] * n
    for r, c in enumerate(occ):
        if c >= 0 and c % 2 == 0 and c < 2 * n and c != a_code:
            spare[c // 2] += tokens[r] - 1
    fresh = 0
    for q in range(n):
        if q != p:
            spare[q] += s.hand[q]
            if s.active[q] is None:
                fresh += 1
    adj, entry, water = spec.adj, spec.entry, spec.water
    out: list[tuple[int, tuple[float, ...]]] = []
    for r, c in enumerate(occ):
        if c != a_code and c != d_code and c != d2_code:
            continue
        e_act = 0
        e_other = 0
        e_water = 0
        seen = 0  # bit mask of adjacent opponents
        for q in adj[r]:
            cq = occ[q]
            if cq in (a_code, d_code, d2_code):
                continue
            if cq >= 0 and cq % 2 == 0:
                e_act += 1
                seen |= 1 << (cq // 2)
            elif water[q]:
                e_water += 1
            else:
                e_other += 1
        sp = 0
        for q in range(n):
            if seen >> q & 1:
                sp += spare[q]
        d = min(tokens[r] + extra_defense(s, r), 8)
        act = 1.0 if c == a_code else 0.0
        ent = 1.0 if entry[r] else 0.0
        out.append((r, (1.0, act, float(min(e_act, 4)), float(min(sp, 20)), float(e_other),
                        float(e_water), ent, float(d), act * d, fresh * ent, float(fresh))))
    return out


def expected_losses(s: State, p: int) -> tuple[float, float]:
    """``(Active, In Decline)``: how many of seat ``p``'s Regions of each kind opponents are
    expected to conquer before its next turn, read at the end of its turn (the fitted logistic
    model of :data:`THREAT_WEIGHTS`: adjacency to opponents' Active races and their spare
    tokens, Entry Regions, defense, races still to be picked)."""
    w = THREAT_WEIGHTS.get(s.spec.edition.name, THREAT_WEIGHTS_ANY)
    la = ld = 0.0
    for _r, f in threat_features(s, p):
        z = 0.0
        for wi, fi in zip(w, f):
            z += wi * fi
        pr = 1.0 / (1.0 + math.exp(-z))
        if f[1]:
            la += pr
        else:
            ld += pr
    return la, ld


def opponents(s: State, p: int) -> list[int]:
    """Seats whose success counts against ``p`` (every other seat; other sides in the team
    variant, RULES §12)."""
    n = s.spec.n_players
    if s.team:
        variant = s.spec.edition.variant
        assert variant is not None  # Edition sets the standard one
        mates = set(variant.teammates(s, p))
        return [q for q in range(n) if q not in mates]
    return [q for q in range(n) if q != p]


def utility(s: State, p: int, scale: float = 6.0) -> float:
    """A [0, 1] value of ``s`` for seat ``p``: a logistic of ``p``'s projected final VC minus
    a blend of the best and the mean opponent's (exact scores at the end; a won game is
    above 0.5, a lost one below)."""
    opp = opponents(s, p)
    if not opp:
        return 0.5
    mine = expected_final(s, p)
    theirs = [expected_final(s, q) for q in opp]
    margin = mine - (0.6 * max(theirs) + 0.4 * sum(theirs) / len(theirs))
    if s.result is not None:
        won = p in s.result["winners"]
        margin += 2.0 if won else -2.0
    return 1.0 / (1.0 + math.exp(-margin / scale))


# ---- in-turn comparisons -----------------------------------------------------------------------


def exposure(s: State, p: int, own: list[int] | None = None) -> list[float]:
    """Per Region: how exposed seat ``p``'s Active Region is to attack before its next turn
    (0 for Regions that are not its Active ones). Adjacent Regions of opponents' Active races
    count most, any other Region that is not ``p``'s a little; Entry Regions can be reached by
    any race from afar (R-CONQ-2). ``own``: ``p``'s Active Regions, when the caller has them."""
    spec = s.spec
    occ, tokens = s.occ, s.tokens
    code = 2 * p
    adj = spec.adj
    entry = spec.entry
    water = spec.water
    out = [0.0] * spec.n_regions
    if own is None:
        own = s.regions_of(code)
    for r in own:
        e = 0.0
        for q in adj[r]:
            c = occ[q]
            if c == code:
                continue
            if c >= 0 and c % 2 == 0:
                e += 1.0 + 0.15 * tokens[q]
            elif water[q]:
                e += 0.05
            else:
                e += 0.3
        if entry[r]:
            e += 0.5
        out[r] = e
    return out


def position_value(s: State, p: int, w_opp: float | None = None) -> float:
    """Value of ``s`` for seat ``p`` within a turn, in VC: its VC, the faction bonus it will
    score this turn, and each Region it holds times the expected scoring turns left (Active
    Regions with their race/power bonus), minus ``w_opp`` times the same for opponents' Regions.
    Used to compare one action against another (conquests, ability actions, choices)."""
    return _Valuer(s, p, w_opp).sum(s)


def position_valuer(s: State, p: int, w_opp: float | None = None) -> Callable[[State], float]:
    """``t -> position_value(t, p, w_opp)``, for many states ``t`` like ``s`` (copies of ``s``
    after one action or another): what depends only on the turn and ``p``'s combo (the turns
    left, the Regions' bonuses, what each opponent's Region weighs) is computed once, and
    reused for every ``t`` of the same round, turn, step and phase with the same Active combo
    of ``p``; any other ``t`` is valued from scratch. The same floats as :func:`position_value`."""
    frame = _Valuer(s, p, w_opp)
    w = w_opp

    def value(t: State) -> float:
        if frame.fits(t):
            return frame.sum(t)
        return _Valuer(t, p, w).sum(t)

    return value


class _Valuer:
    """What :func:`position_value` computes from the turn and ``p``'s combo alone (see
    :func:`position_valuer`), and the sum over a state's Regions."""

    __slots__ = ("a_code", "add", "bv", "faction", "ha", "key", "p", "spec")

    def __init__(self, s: State, p: int, w_opp: float | None) -> None:
        spec = s.spec
        nseats = spec.n_players
        if w_opp is None:
            w_opp = 0.9 / max(1, nseats - 1)
        self.spec = spec
        self.p = p
        self.key = (s.result is None, s.round, s.turn, s.step, s.phase, s.active[p], s.power[p], not s.team)
        turns = remaining_turns(s, p)
        self.ha = held_active(turns)
        self.bv = bonus_vector(s, p)
        self.a_code = 2 * p
        # the faction bonus is scored this turn (not scored_this_turn)
        self.faction = bool(turns and p == s.turn and turns != spec.rounds - s.round)
        # what a Region of any other code adds (own In Decline races) or takes away
        # (opponents'), added Region by Region in board order (the same floats as one term at
        # a time)
        hd = held_decline(turns)
        add: dict[int, float] = {2 * p + 1: hd, 2 * (nseats + p) + 1: hd}
        for q in opponents(s, p):
            tq = remaining_turns(s, q)
            add[2 * q] = -(w_opp * held_active(tq))
            # a second In Decline race (Spirit) is held like the first
            add[2 * q + 1] = add[2 * (nseats + q) + 1] = -(w_opp * held_decline(tq))
        self.add = add

    def fits(self, t: State) -> bool:
        """Whether ``t`` has the turn and combo this was computed for."""
        p = self.p
        return t.spec is self.spec and self.key == (
            t.result is None, t.round, t.turn, t.step, t.phase, t.active[p], t.power[p], not t.team)

    def sum(self, t: State) -> float:
        """:func:`position_value` of ``t`` (which :meth:`fits`)."""
        p = self.p
        v = float(t.vc[p])
        if self.faction:
            v += faction_bonus(t, p)
        a_code, bv, ha = self.a_code, self.bv, self.ha
        get = self.add.get
        items = t.items
        r = -1
        for c in t.occ:
            r += 1
            if c < 0:
                continue
            if c == a_code:
                v += (1.0 + bv[r]) * ha
                its = items[r]
                if its:
                    for it in its:
                        v += ITEM_VALUE if it == "?" else ITEM_VALUE * 1.5
            else:
                x = get(c)
                if x is not None:
                    v += x
        return v


__all__ = [
    "MURLOC",
    "bonus_vector",
    "expected_final",
    "expected_losses",
    "exposure",
    "extra_defense",
    "held_active",
    "held_decline",
    "mean_land_bonus",
    "opponents",
    "position_value",
    "position_valuer",
    "project",
    "remaining_turns",
    "seat_counts",
    "utility",
]
