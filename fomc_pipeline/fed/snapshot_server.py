"""A loopback HTTP server over the bundled snapshot, so the demo and the tests fetch through the
same httpx code that talks to https://www.federalreserve.gov.

    python -m fomc_pipeline.fed.snapshot_server [--port 8765] [--root data/snapshot/www.federalreserve.gov]
"""

from __future__ import annotations

import argparse
import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


def make_server(root: Path, port: int = 0, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    if not (root / "monetarypolicy").is_dir():
        raise FileNotFoundError(f"{root} does not look like a snapshot web root (no monetarypolicy/)")
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


@contextmanager
def serve_snapshot(root: Path, port: int = 0) -> Iterator[str]:
    """Serve `root` on loopback in a background thread; yields the base URL."""
    server = make_server(root, port)
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
    args = parser.parse_args()
    server = make_server(args.root, args.port)
    print(f"serving {args.root} at http://127.0.0.1:{args.port} (set FOMC_SOURCE_URL to this)")
    server.serve_forever()


if __name__ == "__main__":
    main()
