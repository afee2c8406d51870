"""``smallworld boards ...``: validate and draw board faces (RULES §14)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from smallworld.boards import FACE_IDS, BoardError, all_faces, check_all, load_face, render_svg
from smallworld.boards.check import all_legal_selections
from smallworld.boards.classic import CLASSIC_MAP_IDS, all_maps, check_all_maps, load_map_by_id

app = typer.Typer(help="Validate and draw board faces (RULES §14).", no_args_is_help=True)


@app.command("list")
def list_faces() -> None:
    """List the board faces (size, physical board, Regions, water and symbol counts) and the
    classic maps (Regions, border and edge Regions, Mountains and symbol counts)."""
    table = Table(title="Board faces (RULES §14)", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("face", "size", "board", "regions", "water", "entries", "murlocs",
                "mountains", "magic", "caverns", "name"):
        left = col in ("face", "water", "name")
        table.add_column(col, justify="left" if left else "right", no_wrap=col != "name")
    for face in all_faces().values():
        w = face.water_region
        water = "-" if w is None else f"{face.regions[w].terrain} {face.ref(w)}"
        table.add_row(
            face.id, face.size, face.board, str(len(face.regions)), water,
            str(face.count_symbol("entry")), str(face.count_symbol("murloc")),
            str(face.count_terrain("mountain")), str(face.count_symbol("magic")),
            str(face.count_symbol("cavern")), face.name,
        )
    classic = Table(title="Classic Small World maps (RULES-classic §2.4)", box=box.SIMPLE_HEAD,
                    pad_edge=False)
    for col in ("map", "players", "rounds", "regions", "border", "edge", "mountains",
                "lost tribes", "caverns", "mines", "magic"):
        classic.add_column(col, justify="left" if col == "map" else "right", no_wrap=True)
    for m in all_maps().values():
        classic.add_row(
            m.id, str(m.players), str(m.rounds), str(len(m.regions)),
            str(m.count_symbol("border")), str(len(m.coastal)), str(m.count_terrain("mountain")),
            str(m.count_symbol("lost-tribe")), str(m.count_symbol("cavern")),
            str(m.count_symbol("mine")), str(m.count_symbol("magic")),
        )
    console = Console()
    console.width = max(console.width, 124)  # never squeeze the columns (e.g. when piped)
    console.print(table)
    console.print(classic)


@app.command("check")
def check() -> None:
    """Check every face and every legal 2–5 player selection against RULES §14, and the four
    classic maps against RULES-classic §2.4 and their adjacency facts."""
    problems = check_all() + check_all_maps()
    if problems:
        typer.echo(f"FAIL: {problems[0]}", err=True)
        if len(problems) > 1:
            typer.echo(f"({len(problems) - 1} more violation(s))", err=True)
        raise typer.Exit(1)
    n = len(all_legal_selections())
    typer.echo(f"all {len(FACE_IDS)} faces and {n} selections OK")
    typer.echo(f"all {len(CLASSIC_MAP_IDS)} classic maps OK ({', '.join(CLASSIC_MAP_IDS.values())})")


@app.command("render")
def render(
    face: Annotated[str, typer.Argument(help="Face id, e.g. L1, or classic map id C2..C5")],
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="SVG file (default: stdout)")
    ] = None,
    labels: Annotated[bool, typer.Option("--labels/--no-labels", help="Draw Region names")] = True,
    ids: Annotated[
        bool, typer.Option("--ids/--no-ids", help="Draw each Region's id (L1.13) under its name")
    ] = True,
) -> None:
    """Draw one face (or classic map) as a standalone SVG, each Region named with its id (for
    scenario files)."""
    try:
        board = load_map_by_id(face) if face in CLASSIC_MAP_IDS.values() else load_face(face)
        svg = render_svg(board, labels=labels, ids=ids)
    except BoardError as exc:
        extra = ""
        if "unknown board face" in str(exc):
            extra = f"; classic maps: {', '.join(CLASSIC_MAP_IDS.values())}"
        typer.echo(f"error: {exc}{extra}", err=True)
        raise typer.Exit(2) from None
    if output is None:
        typer.echo(svg, nl=False)
    else:
        output.write_text(svg, encoding="utf-8")
        typer.echo(f"wrote {output}")
