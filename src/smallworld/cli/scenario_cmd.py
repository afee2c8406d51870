"""``smallworld scenario FILE``: load a position, list legal actions with costs, try actions."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.engine import phase_of
from smallworld.core.errors import RulesError
from smallworld.scenarios import load_scenario

err = Console(stderr=True)


def scenario_cmd(
    file: Path = typer.Argument(..., help="Scenario file (docs/scenarios.md)."),
    action: list[str] = typer.Option([], "--action", "-a", help="Apply this action (repeatable)."),
) -> None:
    """Show a scenario's position and legal actions; apply actions given with -a."""
    try:
        s = load_scenario(file)
        for text in action:
            engine.apply_action(s, text)
            typer.echo(f"applied: {text}")
    except RulesError as e:
        err.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    spec = s.spec
    typer.echo(f"round {s.round}/{spec.rounds}, {spec.seats[s.turn]}'s turn, phase {phase_of(s)}")
    for p in range(spec.n_players):
        typer.echo(f"  {spec.seats[p]}: race {s.active[p] or 'none'}, power {s.power[p] or 'none'}, "
                   f"In Decline: {s.decline[p] or 'none'}, hand {s.hand[p]}, {s.vc[p]} VC")
    if s.is_over():
        typer.echo(f"game over: {s.result}")
        return
    tg = targets(s, s.actor) if phase_of(s) == "conquer" else {}
    typer.echo("legal actions:")
    for a in engine.legal_actions(s):
        extra = ""
        if a.kind == "conquer":
            r = spec.region(str(a.args[0]))
            parts: dict[str, int] = {}
            conquest_cost(s, s.actor, r, tg[r], parts=parts)
            extra = (f"  (cost {parts['cost']}: base 2, mountain {parts['mountain']}, pieces "
                     f"{parts['pieces']}, defenders {parts['defenders']}, travel {parts['travel']}, "
                     f"reductions -{parts['reductions']}) {spec.names[r]}")
        typer.echo(f"  {a}{extra}")
