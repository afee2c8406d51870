"""``smallworld serve`` as a separate process, for the tests that kill it or run several workers:
:func:`serve` starts one; :func:`served` is the same as a context manager (for a fixture) that
always kills it, with :class:`Served` to kill it and start it again on its port and database."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(db: str, port: int, *, workers: int | None = None, wait_s: float = 30.0) -> tuple[subprocess.Popen, str]:
    """Start ``smallworld serve --db DB`` on ``port`` (no bot delay, ``workers`` processes) and wait
    until ``/api/meta`` answers. Returns ``(process, base URL)``.

    Raises:
        RuntimeError: the server exited at start or did not answer within ``wait_s`` seconds (it
            is killed).
    """
    cmd = [sys.executable, "-m", "smallworld", "serve", "--no-browser", "--port", str(port),
           "--db", str(db), "--bot-delay", "0"]
    if workers is not None:
        cmd += ["--workers", str(workers)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "CI": "true"})
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + wait_s
    while time.monotonic() < end:
        try:
            if httpx.get(f"{base}/api/meta", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise RuntimeError("the server exited at start")
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not come up")


class Served:
    """A ``smallworld serve --db DB`` process on a port picked free (see :func:`serve`), which a
    test may kill (SIGKILL, no shutdown) and start again on the same port and database.
    ``base``: its address; ``proc``: the running process (None before :meth:`start`)."""

    def __init__(self, db: str | Path, *, workers: int | None = None) -> None:
        self.db, self.workers = str(db), workers
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Served:
        """Start the server (again) and wait until it answers.

        Raises:
            RuntimeError: it is already running, or did not come up (see :func:`serve`).
        """
        if self.proc is not None and self.proc.poll() is None:
            raise RuntimeError("the server is already running")
        self.proc, self.base = serve(self.db, self.port, workers=self.workers)
        return self

    def kill(self) -> None:
        """SIGKILL the server, as a crash would, and wait for it to end (nothing when it is
        not running)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)


@contextmanager
def served(db: str | Path, *, workers: int | None = None) -> Iterator[Served]:
    """A started :class:`Served`, killed on leaving (whatever the test did with it)."""
    s = Served(db, workers=workers)
    try:
        yield s.start()
    finally:
        s.kill()
