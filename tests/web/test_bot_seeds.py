"""Bots are seeded from the sealed secret, never from anything a seat can see (issue #36 point
3): a sealed game's public commitment (what every page shows) says nothing about its bots."""

from __future__ import annotations

import hashlib
import hmac

from smallworld.core.fairness import commitment
from smallworld.core.game import Game
from smallworld.web import games
from smallworld.web.chronicle import Logbook
from smallworld.web.games import LiveGame, Seat, bot_seed

SEATS = [Seat("Anna", "human", token="t"), Seat("Bob", "bot", bot="random"),
         Seat("Cleo", "bot", bot="random")]


def _live(game):
    return LiveGame(id="g", title="t", seats=SEATS, host_token="h", game=game, log=Logbook())


def _seeds(live, monkeypatch):
    """The seed each bot seat of ``live`` is made with."""
    seen = {}

    def spy(name, seed=None, **kw):
        seen[len(seen) + 1] = seed
        return object()

    monkeypatch.setattr(games, "make_bot", spy)
    live.bot_for(1)
    live.bot_for(2)
    return seen


def test_a_sealed_games_bots_are_seeded_from_the_secret_not_the_commitment(monkeypatch):
    g = Game.new(3)  # a sealed secret seed
    commit = g.record.header["chance"]["commit"]
    seeds = _seeds(_live(g), monkeypatch)
    for p in (1, 2):
        # not the old public formula, and nothing of the commitment in it
        assert seeds[p] != f"{commit}-{p}"
        assert commit not in seeds[p]
        assert seeds[p] == hmac.new(g.secret.encode(), f"bot:{p}".encode(), hashlib.sha256).hexdigest()
    assert seeds[1] != seeds[2]


def test_equal_public_data_with_other_secrets_gives_other_bots(monkeypatch):
    """Two games showing every seat the same commitment and header, with different sealed
    secrets: their bots differ, so the public data cannot be what seeds them."""
    a = Game.new(3)
    b = Game.new(3)
    b.record.header = dict(a.record.header)  # the same public header, commitment included
    assert commitment(a.secret) == b.record.header["chance"]["commit"] != commitment(b.secret)
    assert bot_seed(a, 1) != bot_seed(b, 1)
    assert _seeds(_live(a), monkeypatch) != _seeds(_live(b), monkeypatch)


def test_a_chosen_seed_keeps_reproducible_bots():
    g = Game.new(3, seed=7)
    assert bot_seed(g, 2) == "7-2"
