"""The heuristic policy behind the greedy bot and the MCTS rollouts.

:class:`HeuristicPolicy` chooses an action for the seat to act in a *simulation* state (a
:func:`smallworld.core.view.determinize` copy, or a state inside a search): it may read that
state fully because the state holds only what the seat may know plus sampled guesses.

Two strengths share one code path:

- ``exact=True`` (the greedy bot): every conquest, ability action and choice is tried on a copy
  and scored with :func:`~smallworld.bots.evaluate.position_value` (so race, power and item
  effects count as the engine applies them); combos and the decline decision are compared by
  playing the rest of the turn with the fast policy and projecting the income
  (:func:`~smallworld.bots.evaluate.expected_final`).
- ``exact=False`` (rollouts): conquests are ranked from the cost and a cached per-Region bonus,
  combos by a formula, decline by the macro model alone. No copies except for ability actions.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable

from smallworld.bots.evaluate import (
    NEW_COMBO_TOKENS,
    best_visible_tokens,
    bonus_vector,
    expected_final,
    exposure,
    extra_defense,
    held_active,
    held_decline,
    mean_land_bonus,
    opponents,
    position_valuer,
    project_choice,
    remaining_turns,
    seat_counts,
)
from smallworld.core import chance, engine, hooks
from smallworld.core.actions import Action
from smallworld.core.conquest import FINAL_CONQUEST_MAX_SHORT, conquest_cost, targets
from smallworld.core.engine import phase_of
from smallworld.core.state import (
    CHANCE,
    CHOICE,
    CONQUER,
    DECIDE,
    DEFEND,
    PICK,
    REDEPLOY,
    State,
)

CORE_KINDS = frozenset({"pick", "expand", "decline", "abandon", "conquer", "pay", "end", "redeploy"})

#: the edition's die faces -> probability that the reinforcement die adds at least ``k``
#: (R-CONQ-9; Warcraft faces 0,0,0,1,2,3), for k = 0..6
_DIE_AT_LEAST: dict[tuple[int, ...], list[float]] = {}


def die_at_least(s: State) -> list[float]:
    """``[P(die >= k) for k in 0..6]`` for the reinforcement die of ``s``'s edition (R-CONQ-9)."""
    faces = s.spec.edition.die_faces
    table = _DIE_AT_LEAST.get(faces)
    if table is None:
        table = _DIE_AT_LEAST[faces] = [sum(1 for f in faces if f >= k) / len(faces) for k in range(7)]
    return table

#: ability actions one seat may take per turn (a guard against effects that never run out)
MAX_ABILITY_ACTIONS = 8
#: how many choices of an ability decision are tried on copies
MAX_CHOICES_TRIED = 40
_USES_KEY = "bot-policy:ability-uses:"
#: VC by which going In Decline must beat expanding (projected) to be chosen, in the greedy bot
#: and in the fast policy: negative, as measured in greedy-vs-greedy games (the projection
#: undervalues a fresh race)
DECLINE_MARGIN = -5.0
FAST_DECLINE_MARGIN = -3.0


def settled_value(t: State, value: Callable[[State], float]) -> float:
    """``value(t)``, or with a reinforcement die pending (R-CONQ-9) its average over the die's
    faces, each weighed by its chance."""
    if t.chance and t.chance[0][0] == "die":
        total = 0.0
        for roll, pr in chance.outcomes(t):
            u = t.copy()
            engine.apply_action(u, roll, check=False)
            total += pr * value(u)
        return total
    return value(t)


class HeuristicPolicy:
    """Chooses actions for any seat of a simulation state (see the module doc)."""

    def __init__(self, rng: random.Random, *, exact: bool = True) -> None:
        self.rng = rng
        self.exact = exact
        #: VC by which going In Decline must beat expanding (projected) to be chosen
        #: (:data:`DECLINE_MARGIN`, :data:`FAST_DECLINE_MARGIN`)
        self.decline_margin = DECLINE_MARGIN if exact else FAST_DECLINE_MARGIN
        #: value of keeping a token back from conquest, per turn left (at most 3)
        self.keep_factor = 0.12
        #: weight of opponents' Regions in position values (None: 0.9 / (players - 1))
        self.w_opp: float | None = None
        self._fast: HeuristicPolicy | None = None if not exact else HeuristicPolicy(rng, exact=False)

    @property
    def fast(self) -> HeuristicPolicy:
        """The fast variant (itself when not exact)."""
        return self._fast if self._fast is not None else self

    # ---- dispatch ------------------------------------------------------------------------------

    def choose(self, s: State, p: int, legal: list[Action] | None = None) -> Action:
        """An action of ``legal`` (default: ``engine.legal_actions(s)``) for seat ``p``, who must be
        the one to act in ``s``."""
        if legal is None:
            legal = engine.legal_actions(s)
        if len(legal) == 1:
            return legal[0]
        phase = phase_of(s)
        if phase == CHOICE:
            return self.choose_lookahead(s, p, legal)
        if phase == CONQUER:
            return self.conquer(s, p, legal)
        if phase in (REDEPLOY, DEFEND):
            return self.redeploy(s, p, legal)
        if phase == PICK:
            return self.pick(s, p, legal)
        if phase == DECIDE:
            return self.decide(s, p, legal)
        return self.choose_lookahead(s, p, legal)

    def _valuer(self, s: State, p: int) -> Callable[[State], float]:
        """:func:`~smallworld.bots.evaluate.position_value` of ``p`` with this policy's ``w_opp``,
        for states like ``s`` (:func:`~smallworld.bots.evaluate.position_valuer`)."""
        return position_valuer(s, p, self.w_opp)

    # ---- generic one-step lookahead ------------------------------------------------------------

    def lookahead_value(self, s: State, p: int, a: Action,
                        value: Callable[[State], float] | None = None) -> float:
        """:func:`position_value` for ``p`` after ``a`` on a copy (a pending reinforcement die is
        averaged over its faces); ``value``: :meth:`_valuer` of ``s`` when the caller has it."""
        t = s.copy()
        engine.apply_action(t, a, check=False)
        return self._settled_value(t, p, value)

    def _settled_value(self, t: State, p: int, value: Callable[[State], float] | None = None) -> float:
        return settled_value(t, value if value is not None else self._valuer(t, p))

    def rank_lookahead(self, s: State, p: int, legal: list[Action], k: int) -> list[Action]:
        """The ``k`` actions of ``legal`` whose copies score best for ``p``, best first."""
        cands = legal if len(legal) <= MAX_CHOICES_TRIED else self.rng.sample(legal, MAX_CHOICES_TRIED)
        value = self._valuer(s, p)
        scored = sorted(((self.lookahead_value(s, p, a, value), i) for i, a in enumerate(cands)), reverse=True)
        return [cands[i] for _v, i in scored[:k]]

    def choose_lookahead(self, s: State, p: int, legal: list[Action]) -> Action:
        """The action whose copy scores best for ``p`` (ability decisions, unknown phases)."""
        cands = legal
        if len(cands) > MAX_CHOICES_TRIED:
            cands = self.rng.sample(legal, MAX_CHOICES_TRIED)
        best, best_v = cands[0], -1e18
        value = self._valuer(s, p)
        for a in cands:
            v = self.lookahead_value(s, p, a, value)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    # ---- picking a combo (R-PICK-*) ------------------------------------------------------------

    def pick(self, s: State, p: int, legal: list[Action]) -> Action:
        picks = [a for a in legal if a.kind == "pick"]
        if not picks:
            return legal[0]
        if self.exact:
            return max(picks, key=lambda a: self._simulated_turn_value(s, p, a))
        return max(picks, key=lambda a: self.combo_score(s, p, int(a.args[0])))

    def combo_score(self, s: State, p: int, k: int) -> float:
        """Formula value of the combo at position ``k`` for seat ``p`` (fast policy): its tokens,
        the coins on it minus the price (R-PICK-2/3), and its scoring bonus per Region times a
        few Regions over the turns left."""
        if s.team:  # RULES §12: the row of the seat's side column, with the badge of that row
            race = s.team[f"col-{s.spec.sides[p]}"][k]
            power = s.team["badges"][k]
            coins = 0
        else:
            race, power, coins = s.column[k]
        if race is None or power is None:
            return -k
        ed = s.spec.edition  # the game's edition's values (Warcraft or classic)
        tokens = min(ed.races[race].value + ed.powers[power].value, s.in_box(race))
        turns = remaining_turns(s, p)
        mean_bonus = mean_land_bonus(s, p, race, power)
        held = min(tokens / 2.6, 6.0)
        return tokens * min(turns, 3) / 3.0 * 1.6 + coins - k + mean_bonus * held * min(turns, 3)

    def _simulated_turn_value(self, s: State, p: int, a: Action) -> float:
        """Apply ``a``, play the rest of ``p``'s turn with the fast policy, and return ``p``'s
        projected final VC (:func:`expected_final`)."""
        t = s.copy()
        engine.apply_action(t, a, check=False)
        finish_turn(t, p, self.fast, self.rng)
        return expected_final(t, p)

    # ---- expand or decline (R-DEC-1) -----------------------------------------------------------

    def decide(self, s: State, p: int, legal: list[Action]) -> Action:
        kinds = {a.kind: a for a in legal}
        if "decline" not in kinds or "expand" not in kinds:
            return legal[0]
        if self.exact:
            seed = self.rng.random()
            vals = {}
            for kind in ("expand", "decline"):
                saved = self.rng
                self.rng = random.Random(seed)
                self.fast.rng = self.rng
                try:
                    vals[kind] = self._simulated_turn_value(s, p, kinds[kind])
                finally:
                    self.rng = saved
                    self.fast.rng = saved
            margin = self._decline_margin(remaining_turns(s, p))
            return kinds["decline"] if vals["decline"] > vals["expand"] + margin else kinds["expand"]
        turns = remaining_turns(s, p)
        a, d, n, bonus = seat_counts(s, p)
        spare = n - hooks.min_tokens(s, p) * a
        new_tokens = 0.5 * NEW_COMBO_TOKENS + 0.5 * best_visible_tokens(s, p)
        ve, vd = project_choice(a, d, spare, turns, bonus=bonus, new_tokens=new_tokens)
        return kinds["decline"] if vd > ve + self._decline_margin(turns) else kinds["expand"]

    def _decline_margin(self, turns: int) -> float:
        # the bias corrects the projection of a fresh race's future: none on the last turn
        return self.decline_margin * min(1.0, max(0, turns - 1) / 2)

    # ---- conquests (R-CONQ-*) ------------------------------------------------------------------

    def conquer(self, s: State, p: int, legal: list[Action]) -> Action:
        end = None
        conquers: list[Action] = []
        pays: list[Action] = []
        abilities: list[Action] = []
        for a in legal:
            k = a.kind
            if k == "end":
                end = a
            elif k == "conquer":
                conquers.append(a)
            elif k == "pay":
                pays.append(a)
            elif k == "abandon":
                continue  # abandoning Regions (R-TROOP-2) is never worth it for this policy
            else:
                abilities.append(a)
        if self.exact:
            choice = self._conquer_exact(s, p, conquers, pays, abilities)
        else:
            choice = self._conquer_fast(s, p, conquers, abilities)
        if choice is not None:
            return choice
        return end if end is not None else legal[-1]

    def _token_keep_value(self, s: State, p: int, turns: int | None = None) -> float:
        """What a token kept back is worth: it defends until the next turn; worthless on the last
        turn. ``turns``: ``remaining_turns(s, p)``, when the caller has it."""
        left = (remaining_turns(s, p) if turns is None else turns) - 1
        return 0.0 if left <= 0 else self.keep_factor * min(left, 3)

    def _ability_budget(self, s: State, p: int) -> bool:
        return s.tflags.get(f"{_USES_KEY}{p}", 0) < MAX_ABILITY_ACTIONS

    def _count_ability(self, s: State, p: int) -> None:
        # counted in the simulation state's turn flags (reset by the engine every turn); the
        # key is the bot's own, never read by the rules
        key = f"{_USES_KEY}{p}"
        s.tflags[key] = s.tflags.get(key, 0) + 1

    def _conquer_exact(self, s: State, p: int, conquers: list[Action], pays: list[Action],
                       abilities: list[Action]) -> Action | None:
        value = self._valuer(s, p)
        base = value(s)
        hand = s.hand[p]
        keep = self._token_keep_value(s, p)
        best: tuple[float, Action] | None = None
        best_final: tuple[float, Action] | None = None
        for a in conquers:
            t = s.copy()
            engine.apply_action(t, a, check=False)
            if t.chance and t.chance[0][0] == "die":  # final conquest (R-CONQ-9)
                gain = self._settled_value(t, p, value) - base
                if best_final is None or gain > best_final[0]:
                    best_final = (gain, a)
                continue
            spent = hand - t.hand[p]
            gain = value(t) - base
            if gain <= keep * spent:
                continue
            ratio = gain / max(spent, 1)
            if best is None or ratio > best[0]:
                best = (ratio, a)
        for a in pays:  # a toll opens a target: value it with the best conquest behind it
            t = s.copy()
            engine.apply_action(t, a, check=False)
            paid_base = value(t)
            for b in engine.legal_actions(t):
                if b.kind != "conquer" or b in conquers:
                    continue
                u = t.copy()
                engine.apply_action(u, b, check=False)
                if u.chance and u.chance[0][0] == "die":
                    continue
                spent = hand - u.hand[p]
                gain = value(u) - base
                if gain <= keep * spent or gain <= 0 or paid_base > base:
                    continue
                ratio = gain / max(spent, 1)
                if best is None or ratio > best[0]:
                    best = (ratio, a)
        if abilities and self._ability_budget(s, p):
            best = self._best_ability(s, p, abilities, value, base, keep, best)
        return self._conquest_choice(s, p, best, best_final)

    def _best_ability(self, s: State, p: int, abilities: list[Action], value: Callable[[State], float],
                      base: float, keep: float, best: tuple[float, Action] | None) -> tuple[float, Action] | None:
        """``best`` (gain per token, action), or an ability action that gains more per token
        spent than it (more than 0.3 VC above ``keep`` per token, after settling)."""
        hand = s.hand[p]
        for a in abilities:
            t = s.copy()
            engine.apply_action(t, a, check=False)
            spent = max(0, hand - t.hand[p])
            gain = self._settled_value(t, p, value) - base
            if gain <= 0.3 + keep * spent:
                continue
            ratio = gain / max(spent, 1)
            if best is None or ratio > best[0]:
                best = (ratio, a)
        return best

    def _conquest_choice(self, s: State, p: int, best: tuple[float, Action] | None,
                         best_final: tuple[float, Action] | None) -> Action | None:
        """The conquest or ability chosen (an ability counted against the turn's budget), else a
        final conquest worth its die roll, else ``None``."""
        if best is not None:
            if best[1].kind not in CORE_KINDS:
                self._count_ability(s, p)
            return best[1]
        if best_final is not None and best_final[0] > 0.05:
            return best_final[1]
        return None

    def _conquer_fast(self, s: State, p: int, conquers: list[Action],
                      abilities: list[Action]) -> Action | None:
        if not conquers and not abilities:
            return None
        hand = s.hand[p]
        turns = remaining_turns(s, p)
        ha = held_active(turns)
        keep = self._token_keep_value(s, p, turns)
        best: tuple[float, Action] | None = None
        best_final: tuple[float, Action] | None = None
        if conquers:
            bv = bonus_vector(s, p)
            tg = targets(s, p)
            aux = _auxiliaries(s, p)
            need = hooks.min_tokens(s, p)
            reducers = hooks.own_implementers(s, p, "conquest_reduction")
            w_opp = self.w_opp if self.w_opp is not None else 0.9 / max(1, s.spec.n_players - 1)
            foes = set(opponents(s, p))
            occ = s.occ
            index = s.spec.index
            items = s.items
            #: occupant code -> what taking a Region from it adds (opponents) or costs (own)
            occupant: dict[int, float] = {}
            for a in conquers:
                r = index[str(a.args[0])]
                cost = conquest_cost(s, p, r, tg.get(r, 1), reducers=reducers)
                gain = (1.0 + bv[r]) * ha
                c = occ[r]
                if c >= 0:
                    d = occupant.get(c)
                    if d is None:
                        q = s.owner_of(c)
                        if q in foes:
                            tq = remaining_turns(s, q)
                            d = w_opp * (held_decline(tq) if c & 1 else held_active(tq))
                        elif q == p:
                            d = -held_decline(turns)  # own In Decline Region
                        else:
                            d = 0.0
                        occupant[c] = d
                    gain += d
                if items[r]:
                    gain += 0.6
                placed = max(need, cost - aux)
                if placed <= hand:
                    if gain <= keep * placed:
                        continue
                    ratio = gain / placed
                    if best is None or ratio > best[0]:
                        best = (ratio, a)
                else:
                    short = cost - hand - aux
                    if 0 < short <= FINAL_CONQUEST_MAX_SHORT:
                        g = gain * die_at_least(s)[short]
                        if best_final is None or g > best_final[0]:
                            best_final = (g, a)
        if abilities and self._ability_budget(s, p):
            value = self._valuer(s, p)
            base = value(s)
            best = self._best_ability(s, p, abilities, value, base, keep, best)
        return self._conquest_choice(s, p, best, best_final)

    # ---- redeployment (R-TROOP-3, R-TROOP-4) ---------------------------------------------------

    def redeploy(self, s: State, p: int, legal: list[Action]) -> Action:
        others = [a for a in legal if a.kind != "redeploy"]
        if others and self._ability_budget(s, p):
            value = self._valuer(s, p)
            base = value(s)
            best: tuple[float, Action] | None = None
            for a in others:
                g = self.lookahead_value(s, p, a, value) - base
                if g > 0.3 and (best is None or g > best[0]):
                    best = (g, a)
            if best is not None:
                self._count_ability(s, p)
                return best[1]
        plan = self.redeploy_plan(s, p)
        if plan:
            r, n = max(plan.items(), key=lambda kv: (kv[1], -kv[0]))
            a = Action("redeploy", (s.spec.region_ids[r], n))
            if a in legal:
                return a
        deploys = [a for a in legal if a.kind == "redeploy"]
        if deploys:
            return max(deploys, key=lambda a: int(a.args[1]))
        return legal[0]

    def redeploy_plan(self, s: State, p: int) -> dict[int, int]:
        """Region -> tokens from hand: each token goes where it most lowers the expected loss
        (exposure to opponents' Active races and Entry Regions, Region worth, defense already
        there: tokens, Mountain, Forts)."""
        hand = s.hand[p]
        own = s.regions_of(2 * p)
        if not own or hand <= 0:
            return {}
        turns_after = remaining_turns(s, p) - (0 if s.phase == DEFEND else 1)
        if turns_after <= 0:
            return {own[0]: hand}
        exp = exposure(s, p, own)
        if all(exp[r] == 0 for r in own):
            return {own[0]: hand}
        bv = bonus_vector(s, p)
        worth = held_active(turns_after)
        tokens = s.tokens
        # per Region: the loss probability's exposure factor, its worth and its defense
        heap: list[tuple[float, int]] = []
        lp: dict[int, float] = {}
        val: dict[int, float] = {}
        cur: dict[int, int] = {}
        for r in own:
            d = cur[r] = tokens[r] + extra_defense(s, r)
            e = lp[r] = min(0.9, 0.22 * exp[r])
            w = val[r] = (1 + bv[r]) * worth
            heap.append((-_marginal(e, w, d), r))
        heapq.heapify(heap)
        plan: dict[int, int] = {}
        for _ in range(hand):
            r = heap[0][1]
            plan[r] = plan.get(r, 0) + 1
            d = cur[r] = cur[r] + 1
            heapq.heapreplace(heap, (-_marginal(lp[r], val[r], d), r))
        return plan


class AbilityCounter:
    """Counts a seat's ability actions in the real game's current turn, so that a bot deciding
    on a fresh determinized copy at each decision keeps the per-turn guard
    (``MAX_ABILITY_ACTIONS``)."""

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None
        self.n = 0

    def prime(self, world: State, p: int) -> None:
        """Write this turn's count into ``world`` (the bot's own copy) before choosing."""
        key = (world.round, world.turn)
        if key != self.key:
            self.key, self.n = key, 0
        if self.n:
            world.tflags[f"{_USES_KEY}{p}"] = self.n

    def record(self, action: Action) -> None:
        """Count ``action`` if it is an ability action."""
        if action.kind not in CORE_KINDS:
            self.n += 1


def _auxiliaries(s: State, p: int) -> int:
    fn = getattr(hooks, "auxiliaries", None)  # Beasts (RULES §10), when the engine has them
    return fn(s, p) if fn is not None else 0


#: ``0.62 ** k`` for 0 to 63 (the defense factor of the loss probability)
_DEFENSE_FACTOR = tuple(0.62 ** k for k in range(64))


def _marginal(lp: float, worth: float, defense: int) -> float:
    """What one more token saves in a Region worth ``worth`` defended by ``defense``: the
    drop of the loss probability ``lp * 0.62 ** max(0, defense - 1)`` (``lp``: the exposure
    factor ``min(0.9, 0.22 * exposure)``) times the worth."""
    a, b = max(0, defense - 1), max(0, defense)
    fa = _DEFENSE_FACTOR[a] if a < 64 else 0.62 ** a
    fb = _DEFENSE_FACTOR[b] if b < 64 else 0.62 ** b
    return worth * (lp * fa - lp * fb)


# ---- playing on ------------------------------------------------------------------------------


def finish_turn(s: State, p: int, policy: HeuristicPolicy, rng: random.Random, max_actions: int = 400) -> None:
    """Play ``s`` on (every seat with ``policy``, chance from ``rng``) until seat ``p``'s
    current turn is over (the next seat's turn has begun) or the game ends."""
    turn, rnd = s.turn, s.round
    for _ in range(max_actions):
        if s.is_over() or s.turn != turn or s.round != rnd:
            return
        cp = s.current_player()
        if cp == CHANCE:
            engine.apply_action(s, chance.sample(s, rng), check=False)
        else:
            engine.apply_action(s, policy.choose(s, cp), check=False)


def play_turns(s: State, policy: HeuristicPolicy, rng: random.Random, turns: int,
               max_actions: int = 2000, until: Callable[[State], bool] | None = None) -> int:
    """Play ``s`` on until ``turns`` turn changes have happened (or the game ends, or ``until``
    says stop); returns the number of actions applied."""
    changes = 0
    last = (s.round, s.turn)
    n = 0
    while n < max_actions and not s.is_over():
        cur = (s.round, s.turn)
        if cur != last:
            changes += 1
            last = cur
            if changes >= turns:
                break
        if until is not None and until(s):
            break
        cp = s.current_player()
        if cp == CHANCE:
            engine.apply_action(s, chance.sample(s, rng), check=False)
        else:
            engine.apply_action(s, policy.choose(s, cp), check=False)
        n += 1
    return n


__all__ = ["DECLINE_MARGIN", "FAST_DECLINE_MARGIN", "AbilityCounter", "HeuristicPolicy", "finish_turn", "play_turns"]
