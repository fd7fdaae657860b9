"""Who may call the servers: a bearer token, a per-client rate limit, and CORS only when configured.

- `FOMC_QA_API_TOKEN`: when set, every request but `/healthz` (and the two static pages, `/` and
  `/docs`, which hold no data and ask for the token themselves) needs `Authorization: Bearer TOKEN`,
  else 401. Binding a non-loopback host without it is refused before the server starts.
- `FOMC_QA_RATE_LIMIT`: requests per minute per client address (default 600; 0 turns it off); over
  it, 429 with `Retry-After`.
- `FOMC_QA_CORS_ORIGINS`: comma-separated origins allowed to call from other pages; unset, none is.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import os
import threading
import time
from collections import deque
from dataclasses import dataclass

TOKEN_ENV = "FOMC_QA_API_TOKEN"
RATE_ENV = "FOMC_QA_RATE_LIMIT"
CORS_ENV = "FOMC_QA_CORS_ORIGINS"
DEFAULT_RATE_PER_MINUTE = 600
OPEN_PATHS = frozenset({"/", "/healthz", "/docs", "/docs/", "/favicon.ico"})
OPEN_PREFIXES = ("/static/",)


@dataclass(frozen=True)
class Access:
    """The access rules of one server process."""

    token: str | None = None
    rate_per_minute: int = DEFAULT_RATE_PER_MINUTE
    cors_origins: tuple[str, ...] = ()

    @classmethod
    def from_env(cls) -> Access:
        raw_rate = os.environ.get(RATE_ENV, "").strip()
        try:
            rate = int(raw_rate) if raw_rate else DEFAULT_RATE_PER_MINUTE
        except ValueError:
            rate = DEFAULT_RATE_PER_MINUTE
        origins = tuple(o.strip() for o in os.environ.get(CORS_ENV, "").split(",") if o.strip())
        return cls(token=os.environ.get(TOKEN_ENV, "").strip() or None, rate_per_minute=max(rate, 0),
                   cors_origins=origins)


def is_loopback(host: str) -> bool:
    """True for localhost and loopback addresses (127.0.0.0/8, ::1)."""
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_refusal(host: str, access: Access) -> str | None:
    """The one-line reason a server must not start on `host`, or None when it may."""
    if is_loopback(host) or access.token:
        return None
    return (f"refusing to serve on {host} without a token: set {TOKEN_ENV} (clients then send "
            f"'Authorization: Bearer <token>'), or bind 127.0.0.1")


class RateLimiter:
    """A sliding one-minute window of request times per client; thread-safe."""

    def __init__(self, per_minute: int, window: float = 60.0) -> None:
        self.per_minute = per_minute
        self.window = window
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def retry_after(self, client: str, now: float | None = None) -> int:
        """0 when the request may go ahead (and counts it), else seconds until it may."""
        if self.per_minute <= 0:
            return 0
        now = time.monotonic() if now is None else now
        with self._lock:
            seen = self._seen.setdefault(client, deque())
            while seen and seen[0] <= now - self.window:
                seen.popleft()
            if len(seen) >= self.per_minute:
                return max(1, int(seen[0] + self.window - now + 0.999))
            seen.append(now)
            if len(self._seen) > 10_000:  # forget idle clients
                for key in [k for k, v in self._seen.items() if not v]:
                    del self._seen[key]
            return 0


class AccessGuard:
    """ASGI middleware: the rate limit, then the bearer token (when one is configured)."""

    def __init__(self, app, access: Access) -> None:
        self.app = app
        self.access = access
        self.limiter = RateLimiter(access.rate_per_minute)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("unknown", 0))[0]
        wait = self.limiter.retry_after(client)
        if wait:
            await _refuse(send, 429, f"Too many requests from this client: the limit is "
                                     f"{self.access.rate_per_minute} a minute. Try again in {wait} seconds.",
                          [(b"retry-after", str(wait).encode())])
            return
        if self.access.token and not _open(scope) and not self._authorized(scope):
            await _refuse(send, 401, f"This server needs its API token: send 'Authorization: Bearer <token>' "
                                     f"(the value of {TOKEN_ENV} on the server).",
                          [(b"www-authenticate", b"Bearer")])
            return
        await self.app(scope, receive, send)

    def _authorized(self, scope) -> bool:
        header = dict(scope.get("headers") or []).get(b"authorization", b"").decode("latin-1")
        scheme, _, value = header.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(value.strip().encode(), self.access.token.encode())


def _open(scope) -> bool:
    path = scope.get("path", "")
    if scope.get("method") == "OPTIONS":  # a CORS preflight carries no credentials
        return True
    return path in OPEN_PATHS or path.startswith(OPEN_PREFIXES)


async def _refuse(send, status: int, message: str, extra: list[tuple[bytes, bytes]]) -> None:
    payload = json.dumps({"detail": message, "field": None}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()), *extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


def guarded(app, access: Access):
    """`app` behind the guard, and behind CORS when origins are configured (outermost, so a preflight
    is answered before the token is asked for)."""
    wrapped = AccessGuard(app, access)
    if access.cors_origins:
        from starlette.middleware.cors import CORSMiddleware

        wrapped = CORSMiddleware(wrapped, allow_origins=list(access.cors_origins),
                                 allow_methods=["GET", "POST"], allow_headers=["Authorization", "Content-Type"])
    return wrapped
