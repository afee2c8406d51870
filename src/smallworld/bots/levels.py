"""Bot levels people choose in the lobby: Easy, Medium, Hard.

Each level names the bot that plays it (a key of :data:`smallworld.bots.BOTS`) and says in
plain words how it plays. The web app's ``/api/meta`` sends them and the lobby offers
"Bot · Easy", "Bot · Medium", "Bot · Hard"; the API still accepts any raw bot name.

Hard is ``mcts-blend``: in the measured head-to-head against two copies of ``mcts`` (Medium) at
the same budget it won 48% of 102 three-player games (even odds: 33%), as ``mcts-plan`` did,
while searching about seven times as many iterations per second (``docs/bots.md``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from smallworld.core.names import N_


@dataclass(frozen=True)
class Level:
    """A level: ``id`` (``easy``), display ``name``, the ``bot`` that plays it, a
    ``description`` for players."""

    id: str
    name: str
    bot: str
    description: str


LEVELS: tuple[Level, ...] = (
    # N_: the names and descriptions are in the pages' message catalogues (smallworld.web.i18n)
    Level("easy", N_("Easy"), "greedy",
          N_("Plays at once by simple rules of thumb: takes what looks best right now and never "
             "plans ahead. Good for learning the game.")),
    Level("medium", N_("Medium"), "mcts",
          N_("Thinks about half a second per move, trying each option by playing the next turns "
             "out quickly in its head. A fair challenge.")),
    Level("hard", N_("Hard"), "mcts-blend",
          N_("Thinks about half a second per move, weighing its real choices of the turn (which "
             "race to take, where to attack, when to go In Decline) by how the next rounds could "
             "go after each. The strongest bot.")),
)


#: opponents offered by name beside the levels (the lobby's list): players see these and the
#: levels, never the research variants of :data:`smallworld.bots.BOTS`, which the API and the
#: command line still accept by their raw names
OPPONENTS: tuple[Level, ...] = (
    Level("random", N_("Random"), "random",
          N_("Plays any legal move at random, with no plan at all: a gentle first opponent while you "
             "learn the rules.")),
)


def level_bot(name: str) -> str:
    """The bot of a level id or name (``hard``, ``Hard``); any other name is returned as is."""
    for lv in LEVELS:
        if name in (lv.id, lv.name):
            return lv.bot
    return name


def levels_meta() -> list[dict[str, str]]:
    """The levels as plain dicts (for ``/api/meta``)."""
    return [asdict(lv) for lv in LEVELS]


def opponents_meta() -> list[dict[str, str]]:
    """The named opponents as plain dicts (for ``/api/meta``)."""
    return [asdict(lv) for lv in OPPONENTS]


def levels_table() -> str:
    """The levels as a Markdown table (level, bot, what players read): the table of
    ``docs/bots.md``, filled in when the site is built (``tools/docs_hooks.py``)."""
    rows = ["| level | bot | what players read |", "|---|---|---|"]
    rows += [f"| {lv.name} | `{lv.bot}` | {lv.description} |" for lv in LEVELS]
    return "\n".join(rows) + "\n"


__all__ = ["LEVELS", "OPPONENTS", "Level", "level_bot", "levels_meta", "levels_table", "opponents_meta"]
