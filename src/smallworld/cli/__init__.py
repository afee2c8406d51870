"""Command-line interface: ``smallworld <command>``.

Each command group lives in its own module and is registered on :data:`app` here.
"""

from __future__ import annotations

import typer

from smallworld.cli import boards_cmd, play_cmds, scenario_cmd

app = typer.Typer(
    name="smallworld",
    help="Small World of Warcraft: rules engine, boards, simulations.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(boards_cmd.app, name="boards")
app.command("simulate")(play_cmds.simulate)
app.command("replay")(play_cmds.replay_cmd)
app.command("bench")(play_cmds.bench)
app.command("scenario")(scenario_cmd.scenario_cmd)


def main() -> None:
    """Console-script entry point."""
    app()
