"""``smallworld boards ...``: validate and draw board faces (RULES §14)."""

from __future__ import annotations

import typer

app = typer.Typer(help="Validate and draw board faces (RULES §14).", no_args_is_help=True)


@app.command("list")
def list_faces() -> None:
    """List the board faces."""
    typer.echo("(boards not yet available)")
