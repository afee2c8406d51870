"""Team variant "Battle for Azeroth" (edition swow-team, RULES §12)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from smallworld.cli import app
from smallworld.content import team
from smallworld.content.data import RACES
from smallworld.core import engine
from smallworld.core.errors import IllegalActionError
from smallworld.core.game import Game
from smallworld.core.record import replay
from smallworld.core.state import CHANCE
from smallworld.core.view import view
from tests.builders import position, seat
from tests.conftest import acts
from tests.invariants import check_invariants


def pick3(turn, vc0=5):
    """A 3-player team game (L1 + M1 + S3) in seat ``turn``'s pick: the sides' visible rows and
    badges fixed; seat 0 has ``vc0`` VC, the others 5."""
    return position("", seat(vc=vc0), seat(vc=5), seat(vc=5), phase="pick", turn=turn, edition="swow-team",
                    boards=("L1", "M1", "S3"), team={
                        "A": ["humans", "dwarves", "gnomes", "worgen"],
                        "H": ["orcs", "trolls", "tauren", "goblins"],
                        "N": ["naga", "kobolds", "pandaren", "ethereals"],
                        "badges": ["farmer", "sailing", "mining", "ranger"]})


@pytest.mark.parametrize("n, sides", [(2, "AH"), (3, "AHN"), (4, "AHAH"), (5, "AHNAH")])
def test_sides_and_seat_order(n, sides):
    """R-TEAM-1: sides by player count, also the seat order."""
    g = Game.new(n, seed=1, edition="swow-team")
    assert "".join(g.state.spec.sides) == sides


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_four_visible_rows_per_side(n):
    """R-TEAM-2: Alliance and Horde show 4 rows (3 + deck top) with 2 left in the deck;
    Neutral (3 and 5 players) shows all 4 and has no deck; badges show 4 rows."""
    g = Game.new(n, seed=3, edition="swow-team")
    g.settle()
    t = g.state.team
    for side in "AH":
        col = t[f"col-{side}"]
        assert all(col) and len(t[f"deck-{side}"]) == 2
        assert {RACES[r].faction for r in col} == {team.SIDE_FACTION[side]}
    assert ("col-N" in t) == (n in (3, 5))
    if n in (3, 5):
        assert sorted(t["col-N"]) == ["ethereals", "kobolds", "naga", "pandaren"]
    assert all(t["badges"]) and g.state.column == ()
    assert g.state.current_player() == 0 and g.state.phase == "pick"


def test_pick_own_side_row_badge_cost_to_stash():
    """R-TEAM-3: a race of the player's side, paired with the badge in the same row; the row
    index is paid to the stash (no coins on combos)."""
    s = pick3(1)  # seat 1 is Horde
    assert acts(s) == {"pick 0", "pick 1", "pick 2", "pick 3"}
    engine.apply_action(s, "pick 2")
    assert (s.active[1], s.power[1]) == ("tauren", "mining")
    assert s.vc == [5, 3, 5]
    assert s.hand[1] == 11 + 4


def test_pick_slides_both_columns_picker_keeps_pairings():
    """R-TEAM-4: the picked side's column and the badge column slide up below the picked row;
    the picker's side keeps its pairings while the other sides' rows at or below the pick face
    new badges; both refill from their stacks."""
    s = pick3(0)  # seat 0 is Alliance
    before_h = s.team["col-H"]
    engine.apply_action(s, "pick 1")  # dwarves + sailing
    assert s.team["col-A"][:3] == ("humans", "gnomes", "worgen")
    assert s.team["badges"][:3] == ("farmer", "mining", "ranger")
    # Alliance keeps its pairs: gnomes-mining was gnomes-mining, worgen-ranger was worgen-ranger
    assert list(zip(s.team["col-A"], s.team["badges"]))[1:3] == [("gnomes", "mining"), ("worgen", "ranger")]
    # Horde rows >= 1 now face other badges (trolls had sailing, now mining)
    assert s.team["col-H"] == before_h
    assert s.team["badges"][1] == "mining" and s.team["col-H"][1] == "trolls"
    # refills: new Alliance deck top and new badge drawn by chance
    assert s.current_player() == CHANCE
    outs = acts(s)
    assert outs == {"banner draenei", "banner night-elves"}
    engine.apply_action(s, "banner night-elves")
    assert s.team["col-A"][3] == "night-elves" and s.team["deck-A"] == ("draenei",)
    engine.apply_action(s, sorted(acts(s))[0])
    assert all(s.team["badges"])


def test_neutral_column_never_refills():
    """R-TEAM-2, R-TEAM-4: the Neutral column has no deck; a pick leaves a gap at the bottom."""
    s = pick3(2)
    engine.apply_action(s, "pick 0")
    assert s.team["col-N"] == ("kobolds", "pandaren", "ethereals", None)
    assert s.current_player() == CHANCE  # only the badge is drawn
    assert all(a.startswith("badge") for a in acts(s))


def test_cannot_pick_other_sides_or_unaffordable_rows():
    """R-TEAM-3: own side only; cost is the row index."""
    s = pick3(0, vc0=1)
    assert acts(s) == {"pick 0", "pick 1"}
    with pytest.raises(IllegalActionError):
        engine.apply_action(s, "pick 3")


def test_returning_banner_goes_to_highest_gap_when_column_shows_fewer_than_three():
    """R-TEAM-5: a leaving banner goes to the highest empty slot when its column (rows 0-2)
    shows fewer than 3; otherwise to the bottom of its side's deck."""
    s = pick3(0)
    s.team["col-A"] = ("humans", None, None, None)
    s.team["deck-A"] = ()
    team.return_banner(s, "draenei")
    assert s.team["col-A"] == ("humans", "draenei", None, None)
    s2 = pick3(0)
    team.return_banner(s2, "night-elves")
    assert s2.team["col-A"] == ("humans", "dwarves", "gnomes", "worgen")
    assert s2.team["bottom-A"] == ("night-elves",)
    s3 = pick3(0)
    s3.team["col-N"] = ("naga", None, None, None)
    team.return_banner(s3, "pandaren")
    assert s3.team["col-N"] == ("naga", "pandaren", None, None)


def test_returning_banner_via_decline_race_leaving():
    """R-TEAM-5 through R-DEC-4: a team game's race leaving the boards returns to its side."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, decline = true, tokens = 1 }
    ''', seat("dwarves", "farmer", hand=6), seat(decline="orcs"), edition="swow-team",
        team={"A": ["humans", "gnomes", "worgen", "draenei"], "H": ["trolls", "", "", ""]})
    engine.apply_action(s, "conquer L1.5")
    assert s.decline[1] is None
    assert s.team["col-H"][:2] == ("trolls", "orcs")


def _final(scores, tokens=None):
    s = position('', seat(), seat(), seat(), seat(), seat(), phase="start", boards=("L1", "L3", "M1", "S3", "S1"),
        edition="swow-team")
    s.vc = list(scores)
    res = team.final_result(s, list(scores), list(tokens or [0] * 5))
    return res


def test_five_player_side_scores_rulebook_example():
    """R-TEAM-7 (rulebook example): Alliance 51/88 -> 51, Horde 79/72 -> 72, Neutral 67:
    the Horde wins with 72."""
    res = _final([51, 79, 67, 88, 72])
    assert res["sides"] == {"A": 51, "H": 72, "N": 67}
    assert res["winning_sides"] == ["H"] and res["winners"] == [1, 4]


def test_side_tie_goes_to_highest_individual_score():
    """R-TEAM-7: tied sides: the side with the highest individual score wins."""
    res = _final([60, 60, 40, 90, 70])
    assert res["sides"] == {"A": 60, "H": 60, "N": 40}
    assert res["winning_sides"] == ["A"] and res["winners"] == [0, 3]


def test_side_tie_after_best_individual_is_shared_whatever_the_tokens():
    """R-TEAM-7 (revised ruling, KO): still tied after the best individual score, the tied sides
    share the win; race tokens on the boards never break a tie between sides."""
    res = _final([60, 60, 40, 70, 70], tokens=[1, 5, 0, 1, 0])
    assert res["winning_sides"] == ["A", "H"] and res["winners"] == [0, 1, 3, 4]
    res = _final([60, 60, 40, 70, 70], tokens=[1, 1, 0, 1, 1])
    assert res["winning_sides"] == ["A", "H"]


def test_two_and_three_players_score_their_own():
    """R-TEAM-7: with 2-3 players the side's score is the player's own."""
    g = Game.new(3, seed=2, edition="swow-team")
    res = team.final_result(g.state, [10, 30, 20], [0, 0, 0])
    assert res["sides"] == {"A": 10, "H": 30, "N": 20} and res["winners"] == [1]


def test_teammates_see_each_others_vc():
    """R-TEAM-6: teammates may see each other's VC; opponents still may not (R-SCORE-4)."""
    g = Game.new(4, seed=5, edition="swow-team")
    g.settle()
    g.state.vc = [7, 8, 9, 10]
    assert [p["vc"] for p in view(g.state, 0)["players"]] == [7, None, 9, None]
    assert [p["vc"] for p in view(g.state, 3)["players"]] == [None, 8, None, 10]
    v = view(g.state, 0)
    assert v["team"]["sides"] == ["A", "H", "A", "H"] and len(v["team"]["columns"]["A"]) == 4


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_simulate_team_games_complete(n):
    """§12: complete random team games for 2-5 players, invariants holding at every step."""
    import random

    for seed in range(3):
        g = Game.new(n, seed=seed, edition="swow-team")
        rng = random.Random(seed)
        while not g.state.is_over():
            check_invariants(g.state)
            if g.current_player() == CHANCE:
                g.resolve_chance()
            else:
                g.apply(rng.choice(g.legal_actions()))
        assert set(g.result["sides"]) == set(g.state.spec.sides)
        assert replay(g.record) == g.state


def test_cli_simulate_team():
    r = CliRunner().invoke(app, ["simulate", "--edition", "swow-team", "--players", "5", "--games", "2", "--json"])
    assert r.exit_code == 0, r.output
    games = json.loads(r.stdout.strip().splitlines()[-1])["games"]
    assert all(set(g["sides"]) == {"A", "H", "N"} for g in games)
    r = CliRunner().invoke(app, ["simulate", "--edition", "chess"])
    assert r.exit_code == 2 and "unknown edition" in r.output
