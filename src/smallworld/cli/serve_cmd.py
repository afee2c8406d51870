"""``smallworld serve`` (and ``smallworld`` with no command): the local web app."""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any, NoReturn

import typer

DEFAULT_HOST = "127.0.0.1"
#: how uvicorn serves the app. wsproto answers every WebSocket handshake (the websockets
#: library leaves one with a URL over 8 KB unanswered, holding the connection open). No
#: per-message deflate on the WebSockets: it kept a zlib compressor of ~270 KB per open page
#: for the page's whole life (1,000 idle pages: +270 MB, issue #36 point 8); the pushes go
#: uncompressed (the HTTP answers are still gzipped)
UVICORN_OPTIONS: dict[str, Any] = {"log_level": "warning", "ws": "wsproto",
                                   "ws_per_message_deflate": False}
DEFAULT_PORT = 8765


def default_db() -> Path:
    """The database in the user's data directory (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("smallworld", appauthor=False)) / "games.sqlite3"


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _claim(db_path: Path) -> Any:
    """Claim ``db_path`` for this server: one server per SQLite file (two would each keep
    their own copy of a game and serve stale moves). Exits with a message naming the other
    server's address when it is taken."""
    from filelock import FileLock, Timeout

    lock_path = Path(str(db_path) + ".lock")
    try:
        # the folder and the lock file beside the database must be writable (a read-only
        # disk, a file where a folder should be, /proc...): say so in one sentence
        db_path.parent.mkdir(parents=True, exist_ok=True)
        with open(lock_path, "a", encoding="utf-8"):
            pass
    except OSError as e:
        _cannot_use(db_path, e)
    lock = FileLock(str(lock_path))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        where = ""
        with contextlib.suppress(OSError):
            where = " at " + Path(str(db_path) + ".server").read_text(encoding="utf-8").strip()
        typer.echo(f"error: another Small World server is already using {db_path}{where}; "
                   "open that one, or stop it before starting a new one", err=True)
        raise typer.Exit(1) from None
    except OSError as e:
        _cannot_use(db_path, e)
    return lock


def _cannot_use(db_path: Path, e: OSError) -> NoReturn:
    """Exit with one plain sentence: the database's place cannot be written."""
    if isinstance(e, (FileExistsError, NotADirectoryError)):
        why = "a file stands where a folder should be"
    else:
        why = (e.strerror or type(e).__name__).lower()
    typer.echo(f"error: cannot keep the games in {db_path}: its folder {db_path.parent} cannot be "
               f"written ({why}); choose a writable place with --db", err=True)
    raise typer.Exit(1) from None


def _masked(url: str) -> str:
    """A database URL without its password, to print."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL at all: print nothing of it
        return "the PostgreSQL database"


def _note_address(db_path: Path, url: str) -> None:
    """Leave this server's address beside the database for a second start to name."""
    with contextlib.suppress(OSError):
        Path(str(db_path) + ".server").write_text(url + "\n", encoding="utf-8")


def _can_open_browser() -> bool:
    if os.environ.get("CI"):
        return False
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


# the options of the main job, shared by ``smallworld serve`` and bare ``smallworld``
HOST = typer.Option(DEFAULT_HOST, "--host", help="Address to listen on (0.0.0.0: your network).")
PORT = typer.Option(None, "--port", min=1, max=65535, help=f"Port (default {DEFAULT_PORT}, or the next free one).")
DB = typer.Option(None, "--db", help="SQLite database file (default: user data directory), or a "
                  "postgresql://user:password@host/db URL (several workers may share it).")
WORKERS = typer.Option(1, "--workers", min=1, max=32,
                       help="Server processes (more than 1 needs a PostgreSQL --db).")
NO_BROWSER = typer.Option(False, "--no-browser", help="Do not open a browser.")
DURABILITY = typer.Option(
    None, "--durability",
    help="full: every acknowledged move survives a power cut (slower under load); normal: it "
         "survives the server being killed, not a power cut. Default: normal for SQLite, full "
         "for PostgreSQL.")
STORE_DEADLINE_OPT = typer.Option(
    5.0, "--store-deadline", min=0.1, max=600.0,
    help="Seconds a database read or write may take (a stalled disk) before the players are "
         "told 'storage not responding' and the game stays as it was.")
BOT_DELAY = typer.Option(0.4, "--bot-delay", min=0.0, max=10.0, help="Seconds between bot moves shown to the players.")
POLICY = typer.Option(None, "--policy",
                      help="A trained policy file (.npz, benchmarks/rl_train.py --export) offered in the lobby as "
                           "the Trained bot; default: the policies shipped with the package (needs the rl extra).")


def _check_store(db: str | None, durability: str | None, workers: int) -> bool:
    """Whether ``db`` is a shared (PostgreSQL) database; exits with a plain error for several
    workers on an SQLite file or a wrong ``--durability``."""
    if durability not in (None, "full", "normal"):
        raise typer.BadParameter("choose full or normal", param_hint="--durability")
    from smallworld.web.storage import is_postgres_url

    shared = db is not None and is_postgres_url(db)
    if workers > 1 and not shared:
        typer.echo("error: several workers need a PostgreSQL database (--db postgresql://...); "
                   "an SQLite file is served by one process", err=True)
        raise typer.Exit(1)
    return shared


def _choose_port(host: str, port: int | None) -> int:
    """``port``, or the first free one from :data:`DEFAULT_PORT`; exits with a plain error when
    none is free."""
    if port is None:
        port = next((p for p in range(DEFAULT_PORT, DEFAULT_PORT + 20) if _port_free(host, p)), None)
        if port is None:
            typer.echo(f"error: ports {DEFAULT_PORT}-{DEFAULT_PORT + 19} are all busy; choose one with --port", err=True)
            raise typer.Exit(1)
    elif not _port_free(host, port):
        typer.echo(f"error: cannot listen on {host}:{port} (already in use?); choose another --port", err=True)
        raise typer.Exit(1)
    return port


def _check_policy(policy: Path) -> None:
    """A ``--policy`` file that cannot play is an error at start, not a lobby without it."""
    from smallworld.web.trained import trained_opponent

    try:
        trained_opponent(str(policy))
    except ValueError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(1) from None


def _announce(host: str, port: int, others: list[str], saved_in: str) -> str:
    """Print where the game runs, where others on the network join and where games are saved;
    returns the address to open."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{port}/"
    typer.echo(f"Small World of Warcraft is running at {url}")
    lan = [a for a in others if a != shown]
    if lan:
        typer.echo("Other players on your network can join at " +
                   ", ".join(f"http://{a}:{port}/" for a in lan))
    typer.echo(f"Games are saved in {saved_in}")
    typer.echo("Press Ctrl+C to stop.")
    return url


def serve(
    host: str = HOST,
    port: int | None = PORT,
    db: str | None = DB,
    no_browser: bool = NO_BROWSER,
    bot_delay: float = BOT_DELAY,
    durability: str | None = DURABILITY,
    workers: int = WORKERS,
    store_deadline: float = STORE_DEADLINE_OPT,
    policy: Path | None = POLICY,
) -> None:
    """Play in the browser: start the local web server (FastAPI + SQLite, or PostgreSQL with
    several workers)."""
    try:
        import uvicorn  # noqa: F401  (checked here: the web extras are needed)

        from smallworld.web.server import create_app
    except ImportError as e:  # pragma: no cover - the web extras are regular dependencies
        typer.echo(f"error: the web app needs FastAPI and uvicorn ({e})", err=True)
        raise typer.Exit(1) from None
    shared = _check_store(db, durability, workers)
    db_path: Any = db if shared else (Path(db) if db is not None else default_db())
    shown_db = _masked(str(db)) if shared else str(db_path)
    # one server per SQLite file, held until this process ends (the OS frees it on kill -9)
    lock = None if shared else _claim(db_path)
    port = _choose_port(host, port)
    if policy is not None:
        _check_policy(policy)
    from smallworld.web.guard import share_addresses

    others = share_addresses(host)
    try:
        app = create_app(db_path, bot_delay=bot_delay, hosts=others, durability=durability,
                         store_deadline=store_deadline, policy=str(policy) if policy else None)
    except Exception as e:  # any failure to open the database is reported
        why = str(e) if not shared else type(e).__name__
        typer.echo(f"error: cannot open the database {shown_db}: {why}", err=True)
        raise typer.Exit(1) from None
    url = _announce(host, port, others, f"{shown_db}" + (f" ({workers} workers)" if workers > 1 else ""))
    if not shared:
        _note_address(db_path, url)
    if not no_browser and _can_open_browser():
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    try:
        _run(app, host, port, workers, dict(
            SMALLWORLD_DB=str(db_path), SMALLWORLD_BOT_DELAY=str(bot_delay), SMALLWORLD_HOSTS=",".join(others),
            SMALLWORLD_DURABILITY=durability or "", SMALLWORLD_STORE_DEADLINE=str(store_deadline),
            SMALLWORLD_POLICY=str(policy) if policy else ""))
    finally:
        if lock is not None:
            lock.release()


def _run(app: Any, host: str, port: int, workers: int, env: dict[str, str]) -> None:
    """Serve ``app``; with several workers each builds its own app
    (:func:`smallworld.web.server.app_from_env`, from ``env``) on the shared database, and moves
    reach every worker's pages through LISTEN/NOTIFY."""
    import uvicorn

    if workers > 1:
        os.environ.update(env)
        app.state.store.close()
        uvicorn.run("smallworld.web.server:app_from_env", factory=True, workers=workers,
                    host=host, port=port, **UVICORN_OPTIONS)
    else:
        uvicorn.run(app, host=host, port=port, **UVICORN_OPTIONS)
