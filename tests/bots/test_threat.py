"""The threat model (:func:`smallworld.bots.evaluate.expected_losses`) and the turn search's
leaf that uses it (``mcts-threat``, ``mcts-mix``: configurations of ``benchmarks/bot_variants.py``)."""

from __future__ import annotations

import pytest

from benchmarks.bot_variants import VARIANTS, MixedSearchBot, ThreatSearchBot, TurnSearchBot
from smallworld.bots import BOTS, make_bot
from smallworld.bots.evaluate import THREAT_WEIGHTS, THREAT_WEIGHTS_ANY, expected_losses, threat_features
from smallworld.bots.leaves import leaf_value
from smallworld.bots.play import play_game
from smallworld.core import engine
from smallworld.core.actions import Action
from smallworld.core.setup import new_state
from tests.conftest import scenario


def _position(tokens: int, enemy: int | None = 5, decline: bool = False) -> object:
    """Seat 0 holds L1.1 (an Entry Region) with ``tokens``; seat 1's Active race holds the
    adjacent L1.6 with ``enemy`` tokens (none: L1.6 is empty)."""
    mine = f'"L1.1" = {{ player = 0, tokens = {tokens}{", decline = true" if decline else ""} }}'
    theirs = f'"L1.6" = {{ player = 1, tokens = {enemy} }}' if enemy is not None else ""
    return scenario(f"""
        boards = ["L1", "M1", "S3"]
        round = 4
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "farmer"
        {'decline = "trolls"' if decline else ""}
        [[players]]
        race = "humans"
        power = "mining"
        [[players]]
        race = "dwarves"
        power = "defensive"
        [regions]
        {mine}
        {theirs}
    """)


def test_a_thin_region_next_to_a_strong_stack_is_likelier_lost():
    thin = expected_losses(_position(1), 0)[0]
    thick = expected_losses(_position(5), 0)[0]
    alone = expected_losses(_position(1, enemy=None), 0)[0]
    assert 0 < thick < thin < 1
    assert alone < thin
    assert expected_losses(_position(1), 0)[1] == 0  # no In Decline Region


def test_in_decline_regions_are_counted_apart():
    s = _position(1, decline=True)
    active, declined = expected_losses(s, 0)
    assert active == 0 and 0 < declined < 1


def test_no_regions_no_losses_and_one_feature_per_weight():
    s = new_state(3, seed=1)
    assert expected_losses(s, 0) == (0.0, 0.0)
    s = _position(2)
    feats = threat_features(s, 0)
    assert [r for r, _ in feats] == [s.spec.index["L1.1"]]
    for w in (*THREAT_WEIGHTS.values(), THREAT_WEIGHTS_ANY):
        assert len(w) == len(feats[0][1])


def test_the_threat_lowers_the_leaf_value_of_an_exposed_position():
    s = _position(1)
    assert leaf_value(s, 0, threat=True) < leaf_value(s, 0)
    s_thick = _position(6)
    # the exposed thin Region costs more than the well defended one
    assert (leaf_value(s, 0) - leaf_value(s, 0, threat=True)) > (
        leaf_value(s_thick, 0) - leaf_value(s_thick, 0, threat=True))


@pytest.mark.parametrize(("name", "edition"), [("mcts-threat", "swow"), ("mcts-threat", "classic"),
                                               ("mcts-mix", "swow"), ("mcts-mix", "classic")])
def test_threat_search_plays_legal_games(name, edition):
    bots = [VARIANTS[name](1, iterations=8), make_bot("greedy", 2), make_bot("greedy", 3)]
    g = play_game(bots, seed=11, edition=edition)
    assert g.state.is_over()
    assert ThreatSearchBot(1).leaf.threat and not TurnSearchBot(1).leaf.threat


def test_mixed_search_looks_ahead_for_big_choices_and_uses_the_threat_leaf_for_conquests(leaf_calls, monkeypatch):
    """``mcts-mix``: the expand-or-decline choice (round 4) is valued after two more turns of its
    own (round 6), a conquest step at the end of its turn (round 3) with the threat leaf."""
    from tests.bots.test_heuristics import _exhausted
    from tests.bots.test_turnsearch import _conquest_turn

    seen = leaf_calls
    s = _exhausted(4)
    MixedSearchBot(3, iterations=10).choose(s, 0, engine.legal_actions(s))
    assert {(r, t) for r, t, _ in seen} == {(6, 1)} and not any(th for *_, th in seen)
    seen.clear()
    s = _conquest_turn()
    MixedSearchBot(3, iterations=10).choose(s, 0, engine.legal_actions(s))
    assert set(seen) == {(3, 1, True)}
    # conquest_lookahead 2: a conquest step is valued once the bot's next turn is over, no threat
    seen.clear()
    s = _conquest_turn()
    MixedSearchBot(3, iterations=10, conquest_lookahead=2).choose(s, 0, engine.legal_actions(s))
    assert set(seen) == {(4, 1, False)}
    with pytest.raises(ValueError):
        MixedSearchBot(3, conquest_lookahead=-1)
    # make_bot (the tournament's, with the variants registered) passes the base class's options
    # through the subclass's **kwargs
    monkeypatch.setitem(BOTS, "mcts-mix", MixedSearchBot)
    bot = make_bot("mcts-mix", 3, iterations=7, clock="cpu", conquest_lookahead=1)
    assert (bot.iterations, bot.conquest_lookahead, bot.lookahead) == (7, 1, 4)


@pytest.mark.parametrize("edition", ["swow", "classic"])
def test_each_defense_piece_of_the_edition_counts_in_the_defense_feature(edition):
    """The bots count a Region's defense as the rules do (R-CONQ-3, C-CONQ-3): a Mountain and
    each of the edition's defense pieces (Warcraft: Fort, Wisp wall; classic: Troll's Lair,
    Encampment, Fortress, which used to count as none)."""
    from smallworld.bots.evaluate import extra_defense

    s = new_state(3, seed="defense", edition=edition)
    kinds = s.spec.defense_pieces
    assert set(kinds) == ({"fort", "wisp-wall"} if edition == "swow" else {"troll-lair", "encampment", "fortress"})
    r = next(r for r in range(len(s.occ)) if not s.spec.mountain[r] and not s.spec.water[r])
    s.occ[r], s.tokens[r] = 0, 1
    before = dict(threat_features(s, 0))[r][7]
    assert extra_defense(s, r) == 0 and before == 1.0
    for k, kind in enumerate(kinds, start=1):
        s.add_piece(kind, r)
        assert extra_defense(s, r) == k
        assert dict(threat_features(s, 0))[r][7] == 1.0 + k


def test_mixed_search_flat_big_keeps_only_the_big_choice_in_its_tree():
    """``flat_big``: the expand-or-decline search's tree is the choice alone (the turn below it is
    played by the fast policy); without it, conquest steps below "expand" enter the tree. The
    flat search still declines the exhausted race (R-DEC-1) and a conquest step's tree is deep."""
    from tests.bots.test_heuristics import _exhausted
    from tests.bots.test_turnsearch import _conquest_turn

    s = _exhausted(4)
    deep = MixedSearchBot(1, iterations=200)
    deep.choose(s, 0, engine.legal_actions(s))
    assert any(c.children for c in deep._tree.children.values())
    flat = MixedSearchBot(1, iterations=200, flat_big=True)
    assert flat.choose(s, 0, engine.legal_actions(s)) == Action("decline")
    assert flat.flat_big and not deep.flat_big
    assert sum(c.visits for c in flat._tree.children.values()) == 200
    assert not any(c.children for c in flat._tree.children.values())
    s = _conquest_turn()
    flat.choose(s, 0, engine.legal_actions(s))
    assert any(c.children for c in flat._tree.children.values())
