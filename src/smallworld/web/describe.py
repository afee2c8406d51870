"""A readable game log derived from the actions of a game (for people, not for replay).

:class:`Logbook` is fed every action as it is applied (:meth:`Logbook.apply` wraps the engine
call): it looks at the state just before and just after and appends entries such as
``"Anna's Trolls conquer Goldshire Fields (L1.1) from the Murlocs (cost 3)"`` or
``"die roll: 2"``. Entries are plain dicts::

    {"i": 12, "at": 57, "kind": "conquer", "seat": 0, "private": None, "round": 2, "text": "..."}

``at`` is the index of the action in the record; ``private`` is a seat when only that seat (and
its teammates) may read the entry (a scoring breakdown reveals VC, R-SCORE-4); ``None`` means
public. The log never contains anything a view would hide.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from smallworld.boards import BoardError, load_face
from smallworld.boards.classic import load_map_by_id
from smallworld.content import team
from smallworld.content.data import ITEMS, POWERS, RACES
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.meta import ActionSpec, TollWords
from smallworld.core.state import EMPTY, MURLOC, State

#: order of the steps of a turn (smallworld.core.engine); scoring happens at "score"
_STEP_ORDER = {
    name: i for i, name in enumerate((
        "start", "choose", "expand", "ready", "conquer", "purchase", "healer", "redeploy",
        "withdraw", "placement", "gift", "score", "defend", "next",
    ))
}
_SCORE_STEP = _STEP_ORDER["score"]

QUIET_CHANCE = frozenset({"banner", "badge"})
QUIET_PLAYER = frozenset({"expand"})


def _other_names(kind: str, ident: str) -> str | None:
    """The name of a race, power or item that only another edition has (classic Ratmen)."""
    from smallworld.core import edition as core_editions

    for name in core_editions.names():
        table = getattr(core_editions.get(name), kind)
        if ident in table:
            return str(table[ident].name)
    return None


@cache
def board_name(face_id: str) -> str:
    """The name printed on a board face or a classic map (``"L1"`` -> ``"Elwynn Reach"``);
    the id itself when no such face exists (an imported record's unknown board)."""
    for load in (load_face, load_map_by_id):
        try:
            return str(load(face_id).name)
        except BoardError:  # not this kind of board
            continue
    return face_id


def race_name(race: str | None) -> str:
    if race in RACES:
        return RACES[race].name
    return (_other_names("races", race) if race else None) or (race or "?")


def power_name(power: str | None) -> str:
    if power in POWERS:
        return POWERS[power].name
    return (_other_names("powers", power) if power else None) or (power or "?")


def item_name(item: str | None) -> str:
    if item in ITEMS:
        return ITEMS[item].name
    return (_other_names("items", item) if item else None) or (item or "?")


def neutral_name(s: State) -> str:
    """The edition's neutral tokens for people: "the Murlocs" (R-SET-3), "the Lost Tribes"."""
    piece = s.spec.edition.neutral_piece
    return "the Murlocs" if piece == "murloc" else "the " + piece.replace("-", " ").title() + "s"


def region_label(s: State, r: int) -> str:
    """A Region's name as players say it (its board id goes in the entry's ``detail``)."""
    return s.spec.names[r]


def pretty_arg(s: State, arg: Any) -> str:
    """An action argument for people: Region ids get their names, slugs their display names."""
    text = str(arg)
    if text in s.spec.index:
        return region_label(s, s.spec.index[text])
    for table in (RACES, POWERS, ITEMS):
        if text in table:
            return table[text].name
    for kind in ("races", "powers", "items"):
        other = _other_names(kind, text)
        if other:
            return other
    return text


#: the words of the actions no ability declares (the core's own)
CORE_PHRASES: dict[str, str] = {"done": "Done placing"}


def declared_action(ed: Any, kind: str) -> tuple[ActionSpec, Ability] | None:
    """The first declaration of action ``kind`` among edition ``ed``'s abilities (their
    ``action_specs``, :mod:`smallworld.core.meta`) with the ability declaring it, or ``None``."""
    for ability in ed.abilities():
        for spec in ability.action_specs:
            if spec.kind == kind:
                return spec, ability
    return None


def action_words(s: State, a: Action, names: list[str] | None = None, *,
                 button: bool = False) -> tuple[str, Ability | None] | None:
    """Action ``a`` in player words (``button``: the button's words) with the ability whose
    summary explains it: from the declarations of the game's edition
    (:meth:`~smallworld.core.meta.ActionSpec.words`), else the core's words
    (:data:`CORE_PHRASES`); ``None`` when nothing words it. ``names``: the arguments as people
    say them (default :func:`pretty_arg`)."""
    if names is None:
        names = [pretty_arg(s, x) for x in a.args]
    found = declared_action(s.spec.edition, a.kind)
    if found is not None:
        text = found[0].words(tuple(str(x) for x in a.args), tuple(names), s.spec.seats, button=button)
        if text is not None:
            return text, found[1]
    if a.kind in CORE_PHRASES:
        return CORE_PHRASES[a.kind], None
    return None


def _toll_words(s: State, key: str) -> tuple[TollWords, Ability] | None:
    """The declared words of toll ``key`` (:class:`~smallworld.core.meta.TollWords`) in the
    game's edition, with the ability declaring them."""
    for ability in s.spec.edition.abilities():
        for words in ability.toll_words:
            if words.matches(key):
                return words, ability
    return None


def toll_phrase(s: State, key: str) -> str:
    """A toll in words (RULES §8), from the declaring ability's ``toll_words``:
    ``"marsh-L1.4"`` -> ``"the Marshdweller toll for Goldshire Fields"``; ``"a toll"`` when no
    ability declares it."""
    found = _toll_words(s, key)
    if found is None:
        return "a toll"
    words, _ = found
    region = pretty_arg(s, key[len(words.key):]) if words.per_region else ""
    return words.pay.format(region=region)


def pretty_action(s: State, a: Action) -> str:
    """An ability's action in words: ``"objective L1.4"`` -> ``"Place a Military Objective in
    Goldshire Fields"`` (the declared words, :func:`action_words`), else ``"Kind · Goldshire
    Fields"``."""
    words = action_words(s, a)
    if words is not None:
        return words[0]
    head = a.kind.replace("-", " ").replace("_", " ").capitalize()
    if not a.args:
        return head
    return head + " · " + ", ".join(pretty_arg(s, x) for x in a.args)


#: where a scoring line's coins come from, for the results screen
SOURCES = ("Regions", "Race", "Power", "Items", "Faction bonus", "Other")


def score_source(label: str) -> str:
    """The source of a scoring line (R-SCORE-1..3): ``"Regions"``, ``"Race"`` (a race's bonus,
    labelled with its name), ``"Power"`` (``"Ranger: Forest Regions"``), ``"Items"`` (Artifacts
    and Legendary Places), ``"Faction bonus"`` or ``"Other"``."""
    if label in ("Regions", "Faction bonus"):
        return label
    head = label.split(":", 1)[0].strip()
    if any(head == r.name for r in RACES.values()):
        return "Race"
    if any(head == p.name for p in POWERS.values()):
        return "Power"
    if any(head == i.name for i in ITEMS.values()):
        return "Items"
    # another edition's race or power (classic Wizards, Alchemist)
    from smallworld.core import edition as core_editions

    for name in core_editions.names():
        ed = core_editions.get(name)
        for table, source in ((ed.races, "Race"), (ed.powers, "Power"), (ed.items, "Items")):
            if any(head == x.name for x in table.values()):
                return source
    return "Other"


def score_sources(lines: Any) -> dict[str, int]:
    """Coins of one scoring by source (see :func:`score_source`), zero sources left out."""
    out: dict[str, int] = {}
    for label, v in lines:
        if v:
            k = score_source(str(label))
            out[k] = out.get(k, 0) + int(v)
    return out


def occupant_phrase(s: State, r: int) -> str | None:
    """Who holds region ``r``: ``"the Murlocs"``, ``"Bob's Orcs"``, ``"Bob's Dwarves (in decline)"``."""
    code = s.occ[r]
    if code == EMPTY:
        return None
    if code == MURLOC:
        return neutral_name(s)
    q, dec = s.owner_of(code), code & 1
    who = s.spec.seats[q]
    if dec:
        return f"{who}'s {race_name(s.race_of(code))} (in decline)"
    return f"{who}'s {race_name(s.active[q])}"


def team_result_text(s: State, res: dict[str, Any]) -> str:
    """``"the Alliance (Anna and Chen) wins with a side score of 51 coins"`` (R-TEAM-7)."""
    sides = res["winning_sides"]
    side_scores = res.get("sides", {})

    def members(side: str) -> str:
        return " and ".join(s.spec.seats[p] for p in range(s.spec.n_players) if s.spec.sides[p] == side)

    named = [f"the {team.SIDE_NAMES.get(x, x)} ({members(x)})" for x in sides]
    score = side_scores.get(sides[0], "?")
    if len(sides) > 1:
        return f"{' and '.join(named)} share the victory with a side score of {score} coin{'s' if score != 1 else ''}"
    return f"{named[0]} wins with a side score of {score} coin{'s' if score != 1 else ''}"


class Logbook:
    """The log of one game. Feed it with :meth:`apply` (or :meth:`before` / :meth:`after`)."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        #: every change of a seat's coins that is not a scoring: ``{"seat", "source", "n",
        #: "round", "at"}`` with source ``"Start"`` (the coins each seat starts with), ``"From
        #: combos"``, ``"Paid for combos"``, ``"Tolls paid"``, ``"Tolls received"`` or
        #: ``"Other"``; with the scoring entries' ``lines`` they add up to each seat's coins.
        #: Secret during the game (VC totals, RULES §15): pages get it once the game is over.
        self.coins: list[dict[str, Any]] = []
        self._turn_key: tuple[int, int] | None = None

    # ---- writing ---------------------------------------------------------------------------

    def _add(self, s: State, kind: str, text: str, *, seat: int | None = None,
             private: int | None = None, at: int | None = None) -> None:
        self.entries.append({
            "i": len(self.entries), "at": at, "kind": kind, "seat": seat, "private": private,
            "round": s.round, "text": text,
        })

    def _turn_marker(self, s: State, at: int) -> None:
        """A "Round 2 of 10 · Bob's turn" line when a new turn has begun."""
        if s.is_over() or s.chance:
            return
        key = (s.round, s.turn)
        if key == self._turn_key:
            return
        self._turn_key = key
        self._add(s, "turn", f"Round {s.round} of {s.spec.rounds} · {s.spec.seats[s.turn]}'s turn",
                  seat=s.turn, at=at)

    def before(self, s: State, a: Action) -> dict[str, Any]:
        """What :meth:`after` needs to know about the state before ``a`` is applied."""
        p = s.current_player()
        ctx: dict[str, Any] = {
            "p": p, "turn": s.turn, "round": s.round, "step": s.step,
            "chance": s.chance[0] if s.chance else None, "hand": None, "vc": list(s.vc),
        }
        if not self.coins and not self.entries:  # the game's first action: the starting coins
            self.coins.extend({"seat": q, "source": "Start", "n": int(n), "round": 0, "at": None}
                              for q, n in enumerate(s.vc))
        if p >= 0:
            ctx["hand"] = s.hand[p]
            ctx["race"] = s.active[p]
        if a.kind in ("conquer", "abandon", "redeploy") and a.args and str(a.args[0]) in s.spec.index:
            r = s.spec.index[str(a.args[0])]
            ctx["r"] = r
            ctx["from"] = occupant_phrase(s, r)
            if a.kind == "conquer" and p >= 0:
                tg = targets(s, p)
                if r in tg:
                    ctx["cost"] = conquest_cost(s, p, r, tg[r])
        if a.kind == "pick" and a.args and p >= 0:
            ctx["column"] = list(s.column)
        if ctx["chance"] is not None and ctx["chance"][0] == "die":
            _, r, cost = ctx["chance"]
            ctx["die_region"], ctx["die_cost"] = r, cost
            ctx["hand"] = s.hand[s.turn]
        return ctx

    def after(self, s: State, a: Action, ctx: dict[str, Any], at: int) -> None:
        """Append the entries describing ``a`` (applied as record index ``at``)."""
        p = ctx["p"]
        seats = s.spec.seats
        kind = a.kind
        first = len(self.entries)
        self._describe(s, a, ctx, at, p, seats, kind)
        for e in self.entries[first:]:
            e.setdefault("detail", str(a))
        scored = self._scoring(s, ctx, at)
        self._ledger(s, a, ctx, at, scored)
        if s.is_over():
            self._game_over(s, at)
        else:
            self._turn_marker(s, at)

    def _describe(self, s: State, a: Action, ctx: dict[str, Any], at: int, p: int,
                  seats: Any, kind: str) -> None:
        """The entries for action ``a`` itself (not scoring, not the turn marker)."""
        if p < 0:  # chance
            self._chance(s, a, ctx, at)
        elif kind in QUIET_PLAYER:
            pass
        else:
            who = seats[p]
            race = race_name(ctx.get("race"))
            if kind == "pick":
                self._pick(s, a, ctx, at)
            elif kind == "conquer" and "r" in ctx:
                r = ctx["r"]
                cost = ctx.get("cost")
                src = f" from {ctx['from']}" if ctx.get("from") else ""
                if cost is not None and ctx["hand"] is not None and cost > ctx["hand"]:
                    need = cost - ctx["hand"]
                    self._add(s, "final", (
                        f"{who}'s {race} attempt a final conquest of {region_label(s, r)}{src} "
                        f"(cost {cost}, {ctx['hand']} in hand: the die must show {need} or more)"
                    ), seat=p, at=at)
                else:
                    cost_txt = f" (cost {cost})" if cost is not None else ""
                    self._add(s, "conquer", f"{who}'s {race} conquer {region_label(s, r)}{src}{cost_txt}",
                              seat=p, at=at)
            elif kind == "abandon" and "r" in ctx:
                self._add(s, "abandon", f"{who}'s {race} abandon {region_label(s, ctx['r'])}",
                          seat=p, at=at)
            elif kind == "redeploy" and "r" in ctx:
                n = int(a.args[1]) if len(a.args) > 1 else 1
                self._add(s, "redeploy",
                          f"{who} places {n} token{'s' if n != 1 else ''} in {region_label(s, ctx['r'])}",
                          seat=p, at=at)
            elif kind == "decline":
                self._add(s, "decline", f"{who}'s {race} go into decline", seat=p, at=at)
            elif kind == "end":
                if ctx["step"] == "conquer":
                    self._add(s, "end", f"{who} stops conquering", seat=p, at=at)
                elif ctx["step"] == "choose":
                    self._add(s, "end", f"{who} cannot pick a combo and passes", seat=p, at=at)
            elif kind == "pay":
                self._add(s, "pay", f"{who} pays {toll_phrase(s, str(a.args[0]) if a.args else '')}",
                          seat=p, at=at)
            else:
                self._add(s, "ability", f"{who}: {pretty_action(s, a)}", seat=p, at=at)

    def apply(self, s: State, a: Action, at: int, do: Any) -> None:
        """Run ``do()`` (which applies ``a`` to ``s``) between :meth:`before` and :meth:`after`."""
        ctx = self.before(s, a)
        do()
        self.after(s, a, ctx, at)

    # ---- parts -----------------------------------------------------------------------------

    def _pick(self, s: State, a: Action, ctx: dict[str, Any], at: int) -> None:
        p = ctx["p"]
        who = s.spec.seats[p]
        k = int(a.args[0])
        race, power = s.active[p], s.power[p]
        if s.team:
            self._add(s, "pick", (
                f"{who} picks {race_name(race)} + {power_name(power)} (row {k}, {k} coin{'s' if k != 1 else ''})"
            ), seat=p, at=at)
            return
        col = ctx.get("column") or []
        coins = col[k][2] if k < len(col) else 0
        paid = f"pays {k} coin{'s' if k != 1 else ''}" if k else "free"
        took = f", takes {coins} coin{'s' if coins != 1 else ''}" if coins else ""
        self._add(s, "pick", (
            f"{who} picks {race_name(race)} + {power_name(power)} (combo {k + 1}, {paid}{took}) "
            f"with {s.hand[p]} token{'s' if s.hand[p] != 1 else ''}"
        ), seat=p, at=at)

    def _chance(self, s: State, a: Action, ctx: dict[str, Any], at: int) -> None:
        ev = ctx["chance"]
        if a.kind in QUIET_CHANCE:
            return
        if a.kind == "roll" and ev is not None and ev[0] == "die":
            roll = int(a.args[0])
            r = ctx["die_region"]
            p = ctx["turn"]
            ok = s.occ[r] == 2 * p
            outcome = (f"{s.spec.seats[p]} conquers {region_label(s, r)}" if ok
                       else f"the final conquest of {region_label(s, r)} fails")
            self._add(s, "die", f"die roll: {roll} — {outcome}", seat=p, at=at)
            self.entries[-1]["roll"] = roll
            self.entries[-1]["success"] = ok
            return
        if a.kind == "roll":
            self._add(s, "die", f"die roll: {a.args[0] if a.args else '?'}", at=at)
            self.entries[-1]["roll"] = int(a.args[0]) if a.args and str(a.args[0]).isdigit() else None
            return
        if a.kind == "item" and ev is not None and ev[0] == "item":
            r = ev[1]
            self._add(s, "item", f"{item_name(str(a.args[0]))} is revealed in {region_label(s, r)}", at=at)
            return
        self._add(s, "chance", f"Chance: {pretty_action(s, a)}", at=at)

    def _ledger(self, s: State, a: Action, ctx: dict[str, Any], at: int, scored: tuple[int, int] | None) -> None:
        """Record each seat's change of coins by ``a`` that its scoring does not explain."""
        p = ctx["p"]
        for q, (was, now) in enumerate(zip(ctx["vc"], s.vc)):
            delta = int(now) - int(was) - (scored[1] if scored is not None and scored[0] == q else 0)
            if not delta:
                continue
            parts: list[tuple[str, int]]
            if a.kind == "pick" and q == p:
                col = ctx.get("column") or []
                k = int(a.args[0]) if a.args else 0
                taken = int(col[k][2]) if k < len(col) and col[k][2] else 0
                parts = [("From combos", taken), ("Paid for combos", delta - taken)]
            elif a.kind == "pay":
                parts = [("Tolls paid" if delta < 0 else "Tolls received", delta)]
            else:
                parts = [("Other", delta)]
            self.coins.extend({"seat": q, "source": src, "n": n, "round": ctx["round"], "at": at}
                              for src, n in parts if n)

    def _scoring(self, s: State, ctx: dict[str, Any], at: int) -> tuple[int, int] | None:
        """The scoring entry of the turn that ``a`` ended, if it did: ``(seat, coins)``."""
        p = ctx["turn"]
        before = _STEP_ORDER.get(ctx["step"], 0)
        if before >= _SCORE_STEP:
            return None
        moved_on = (s.round, s.turn) != (ctx["round"], p) or s.is_over()
        if not moved_on and _STEP_ORDER.get(s.step, 0) <= _SCORE_STEP:
            return None
        lines = s.last_score[p]
        total = sum(v for _, v in lines)
        parts = ", ".join(f"{label} {v}" for label, v in lines if v)
        self._add(s, "score", (
            f"{s.spec.seats[p]} scores {total} coin{'s' if total != 1 else ''}"
            + (f" ({parts})" if parts else "")
        ), seat=p, private=p, at=at)
        # the round of the turn that scored (the last seat's scoring has moved the round on)
        self.entries[-1]["round"] = ctx["round"]
        self.entries[-1]["lines"] = [[label, v] for label, v in lines]
        self.entries[-1]["sources"] = score_sources(lines)
        return p, int(total)

    def _game_over(self, s: State, at: int) -> None:
        if any(e["kind"] == "over" for e in self.entries):
            return
        res = s.result or {}
        winners = res.get("winners", [])
        names = " and ".join(s.spec.seats[w] for w in winners)
        if s.team and res.get("winning_sides"):
            self._add(s, "over", f"Game over: {team_result_text(s, res)}", at=at)
            return
        scores = res.get("scores", [])
        best = scores[winners[0]] if winners and scores else "?"
        verb = "win" if len(winners) > 1 else "wins"
        self._add(s, "over", f"Game over: {names} {verb} with {best} coin{'s' if best != 1 else ''}", at=at)

    # ---- reading ---------------------------------------------------------------------------

    def visible(self, s: State, viewer: int | None, since: int = 0) -> list[dict[str, Any]]:
        """Entries from ``since`` that seat ``viewer`` may read (``None``: spectator; after the
        game everything is public)."""
        over = s.is_over()
        friends: set[int] = set()
        if viewer is not None:
            friends = set(team.teammates(s, viewer)) if s.team else {viewer}
        return [
            e for e in self.entries[since:]
            if e["private"] is None or over or e["private"] in friends
        ]

