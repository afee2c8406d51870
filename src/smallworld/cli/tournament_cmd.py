"""``smallworld tournament``: seeded bot-vs-bot games with rotated seats, in parallel."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from smallworld.bots import BOTS, known_bot, parse_bot_spec
from smallworld.bots.rating import rate_games
from smallworld.bots.tournament import (
    BACKENDS,
    arrangements,
    default_workers,
    run_tournament,
    schedule,
    schedule_pool,
)
from smallworld.core import edition as editions

err = Console(stderr=True)
DEFAULT_WORKERS = default_workers()


def _fail(message: str, param: str) -> None:
    raise typer.BadParameter(message, param_hint=param)


def tournament(
    bots: str | None = typer.Option(None, "--bots", "-b",
                                    help=f"Comma-separated bots, one per seat ({', '.join(sorted(BOTS))}); "
                                         "fewer than the seats are repeated to fill them; options after a colon, "
                                         "e.g. mcts-blend:deep_share=0.1; policy:PATH a trained policy file "
                                         "(policy:shipped: the one shipped for the edition). Default greedy,random; "
                                         "with --pool: the pool (default every bot)."),
    pool: bool = typer.Option(False, "--pool",
                              help="Pool tournament: each game seats distinct bots drawn from --bots."),
    rating: bool = typer.Option(False, "--rating",
                                help="Rate the bots from the results (openskill Plackett-Luce) and print the ladder."),
    players: int = typer.Option(3, "--players", "-p", help="Players per game (2-5)."),
    games: int = typer.Option(12, "--games", "-g", help="Number of games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Tournament seed (game seeds follow from it)."),
    workers: int = typer.Option(DEFAULT_WORKERS, "--workers", "-w", help="Parallel worker processes (1: none)."),
    edition: str = typer.Option("swow", "--edition", "-e", help="swow, swow-team (RULES §12) or another installed edition (classic)."),
    save_dir: Path | None = typer.Option(None, "--save-dir", help="Write each game record here."),
    resume: bool = typer.Option(False, "--resume",
                                help="Go on with an interrupted run: games whose results are in --save-dir "
                                     "(same bots, seeds and options) are not played again."),
    backend: str = typer.Option("process", "--backend", help="process (ProcessPoolExecutor) or ray."),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)."),
    mcts_time: float = typer.Option(0.5, "--mcts-time", help="Seconds per search decision (mcts, mcts-blend)."),
    mcts_iterations: int | None = typer.Option(None, "--mcts-iterations",
                                               help="Iterations per MCTS decision instead of a time budget (reproducible)."),
    clock: str = typer.Option("wall", "--clock",
                              help="Clock of --mcts-time: wall, or cpu (each process's CPU time: fair on a busy machine)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of a table."),
) -> None:
    """Play seeded games between bots, every seat rotation, and rank the bots.

    With --pool each game seats distinct bots drawn from the pool instead; --rating rates the
    bots from the results (openskill Plackett-Luce ladder).

    Win rate splits shared wins equally; the 95% interval is the Wilson score interval over the
    seat-games each bot played.
    """
    if bots is None:
        bots = ",".join(BOTS) if pool else "greedy,random"
    names = _check_bots(bots, pool, players)
    _check_run(games=games, workers=workers, edition=edition, backend=backend, address=address,
               mcts_time=mcts_time, clock=clock, mcts_iterations=mcts_iterations, resume=resume,
               save_dir=save_dir)
    options = {"time_limit": mcts_time, "iterations": mcts_iterations, "clock": clock}
    if pool:
        tasks = schedule_pool(names, players, games, seed, edition=edition, bot_options=options)
        n_arr, balanced = 0, True  # random seatings: no balance note
    else:
        tasks = schedule(names, players, games, seed, edition=edition, bot_options=options)
        n_arr = len(arrangements(names, players))
        balanced = games % n_arr == 0  # every seating played equally often
    with Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(), console=err, transient=True,
        disable=not err.is_terminal,
    ) as progress:
        bar = progress.add_task(f"{players}-player games", total=len(tasks))
        result = run_tournament(tasks, workers=workers, backend=backend, address=address,
                                save_dir=save_dir, resume=resume,
                                on_result=lambda _r: progress.advance(bar))
    ladder = rate_games(result.games) if rating else None
    if as_json:
        games_out = [{k: v for k, v in g.items() if k != "record"} for g in result.games]
        out = {
            "bots": names, "players": players, "games": games, "seed": seed, "edition": edition,
            "pool": pool, "arrangements": n_arr, "balanced": balanced, "ci": "wilson-95", "rows": result.rows,
            "results": games_out,
        }
        if ladder is not None:
            out["ratings"] = ladder["rows"]
        typer.echo(json.dumps(out))
        return
    if pool:
        title = f"{games} {edition} games, {players} players, seed {seed}, seats drawn from a pool of {len(names)}"
    else:
        title = (f"{games} {edition} games, {players} players, seed {seed}, "
                 f"{n_arr} seat arrangement{'s' if n_arr != 1 else ''}")
    _print_results(title, result.rows)
    typer.echo(f"win rate: shared wins split equally; even odds are {100 / players:.1f}% per seat; "
               f"{result.seconds:.1f} s with {workers} {backend} worker{'s' if workers != 1 else ''}")
    if ladder is not None:
        _print_ladder(ladder)
    if not balanced:
        counted = "1 game does" if games == 1 else f"{games} games do"
        typer.echo(f"note: {counted} not cover the {n_arr} seat arrangements equally, so seats are "
                   f"unbalanced; use a multiple of {n_arr} games for balanced seats")
    if save_dir is not None:
        typer.echo(f"records saved to {save_dir}")


def _check_bots(bots: str, pool: bool, players: int) -> list[str]:
    """The bots named by ``--bots`` for ``players`` seats (a pool: distinct, at least one per
    seat). Raises ``typer.BadParameter`` naming the option."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        _fail("give at least one bot", "--bots")
    unknown = [b for b in names if not known_bot(parse_bot_spec(b)[0])]
    if unknown:
        _fail(f"unknown bot {unknown[0]!r}; known: {', '.join(sorted(BOTS))}, policy:PATH", "--bots")
    if not 2 <= players <= 5:
        _fail(f"players must be 2 to 5, not {players}", "--players")
    if pool:
        names = list(dict.fromkeys(names))
        if len(names) < players:
            _fail(f"a pool of {len(names)} bots for {players} seats; give at least {players}", "--bots")
    elif len(names) > players:
        _fail(f"{len(names)} bots for {players} seats; give at most {players}", "--bots")
    return names


def _check_run(*, games: int, workers: int, edition: str, backend: str, address: str | None,
               mcts_time: float, clock: str, mcts_iterations: int | None, resume: bool,
               save_dir: Path | None) -> None:
    """The run's options. Raises ``typer.BadParameter`` naming the first wrong one."""
    checks = [
        (games < 1, f"games must be at least 1, not {games}", "--games"),
        (workers < 1, f"workers must be at least 1, not {workers}", "--workers"),
        (edition not in editions.names(), f"unknown edition {edition!r}; known: {', '.join(editions.names())}",
         "--edition"),
        (backend not in BACKENDS, f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}", "--backend"),
        (address is not None and backend != "ray", "--address needs --backend ray", "--address"),
        (not mcts_time > 0, f"mcts time must be positive, not {mcts_time}", "--mcts-time"),
        (clock not in ("wall", "cpu"), f"clock must be wall or cpu, not {clock!r}", "--clock"),
        (mcts_iterations is not None and mcts_iterations < 1,
         f"mcts iterations must be at least 1, not {mcts_iterations}", "--mcts-iterations"),
        (resume and save_dir is None, "--resume needs --save-dir (the folder of the interrupted run)", "--resume"),
    ]
    for wrong, message, param in checks:
        if wrong:
            _fail(message, param)
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            _fail("Ray is not installed: pip install 'smallworld[ray]'", "--backend")


def _print_results(title: str, rows: list[dict[str, Any]]) -> None:
    """The bots' table: seat-games, wins, win rate with its Wilson interval, mean VC, time."""
    table = Table(title=title)
    for col, just in (("bot", "left"), ("seat-games", "right"), ("wins", "right"), ("win rate", "right"),
                      ("95% CI (Wilson)", "right"), ("mean VC", "right"), ("ms/decision", "right")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for r in rows:
        table.add_row(
            r["bot"], str(r["seat_games"]), f"{r['wins']:g}", f"{100 * r['win_rate']:.1f}%",
            f"{100 * r['ci_low']:.1f}-{100 * r['ci_high']:.1f}%", f"{r['mean_score']:.1f}",
            f"{1000 * r['mean_think']:.1f}",
        )
    Console(width=120).print(table)


def _print_ladder(ladder: dict[str, Any]) -> None:
    """The openskill rating ladder (docs/bots.md)."""
    rt = Table(title=f"Ratings (openskill Plackett-Luce, {ladder['rated']} games rated)")
    for col, just in (("rank", "right"), ("bot", "left"), ("rating (mu-3sigma)", "right"), ("mu", "right"),
                      ("sigma", "right"), ("games", "right"), ("win rate", "right")):
        rt.add_column(col, justify=just)  # type: ignore[arg-type]
    for i, r in enumerate(ladder["rows"], 1):
        rt.add_row(str(i), r["bot"], f"{r['ordinal']:.1f}", f"{r['mu']:.1f}", f"{r['sigma']:.2f}",
                   str(r["games"]), f"{100 * r['win_rate']:.1f}%")
    Console(width=120).print(rt)
    if ladder["skipped"]:
        typer.echo(f"note: {ladder['skipped']} games with a bot in two seats were not rated")
