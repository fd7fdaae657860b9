"""A programmable loopback web server for tests: serves the snapshot, with per-path overrides
(status codes, hangs, truncated or replaced bodies) to exercise failure handling."""

from __future__ import annotations

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
                return self._send(200, route.body)
            file = site.root / path.lstrip("/")
            if not file.is_file():
                return self._send(404, b"not found")
            self._send(200, file.read_bytes())

        def _send(self, status: int, body: bytes):
            try:
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
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
