"""Goblins (RULES §9): Bombs placed at turn end on opponents next to them, revealed at the start
of the Goblins' next turn (R-ORDER-1, R-ORDER-2).

Bombs are the pieces ``bomb`` (RULES §2.3: 12, 6 live + 6 duds). Their sides are hidden from
everyone, the Goblins included (RULES §15), so no side is ever stored: ``s.in_supply("bomb")`` is the
Goblins' stack (face down), ``s.pieces["bomb"]`` the placed Bombs, and a side is drawn by the
chance event ``bomb R live|dud`` when a Bomb is revealed, from the undetermined remainder (stack
+ placed ones): P(live) = lives not yet revealed / Bombs not yet revealed. The counts of revealed
lives and duds are public (``s.flags["bombs-live"]``, ``s.flags["bombs-dud"]``); revealed Bombs
leave the game. A Bomb that returns unrevealed to the top of the stack goes back to the
undetermined pool (it is the next one placed; its side is still unknown, so nothing else changes).
Each time the Goblins are picked, all 12 Bombs are shuffled into a new stack.

- Placement (turn end, ``placement`` step): ``plant R`` on a Region adjacent to a Goblins Region,
  occupied by an opponent's Active race, not Sea/Lake (KO), at most one Bomb per Region, while
  the stack lasts; ``done`` to stop. A Region immune until a toll is paid (the Aegis of Aggramar)
  takes a Bomb once its toll is paid: ``pay aegis`` is offered at placement (RULES §11, revised
  ruling); a Bomb placed after paying owes nothing more when revealed (``s.flags
  ["bombs-prepaid"]``: ``"L1.4:aegis"`` for each toll paid at a placement, public).
- Reveal (start of the Goblins' turn, and at once when they go In Decline): each Bomb on a Region
  still occupied by an opponent (Active or In Decline) is revealed; live: the occupant withdraws
  as in R-CONQ-7 (``lose_region``, cause ``"bomb"``: Draenei and Light's Hope Chapel apply) and
  the Region becomes empty; dud: nothing. A Bomb on a Region emptied meanwhile, or now held by the
  Goblins' own player, returns unrevealed to the stack.

Rulings: an explosion is no conquest by the Goblins (no faction bonus, Battle Master, Enraged,
Orcs, Military Objectives). A Region immune to the Goblins for a reason no payment lifts (Watch
Tower) sends its Bomb back unrevealed, like an emptied one. A reveal that owes payments first
(RULES §8: in full, before the action) asks the Goblins to choose: pay them (``bomb-pay R``) or
return the Bomb unrevealed (``bomb-return R``); the Bombs wait in Region order. Those payments
are the Harmony toll on an Active Pandaren Region (RULES §9) and the toll of an ability that makes
the Region immune until paid (Aegis of Aggramar, RULES §11: "immune to conquest and powers unless
the attacker first pays"; a Bomb is a power, RULES §10). Conquest-only tolls (Marshdweller) are
not owed for a Bomb.
"""

from __future__ import annotations

from typing import Any

from smallworld.content.data import PIECE_SUPPLY
from smallworld.content.registry import register
from smallworld.core import chance, changes, conquest, hooks
from smallworld.core.ability import Ability, Toll
from smallworld.core.actions import Action
from smallworld.core.errors import IllegalActionError, Refusal
from smallworld.core.meta import ActionSpec, EventWords, Flag, Piece
from smallworld.core.names import N_
from smallworld.core.state import State

BOMB = "bomb"
LIVE_BOMBS = 6  # RULES §2.3: 12 Bombs, 6 live + 6 duds
DUD_BOMBS = PIECE_SUPPLY[BOMB] - LIVE_BOMBS
LIVE_SEEN = "bombs-live"  # persistent flags: revealed lives / duds since the Goblins were picked
DUD_SEEN = "bombs-dud"
_ASK = "goblins-toll"  # turn flag: Regions whose Bomb waits for a toll decision
_PLACING = "goblins-placing"  # turn flag: the placement decision is open
_KEY = "race:goblins"
_DONE = Action("done")
#: persistent flag: ``"REGION-ID:toll key"`` strings, the tolls paid when the Bomb there was placed
PREPAID = "bombs-prepaid"


def _lifted_keys(s: State, owner: int, r: int) -> list[str]:
    """Keys of the paid tolls that lift an immunity of ``r`` to the Goblins this turn (Aegis)."""
    keys: list[str] = []
    for o, ab in hooks.in_play(s):
        if "immune" in ab.hooks and "tolls" in ab.hooks:
            keys.extend(t.key for t in ab.tolls(s, o, owner, r) if t.key in s.paid)
    return keys


def _undetermined(s: State) -> tuple[int, int]:
    """(lives, duds) among the Bombs not yet revealed."""
    return LIVE_BOMBS - s.flags.get(LIVE_SEEN, 0), DUD_BOMBS - s.flags.get(DUD_SEEN, 0)


def _return_bomb(s: State, r: int) -> None:
    """A Bomb goes back unrevealed to the stack."""
    changes.return_piece(s, BOMB, r)
    _forget_prepaid(s, r)


def _forget_prepaid(s: State, r: int) -> None:
    """The Bomb on ``r`` left the board: its placement payments are forgotten."""
    paid = s.flags.get(PREPAID)
    if paid:
        mark = f"{s.spec.region_ids[r]}:"
        rest = tuple(x for x in paid if not x.startswith(mark))
        if rest:
            changes.set_flag(s, PREPAID, rest)
        else:
            changes.clear_flag(s, PREPAID)


def _placement_tolls(s: State, owner: int, r: int) -> list[Toll]:
    """Unpaid tolls that lift an immunity of ``r`` to the Goblins (Aegis of Aggramar: "payable at
    any use of that Region, including placing a Bomb", RULES §11)."""
    owed: list[Toll] = []
    for o, ab in hooks.in_play(s):
        if "immune" in ab.hooks and "tolls" in ab.hooks and ab.immune(s, o, owner, r):
            owed.extend(t for t in ab.tolls(s, o, owner, r) if t.key not in s.paid)
    return owed


def _owed(s: State, owner: int, r: int) -> list[Toll] | None:
    """Unpaid payments the Goblins owe before revealing the Bomb on ``r`` (see the module doc):
    the Harmony toll on an Active Pandaren Region and the toll of an ability that makes ``r``
    immune to them until paid (Aegis). ``None`` if ``r`` is immune for a reason no toll lifts.
    The same payments as any attack without a conquest (Intimidating, Portal Mage)."""
    from smallworld.content.powers._attacks import attack_tolls

    owed = attack_tolls(s, owner, r)
    if owed is None:
        return None
    mark = f"{s.spec.region_ids[r]}:"
    prepaid = {x[len(mark):] for x in s.flags.get(PREPAID, ()) if x.startswith(mark)}  # at placement
    return list({t.key: t for t in owed if t.key not in prepaid}.values())  # one payment per key


def _reveal_all(s: State, owner: int) -> None:
    """Reveal (or send back) every placed Bomb; queue the chance draws and the toll choices."""
    lst = s.pieces.get(BOMB)
    if lst is None or not any(lst):
        return
    occ = s.occ
    ask: list[int] = []
    for r in range(len(lst)):
        if not lst[r]:
            continue
        code = occ[r]
        if code < 0 or code // 2 == owner:
            _return_bomb(s, r)  # emptied, Murlocs (never placed there), or the Goblins' own
            continue
        owed = _owed(s, owner, r)
        if owed is None:
            _return_bomb(s, r)  # immune whatever is paid (Watch Tower)
        elif owed:
            ask.append(r)
        else:
            changes.queue_chance(s, (BOMB, r, owner))
    if ask:
        changes.set_tflag(s, _ASK, tuple(ask))
        changes.ask(s, owner, _KEY)


def _plant_candidates(s: State, owner: int) -> list[int]:
    """Regions a Bomb could go to, immunity aside: adjacent to the Goblins, occupied by an
    opponent's Active race, not Sea/Lake, with no Bomb yet."""
    code = 2 * owner
    occ = s.occ
    spec = s.spec
    lst = s.pieces.get(BOMB)
    found: set[int] = set()
    for r in range(len(occ)):
        if occ[r] == code:
            for q in spec.adj[r]:
                c = occ[q]
                if c >= 0 and c % 2 == 0 and c != code and not spec.water[q] and not (lst and lst[q]):
                    found.add(q)
    return sorted(found)


def _plant_targets(s: State, owner: int) -> list[int]:
    """Regions where ``plant R`` is legal now: candidates not immune to the Goblins."""
    found = _plant_candidates(s, owner)
    if "immune" in hooks.LIVE_HOOKS:
        found = [q for q in found if not hooks.immune(s, owner, q)]
    return found


def _placement_pays(s: State, owner: int) -> list[Action]:
    """``pay KEY`` for candidates immune only until a toll is paid (Aegis), when the Goblins hold
    the sum of that Region's tolls (RULES §8)."""
    if "immune" not in hooks.LIVE_HOOKS:
        return []
    out: list[Action] = []
    offered: set[str] = set()
    for q in _plant_candidates(s, owner):
        if not hooks.immune(s, owner, q) or hooks.immune_beyond_tolls(s, owner, q):
            continue
        owed = _placement_tolls(s, owner, q)
        if owed and s.vc[owner] >= conquest.toll_sum(owed):
            for t in owed:
                if t.key not in offered:
                    offered.add(t.key)
                    out.append(Action("pay", (t.key,)))
    return out


@register
class Goblins(Ability):
    id = "goblins"
    kind = "race"
    rule = "§9 Goblins"
    summary = N_(
        "At the end of your turn, place face-down Bombs next to your Regions on opponents; live "
        "ones explode at the start of your next turn."
    )
    flags = (
        Flag("bombs-live", "flags", "count", scale=6, words="live Bombs revealed since the Goblins were picked"),
        Flag("bombs-dud", "flags", "count", scale=6, words="dud Bombs revealed since the Goblins were picked"),
        Flag("bombs-prepaid", "flags", "none", words="tolls paid ahead for Regions whose Bomb may explode"),
        Flag("goblins-placing", words="the Goblins are placing Bombs"),
        Flag("goblins-toll", encode="region", words="Regions whose Bomb waits for a toll decision"),
    )
    action_specs = (
        ActionSpec("plant", ("region",), phrase="Plant a Bomb in {0}"),
        ActionSpec("bomb-pay", ("region",)),
        ActionSpec("bomb-return", ("region",)),
    )
    pieces = (
        Piece("bomb", "Bomb (face down)", N_("revealed at the start of the Goblins' next turn if the Region is "
              "still occupied by an opponent. Live: the occupant loses the Region; dud: nothing. Nobody "
              "knows its side."), plural="Bombs (face down)"),
    )
    event_words = (
        EventWords("bomb_exploded", "{who}'s Bomb in {region} explodes"),
        EventWords("bomb_dud", "{who}'s Bomb in {region} is a dud"),
    )

    def on_pick(self, s: State, owner: int) -> None:
        """All 12 Bombs shuffled into a new stack."""
        lst = s.pieces.get(BOMB)
        changes.set_supply(s, BOMB, PIECE_SUPPLY[BOMB] - (sum(lst) if lst else 0))
        changes.set_flag(s, LIVE_SEEN, 0)
        changes.set_flag(s, DUD_SEEN, 0)

    def on_turn_start(self, s: State, owner: int) -> None:
        """R-ORDER-1: the placed Bombs are revealed."""
        _reveal_all(s, owner)

    def on_decline(self, s: State, owner: int) -> None:
        """R-DEC-2: the placed Bombs are revealed and applied at once."""
        _reveal_all(s, owner)

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        """R-ORDER-2 placements: open the Bomb placement when a Bomb can be placed."""
        if step == "placement" and s.in_supply(BOMB) > 0 and (
            _plant_targets(s, owner) or _placement_pays(s, owner)
        ):
            changes.set_tflag(s, _PLACING, True)
            changes.ask(s, owner, _KEY)

    def actions(self, s: State, owner: int) -> list[Action]:
        if not s.decisions or s.decisions[-1] != (owner, _KEY):
            return []
        ids = s.spec.region_ids
        ask = s.tflags.get(_ASK)
        if ask:
            r = ask[0]
            out = [Action("bomb-return", (ids[r],))]
            owed = _owed(s, owner, r) or []
            if s.vc[owner] >= sum(t.amount for t in owed):  # RULES §8: in full, before
                out.insert(0, Action("bomb-pay", (ids[r],)))
            return out
        plants = [Action("plant", (ids[r],)) for r in _plant_targets(s, owner)]
        return plants + _placement_pays(s, owner) + [_DONE]

    def apply(self, s: State, owner: int, action: Action) -> None:
        kind = action.kind
        if kind in ("bomb-pay", "bomb-return"):
            ask = s.tflags[_ASK]
            r = ask[0]
            if kind == "bomb-pay":
                for t in _owed(s, owner, r) or []:  # RULES §8: in full, before the attack
                    hooks.pay(s, owner, t)
                changes.queue_chance(s, (BOMB, r, owner))
            else:
                _return_bomb(s, r)
            rest = ask[1:]
            while rest:  # a toll paid holds for the turn: the next Bombs may owe nothing now
                owed = _owed(s, owner, rest[0])
                if owed:
                    break
                if owed is None:
                    _return_bomb(s, rest[0])
                else:
                    changes.queue_chance(s, (BOMB, rest[0], owner))
                rest = rest[1:]
            if rest:
                changes.set_tflag(s, _ASK, rest)
            else:
                changes.clear_tflag(s, _ASK)
                changes.close_decision(s)
            return
        if kind == "pay":  # at placement: lift an Aegis for this turn (RULES §11)
            key = str(action.args[0])
            for q in _plant_candidates(s, owner):
                for t in _placement_tolls(s, owner, q):
                    if t.key == key:
                        hooks.pay(s, owner, t)
                        return
            raise IllegalActionError(Refusal(N_("no toll '{key}' is owed for a Bomb placement"), key=key))
        if kind == "plant":
            r = s.spec.region(str(action.args[0]))
            changes.put_piece(s, BOMB, r)
            keys = _lifted_keys(s, owner, r)
            if keys:  # placed after paying: owes nothing more at its reveal (RULES §11 Aegis)
                rid = s.spec.region_ids[r]
                paid = (*s.flags.get(PREPAID, ()), *(f"{rid}:{k}" for k in keys))
                changes.set_flag(s, PREPAID, paid)
            if s.in_supply(BOMB) > 0 and (_plant_targets(s, owner) or _placement_pays(s, owner)):
                return
        changes.clear_tflag(s, _PLACING)
        changes.close_decision(s)


def _bomb_outcomes(s: State, ev: tuple[Any, ...]) -> list[tuple[Action, float]]:
    lives, duds = _undetermined(s)
    total = lives + duds
    rid = s.spec.region_ids[ev[1]]
    out = []
    if lives > 0:
        out.append((Action(BOMB, (rid, "live")), lives / total))
    if duds > 0:
        out.append((Action(BOMB, (rid, "dud")), duds / total))
    return out


def _apply_bomb(s: State, ev: tuple[Any, ...], a: Action) -> None:
    """A Bomb is revealed and leaves the game; a live one empties its Region (R-CONQ-7).
    Reports ``bomb_exploded`` or ``bomb_dud`` (``seat``: the Goblins' owner, ``region``)."""
    _, r, owner = ev
    changes.lift_piece(s, BOMB, r, 1)  # revealed: it leaves the game
    _forget_prepaid(s, r)
    live = a.args[1] == "live"
    changes.emit(s, "bomb_exploded" if live else "bomb_dud", seat=owner, region=s.spec.region_ids[r])
    if live:
        changes.bump_flag(s, LIVE_SEEN)
        code = s.occ[r]
        if code >= 0 and code // 2 != owner:
            conquest.lose_region(s, r, attacker=owner, cause="bomb")
    else:
        changes.bump_flag(s, DUD_SEEN)


chance.register(BOMB, BOMB, _bomb_outcomes, _apply_bomb)
