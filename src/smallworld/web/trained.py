"""The lobby's Trained opponent: a policy trained by reinforcement learning
(:mod:`smallworld.rl.policy`), offered when one can play here.

``smallworld serve`` offers the policies shipped in the package (Warcraft and classic, 2
players), or the policy file given with ``--policy PATH``. The opponent is the bot
``policy:shipped`` / ``policy:PATH`` (:data:`smallworld.bots.PLUGIN_BOTS`); it needs the ``rl``
extra (NumPy, gymnasium, PettingZoo) to encode what it sees, not torch. Without it, or with a
file that does not load, the lobby simply does not offer it.
"""

from __future__ import annotations

from typing import Any

from smallworld.bots import make_bot
from smallworld.core.names import N_

#: the editions in the words of the description (the page translates each)
EDITION_WORDS = {"swow": N_("Warcraft"), "swow-team": N_("Battle for Azeroth"),
                 "classic": N_("the original Small World")}
#: the description, its placeholders filled by the page in its language (a list of player
#: counts, a list of edition words)
DESCRIPTION = N_("A small neural network that learned the game by playing it many thousands of times. "
                 "Plays at once. Only in {players}-player games of {editions}.")


def trained_opponent(policy: str | None = None) -> dict[str, Any] | None:
    """The lobby entry of the Trained opponent (``id``, ``name``, ``bot``, ``description`` in
    English, ``say``: the description's msgid and its arguments for the page, ``{"msg",
    "players": [2], "editions": ["Warcraft", ...]}`` (the page joins the lists in its language),
    and ``games``: the ``[edition, players]`` pairs it plays) of the file ``policy``, or of the
    shipped policies (``None``): then ``None`` when they cannot play here (the ``rl`` extra
    missing).

    Raises:
        ValueError: ``policy`` given and not a policy file that can play here.
    """
    bot_name = f"policy:{policy}" if policy else "policy:shipped"
    try:
        bot: Any = make_bot(bot_name)
    except (ImportError, OSError, ValueError) as e:
        if policy:
            raise ValueError(f"cannot offer the policy {policy}: {e}") from e
        return None
    games = [[e, p] for e, p in bot.games()]
    if not games:  # no shipped policy in this install
        return None
    counts = sorted({p for _e, p in games})
    words = list(dict.fromkeys(EDITION_WORDS.get(e, e) for e, _p in games))
    return {
        "id": "trained", "name": N_("Trained"), "bot": bot_name, "games": games,
        "description": DESCRIPTION.format(players=" or ".join(str(n) for n in counts), editions=" and ".join(words)),
        "say": {"msg": DESCRIPTION, "players": counts, "editions": words},
    }


def check_trained(trained: dict[str, Any] | None, bots: list[str | None], edition: str, players: int) -> None:
    """``ValueError`` in player words when a seat has the Trained opponent in a game it does
    not play (another edition or player count)."""
    if trained is None or trained["bot"] not in bots:
        return
    if [edition, players] not in trained["games"]:
        raise ValueError(f"The Trained bot cannot play this game: {trained['description'].split('. ')[-1]}")
