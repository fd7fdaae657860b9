"""A loopback HTTP server over the bundled snapshot, so the demo and the tests fetch through the
same httpx code that talks to https://www.federalreserve.gov.

    python -m fomc_pipeline.fed.snapshot_server [--port 8765] [--root data/snapshot/www.federalreserve.gov]
        [--hold 2025-12-10 [--release-in SECONDS]]

The release switch simulates a decision day: a held meeting's statement answers 404 until the switch flips (at a
chosen moment, or on `POST /_release`), then the page; its minutes stay 404 (they come three weeks later). Pages
carry ETag and Last-Modified, and a conditional GET that matches answers 304, as the Fed's servers do.
"""

from __future__ import annotations

import argparse
import datetime as dt
import email.utils
import functools
import hashlib
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from fomc_pipeline.fed.calendar import statement_path

CONTROL_PATH = "/_release"


@dataclass
class ReleaseSwitch:
    """Which meeting is held, and when its statement is released (epoch seconds; None: on `release()`).
    `hits` counts the requests for each path, so a test can tell that nothing was asked; `agents` are the
    User-Agents that asked."""

    meeting: str | None = None
    release_at: float | None = None
    released_at: float | None = None
    hits: dict[str, int] = field(default_factory=dict)
    agents: set[str] = field(default_factory=set)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def hold(self, meeting: str, release_at: float | None = None) -> None:
        with self._lock:
            self.meeting, self.release_at, self.released_at = meeting, release_at, None

    def release(self) -> float:
        """Flip the switch now; returns the moment the statement turned 200."""
        with self._lock:
            self.released_at = self.released_at or time.time()
            return self.released_at

    def is_released(self) -> bool:
        with self._lock:
            if self.released_at is None and self.release_at is not None and time.time() >= self.release_at:
                self.released_at = self.release_at
            return self.released_at is not None

    def hidden(self, path: str) -> bool:
        """A held meeting's minutes always, its statement until the release."""
        if not self.meeting:
            return False
        compact = self.meeting.replace("-", "")
        if path == f"/monetarypolicy/fomcminutes{compact}.htm":
            return True
        return path == statement_path(dt.date.fromisoformat(self.meeting)) and not self.is_released()

    def count(self, path: str, agent: str) -> None:
        with self._lock:
            self.hits[path] = self.hits.get(path, 0) + 1
            self.agents.add(agent)


class _SnapshotHandler(SimpleHTTPRequestHandler):
    switch: ReleaseSwitch

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass

    def do_POST(self) -> None:  # noqa: N802 - stdlib signature
        if self.path.split("?")[0] != CONTROL_PATH:
            self.send_error(404)
            return
        released = self.switch.release()
        self._reply(200, f"released at {released}\n".encode())

    def do_GET(self) -> None:  # noqa: N802 - stdlib signature
        path = self.path.split("?")[0]
        self.switch.count(path, self.headers.get("User-Agent", ""))
        file = Path(self.translate_path(path))
        if self.switch.hidden(path) or not file.is_file():
            self._reply(404, b"not found")
            return
        body = file.read_bytes()
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        modified = email.utils.formatdate(self.switch.released_at or file.stat().st_mtime, usegmt=True)
        validators = {"ETag": etag, "Last-Modified": modified, "Content-Type": self.guess_type(str(file))}
        if self.headers.get("If-None-Match") == etag or (
                "If-None-Match" not in self.headers and self.headers.get("If-Modified-Since") == modified):
            self._reply(304, b"", validators)
            return
        self._reply(200, body, validators)

    def _reply(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            for name, value in ({"Content-Type": "text/html; charset=utf-8"} | (headers or {})).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if status != 304:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass


def make_server(root: Path, port: int = 0, host: str = "127.0.0.1",
                switch: ReleaseSwitch | None = None) -> ThreadingHTTPServer:
    if not (root / "monetarypolicy").is_dir():
        raise FileNotFoundError(f"{root} does not look like a snapshot web root (no monetarypolicy/)")
    handler_class = type("SnapshotHandler", (_SnapshotHandler,), {"switch": switch or ReleaseSwitch()})
    server = ThreadingHTTPServer((host, port), functools.partial(handler_class, directory=str(root)))
    server.daemon_threads = True
    return server


@contextmanager
def serve_snapshot(root: Path, port: int = 0, switch: ReleaseSwitch | None = None) -> Iterator[str]:
    """Serve `root` on loopback in a background thread; yields the base URL."""
    server = make_server(root, port, switch=switch)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, bound = server.server_address[:2]
        yield f"http://{host}:{bound}"
    finally:
        server.shutdown()
        server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--root", type=Path, default=Path("data/snapshot/www.federalreserve.gov"))
    parser.add_argument("--hold", metavar="MEETING", help="answer 404 for this meeting's statement until released")
    parser.add_argument("--release-in", type=float, metavar="SECONDS",
                        help="release the held statement this many seconds after start (default: on POST /_release)")
    args = parser.parse_args()
    switch = ReleaseSwitch()
    if args.hold:
        switch.hold(args.hold, time.time() + args.release_in if args.release_in is not None else None)
    server = make_server(args.root, args.port, switch=switch)
    print(f"serving {args.root} at http://127.0.0.1:{args.port} (set FOMC_SOURCE_URL to this)")
    server.serve_forever()


if __name__ == "__main__":
    main()
