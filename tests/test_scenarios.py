"""The scenario format (docs/scenarios.md): files load, rules hold, bad files are refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from smallworld.cli import app
from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.errors import ScenarioError
from smallworld.scenarios import load_scenario, scenario_from_text

HERE = Path(__file__).resolve().parents[1] / "examples" / "scenarios"  # the README's examples


def test_mountain_defenders_file():
    """R-CONQ-3 via the documented example file."""
    s = load_scenario(HERE / "mountain_defenders.toml")
    r = s.region_of("L1.13")
    assert conquest_cost(s, 0, r, targets(s, 0)[r]) == 5
    assert s.spec.seats == ("Anna", "Bruno")


def test_first_conquest_file_with_setup_murlocs():
    """R-CONQ-1, R-SET-3: with setup_murlocs, Murloc symbols hold Murlocs."""
    s = load_scenario(HERE / "first_conquest.toml")
    tg = targets(s, 0)
    assert set(tg) == set(s.spec.entries)
    assert conquest_cost(s, 0, s.region_of("L1.9"), 1) == 4
    assert s.items[s.spec.marker_regions[0]] == ("?",)


def test_one_decline_file():
    """R-DEC-3 via a file."""
    s = load_scenario(HERE / "one_decline.toml")
    engine.apply_action(s, "decline")
    assert s.decline[0] == "orcs" and s.occ[s.region_of("L1.12")] == -1


@pytest.mark.parametrize("text, msg", [
    ('boards = ["L1"]\n[[players]]\n', "2 to 5"),
    ('boards = ["L1", "S3"]\n[[players]]\nrace = "elves"\npower = "farmer"\n[[players]]\n', "unknown race 'elves'"),
    ('boards = ["L1", "S3"]\n[[players]]\nrace = "orcs"\npower = "farmer"\n[[players]]\nrace = "orcs"\npower = "mining"\n', "already in play"),
    ('boards = ["L1", "S3"]\n[[players]]\n[[players]]\n[regions]\n"L9.1" = { murlocs = 1 }\n', "no Region 'L9.1'"),
    ('boards = ["L1", "S3"]\n[[players]]\nrace = "orcs"\npower = "farmer"\nhand = 12\n[[players]]\n', "more tokens"),
    ('boards = ["L1", "S3"]\nphase = "conquer"\n[[players]]\n[[players]]\n', "needs an Active race"),
    ('boards = ["L1", "S3"]\ncolour = 1\n[[players]]\n[[players]]\n', "unknown key"),
    ('boards = ["L1", "S3"\n', "not valid TOML"),
])
def test_bad_scenarios_are_refused_with_a_reason(text, msg):
    with pytest.raises(ScenarioError, match=msg):
        scenario_from_text(text)


HARMONY = """
boards = ["L1", "M1", "S3"]
phase = "conquer"
[[players]]
race = "pandaren"
power = "farmer"
[[players]]
race = "orcs"
power = "mining"
harmony = true
[[players]]
{third}
"""


def test_harmony_holder_is_a_public_player_key_counted_against_the_supply():
    """RULES §9 Pandaren, §2.3 (Harmony 4): ``harmony = true`` in [[players]] makes that seat a
    holder, and the token comes out of the Harmony supply."""
    s = scenario_from_text(HARMONY.format(third="harmony = true"))
    assert s.flags["harmony"] == (1, 2)
    assert s.in_supply("harmony") == 4 - 2


@pytest.mark.parametrize("third, msg", [
    ('harmony = "yes"', "harmony must be true or false"),
    ("[flags]\nharmony = [2]", "harmony = true"),
])
def test_bad_harmony_holders_are_refused(third, msg):
    """RULES §9 Pandaren: Harmony holders come only from the public player key."""
    with pytest.raises(ScenarioError, match=msg):
        scenario_from_text(HARMONY.format(third=third))


def test_harmony_holders_use_up_the_supply():
    """RULES §2.3 (Harmony 4): four holders leave none in the box."""
    text = ('boards = ["L1", "L3", "M1", "S3", "S1"]\nphase = "conquer"\n[[players]]\nrace = "pandaren"\npower = "farmer"\n'
            + "[[players]]\nharmony = true\n" * 4)
    s = scenario_from_text(text)
    assert s.flags["harmony"] == (1, 2, 3, 4) and s.in_supply("harmony") == 0


@pytest.mark.parametrize("text, msg", [
    (HARMONY.format(third="").replace('power = "farmer"', 'power = "farmer"\nharmony = true'),
     "the Pandaren player cannot hold Harmony"),
    (HARMONY.format(third="").replace("pandaren", "dwarves"), "needs an Active Pandaren race"),
])
def test_impossible_harmony_holders_are_refused(text, msg):
    """RULES §9 Pandaren: the Active Pandaren give Harmony to their opponents."""
    with pytest.raises(ScenarioError, match=msg):
        scenario_from_text(text)


@pytest.mark.parametrize("text, msg", [
    # the Pandaren's key belongs to the Warcraft race: the original game has no Harmony
    ('edition = "classic"\nboards = ["C2"]\n[[players]]\nharmony = true\n[[players]]\n',
     r"players\[0\]: unknown key\(s\) \['harmony'\]"),
    # the team variant's table belongs to the team variant, the column to the standard one
    ('boards = ["L1", "S1"]\n[[players]]\n[[players]]\n[team]\nA = ["humans"]\n',
     r"unknown key\(s\) \['team'\]"),
    ('edition = "swow-team"\nboards = ["L1", "S1"]\n[[players]]\n[[players]]\n[column]\ncombos = []\n',
     r"unknown key\(s\) \['column'\]"),
])
def test_each_key_is_read_by_the_ability_or_variant_that_owns_it(text, msg):
    """docs/scenarios.md: the loader knows no race or variant; the edition's variant reads its
    table (R-TEAM-2) and each ability its [[players]] keys (RULES §9 Pandaren)."""
    with pytest.raises(ScenarioError, match=msg):
        scenario_from_text(text)


def test_a_kept_badge_that_does_not_last_is_refused():
    """R-DEC-2: only a badge whose effect lasts In Decline (Garrisoned, Marshdweller) is kept."""
    base = 'boards = ["L1", "S3"]\n[[players]]\ndecline = "trolls"\nkept = "{kept}"\n[[players]]\n'
    assert scenario_from_text(base.format(kept="marshdweller")).kept[0] == "marshdweller"
    assert scenario_from_text(base.format(kept="garrisoned")).kept[0] == "garrisoned"
    with pytest.raises(ScenarioError, match="does not last In Decline"):
        scenario_from_text(base.format(kept="defensive"))


def test_cli_scenario_lists_actions_and_applies():
    path = str(HERE / "mountain_defenders.toml")
    r = CliRunner().invoke(app, ["scenario", path])
    assert r.exit_code == 0, r.output
    assert "conquer L1.13  (cost 5: base 2, mountain 1, pieces 0, defenders 2" in r.output
    r = CliRunner().invoke(app, ["scenario", path, "-a", "conquer L1.13"])
    assert "applied: conquer L1.13" in r.output and "hand 1" in r.output


def test_cli_scenario_illegal_action_exit_2():
    r = CliRunner().invoke(app, ["scenario", str(HERE / "mountain_defenders.toml"), "-a", "conquer L1.3"])
    assert r.exit_code == 2 and "neither adjacent" in r.output


def test_cli_scenario_says_no_race_in_plain_words():
    """A seat with no In Decline race reads "no race In Decline", never "None"."""
    r = CliRunner().invoke(app, ["scenario", str(HERE / "mountain_defenders.toml")])
    assert r.exit_code == 0, r.output
    assert "None" not in r.output
    assert "In Decline: none" in r.output
