"""A programmable loopback web server for tests: serves the snapshot, with per-path overrides
(status codes, hangs, truncated or replaced bodies) to exercise failure handling."""

from __future__ import annotations

import socket
import struct
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


@dataclass
class Route:
    status: int = 200
    body: bytes | None = None  # None: the snapshot file
    delay_s: float = 0.0
    fail_times: int | None = None  # answer `status` this many times, then serve normally
    cut_at: int | None = None  # announce the whole body, send this many bytes, then close the connection
    reset: bool = False  # with cut_at: close with a TCP reset (connection reset mid-body)


@dataclass
class Site:
    root: Path
    routes: dict[str, Route] = field(default_factory=dict)
    hits: dict[str, int] = field(default_factory=dict)
    user_agents: list[str] = field(default_factory=list)
    url: str = ""


@contextmanager
def serve(root: Path):
    site = Site(root)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            path = self.path.split("?")[0]
            site.hits[path] = site.hits.get(path, 0) + 1
            site.user_agents.append(self.headers.get("User-Agent", ""))
            route = site.routes.get(path)
            if route and route.delay_s:
                time.sleep(route.delay_s)
            if route and (route.fail_times is None or site.hits[path] <= route.fail_times) and route.status != 200:
                return self._send(route.status, b"error")
            if route and route.body is not None:
                return self._send(200, route.body, route)
            file = site.root / path.lstrip("/")
            if not file.is_file():
                return self._send(404, b"not found")
            self._send(200, file.read_bytes(), route)

        def _send(self, status: int, body: bytes, route: Route | None = None):
            try:
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if route is not None and route.cut_at is not None:
                    self.wfile.write(body[: route.cut_at])
                    self.wfile.flush()
                    if route.reset:  # SO_LINGER 0: close() sends RST instead of FIN
                        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.close_connection = True
                    self.connection.close()
                    return
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    site.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()


def calendar_without(snapshot: Path, dates: set[str]) -> bytes:
    """The snapshot's calendar page with the rows of some meetings removed (as before they were listed)."""
    from bs4 import BeautifulSoup

    from fomc_pipeline.fed.calendar import CALENDAR_PATH

    soup = BeautifulSoup((snapshot / CALENDAR_PATH.lstrip("/")).read_text(), "html.parser")
    for row in soup.select("div.fomc-meeting"):
        links = " ".join(a.get("href", "") for a in row.find_all("a"))
        if any(d.replace("-", "") in links for d in dates):
            row.decompose()
    return str(soup).encode()


MAINTENANCE_PAGE = (b"<html><head><title>Site Maintenance</title></head><body><h1>We'll be back soon</h1>"
                    b"<p>federalreserve.gov is undergoing scheduled maintenance.</p></body></html>")


@dataclass(frozen=True)
class FetchFault:
    """One fault of the issue's fetch row: what the server does, and whether the fetch must recover
    (retried until the page arrives) or fail with an error naming the URL."""

    name: str
    route: Route
    recovers: bool


def fetch_faults(page_bytes: int) -> list[FetchFault]:
    """The fetch faults for a page of `page_bytes` bytes (a hang lasts 1 s against a 0.2 s timeout)."""
    import random

    return [
        FetchFault("503 always", Route(status=503), recovers=False),
        FetchFault("503 twice, then 200", Route(status=503, fail_times=2), recovers=True),
        FetchFault("hang beyond the timeout", Route(delay_s=1.0), recovers=False),
        FetchFault("truncated body", Route(cut_at=page_bytes // 2), recovers=False),
        FetchFault("maintenance page", Route(body=MAINTENANCE_PAGE), recovers=False),
        FetchFault("connection reset mid-body", Route(cut_at=page_bytes // 3, reset=True), recovers=False),
        FetchFault("binary garbage", Route(body=random.Random(16).randbytes(page_bytes)), recovers=False),
    ]
