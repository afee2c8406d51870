"""Bots: players that choose among the engine's legal actions.

A bot is any object with ``choose(state, player, legal) -> Action`` that reads only
``view(state, player)`` and ``legal`` (RULES §15). :func:`make_bot` builds one by name.
"""

from __future__ import annotations

from smallworld.bots.base import Bot
from smallworld.bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """A bot by name (``random``).

    Raises:
        ValueError: unknown name (the message lists the known ones).
    """
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None
    return cls(seed)


__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]
