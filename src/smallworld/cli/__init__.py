"""Command-line interface: ``smallworld <command>``.

Each command group lives in its own module and is registered on :data:`app` here.
"""

from __future__ import annotations

from pathlib import Path

import typer

from smallworld.cli import boards_cmd, play_cmds, scenario_cmd, serve_cmd, tournament_cmd

app = typer.Typer(
    name="smallworld",
    help="Small World of Warcraft: play in the browser (default), rules engine, boards, simulations.",
    no_args_is_help=False,
    add_completion=False,
)
app.add_typer(boards_cmd.app, name="boards")
app.command("simulate")(play_cmds.simulate)
app.command("replay")(play_cmds.replay_cmd)
app.command("bench")(play_cmds.bench)
app.command("scenario")(scenario_cmd.scenario_cmd)
app.command("tournament")(tournament_cmd.tournament)
app.command("serve")(serve_cmd.serve)


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    host: str = serve_cmd.HOST,
    port: int | None = serve_cmd.PORT,
    db: str | None = serve_cmd.DB,
    no_browser: bool = serve_cmd.NO_BROWSER,
    bot_delay: float = serve_cmd.BOT_DELAY,
    durability: str | None = serve_cmd.DURABILITY,
    workers: int = serve_cmd.WORKERS,
    store_deadline: float = serve_cmd.STORE_DEADLINE_OPT,
    policy: Path | None = serve_cmd.POLICY,
) -> None:
    """Small World of Warcraft. With no command: ``serve`` (play in the browser), taking its
    options (``smallworld --port 9000`` = ``smallworld serve --port 9000``)."""
    if ctx.invoked_subcommand is None:
        serve_cmd.serve(host=host, port=port, db=db, no_browser=no_browser, bot_delay=bot_delay,
                        durability=durability, workers=workers, store_deadline=store_deadline, policy=policy)


def main() -> None:
    """Console-script entry point."""
    app()
