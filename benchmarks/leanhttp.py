"""A small HTTP/1.1 client for the load generator (``benchmarks/load.py``): one keep-alive
connection, requests one at a time, the answer parsed by httptools (the C parser uvicorn uses).

Why not httpx: the load processes share the machine's CPUs with the server they measure, and
httpx spent about 8 ms of CPU per action in them (twice the server's own) on a 2-core machine:
the load generator's CPU then passed for server delay. This client asks for gzip as a browser
does (the server compresses its answers as for a page) and spends a fraction of that.

Usage::

    conn = LeanConnection("http://127.0.0.1:8765")
    r = await conn.request("POST", "/api/games/abc/actions", {"action": "end"}, {"X-Token": t})
    r.status_code, r.json()
    await conn.close()

Raises :class:`OSError` (``ConnectionError``, ``asyncio.IncompleteReadError``) when the server
closes or cannot be reached; the connection is then reopened by the next request.
"""

from __future__ import annotations

import asyncio
import contextlib
import zlib
from typing import Any
from urllib.parse import urlsplit

import httptools
import orjson


class LeanResponse:
    """A status, headers (lower-case names) and body; :meth:`json` decodes the body."""

    def __init__(self) -> None:
        self.status_code = 0
        self.headers: dict[str, str] = {}
        self.parts: list[bytes] = []
        self.done = False

    # httptools' callbacks
    def on_header(self, name: bytes, value: bytes) -> None:
        self.headers[name.decode("latin-1").lower()] = value.decode("latin-1")

    def on_body(self, body: bytes) -> None:
        self.parts.append(body)

    def on_message_complete(self) -> None:
        self.done = True

    @property
    def content(self) -> bytes:
        body = b"".join(self.parts)
        if self.headers.get("content-encoding") == "gzip":
            body = zlib.decompress(body, 16 + zlib.MAX_WBITS)
        return body

    def json(self) -> Any:
        return orjson.loads(self.content)


class LeanConnection:
    """One keep-alive connection to ``base`` (``http://host:port``); not for concurrent use
    (one request at a time, as a page's action requests are)."""

    def __init__(self, base: str, timeout: float = 60.0) -> None:
        url = urlsplit(base)
        self.host, self.port = url.hostname or "127.0.0.1", url.port or 80
        self.host_header = url.netloc.encode()
        self.timeout = timeout
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, body: Any = None,
                      headers: dict[str, str] | None = None) -> LeanResponse:
        """Send one request (``body``: JSON-encoded when not None) and read its whole answer."""
        try:
            return await asyncio.wait_for(self._exchange(method, path, body, headers), self.timeout)
        except BaseException:
            await self.close()  # half a request or answer on the wire: start afresh next time
            raise

    async def _exchange(self, method: str, path: str, body: Any,
                        headers: dict[str, str] | None) -> LeanResponse:
        if self._streams is None:
            self._streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self._streams
        data = b"" if body is None else orjson.dumps(body)
        head = [f"{method} {path} HTTP/1.1".encode(), b"Host: " + self.host_header,
                b"Accept-Encoding: gzip", b"Content-Length: " + str(len(data)).encode()]
        if body is not None:
            head.append(b"Content-Type: application/json")
        head += [f"{k}: {v}".encode() for k, v in (headers or {}).items()]
        writer.write(b"\r\n".join(head) + b"\r\n\r\n" + data)
        response = LeanResponse()
        parser = httptools.HttpResponseParser(response)
        while not response.done:
            chunk = await reader.read(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            parser.feed_data(chunk)
        response.status_code = parser.get_status_code()
        if not parser.should_keep_alive():
            await self.close()
        return response

    async def close(self) -> None:
        if self._streams is not None:
            writer = self._streams[1]
            self._streams = None
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
