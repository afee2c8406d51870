"""What the server sends to one page: the seat's view and nothing more (RULES §15).

:func:`seat_payload` is the only function that turns a live game into data for a browser. It
reads the state only through :func:`smallworld.core.view.view` for the seat it is built for,
plus that seat's own legal actions and conquest costs (public facts of the board) while it is
that seat's turn, and the log entries that seat may read. ``this_turn`` puts the public facts
of the turn in progress into words (:mod:`smallworld.web.turnfacts`, from the view alone).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from smallworld.bots import BOTS, levels_meta, opponents_meta
from smallworld.core import edition as core_editions
from smallworld.core import engine
from smallworld.core import meta as declarations
from smallworld.core.actions import Action
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.explain import explain_illegal
from smallworld.core.state import CHANCE, NOBODY
from smallworld.core.view import view
from smallworld.web.describe import (
    action_words,
    pretty_action,
    pretty_arg,
    race_name,
    region_label,
    toll_phrase,
)
from smallworld.web.games import EDITION_NAMES, LiveGame
from smallworld.web.refusals import say
from smallworld.web.speech import N_, _, names_of, ngettext
from smallworld.web.titles import title_words
from smallworld.web.turnfacts import turn_facts

PHASE_TEXT = {
    "pick": N_("picking a combo"),
    "decide": N_("choosing: expand or decline"),
    "conquer": N_("conquering"),
    "redeploy": N_("redeploying troops"),
    "defend": N_("redeploying after losses"),
    "choice": N_("making a choice"),
    "chance": N_("waiting for chance"),
    "over": N_("game over"),
}


#: the editions played with the Warcraft tables of smallworld.content (and their summaries)
WARCRAFT = ("swow", "swow-team")


def meta(edition: str | None = None) -> dict[str, Any]:
    """Static facts for the pages: editions, bots, races, powers, items and pieces, with what
    each ability declares about itself (:mod:`smallworld.core.meta`: summary, pieces, actions,
    tolls, uses per turn, public flags).

    ``edition`` (``None``: Warcraft) chooses whose races, powers, items, pieces and die are
    sent: a classic game's page gets the classic tables and their plain-words summaries.
    ``piece_table`` gives every piece kind's name and what it does, in plain words.
    """
    if edition is not None and edition not in WARCRAFT:
        return _edition_meta(core_editions.get(edition))
    out = _edition_meta(core_editions.get("swow"))
    teams = core_editions.get("swow-team")  # the team variant (RULES §12)
    out.update({
        "serves": list(WARCRAFT),  # the editions whose games these tables describe
        # team variant (R-TEAM-1): the side of each seat by player count, and the side names
        "team_sides": {str(n): list(sides) for n, sides in teams.sides_by_players.items()},
        "side_names": {side: teams.faction_names[f] for side, f in teams.side_factions.items()},
        "side_factions": dict(teams.side_factions),  # a side's faction (its names: /api/i18n)
        "neutral": {"piece": "murloc", "name": "Murlocs"},
    })
    return out


def _declared(ability: Any) -> dict[str, Any]:
    """What an ability declares, as JSON data (``summary``, ``pieces`` ids, ``actions``,
    ``tolls``, ``uses``, ``flags``); an id without an ability has an empty summary."""
    if ability is None:
        return {"summary": ""}
    d = declarations.public(ability)
    d["pieces"] = list(d["pieces"])
    return d


def _piece_table(ed: core_editions.Edition) -> dict[str, dict[str, Any]]:
    """Every declared piece kind: ``{"name", "text", "count", "defence", "leaves_with_region",
    "owner"}``; ``text`` says what it does, after the name of the race or power it belongs to
    (``"Garrisoned: +1 defense; ..."``)."""
    out = {}
    for k, (ability, piece) in ed.piece_declarations().items():
        owner = _display_name(ed, ability) if ability is not None else None
        out[k] = {**piece.public(), "text": f"{owner}: {piece.effect}" if owner else piece.effect,
                  "count": ed.pieces.get(k), "owner": ability.id if ability is not None else None}
    return out


def _display_name(ed: core_editions.Edition, ability: Any) -> str:
    table: Mapping[str, Any] = {"race": ed.races, "power": ed.powers, "item": ed.items}[ability.kind]
    return str(table[ability.id].name) if ability.id in table else ability.id


def _edition_meta(ed: core_editions.Edition) -> dict[str, Any]:
    """:func:`meta` of one edition, from its tables and its abilities' declarations."""
    factions = bool(ed.opposing_factions)
    return {
        "edition": ed.name,
        "serves": [ed.name],
        "editions": [{"id": e, "name": n} for e, n in EDITION_NAMES.items()],
        "bots": sorted(BOTS),
        "levels": levels_meta(),  # Easy, Medium, Hard (bots.LEVELS)
        "opponents": opponents_meta(),  # named opponents offered beside them (bots.OPPONENTS)
        "players": {"min": min(ed.rounds_by_players), "max": max(ed.rounds_by_players)},
        "die": list(ed.die_faces),
        "team_sides": {},
        "side_names": {},
        "factions": factions,
        "neutral": {"piece": ed.neutral_piece, "name": "Lost Tribes" if ed.neutral_piece == "lost-tribe"
                    else ed.neutral_piece.replace("-", " ").title()},
        "pieces": dict(ed.pieces),
        "piece_table": _piece_table(ed),
        "races": {
            k: {"name": v.name, "value": v.value, "in_box": v.in_box,
                "faction": v.faction if factions else (v.faction or "neutral"),
                **_declared(ed.race_abilities.get(k))}
            for k, v in ed.races.items()
        },
        "powers": {
            k: {"name": v.name, "value": v.value, "lasts": v.lasts, **_declared(ed.power_abilities.get(k))}
            for k, v in ed.powers.items()
        },
        "items": {
            k: {"name": v.name, "kind": v.kind, **_declared(ed.item_abilities.get(k))}
            for k, v in ed.items.items()
        },
    }


def game_info(live: LiveGame) -> dict[str, Any]:
    g = live.game
    h = g.record.header
    return {
        "id": live.id,
        "title": title_words(live.title),  # in the reader's language (web/titles.py)
        "edition": h.get("edition"),
        "edition_name": EDITION_NAMES.get(h.get("edition", ""), h.get("edition")),
        "players": h.get("players"),
        "boards": list(h.get("boards", [])),
        "seats": [
            {"seat": i, "name": s.name, "kind": s.kind, "bot": s.bot}
            for i, s in enumerate(live.seats)
        ],
        "actions": len(g.record.actions),
        # grows with every change, take-backs included: pages drop answers older than this
        "rev": live.undo.revision(g),
    }


#: kinds that never end the turn by themselves as the page offers them: conquests (a final one
#: is confirmed with its die), placements (sent as a plan with End turn), picks, abandons
_NOT_TURN_ENDING = frozenset({"conquer", "redeploy", "pick", "abandon"})


def _legal(live: LiveGame, p: int) -> list[dict[str, Any]]:
    """Seat ``p``'s legal actions: ``{"text", "kind", "args", "region", "label", "hint",
    "ends_turn", "warn"}`` (``expand`` also ``hand``: the tokens it gives to conquer with) — ``label`` says in plain words what the action does, ``hint`` (or
    None) says more, ``ends_turn`` is true when playing it ends the seat's turn at once (RULES
    §15: the page asks before such an action, since a turn passed cannot be taken back), ``warn``
    (or None) is the question the page asks first when the action throws part of the turn away:
    tokens left in hand with no Region to place them in, or no conquest in a turn that could."""
    s = live.game.state
    legal = engine.legal_actions(s)
    expand = next((a for a in legal if a.kind == "expand"), None) if s.phase == "decide" else None
    expand_hand = _expand_hand(live, p, expand) if expand is not None else None
    reach = sum(1 for a in legal if a.kind == "conquer")
    out: list[dict[str, Any]] = []
    for a in legal:
        region = str(a.args[0]) if a.args and str(a.args[0]) in s.spec.index else None
        ends = a.kind not in _NOT_TURN_ENDING and _ends_turn(live, p, a)
        label: str
        hint: str | None
        warn = None
        if a.kind == "end" and s.phase == "conquer":
            label, hint, warn = _end_words(live, p, ends, reach)
        else:
            label, hint = _label(live, p, a, expand_hand)
        out.append({"text": str(a), "kind": a.kind, "args": list(a.args), "region": region,
                    "label": label, "hint": hint, "ends_turn": ends, "warn": warn})
        if a.kind == "expand":  # the tokens to conquer with after expanding (the page's words)
            out[-1]["hand"] = expand_hand
    if any(x["kind"] == "ally" for x in out):  # classic Diplomat: "done" names nobody
        for x in out:
            if x["kind"] == "done":
                x["label"] = _("Make peace with nobody (Diplomat)")
    return out


def _end_words(live: LiveGame, p: int, ends: bool, reach: int) -> tuple[str, str, str | None]:
    """Label, hint and question (``warn``) of ``end`` in seat ``p``'s conquests: ``reach``
    Regions can be conquered now. Tokens in hand with no Region to hold them are not placed
    (R-TROOP-3); a single Region takes them all."""
    s = live.game.state
    hand = s.hand[p]
    own = s.regions_of(2 * p)
    if not ends:
        label, hint = _("End conquests"), _("Stop conquering and place the tokens left in your hand.")
    elif hand and not own:
        label, hint = _("End turn"), ngettext(
            "Your {n} token in hand is not placed anywhere and your turn ends.",
            "Your {n} tokens in hand are not placed anywhere and your turn ends.", hand).format(n=hand)
    elif hand and len(own) == 1:
        label, hint = _("End turn"), ngettext(
            "The {n} token in your hand joins your tokens in {region}, and your turn ends.",
            "The {n} tokens in your hand join your tokens in {region}, and your turn ends.", hand,
        ).format(n=hand, region=_rname(s, s.spec.region_ids[own[0]]))
    else:
        label, hint = _("End turn"), _("Your tokens stay where they are and your turn ends.")
    warn = None
    if hand and not own:
        warn = ngettext("You still have {n} token in hand and no Region. End your turn anyway?",
                        "You still have {n} tokens in hand and no Region. End your turn anyway?", hand).format(n=hand)
    elif s.conquests == 0 and reach:
        warn = " ".join((ngettext("You have not conquered anything this turn, and {n} Region is within reach.",
                                  "You have not conquered anything this turn, and {n} Regions are within reach.",
                                  reach).format(n=reach),
                         _("End your turn anyway?") if ends else _("Stop conquering anyway?")))
    return label, hint, warn


def _ends_turn(live: LiveGame, p: int, a: Action) -> bool:
    """Whether action ``a`` ends seat ``p``'s turn at once: on a copy of the state, once it is
    played, the game is over, another seat acts (the next seat, or a defender redeploying at
    the end of the turn), or the next seat's turn has begun with a draw pending at its start (a
    Goblin Bomb revealed). A chance event pending within ``p``'s turn (a die, a draw) is not
    resolved here, so nothing hidden is drawn: that answer is False."""
    s = live.game.state
    try:
        c = s.copy()
        engine.apply_action(c, a, check=False)  # taken from legal_actions (not listed again)
    except Exception:  # only a hint for the page
        return False
    who = c.current_player()
    if who == CHANCE:
        return (c.round, c.turn) != (s.round, s.turn)
    return who != p


def _expand_hand(live: LiveGame, p: int, expand: Action) -> int | None:
    """The tokens seat ``p`` would hold after expanding (R-TROOP-1): the engine's own answer,
    from a copy of the state (the hand is public, nothing hidden is drawn). ``expand``: the
    legal action (from :func:`engine.legal_actions`, so not checked again)."""
    s = live.game.state
    try:
        c = s.copy()
        engine.apply_action(c, expand, check=False)
        return c.hand[p]
    except Exception:  # only a hint for the label
        return None


def _rname(s: Any, rid: Any) -> str:
    """A Region's name for people (no board notation)."""
    text = str(rid)
    return region_label(s, s.spec.index[text]) if text in s.spec.index else pretty_arg(s, rid)


def _local_race(s: Any, race: str | None) -> str:
    """Race ``race`` by the name of the language spoken (the game's edition's tables first)."""
    local = names_of(s.spec.edition.name)["races"]
    return str(local[race]) if race in local else race_name(race)


def _label(live: LiveGame, p: int, a: Action, expand_hand: int | None = None) -> tuple[str, str | None]:
    s = live.game.state
    k = a.kind
    # each argument's name is looked up only where the words use it (a redeployment's count
    # is no name: looking it up searched every edition's tables, issue #36 point 9)
    if k == "expand":
        race = _local_race(s, s.active[p])
        if expand_hand is not None:
            return (ngettext("Expand with the {race}: {n} token to conquer with",
                             "Expand with the {race}: {n} tokens to conquer with", expand_hand
                             ).format(race=race, n=expand_hand),
                    _("Take back every token beyond 1 per Region into your hand and conquer again."))
        return _("Expand with the {race}").format(race=race), None
    if k == "decline":
        return (_("Put the {race} in decline").format(race=_local_race(s, s.active[p])),
                _("Their tokens stay on the board, turn grey and still score. You conquer nothing "
                  "more this turn and pick a new race next turn."))
    if k == "end":
        if s.phase == "pick":
            return _("Pass (no combo you can afford)"), None
        return _("End conquests"), _("Stop conquering and place the tokens left in your hand.")
    if k == "pick":
        n = int(a.args[0])
        return _("Pick combo {n}").format(n=n + 1), None
    if k == "redeploy":
        count = int(a.args[1])
        return ngettext("Place {n} token in {region}", "Place {n} tokens in {region}", count
                        ).format(n=count, region=_rname(s, a.args[0])), None
    if k == "abandon":
        return _("Abandon {region} (its tokens come back to your hand)").format(region=_rname(s, a.args[0])), None
    if k == "conquer":
        return _("Conquer {region}").format(region=_rname(s, a.args[0])), None
    if k == "pay":
        return _("Pay {toll}").format(toll=toll_phrase(s, str(a.args[0]) if a.args else '')), None
    words = action_words(s, a, [_rname(s, x) for x in a.args], button=True)
    if words is not None:
        text, ability = words
        return text, (_(ability.summary) if ability.summary else None) if ability is not None else None
    return pretty_action(s, a), None




def _undo_note(live: LiveGame, seat: int) -> str | None:
    """Why ``seat`` can no longer take back its last action (:meth:`UndoStack.blocked_note`),
    in the language spoken; None when nothing to say."""
    note = live.undo.blocked_note(live.game, seat)
    return say(note, live.game.state.spec.edition.name) if note else None


def _conquest_hints(live: LiveGame, p: int, legal_texts: set[str]) -> dict[str, Any]:
    """Per Region, for seat ``p`` in its conquest phase: cost breakdown and whether it can be
    conquered now (``conquer``), only with the die (``final``), or why not (in the language
    spoken: :func:`smallworld.web.refusals.say`)."""
    s = live.game.state
    edition = s.spec.edition.name
    ids = s.spec.region_ids
    hand = s.hand[p]
    out: dict[str, Any] = {}
    tg = targets(s, p)
    for r in range(s.spec.n_regions):
        rid = ids[r]
        if r in tg:
            parts: dict[str, int] = {}
            cost = conquest_cost(s, p, r, tg[r], parts=parts)
            if f"conquer {rid}" in legal_texts:
                status = "final" if cost > hand else "conquer"
                reason = None
            else:
                status = "blocked"
                reason = say(explain_illegal(s, Action("conquer", (rid,))), edition)
            out[rid] = {"status": status, "cost": cost, "parts": parts, "hand": hand,
                        "need": max(0, cost - hand), "reason": reason}
        else:
            out[rid] = {"status": "blocked", "reason": say(explain_illegal(s, Action("conquer", (rid,))), edition)}
    return out


def seat_payload(
    live: LiveGame,
    perspective: int | None,
    *,
    can_act: bool,
    mode: str,
    log_since: int = 0,
) -> dict[str, Any]:
    """The update for one page. ``perspective`` is the seat whose view is shown (``None``: a
    spectator); ``can_act`` says whether this page may act for that seat; ``mode`` is
    ``"seat"`` or ``"hotseat"``. Log entries from ``log_since`` (``log_reset`` when 0)."""
    s = live.game.state
    v = view(s, perspective)
    actor = s.current_player()
    phase = v["phase"]
    legal: list[dict[str, Any]] = []
    hints = None
    asks = ""
    if can_act and perspective is not None and actor == perspective and not s.is_over():
        legal = _legal(live, perspective)
        if s.decisions and not s.chance:  # an ability's own words for its open decision
            seat, key = s.decisions[-1]
            asks = s.spec.edition.ability(key).decision_words(s, seat)
        if phase == "conquer":
            hints = _conquest_hints(live, perspective, {x["text"] for x in legal})
    log = live.log.visible(s, perspective, log_since)
    if actor == CHANCE:
        actor_name = _("chance")
    elif actor == NOBODY:
        actor_name = None
    else:
        actor_name = live.seats[actor].name
    return {
        "type": "update",
        "mode": mode,
        "game": game_info(live),
        "perspective": perspective,
        "view": v,
        "this_turn": turn_facts(v, s.spec.names, s.spec.index,
                                factions=bool(s.spec.edition.opposing_factions)),
        "actor": actor,
        "actor_name": actor_name,
        "actor_kind": live.seat_kind(actor),
        "phase_text": _(PHASE_TEXT[phase]) if phase in PHASE_TEXT else phase,
        "legal": legal,
        "asks": asks,
        "hints": hints,
        "log": log,
        "log_total": len(live.log.entries),
        "log_reset": log_since == 0,
        # where every seat's coins came from beyond its scorings (start, combos, tolls): secret
        # while the game goes on, given with the results
        "coins": live.log.coins if s.is_over() else None,
        "over": s.is_over(),
        # take-backs (smallworld.core.undo): whether this page may undo its seat's last action,
        # else why not (a die rolled, a banner revealed, ...) when something was just revealed
        "can_undo": bool(can_act and perspective is not None and live.undo.can_undo(live.game, perspective)),
        "undo_blocked": _undo_note(live, actor) if can_act and actor == perspective else None,
    }
