"""A loopback webhook receiver for tests and the release benchmark: records every POST (its time, headers and
JSON body) and answers from a script of statuses (then 200), as a channel's webhook would."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Post:
    path: str
    status: int
    at: float
    headers: dict[str, str]
    body: dict


@dataclass
class Receiver:
    url: str = ""
    script: dict[str, list[int]] = field(default_factory=dict)  # path -> statuses to answer first, in order
    posts: list[Post] = field(default_factory=list)

    def delivered(self, path: str | None = None) -> list[Post]:
        """The POSTs answered 2xx (to `path`, or to any)."""
        return [p for p in self.posts if 200 <= p.status < 300 and (path is None or p.path == path)]


@contextmanager
def receiving() -> Iterator[Receiver]:
    receiver = Receiver()
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with lock:
                queue = receiver.script.get(self.path, [])
                status = queue.pop(0) if queue else 200
                posted = Post(self.path, status, time.time(), dict(self.headers), json.loads(body or b"{}"))
                receiver.posts.append(posted)
            self.send_response(status)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    receiver.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield receiver
    finally:
        server.shutdown()
        server.server_close()
