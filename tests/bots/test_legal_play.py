"""Bots only ever play legal actions (R-* of every phase they meet), over many seeded games on
the real boards, in every player count and in the team variant (RULES §12)."""

from __future__ import annotations

import pytest

from smallworld.bots import BOTS, make_bot
from smallworld.core import engine
from smallworld.core.game import Game
from smallworld.core.record import replay
from smallworld.core.state import CHANCE


def _play_checked(names, seed, edition="swow", **options):
    """A complete game where every bot action goes through the engine's legality check."""
    bots = [make_bot(n, f"{seed}-{k}", **options) for k, n in enumerate(names)]
    g = Game.new(len(names), seed=seed, edition=edition)
    s = g.state
    steps = 0
    while not s.is_over():
        steps += 1
        assert steps < 20_000, "game did not end"
        p = s.current_player()
        if p == CHANCE:
            g.resolve_chance()
            continue
        legal = engine.legal_actions(s)
        a = bots[p].choose(s, p, legal)
        assert a in legal, f"{names[p]} chose {a} not in {legal}"
        g.apply(a)  # check=True: IllegalActionError if the engine disagrees
    return g


@pytest.mark.parametrize(
    ("names", "seed", "edition"),
    [
        (["greedy", "greedy"], 1, "swow"),
        (["greedy", "random", "greedy"], 2, "swow"),
        (["greedy", "greedy", "greedy"], 3, "swow"),
        (["greedy", "greedy", "greedy"], 4, "swow"),
        (["greedy", "random", "greedy", "greedy"], 5, "swow"),
        (["greedy", "greedy", "greedy", "greedy", "greedy"], 6, "swow"),
        (["greedy", "greedy", "greedy", "greedy"], 7, "swow-team"),
        (["greedy", "greedy", "random"], 8, "swow-team"),
    ],
)
def test_greedy_plays_only_legal_actions(names, seed, edition):
    g = _play_checked(names, seed, edition)
    assert g.state.result is not None
    assert replay(g.record).result == g.state.result  # and the game replays exactly


@pytest.mark.parametrize(("names", "seed"), [(["mcts", "greedy", "random"], 11), (["greedy", "mcts"], 12),
                                            (["mcts-fast", "greedy", "random"], 14), (["greedy", "mcts-fast"], 15),
                                            (["mcts-blend", "greedy", "random"], 19), (["greedy", "mcts-blend"], 20)])
def test_mcts_plays_only_legal_actions(names, seed):
    g = _play_checked(names, seed, iterations=6)
    assert g.state.result is not None


def test_the_hard_level_in_the_classic_edition():
    """The lobby offers Hard in both editions: its bot plays a whole classic game legally."""
    from smallworld.bots import level_bot

    g = _play_checked([level_bot("hard"), "greedy", "random"], 18, "classic", iterations=4)
    assert g.state.result is not None


def test_mcts_in_the_team_variant():
    g = _play_checked(["mcts", "greedy", "greedy", "greedy"], 13, "swow-team", iterations=4)
    assert g.state.result is not None


def test_every_registered_bot_is_buildable_by_name():
    """The web app offers every name in BOTS: each builds with just a seed."""
    for name in BOTS:
        bot = make_bot(name, 1)
        assert bot.name == name
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_bot("genius")


def test_the_research_variants_are_not_offered_to_players():
    """The variants that lost their head-to-heads are benchmark configurations
    (``benchmarks/bot_variants.py``), not names players, the lobby or the API can pick; the
    levels and the named opponents are all registered."""
    from benchmarks.bot_variants import VARIANTS
    from smallworld.bots import LEVELS, OPPONENTS

    assert set(VARIANTS) == {"mcts-turn", "mcts-plan", "mcts-threat", "mcts-mix"}
    assert not set(VARIANTS) & set(BOTS)
    assert all(lv.bot in BOTS for lv in LEVELS + OPPONENTS)
    with pytest.raises(ValueError, match="unknown bot 'mcts-plan'"):
        make_bot("mcts-plan")


def test_greedy_games_complete():
    """Full 3-player games of greedy bots finish with a result (their speed is measured by
    `smallworld tournament` and benchmarks/bot_strength.py, not here)."""
    for seed in (21, 22):
        g = _play_checked(["greedy"] * 3, seed)
        assert g.state.result is not None
