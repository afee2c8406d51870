"""Bots: players that choose among the engine's legal actions.

A bot is any object with ``choose(state, player, legal) -> Action`` that reads only
``view(state, player)`` and ``legal``, or simulates on ``determinize(state, player, rng)``
(RULES §15). :func:`make_bot` builds one by name:

- ``random``: a uniformly random legal action;
- ``greedy``: a fast heuristic with one-step lookahead (:mod:`smallworld.bots.greedy`);
- ``mcts``: information-set Monte Carlo tree search (:mod:`smallworld.bots.mcts`), 0.5 s per
  decision by default: the Medium level;
- ``mcts-blend``: MCTS over its own turn whose leaves are all valued at the end of the turn, less
  the Regions opponents are expected to take, and a share of them two turns later too (all of
  them at the turn's big choices), the cheap values corrected by the deep ones
  (:mod:`smallworld.bots.blend`): the Hard level;
- ``random-nodecline``, ``greedy-eps``, ``mcts-fast``: the training ladder between random and
  greedy (:mod:`smallworld.bots.ladder`).

:data:`LEVELS` are the levels people choose (Easy, Medium, Hard: :mod:`smallworld.bots.levels`).
The search bots are configurations of one search loop (:mod:`smallworld.bots.search`); the
research variants measured in ``docs/bots.md`` (``mcts-turn``, ``mcts-plan``, ``mcts-threat``,
``mcts-mix``) are configurations in ``benchmarks/bot_variants.py``, not offered here.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

from smallworld.bots.base import Bot
from smallworld.bots.blend import BlendSearchBot
from smallworld.bots.greedy import GreedyBot
from smallworld.bots.ladder import EpsilonGreedyBot, FastSearchBot, NoDeclineRandomBot
from smallworld.bots.levels import LEVELS, OPPONENTS, Level, level_bot, levels_meta, opponents_meta
from smallworld.bots.mcts import MCTSBot
from smallworld.bots.random_bot import RandomBot

BOTS: dict[str, type[Any]] = {
    "random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot,
    "random-nodecline": NoDeclineRandomBot, "greedy-eps": EpsilonGreedyBot, "mcts-fast": FastSearchBot,
    "mcts-blend": BlendSearchBot,
}

#: bots of the layers above this one, by name: ``"module:class"``, imported on first use (the
#: layers point down, so the bots never import them). ``policy:PATH`` (``policy:shipped``: the
#: policy shipped for the game's edition and player count) is a trained policy
#: (:class:`smallworld.rl.policy.PolicyBot`, needs the ``rl`` extra).
PLUGIN_BOTS: dict[str, str] = {"policy": "smallworld.rl.policy:PolicyBot"}


def known_bot(name: str) -> bool:
    """``name`` (without options) is a bot :func:`make_bot` builds."""
    return name in BOTS or name in PLUGIN_BOTS


def make_bot(name: str, seed: int | str | None = None, **options: Any) -> Bot:
    """A bot by name (``random``, ``greedy``, ``mcts``, ``policy:PATH``), seeded.

    ``options`` are passed to bots that take them (``mcts``: ``time_limit`` seconds per decision,
    ``iterations``; ``greedy-eps``: ``epsilon``); other bots ignore them.

    Raises:
        ValueError: unknown name (the message lists the known ones).
    """
    if name.partition(":")[0] in PLUGIN_BOTS:
        name, own = parse_bot_spec(name)
        options = {**options, **own}
    try:
        cls = BOTS[name] if name in BOTS else _plugin(name)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted([*BOTS, *PLUGIN_BOTS]))}") from None
    params = _init_parameters(cls)
    kwargs = {k: v for k, v in options.items() if k in params and v is not None}
    return cls(seed, **kwargs)


def parse_bot_spec(text: str) -> tuple[str, dict[str, Any]]:
    """A bot and its options written on a command line: ``"mcts-blend:deep_share=0.1;prior=0.1"``
    -> ``("mcts-blend", {"deep_share": 0.1, "prior": 0.1})`` (each value read as JSON, else
    kept as text), for :func:`make_bot`. Used by the benchmarks' ``--bots``."""
    name, _, rest = text.partition(":")
    if name.strip() in PLUGIN_BOTS and "=" not in rest:  # policy:PATH
        return name.strip(), ({"path": rest.strip()} if rest.strip() else {})
    options: dict[str, Any] = {}
    for pair in filter(None, rest.split(";")):
        key, _, value = pair.partition("=")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value.strip()
    return name.strip(), options


def _plugin(name: str) -> type[Any]:
    """The class of a :data:`PLUGIN_BOTS` name (``KeyError`` for another name)."""
    import importlib

    module, _, attr = PLUGIN_BOTS[name].partition(":")
    cls: type[Any] = getattr(importlib.import_module(module), attr)
    return cls


def _init_parameters(cls: type) -> set[str]:
    """The keyword arguments ``cls(...)`` takes: those of its ``__init__`` and, while an
    ``__init__`` passes ``**kwargs`` on, those of its bases' (a subclass adding one option)."""
    names: set[str] = set()
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        if init is None:
            continue
        params = inspect.signature(init).parameters.values()
        names.update(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
        if not any(p.kind is p.VAR_KEYWORD for p in params):
            break
    return names


__all__ = [
    "BOTS",
    "LEVELS",
    "OPPONENTS",
    "BlendSearchBot",
    "Bot",
    "EpsilonGreedyBot",
    "FastSearchBot",
    "GreedyBot",
    "Level",
    "MCTSBot",
    "NoDeclineRandomBot",
    "RandomBot",
    "level_bot",
    "levels_meta",
    "make_bot",
    "opponents_meta",
    "parse_bot_spec",
]
