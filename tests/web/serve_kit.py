"""``smallworld serve`` as a separate process, for the tests that kill it or run several workers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

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
