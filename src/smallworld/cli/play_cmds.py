"""``smallworld simulate``, ``replay`` and ``bench``."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from smallworld.bots import BOTS, make_bot
from smallworld.bots.play import play_game
from smallworld.core import edition as editions
from smallworld.core.errors import ReplayError
from smallworld.core.record import GameRecord, replay

err = Console(stderr=True)


def simulate(
    players: int = typer.Option(3, "--players", "-p", min=2, max=5, help="Players (2-5)."),
    games: int = typer.Option(10, "--games", "-g", min=1, help="Number of games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the first game (game i uses seed+i)."),
    bot: str = typer.Option("random", "--bot", help=f"Bot for every seat ({', '.join(sorted(BOTS))})."),
    edition: str = typer.Option("swow", "--edition", "-e", help="swow, swow-team (RULES §12) or another installed edition (classic)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of a table."),
    save_dir: Path | None = typer.Option(None, "--save-dir", help="Write each game record here."),
) -> None:
    """Play complete games with bots and summarise them."""
    if bot not in BOTS:
        raise typer.BadParameter(f"unknown bot {bot!r}; known: {', '.join(sorted(BOTS))}", param_hint="--bot")
    if edition not in editions.names():
        raise typer.BadParameter(f"unknown edition {edition!r}; known: {', '.join(editions.names())}", param_hint="--edition")
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    results = []
    with Progress(console=err, transient=True, disable=as_json and not err.is_terminal) as progress:
        task = progress.add_task(f"{players}-player games", total=games)
        for i in range(games):
            gseed = seed + i
            g = play_game([make_bot(bot, f"{gseed}-{p}") for p in range(players)], seed=gseed, edition=edition)
            res = g.state.result
            assert res is not None
            if save_dir is not None:
                g.record.save(save_dir / f"game-{players}p-seed{gseed}.json")
            results.append({
                "seed": gseed,
                # a side wins in the team variant (R-TEAM-7): no single winning seat there
                **({} if "sides" in res else {"winner": res["winners"][0]}),
                "winners": res["winners"],
                "scores": res["scores"],
                "rounds": g.state.round,
                "actions": len(g.record.actions),
                "boards": list(g.state.spec.faces),
                **({"sides": res["sides"], "winning_sides": res["winning_sides"]} if "sides" in res else {}),
            })
            progress.advance(task)
    if as_json:
        typer.echo(json.dumps({"games": results}))
        return
    table = Table(title=f"{games} {edition} games, {players} players, bot {bot}")
    table.add_column("seat")
    table.add_column("wins", justify="right")
    table.add_column("mean VC", justify="right")
    for p in range(players):
        wins = sum(1 for r in results if p in r["winners"])
        table.add_row(str(p + 1), str(wins), f"{statistics.mean(r['scores'][p] for r in results):.1f}")
    Console().print(table)
    typer.echo(f"mean actions per game: {statistics.mean(r['actions'] for r in results):.0f}")


def replay_cmd(
    file: Path = typer.Argument(..., help="A game record (JSON)."),
    verify: bool = typer.Option(
        False, "--verify", help="Also check that every die roll and draw follows from the revealed seed."),
) -> None:
    """Re-apply a game record and print the final scores (exit 2 on a bad record, or on events
    that are not what its actions did). With ``--verify``, also check its chance against the
    seed (exit 2 when it does not follow, or while the seed is still sealed)."""
    from smallworld.core.fairness import verify as check_chance
    from smallworld.core.record import first_unfit_events

    made: list[list[dict[str, Any]]] = []
    try:
        record = GameRecord.load(file)
        s = replay(record, events=made)
    except ReplayError as e:
        err.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    bad = first_unfit_events(record, made)
    if bad is not None:
        err.print(f"[red]error:[/red] the recorded events of action {bad + 1} "
                  f"({record.actions[bad]!r}) are not what it did")
        raise typer.Exit(2)
    if verify:
        v = check_chance(record)
        if not v.ok:
            err.print(f"[red]chance not verified:[/red] {v.message}")
            raise typer.Exit(2)
        typer.echo(f"chance verified: {v.message}")
    seats = s.spec.seats
    if s.result is None:
        typer.echo(f"{len(record.actions)} actions replayed; game in progress (round {s.round}, {seats[s.turn]} to play)")
        return
    for p, name in enumerate(seats):
        mark = " (winner)" if p in s.result["winners"] else ""
        typer.echo(f"{name}: {s.result['scores'][p]} VC, {s.result['tokens'][p]} tokens{mark}")


def bench(
    games: int = typer.Option(200, "--games", "-g", min=10, help="Games per player count."),
    profile: bool = typer.Option(False, "--profile", help="Also print a cProfile summary."),
    edition: str = typer.Option("swow", "--edition", "-e", help="An installed edition (swow, classic, ...)."),
) -> None:
    """Random-playout throughput of the engine, single process."""
    from smallworld.bench import run

    if edition not in editions.names():
        raise typer.BadParameter(f"unknown edition {edition!r}; known: {', '.join(editions.names())}", param_hint="--edition")
    out = run(games=games, profile=profile, edition=edition)
    typer.echo(f"engine: {out['build']['label']}")
    for n in (2, 3, 5):
        f = out[f"{n}p"]
        typer.echo(f"{n} players: {f['games_per_s']:7.1f} games/s  {f['actions_per_s']:9.0f} actions/s  "
                   f"({f['actions_per_game']:.0f} actions/game; {f['games_per_cpu_s']:7.1f} games per CPU second)")
    typer.echo(f"state copy:    {out['copy_us']:7.1f} us")
    typer.echo(f"legal actions: {out['legal_actions_us']:7.1f} us")
    if profile:
        typer.echo(out["profile"])
