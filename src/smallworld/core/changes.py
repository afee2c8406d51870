"""Checked changes of the game state: the one way races, powers and items change a
:class:`~smallworld.core.state.State`.

Content code (``smallworld.content``, ``smallworld.classic``) never writes a ``State`` field
itself (``tests/test_no_raw_writes.py`` scans it); it calls these helpers, which keep the
conservation rules the engine relies on and raise :class:`~smallworld.core.errors.ChangeError`
naming what is wrong instead of leaving a negative count behind:

- **Victory coins** (R-SCORE-*, RULES §8 payments): :func:`gain_vc`, :func:`pay_vc`,
  :func:`score_line`. A seat never goes below 0 VC.
- **Race tokens**: the tray (``s.box``, RULES §2.1) and the hand (``s.hand``):
  :func:`tray_to_hand`, :func:`to_tray`, :func:`hand_add`, :func:`hand_take`; on a Region
  (``s.tokens``): :func:`add_tokens`, :func:`take_tokens`, :func:`move_tokens`,
  :func:`empty_region`, :func:`swap_regions`; :func:`add_defender` (R-TROOP-4).
- **Pieces** (RULES §2.3: a fixed supply per kind, ``s.supply``; on Regions ``s.pieces``):
  :func:`put_piece` / :func:`return_piece` (supply <-> Region), :func:`clear_pieces` (every
  Region -> supply), :func:`lift_piece` / :func:`lay_piece` (Region <-> a hand or out of the
  game, the supply untouched), :func:`move_piece`, :func:`draw_supply` / :func:`refill_supply`
  (supply <-> a hand), :func:`set_supply`, :func:`reset_pieces`.
- **Items** (RULES §11): :func:`put_item`, :func:`take_item`, :func:`draw_item`.
- **Public flags** (``s.flags`` kept between turns, ``s.tflags`` reset every turn; both public,
  RULES §15; values immutable): :func:`set_flag`, :func:`clear_flag`, :func:`bump_flag`,
  :func:`set_tflag`, :func:`clear_tflag`, :func:`bump_tflag`; :func:`mark_paid` (RULES §8).
- **Decisions and chance** (:mod:`smallworld.core.chance`): :func:`ask`, :func:`close_decision`,
  :func:`queue_chance`, :func:`final_conquest`, :func:`end_conquests`.
- **Events** (:mod:`smallworld.core.events`): :func:`emit` reports an ability's own event kind;
  the helpers above report theirs (``coins``, ``piece_placed``, ``piece_removed``,
  ``item_placed``, ``item_removed``, ``final_attempt``) themselves, only while events are
  collected.

Counts are ints, ``p`` a seat number, ``r`` a Region number, ``kind`` a piece kind. The
helpers are on the hot path: each does its check and its write, nothing more (no allocation
beyond the value it stores).
"""

from __future__ import annotations

from typing import Any

from smallworld.core.chance import HANDLERS as _CHANCE_KINDS
from smallworld.core.errors import ChangeError
from smallworld.core.events import CORE_KINDS, occupant, region_id
from smallworld.core.events import emit as _emit
from smallworld.core.roster import changed
from smallworld.core.state import EMPTY, State, replaced, shared, zero_counts

_MISSING: Any = object()

# ---- Victory coins (R-SCORE-*, RULES §8) ----------------------------------------------------


#: what a ``coins`` event's ``why`` may say: picking a combo, a toll (RULES §8), a gain told by
#: a scoring line (:func:`score_line`: the payer's side of it is ``other``), anything else
COIN_REASONS = ("combo", "toll", "score", "other")


def gain_vc(s: State, p: int, n: int, why: str = "other") -> None:
    """Seat ``p`` takes ``n >= 0`` VC from the bank (a bonus, a reward: R-SCORE-2). Reports a
    ``coins`` event with ``why`` (:data:`COIN_REASONS`; ``"score"`` when a :func:`score_line`
    tells the gain).

    Raises:
        ChangeError: ``n`` is negative (use :func:`pay_vc`).
    """
    if n < 0:
        raise ChangeError(f"gain_vc: seat {p} cannot gain {n} VC (negative; use pay_vc)")
    s.vc[p] += n
    if s.events is not None and n:
        _emit(s, "coins", seat=p, n=n, why=why)


def pay_vc(s: State, p: int, n: int, to: int | None = None, why: str = "other") -> None:
    """Seat ``p`` pays ``n >= 0`` VC to seat ``to``, or to the bank when ``to`` is ``None``
    (RULES §8: a payment is made in full; a forced one is capped by the caller at what ``p``
    holds). Reports ``coins`` events (the payer's ``-n``, the payee's ``+n``) with ``why``
    (:data:`COIN_REASONS`; with ``"score"``, a :func:`score_line` tells the payee's gain and the
    payer's side says ``"other"``).

    Raises:
        ChangeError: ``n`` is negative, or ``p`` holds fewer than ``n`` VC (never below 0).
    """
    vc = s.vc
    if n < 0 or vc[p] < n:
        raise ChangeError(
            f"pay_vc: seat {p} cannot pay {n} VC (it holds {vc[p]}; a seat never goes below 0)"
        )
    vc[p] -= n
    if to is not None:
        vc[to] += n
    if s.events is not None and n:
        _emit(s, "coins", seat=p, n=-n, why="other" if why == "score" else why)
        if to is not None:
            _emit(s, "coins", seat=to, n=n, why=why)


def score_line(s: State, p: int, label: str, n: int, source: str = "other") -> None:
    """Add the line ``(label, n)`` to seat ``p``'s last scoring (``s.last_score[p]``, what its
    view shows of R-SCORE-*); it moves no VC (with :func:`gain_vc` for a bonus, ``why="score"``).
    The line joins the seat's last ``scored`` event with its ``source`` (``"race"``,
    ``"power"``, ``"item"``, ``"other"``)."""
    ls = s.last_score
    s.last_score = replaced(ls, p, shared((*ls[p], shared((label, n)))))
    events = s.events
    if events is not None:
        line = {"label": label, "n": n, "source": source}
        for ev in reversed(events):
            if ev["kind"] == "scored" and ev["seat"] == p:
                ev["lines"].append(line)
                ev["total"] += n
                return
        _emit(s, "scored", seat=p, round=s.round, total=n, lines=[line])


def emit(s: State, kind: str, **args: Any) -> None:
    """Report an ability's own event ``kind`` (``"bomb_revealed"``) with ``args`` (JSON-able:
    ints, strings, lists, dicts; Regions as board ids, :func:`region_id`), while events are
    collected (:mod:`smallworld.core.events`); nothing otherwise. The ability declares its
    words for the kind (:class:`smallworld.core.meta.EventWords`).

    Raises:
        ChangeError: ``kind`` is one of the core's kinds (the core reports those itself).
    """
    if s.events is None:
        return
    if kind in CORE_KINDS:
        raise ChangeError(f"emit: {kind!r} is a core event kind; an ability reports its own kinds")
    _emit(s, kind, **args)


# ---- race tokens: tray, hand, Regions ---------------------------------------------------------


def tray_to_hand(s: State, p: int, race: str, n: int = 1) -> None:
    """``n >= 0`` tokens of ``race`` from the tray (``s.box``, RULES §2.1 box cap) into seat
    ``p``'s hand.

    Raises:
        ChangeError: the tray holds fewer than ``n`` tokens of ``race`` (or ``n < 0``).
    """
    box, i = s.box, s.spec.race_index[race]
    if n < 0 or box[i] < n:
        raise ChangeError(f"tray_to_hand: the tray holds {box[i]} {race} tokens, not {n}")
    box[i] -= n
    s.hand[p] += n


def to_tray(s: State, race: str, n: int) -> None:
    """``n >= 0`` tokens of ``race`` go back to the tray (R-CONQ-7 discards, R-DEC-2); the caller
    took them from a Region (:func:`take_tokens`, :func:`empty_region`) or a hand.

    Raises:
        ChangeError: ``n`` is negative.
    """
    if n < 0:
        raise ChangeError(f"to_tray: cannot return {n} {race} tokens")
    s.box[s.spec.race_index[race]] += n


def hand_add(s: State, p: int, n: int) -> None:
    """``n >= 0`` tokens into seat ``p``'s hand (taken from a Region or held apart by a flag).

    Raises:
        ChangeError: ``n`` is negative (use :func:`hand_take`).
    """
    if n < 0:
        raise ChangeError(f"hand_add: cannot add {n} tokens to seat {p}'s hand")
    s.hand[p] += n


def hand_take(s: State, p: int, n: int) -> None:
    """``n >= 0`` tokens out of seat ``p``'s hand (the caller puts them somewhere).

    Raises:
        ChangeError: the hand holds fewer than ``n`` (or ``n < 0``).
    """
    hand = s.hand
    if n < 0 or hand[p] < n:
        raise ChangeError(f"hand_take: seat {p}'s hand holds {hand[p]} tokens, not {n}")
    hand[p] -= n


def add_tokens(s: State, r: int, n: int = 1) -> None:
    """``n >= 0`` Murlocs/race tokens onto Region ``r`` (its occupant unchanged).

    Raises:
        ChangeError: ``n`` is negative (use :func:`take_tokens`).
    """
    if n < 0:
        raise ChangeError(f"add_tokens: cannot add {n} tokens to Region {s.spec.region_ids[r]}")
    s.tokens[r] += n


def take_tokens(s: State, r: int, n: int = 1) -> None:
    """``n >= 0`` Murlocs/race tokens off Region ``r`` (its occupant unchanged: a Region left with
    none is emptied by :func:`empty_region`).

    Raises:
        ChangeError: the Region holds fewer than ``n`` (or ``n < 0``).
    """
    tokens = s.tokens
    if n < 0 or tokens[r] < n:
        raise ChangeError(
            f"take_tokens: Region {s.spec.region_ids[r]} holds {tokens[r]} tokens, not {n}"
        )
    tokens[r] -= n


def move_tokens(s: State, src: int, dst: int, n: int) -> None:
    """``n >= 0`` tokens from Region ``src`` to Region ``dst`` (occupants unchanged).

    Raises:
        ChangeError: ``src`` holds fewer than ``n`` (or ``n < 0``).
    """
    take_tokens(s, src, n)
    s.tokens[dst] += n


def empty_region(s: State, r: int, removes: tuple[str, ...] = ()) -> tuple[int, int]:
    """Region ``r`` becomes empty (R-TROOP-2): no occupant, no token, and the pieces of the
    kinds in ``removes`` there go back to the supply (Forts, Wisp Walls, Watch Towers: the
    edition's ``spec.abandon_removes``); items stay. Returns ``(occupant code, tokens)`` that
    were there: the caller puts the tokens somewhere (hand, tray)."""
    occ, tokens = s.occ, s.tokens
    code, n = occ[r], tokens[r]
    occ[r] = EMPTY
    tokens[r] = 0
    if removes:
        pieces, supply, index = s.pieces, s.supply, s.spec.piece_index
        for kind in removes:
            lst = pieces.get(kind)
            if lst is not None and lst[r]:
                supply[index[kind]] += lst[r]
                lst[r] = 0
    return code, n


def swap_regions(s: State, a: int, b: int, stay: tuple[str, ...] | frozenset[str] = ()) -> None:
    """Regions ``a`` and ``b`` swap occupants, tokens and pieces, except pieces of the kinds in
    ``stay`` (Portal Mage, RULES §10). Items are moved by the caller (:func:`take_item`,
    :func:`put_item`)."""
    occ, tokens = s.occ, s.tokens
    occ[a], occ[b] = occ[b], occ[a]
    tokens[a], tokens[b] = tokens[b], tokens[a]
    for kind, lst in s.pieces.items():
        if kind not in stay:
            lst[a], lst[b] = lst[b], lst[a]


def add_defender(s: State, p: int) -> None:
    """Seat ``p`` redeploys tokens in hand after the current player's scoring (R-TROOP-4,
    R-CONQ-7); listed once."""
    if p not in s.defenders:
        s.defenders.append(p)


# ---- pieces (RULES §2.3) ------------------------------------------------------------------------


def _region_list(s: State, kind: str) -> Any:
    lst = s.pieces.get(kind)
    if lst is None:
        lst = s.pieces[kind] = zero_counts(s.spec.n_regions)
    return lst


def _supply_slot(s: State, kind: str, helper: str) -> int:
    """The index of ``kind`` in ``s.supply`` (``spec.piece_keys``).

    Raises:
        ChangeError: the edition's box has no such piece (the supply counts only those).
    """
    i = s.spec.piece_index.get(kind)
    if i is None:
        raise ChangeError(f"{helper}: the edition's box has no {kind!r} pieces")
    return i


def put_piece(s: State, kind: str, r: int, n: int = 1) -> None:
    """``n >= 1`` pieces of ``kind`` from the supply onto Region ``r`` (RULES §2.3: the supply
    caps the pieces in play; Forts, Watch Towers, Wisp Walls, Bombs, …).

    Raises:
        ChangeError: the supply holds fewer than ``n`` (exhausted) or ``n < 1``.
    """
    have = s.in_supply(kind)
    if n < 1 or have < n:
        raise ChangeError(
            f"put_piece: the {kind} supply holds {have}, cannot put {n} on "
            f"Region {s.spec.region_ids[r]}"
        )
    s.supply[s.spec.piece_index[kind]] = have - n
    lst = s.pieces.get(kind)
    if lst is None:
        lst = s.pieces[kind] = zero_counts(s.spec.n_regions)
    lst[r] += n
    if s.events is not None:
        _emit(s, "piece_placed", piece=kind, region=region_id(s, r), n=n)


def return_piece(s: State, kind: str, r: int, n: int = 1) -> None:
    """``n >= 1`` pieces of ``kind`` from Region ``r`` back to the supply.

    Raises:
        ChangeError: the Region holds fewer than ``n`` of them (or ``n < 1``).
    """
    lift_piece(s, kind, r, n)
    s.supply[_supply_slot(s, kind, "return_piece")] += n


def clear_pieces(s: State, kind: str) -> int:
    """Every piece of ``kind`` on the board goes back to the supply (R-DEC-2: pieces tied to the
    Active race leave the board). Returns how many."""
    lst = s.pieces.get(kind)
    if lst is None:
        return 0
    total = 0
    for r in range(len(lst)):
        if lst[r]:
            if s.events is not None:
                _emit(s, "piece_removed", piece=kind, region=region_id(s, r), n=lst[r])
            total += lst[r]
            lst[r] = 0
    if total:
        s.supply[_supply_slot(s, kind, "clear_pieces")] += total
    return total


def lift_piece(s: State, kind: str, r: int, n: int | None = None) -> int:
    """Take ``n`` pieces of ``kind`` (every one when ``None``) off Region ``r`` without returning
    them to the supply: into a hand an ability keeps in a flag (Beasts, Champion), or out of the
    game (a revealed Bomb, a lost Hole). Returns how many.

    Raises:
        ChangeError: the Region holds fewer than ``n`` of them (or ``n < 1``).
    """
    lst = s.pieces.get(kind)
    have = lst[r] if lst is not None else 0
    if n is None:
        if have:
            lst[r] = 0  # type: ignore[index]
            if s.events is not None:
                _emit(s, "piece_removed", piece=kind, region=region_id(s, r), n=have)
        return have
    if n < 1 or have < n:
        raise ChangeError(
            f"lift_piece: Region {s.spec.region_ids[r]} holds {have} {kind}, not {n}"
        )
    lst[r] = have - n  # type: ignore[index]
    if s.events is not None:
        _emit(s, "piece_removed", piece=kind, region=region_id(s, r), n=n)
    return n


def lay_piece(s: State, kind: str, r: int, n: int = 1) -> None:
    """Put ``n >= 1`` pieces of ``kind`` that are off the board but not in the supply (in a hand
    kept by a flag: Beasts, Champion) onto Region ``r``.

    Raises:
        ChangeError: ``n < 1``.
    """
    if n < 1:
        raise ChangeError(f"lay_piece: cannot lay {n} {kind}")
    _region_list(s, kind)[r] += n
    if s.events is not None:
        _emit(s, "piece_placed", piece=kind, region=region_id(s, r), n=n)


def move_piece(s: State, kind: str, src: int, dst: int, n: int = 1) -> None:
    """``n >= 1`` pieces of ``kind`` from Region ``src`` to Region ``dst``.

    Raises:
        ChangeError: ``src`` holds fewer than ``n`` of them.
    """
    lift_piece(s, kind, src, n)
    _region_list(s, kind)[dst] += n
    if s.events is not None:
        _emit(s, "piece_placed", piece=kind, region=region_id(s, dst), n=n)


def draw_supply(s: State, kind: str, n: int) -> None:
    """``n >= 0`` pieces of ``kind`` from the supply into a hand the caller keeps (Beasts in hand,
    Harmony tokens given: the supply of a piece counts what is neither on the board nor held).

    Raises:
        ChangeError: the supply holds fewer than ``n`` (or ``n < 0``).
    """
    have = s.in_supply(kind)
    if n < 0 or have < n:
        raise ChangeError(f"draw_supply: the {kind} supply holds {have}, not {n}")
    if n:
        s.supply[s.spec.piece_index[kind]] = have - n


def refill_supply(s: State, kind: str, n: int) -> None:
    """``n >= 0`` pieces of ``kind`` held off the board go back to the supply.

    Raises:
        ChangeError: ``n`` is negative.
    """
    if n < 0:
        raise ChangeError(f"refill_supply: cannot return {n} {kind}")
    s.supply[_supply_slot(s, kind, "refill_supply")] += n


def set_supply(s: State, kind: str, n: int) -> None:
    """The supply of ``kind`` becomes ``n >= 0`` (a stack made anew: Goblins' Bombs reshuffled
    when picked, every Harmony token taken back).

    Raises:
        ChangeError: ``n`` is negative.
    """
    if n < 0:
        raise ChangeError(f"set_supply: the {kind} supply cannot be {n}")
    s.supply[_supply_slot(s, kind, "set_supply")] = n


def reset_pieces(s: State, kind: str, n: int) -> None:
    """Every piece of ``kind`` leaves the board and the supply becomes ``n >= 0`` (all of them
    back in the box, including pieces lost for good meanwhile).

    Raises:
        ChangeError: ``n`` is negative.
    """
    lst = s.pieces.get(kind)
    if lst is not None:
        for r in range(len(lst)):
            if lst[r]:
                if s.events is not None:
                    _emit(s, "piece_removed", piece=kind, region=region_id(s, r), n=lst[r])
                lst[r] = 0
    set_supply(s, kind, n)


# ---- items (RULES §11) ----------------------------------------------------------------------------


def put_item(s: State, r: int, item: str) -> None:
    """Lay ``item`` in Region ``r`` after whatever lies there (R-ITEM-2: any number per Region)."""
    s.items = replaced(s.items, r, (*s.items[r], item))
    changed(s)
    if s.events is not None:
        _emit(s, "item_placed", item=item, region=region_id(s, r))


def take_item(s: State, r: int, item: str) -> None:
    """Lift ``item`` (the first such) from Region ``r``.

    Raises:
        ChangeError: it does not lie there.
    """
    here = s.items[r]
    if item not in here:
        raise ChangeError(f"take_item: {item!r} does not lie in Region {s.spec.region_ids[r]}")
    i = here.index(item)
    s.items = replaced(s.items, r, here[:i] + here[i + 1:])
    changed(s)
    if s.events is not None:
        _emit(s, "item_removed", item=item, region=region_id(s, r))


def draw_item(s: State, item: str) -> None:
    """``item`` leaves the pool of unrevealed items (a chance draw revealed it, R-ITEM-1).

    Raises:
        ChangeError: it is not in the pool.
    """
    pool = s.item_pool
    if item not in pool:
        raise ChangeError(f"draw_item: {item!r} is not among the unrevealed items")
    pool.remove(item)


# ---- public flags (RULES §15) -----------------------------------------------------------------------


def set_flag(s: State, key: str, value: Any) -> None:
    """Persistent public flag ``key`` becomes ``value`` (immutable: int, str, tuple)."""
    s.flags[key] = value


def clear_flag(s: State, key: str, default: Any = None) -> Any:
    """Remove persistent flag ``key``; returns its value, or ``default`` when it was not set."""
    return s.flags.pop(key, default)


def bump_flag(s: State, key: str, n: int = 1) -> int:
    """Add ``n`` to the persistent counter ``key`` (0 when unset); returns the new value."""
    flags = s.flags
    v: int = flags.get(key, 0) + n
    flags[key] = v
    return v


def set_tflag(s: State, key: str, value: Any) -> None:
    """Turn flag ``key`` (reset at the end of every turn) becomes ``value`` (immutable)."""
    s.tflags[key] = value


def clear_tflag(s: State, key: str, default: Any = None) -> Any:
    """Remove turn flag ``key``; returns its value, or ``default`` when it was not set."""
    return s.tflags.pop(key, default)


def bump_tflag(s: State, key: str, n: int = 1) -> int:
    """Add ``n`` to the turn counter ``key`` (0 when unset); returns the new value."""
    tflags = s.tflags
    v: int = tflags.get(key, 0) + n
    tflags[key] = v
    return v


def mark_paid(s: State, key: str) -> None:
    """The toll ``key`` counts as paid for the rest of the turn (RULES §8; ``s.paid``)."""
    s.paid[key] = True


# ---- decisions and chance events --------------------------------------------------------------------


def ask(s: State, p: int, key: str) -> None:
    """Push the decision ``key`` (an ability key, ``"race:tauren"``) for seat ``p``: until it is
    closed, the legal actions are that ability's ``actions`` for ``p`` (the last pushed first)."""
    s.decisions.append((p, key))


def close_decision(s: State) -> tuple[int, str]:
    """Close the decision being answered (the last pushed); returns its ``(seat, key)``.

    Raises:
        ChangeError: no decision is open.
    """
    if not s.decisions:
        raise ChangeError("close_decision: no decision is open")
    return s.decisions.pop()


def queue_chance(s: State, event: tuple[Any, ...]) -> None:
    """Queue chance event ``event`` (``(kind, ...)``, a kind of
    :data:`smallworld.core.chance.HANDLERS`: first in, first resolved; RULES §15: hidden facts
    are drawn when revealed).

    Raises:
        ChangeError: its kind is not registered.
    """
    if event[0] not in _CHANCE_KINDS:
        raise ChangeError(f"queue_chance: unknown chance event kind {event[0]!r}")
    s.chance.append(event)


def end_conquests(s: State) -> None:
    """Conquests end now (R-CONQ-9's final conquest, C-P-BERSERK-2): the turn goes on with its
    end (``purchase``), or with an In Decline race's redeployment while one acts (C-R-GHOULS-2),
    as the engine's ``end``."""
    s.phase = ""
    s.step = "purchase" if s.acting is None else "decline-redeploy"


def final_conquest(s: State, r: int, cost: int) -> None:
    """R-CONQ-9: declare Region ``r`` (cost ``cost``) the final conquest: the reinforcement die is
    queued (chance event ``("die", r, cost)``) and conquests end (:func:`end_conquests`).
    Reports ``final_attempt``."""
    if s.events is not None:
        p = s.turn
        _emit(s, "final_attempt", seat=p, race=s.active[p], region=region_id(s, r), cost=cost,
              hand=s.hand[p], need=cost - s.hand[p], parts=None, defender=occupant(s, s.occ[r]))
    s.chance.append(("die", r, cost))
    end_conquests(s)
