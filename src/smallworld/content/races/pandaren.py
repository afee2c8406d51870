"""Pandaren (RULES §9, R-ORDER-1, R-ORDER-2): Harmony.

- At the start of the Pandaren's turn they take back every Harmony token (``on_turn_start``).
- At the end of each of their turns (the pick turn and round 1 included; not a decline turn,
  which has no expansion and ends the Active race) they give one Harmony token to each opponent
  whose Active race they did not attack this turn, players without a race too (``gift`` step).
  Harmony is a limited piece (4, RULES §2.3): when none is left, nobody else gets one.
- A holder must pay the Pandaren player 2 VC before its first attack on the Active Pandaren
  (conquering a Pandaren Region, or removing a Pandaren token by any means: Bomb, Intimidating,
  Portal Mage swap). Once paid, the holder attacks freely until the token is taken back.

Harmony is a core toll (RULES §8, :class:`~smallworld.core.ability.Toll`), key ``harmony``: the
conquest phase offers ``pay harmony`` instead of ``conquer R`` for a Pandaren Region while it is
unpaid, and any other attack asks the same ``tolls`` hook (Goblins' Bomb reveal does). The key is
marked in ``s.paid`` for the rest of the holder's turn; the Pandaren take the token back at the
start of their next turn, before the holder can act again, so "until taken back" is that turn.

State: ``s.flags["harmony"]`` is the tuple of seats holding a Harmony token (public);
``s.in_supply("harmony")`` the tokens left in the box. ``s.tflags["pandaren-attacked"]`` the seats
whose Active race the Pandaren attacked this turn.

Helpers for other effects (powers, races, items whose attack removes a Pandaren token without a
conquest): :func:`harmony_due`, :func:`harmony_toll_due`, :func:`pay_harmony` for the attacker's
side, and :func:`note_attack` for an attack made *by* the Pandaren by such means (so the victim
gets no Harmony).

Rulings: only the Active Pandaren race is protected (its In Decline race gives no Harmony and has
none out: the tokens come back at the start of the decline turn). "Attack" by the Pandaren, for
the gift, is an attack on the opponent's Active race (conquest of one of its Regions, or
:func:`note_attack`); conquering only its In Decline Regions or Murlocs still earns it Harmony.
"""

from __future__ import annotations

from typing import Any

from smallworld.content.data import PIECE_SUPPLY
from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability, Toll
from smallworld.core.conquest import Conquest
from smallworld.core.errors import IllegalActionError, Name, Refusal, ScenarioError
from smallworld.core.meta import Flag, Piece, TollWords
from smallworld.core.names import N_
from smallworld.core.state import State

HARMONY = "harmony"  # piece kind (supply) and toll key
HOLDERS = "harmony"  # persistent flag: seats holding a Harmony token
ATTACKED = "pandaren-attacked"  # turn flag: seats whose Active race the Pandaren attacked (sorted tuple)
TOLL = 2  # VC paid to the Pandaren
RACE = "pandaren"


def holders(s: State) -> tuple[int, ...]:
    """Seats holding a Harmony token."""
    return s.flags.get(HOLDERS, ())


def _pandaren_seat(s: State) -> int | None:
    for p, race in enumerate(s.active):
        if race == RACE:
            return p
    return None


def harmony_toll_due(s: State, attacker: int, victim: int) -> bool:
    """True if ``attacker`` must pay the Harmony toll before attacking seat ``victim``'s Active
    race: ``victim``'s Active race is the Pandaren, ``attacker`` holds a Harmony token and has not
    paid it this turn."""
    return (
        attacker != victim
        and s.active[victim] == RACE
        and attacker in s.flags.get(HOLDERS, ())
        and HARMONY not in s.paid
    )


def harmony_due(s: State, attacker: int, r: int) -> int:
    """VC ``attacker`` must pay before attacking region ``r`` (conquering it or removing a token
    from it): 2 if it is an Active Pandaren Region and the toll is due, else 0."""
    code = s.occ[r]
    if code < 0 or code % 2:
        return 0
    return TOLL if harmony_toll_due(s, attacker, code // 2) else 0


def pay_harmony(s: State, attacker: int) -> None:
    """``attacker`` pays the Harmony toll to the Pandaren player (RULES §8: in full, before the
    attack); afterwards it attacks freely this turn. Does nothing when nothing is due.

    Raises:
        IllegalActionError: ``attacker`` has fewer than 2 VC (it cannot attack then).
    """
    p = _pandaren_seat(s)
    if p is None or not harmony_toll_due(s, attacker, p):
        return
    if s.vc[attacker] < TOLL:
        who = s.spec.seats[attacker]
        raise IllegalActionError(Refusal(N_("the Harmony toll is {toll} VC; {seat} has {vc}"), toll=TOLL, seat=who,
                                         vc=s.vc[attacker]))
    changes.pay_vc(s, attacker, TOLL, p)
    changes.mark_paid(s, HARMONY)


def note_attack(s: State, attacker: int, victim: int) -> None:
    """Record that ``attacker`` attacked seat ``victim``'s Active race by a means other than a
    conquest (Intimidating, Portal Mage swap, …): if ``attacker`` plays the Pandaren, ``victim``
    gets no Harmony at the end of this turn."""
    if s.active[attacker] == RACE and victim != attacker:
        _mark_attacked(s, victim)


def _mark_attacked(s: State, victim: int) -> None:
    # a sorted tuple, not a set: flags are saved as JSON and must come back as they went
    changes.set_tflag(s, ATTACKED, tuple(sorted({*s.tflags.get(ATTACKED, ()), victim})))


def take_back(s: State) -> None:
    """Every Harmony token returns to the box (there is one Pandaren banner: all 4 are theirs)."""
    changes.set_supply(s, HARMONY, PIECE_SUPPLY[HARMONY])
    changes.clear_flag(s, HOLDERS)


@register
class Pandaren(Ability):
    id = RACE
    kind = "race"
    rule = "§9 Pandaren"
    summary = N_(
        "Opponents you did not attack get a Harmony token: they must pay you 2 coins before "
        "attacking you."
    )
    flags = (
        Flag("harmony", "flags", "seats", words="the seats holding a Harmony token"),
        Flag("pandaren-attacked", encode="seats", rl_name="pandaren_attacked",
             words="the seats whose Active race the Pandaren attacked this turn"),
    )
    toll_words = (
        TollWords("harmony", 2, "race", pay="Harmony to the Pandaren", paid="Harmony paid to {to}",
                  tip="Harmony (Pandaren): {amount} coins paid to {to} before the first attack on the Pandaren "
                      "this turn. Nothing more to pay for them this turn.", nobody="the Pandaren"),
    )
    pieces = (
        Piece("harmony", "Harmony", N_("the holder must pay the Pandaren player 2 coins before its first attack "
              "on the Active Pandaren each turn."), plural="Harmony tokens"),
    )

    scenario_keys = ("harmony",)

    def from_scenario(self, s: State, given: dict[int, dict[str, Any]]) -> None:
        """``harmony = true`` in a scenario's [[players]] table: that seat holds a Harmony token
        given by the Active Pandaren, taken from the Harmony supply (RULES §2.3)."""
        if HOLDERS in s.flags:
            raise ScenarioError("[flags]: set Harmony holders with harmony = true in their [[players]] table")
        holders = []
        for p, keys in sorted(given.items()):
            has = keys.get("harmony", False)
            if not isinstance(has, bool):
                raise ScenarioError(f"players[{p}].harmony must be true or false, not {has!r}")
            if has:
                holders.append(p)
        if not holders:
            return
        seat = _pandaren_seat(s)
        if seat is None:
            raise ScenarioError("a Harmony holder needs an Active Pandaren race in play")
        if seat in holders:
            raise ScenarioError(f"players[{seat}]: the Pandaren player cannot hold Harmony")
        if s.in_supply(HARMONY) < len(holders):
            raise ScenarioError(f"{len(holders)} Harmony holders: the box holds {PIECE_SUPPLY[HARMONY]} Harmony tokens")
        changes.draw_supply(s, HARMONY, len(holders))
        changes.set_flag(s, HOLDERS, tuple(holders))

    def on_turn_start(self, s: State, owner: int) -> None:
        """R-ORDER-1: the Pandaren take back all Harmony tokens."""
        take_back(s)

    def on_decline(self, s: State, owner: int) -> None:
        """No Harmony is out while the Pandaren are In Decline."""
        take_back(s)

    def tolls(self, s: State, owner: int | None, attacker: int, r: int) -> list[Toll]:
        """A Harmony holder pays 2 VC before its first attack on an Active Pandaren Region."""
        if owner is None:
            return []
        if s.occ[r] != 2 * owner or attacker == owner:
            return []
        if attacker not in s.flags.get(HOLDERS, ()) or HARMONY in s.paid:
            return []
        return [Toll(HARMONY, TOLL, owner, Refusal(N_("Harmony ({race})"), race=Name("race", "pandaren", "Pandaren")))]

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        """A conquest of an opponent's Active Region is an attack on that opponent."""
        d = c.defender
        if d >= 0 and d % 2 == 0 and d // 2 != owner:
            _mark_attacked(s, d // 2)

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        """R-ORDER-2 ``gift``: one Harmony token to each opponent not attacked this turn, in seat
        order from the Pandaren player, while the box has one."""
        if step != "gift":
            return
        attacked = s.tflags.get(ATTACKED, ())
        have = set(s.flags.get(HOLDERS, ()))
        n = s.spec.n_players
        for i in range(1, n):
            q = (owner + i) % n
            if q in attacked or q in have or s.in_supply(HARMONY) <= 0:
                continue
            changes.draw_supply(s, HARMONY, 1)
            have.add(q)
        if have:
            changes.set_flag(s, HOLDERS, tuple(sorted(have)))
