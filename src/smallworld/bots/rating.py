"""Ratings of bots from tournament games: openskill's Plackett-Luce model.

Each game is a ranking of its seats: the winners share rank 1, the other seats follow by final
score (equal scores share a rank). Every seat is a one-player team rated as its bot (a bot name
is one player across all games). Games are rated one after another in game order, so a rating
is reproducible for a given list of games. The ladder orders bots by the conservative estimate
``ordinal = mu - 3 sigma`` (openskill's default).

A bot must hold at most one seat per game to be rated (``smallworld tournament --pool`` draws
distinct bots for each game); a game in which a bot sits twice is skipped and counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce


def game_ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Rank of each seat (1 is best): winners 1, then the others by score, ties sharing."""
    win = set(winners)
    keys = [(0 if k in win else 1, -float(s)) for k, s in enumerate(scores)]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def rate_games(games: Sequence[dict[str, Any]], model: PlackettLuce | None = None) -> dict[str, Any]:
    """Rate the bots of ``games`` (dicts with ``lineup``, ``scores`` and ``winners``, as
    :func:`smallworld.bots.tournament.play_task` returns them).

    Returns ``{"rows": [...], "rated": n, "skipped": n}``; each row (best ``ordinal`` first) is
    ``{"bot", "mu", "sigma", "ordinal", "games", "wins", "win_rate", "mean_score"}`` (``wins``
    splits shared wins).
    """
    model = model or PlackettLuce()
    ratings: dict[str, Any] = {}
    acc: dict[str, dict[str, float]] = {}
    rated = skipped = 0
    for g in games:
        lineup = list(g["lineup"])
        if len(set(lineup)) != len(lineup):
            skipped += 1
            continue
        for name in lineup:
            if name not in ratings:
                ratings[name] = model.rating(name=name)
                acc[name] = {"games": 0, "wins": 0.0, "score": 0.0}
        ranks = game_ranks(g["scores"], g["winners"])
        new = model.rate([[ratings[n]] for n in lineup], ranks=[float(x) for x in ranks])
        for name, team in zip(lineup, new, strict=True):
            ratings[name] = team[0]
        winners = g["winners"]
        for k, name in enumerate(lineup):
            a = acc[name]
            a["games"] += 1
            a["score"] += g["scores"][k]
            if k in winners:
                a["wins"] += 1.0 / len(winners)
        rated += 1
    rows = []
    for name, r in ratings.items():
        a = acc[name]
        n = int(a["games"])
        rows.append({
            "bot": name, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal(), "games": n,
            "wins": round(a["wins"], 3), "win_rate": a["wins"] / n if n else 0.0,
            "mean_score": a["score"] / n if n else 0.0,
        })
    rows.sort(key=lambda row: -row["ordinal"])
    return {"rows": rows, "rated": rated, "skipped": skipped}


def ladder_markdown(rows: Sequence[dict[str, Any]]) -> str:
    """The rating rows as a Markdown table (rank, bot, ordinal, mu, sigma, games, win rate)."""
    out = ["| rank | bot | rating (mu - 3 sigma) | mu | sigma | games | win rate | mean VC |",
           "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for i, r in enumerate(rows, 1):
        out.append(f"| {i} | {r['bot']} | {r['ordinal']:.1f} | {r['mu']:.1f} | {r['sigma']:.2f} | "
                   f"{r['games']} | {100 * r['win_rate']:.1f}% | {r['mean_score']:.1f} |")
    return "\n".join(out)


__all__ = ["game_ranks", "ladder_markdown", "rate_games"]
