"""Who may reach the server at all: trusted host names, origins, body sizes, local callers.

:class:`Guard` is an ASGI middleware in front of every route:

- **Host** (DNS rebinding): a request whose ``Host`` header is not one of the server's own
  names (loopback names, the address it listens on, the addresses it prints for others) is
  refused with 421 before any route runs, so a web page that re-points its own domain at
  127.0.0.1 reads nothing. WebSocket handshakes are refused the same way (HTTP 403).
  A request with two ``Host`` headers, or one that is not a name (or address) and a port
  (``127.0.0.1:8765@attacker.example``), is refused with 400: never guessed at.
- **Origin**: a request a browser marks with another site's ``Origin`` is refused (403), and
  so is a state-changing one (``POST``, ``PUT``, ``PATCH``, ``DELETE``) marked ``Origin:
  null`` (what a sandboxed frame sends).
- **JSON only**: a state-changing request whose body is not declared ``application/json`` is
  refused with 415, so no other site can send one without the browser asking first (a
  preflight, which this server never grants).
- **Body size**: a body over the route's limit is refused with 413 from its
  ``Content-Length`` before it is read, or as soon as the bytes read pass the limit.

Errors are JSON ``{"error": "..."}`` like every other API error.
"""

from __future__ import annotations

import ipaddress
import json
import re
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.exceptions import HTTPException

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
#: what a ``Host`` header may hold: a name or an IPv4 address, or an IPv6 address in
#: brackets, then an optional port (anything else, such as ``user@host``, is refused with 400)
HOST_RE = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(:[0-9]{1,5})?")
#: the methods that change something: their bodies must be JSON and they never come from
#: another site, nor from ``Origin: null`` (a sandboxed frame, a ``data:`` page, a file)
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: bytes a request body may have (the import route's own limit is in :data:`BODY_LIMITS`)
DEFAULT_BODY_LIMIT = 64_000
MAX_IMPORT_BYTES = 5_000_000
BODY_LIMITS = {"/api/games/import": MAX_IMPORT_BYTES}


def host_name(host: str) -> str:
    """The name part of a ``Host`` header (no port, no IPv6 brackets), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


def is_loopback(name: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1)."""
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def machine_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses (its LAN addresses), best first. Sends
    nothing: a UDP socket is only pointed at a documentation address to ask the routing table."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, nothing is sent
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    out: list[str] = []
    for a in found:
        if a not in out and not is_loopback(a) and a != "0.0.0.0":
            out.append(a)
    return out


def share_addresses(listen_host: str) -> list[str]:
    """The addresses others can use to reach a server listening on ``listen_host``: the LAN
    addresses for 0.0.0.0 / ::, the address itself otherwise (loopback: only this machine)."""
    if listen_host in ("0.0.0.0", "::", ""):
        return machine_addresses()
    return [host_name(listen_host)]


class Guard:
    """ASGI middleware: trusted ``Host``, same-site ``Origin``, body size limits.

    ``trusted``: extra host names besides the loopback names (addresses the server prints).
    """

    def __init__(self, app: App, *, trusted: Iterable[str] = (),
                 default_limit: int = DEFAULT_BODY_LIMIT,
                 limits: dict[str, int] | None = None) -> None:
        self.app = app
        self.trusted = {host_name(h) for h in (*LOOPBACK_NAMES, *trusted)}
        self.default_limit = default_limit
        self.limits = dict(BODY_LIMITS if limits is None else limits)

    def trusts(self, host: str) -> bool:
        name = host_name(host)
        return name in self.trusted or is_loopback(name)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        problem = self.problem(scope, headers)
        if problem is not None:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4403})
            else:
                await _answer(send, *problem)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        limit = self.limits.get(scope["path"], self.default_limit)
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _answer(send, 413, f"the request is too large (at most {limit} bytes)")
            return
        await self._limited(scope, receive, send, limit)

    def problem(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        """Why a request is refused, as (status, words), or ``None``: one Host header naming this
        server (400, 421: DNS rebinding), no other site's ``Origin`` (403) and JSON bodies (415)
        on state-changing requests."""
        host = headers.get("host", "")
        # Starlette's in-process TestClient (client "testclient", never a network address)
        # names itself "testserver"
        in_process = (scope.get("client") or ("",))[0] == "testclient"
        n_hosts = sum(1 for k, _ in scope["headers"] if k.lower() == b"host")
        if n_hosts > 1:
            return (400, "bad request: more than one Host header")
        if host and not HOST_RE.fullmatch(host):
            # e.g. "127.0.0.1:8765@attacker.example": not a name and a port; never guess
            return (400, "bad request: the Host header is not a name or address with a port")
        if not (self.trusts(host) or in_process):
            return (421, (f"this server does not answer to the name {host_name(host)[:60]!r}:"
                          " open it by the address it printed when it started"))
        origin = headers.get("origin")
        changes = scope["type"] == "http" and scope.get("method") in STATE_CHANGING
        if origin and ((origin == "null" and changes)
                       or (origin != "null" and not self.trusts(urlsplit(origin).netloc))):
            return (403, "requests from other web sites are refused")
        if changes and not _json_body(scope["method"], headers):
            return (415, "the request body must be JSON (Content-Type: application/json)")
        return None

    async def _limited(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        seen = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > limit:
                    raise _TooLarge(limit)
            return msg

        async def tracking_send(msg: Message) -> None:
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except _TooLarge as e:
            if not started:
                await _answer(send, 413, f"the request is too large (at most {e.limit} bytes)")


class _TooLarge(HTTPException):
    """Raised while a route reads a body past its limit (answered 413 by the app's handler)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request is too large (at most {limit} bytes)")
        self.limit = limit


def _json_body(method: str, headers: dict[str, str]) -> bool:
    """True when a state-changing request's body is declared JSON, as the pages send it. A
    form or ``text/plain`` body (what another site can send without asking first) is not;
    a ``DELETE`` may come without a body."""
    kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if method == "DELETE" and not kind:
        return headers.get("content-length", "0") == "0" and "transfer-encoding" not in headers
    return kind == "application/json"


async def _answer(send: Send, status: int, error: str) -> None:
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
