"""Invariants every reachable state must satisfy (used by property tests)."""

from __future__ import annotations

from smallworld.core.state import EMPTY, MURLOC, State


def race_token_counts(s: State) -> dict[str, int]:
    """Tokens of each race in box + hands + boards."""
    counts = dict(zip(s.spec.race_keys, s.box))
    for p in range(s.spec.n_players):
        if s.active[p] is not None:
            counts[s.active[p]] += s.hand[p]
        else:
            assert s.hand[p] == 0, f"seat {p} holds tokens with no Active race"
    for r, code in enumerate(s.occ):
        if code >= 0:
            race = s.race_of(code)
            assert race is not None, f"Region {s.spec.region_ids[r]} held by a missing race"
            counts[race] += s.tokens[r]
    for race, n in s.dhand.items():  # In Decline tokens in hand (classic Ghouls, C-CONQ-7)
        assert n > 0 and race in s.decline + s.decline2, f"{race}: In Decline hand of a race not In Decline"
        counts[race] += n
    for key, n in s.flags.items():  # tokens an ability holds off the map (classic Amazons)
        if key.startswith("off-map:"):
            counts[key.partition(":")[2]] += n
    return counts


def check_invariants(s: State) -> None:
    """Tokens conserved per race within box caps (RULES §2.1); pieces within supply (§2.3);
    occupancy consistent; no race in two places. The tables are the game's edition's."""
    ed = s.spec.edition
    RACES, POWERS, PIECE_SUPPLY = ed.races, ed.powers, ed.pieces
    counts = race_token_counts(s)
    for race, n in counts.items():
        assert n == RACES[race].in_box, f"{race}: {n} tokens counted, {RACES[race].in_box} in the box"
        assert s.in_box(race) >= 0
    for kind, lst in s.pieces.items():
        assert min(lst) >= 0, f"negative {kind} count"
        assert sum(lst) + s.in_supply(kind) <= PIECE_SUPPLY[kind], f"{kind}: more pieces than the box"
    murlocs = sum(s.tokens[r] for r, c in enumerate(s.occ) if c == MURLOC)
    assert murlocs <= PIECE_SUPPLY[ed.neutral_piece]
    for r, code in enumerate(s.occ):
        if code == EMPTY:
            assert s.tokens[r] == 0, f"empty Region {s.spec.region_ids[r]} has tokens"
    for p in range(s.spec.n_players):  # the second In Decline slot (classic Spirit)
        if s.decline2[p] is not None and s.acting is None:
            assert s.spec.edition.power_abilities[s.kept2[p]].separate_decline
    in_play = [x for x in s.active + s.decline + s.decline2 if x is not None]
    in_column = [c[0] for c in s.column if c[0]]
    races = in_play + in_column + s.banner_stack + s.banner_bottom
    expected = len(RACES)
    if s.team:  # RULES §12: side columns and decks; Neutral banners unused without a Neutral side
        for key, val in s.team.items():
            if key.startswith(("col-", "deck-", "bottom-")):
                races += [r for r in val if r]
        if "N" not in s.spec.sides:
            expected -= sum(1 for d in RACES.values() if d.faction == "neutral")
        badges = [b for b in s.team["badges"] if b]
        powers = badges + s.badge_stack + s.badge_discard + [x for x in s.power + s.kept + s.kept2 if x]
        assert sorted(powers) == sorted(set(powers)) and len(powers) == len(POWERS), "badges lost"
    assert sorted(races) == sorted(set(races)), "a banner is in two places"
    assert len(races) == expected, "a banner went missing"
