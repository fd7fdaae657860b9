"""HTTP access to the Fed's site (or a mirror of it at another base URL): one client, same code path.

Transient failures (connection errors, timeouts, 5xx, 429) are retried with exponential
backoff; anything else fails with an error naming the URL and the status. A 404 is an
answer, not a failure: it means a page is not published yet.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import httpx

USER_AGENT = "fomc-qa/0.1 (+https://github.com/fomc-qa; FOMC statements and minutes indexer)"
RETRY_STATUS = {429, 500, 502, 503, 504}


class FetchError(RuntimeError):
    """A page could not be fetched; the message names the URL and what went wrong."""


@dataclass(frozen=True)
class Fetched:
    url: str
    status: int
    text: str
    fetched_at: float

    @property
    def found(self) -> bool:
        return self.status == 200


# A response's validator → the request header that sends it back (a conditional GET).
CONDITIONAL_HEADERS = {"etag": "If-None-Match", "last-modified": "If-Modified-Since"}


@dataclass(frozen=True)
class Polled:
    url: str
    status: int  # 200 published (or changed), 304 unchanged, 404/410 not yet
    validators: dict[str, str]


class FedClient:
    """Polite HTTP client: descriptive User-Agent, timeouts, retries with backoff, bounded concurrency."""

    def __init__(
        self,
        base_url: str,
        *,
        timeout_s: float = 20.0,
        retries: int = 3,
        backoff_s: float = 0.5,
        max_concurrency: int = 4,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.retries = retries
        self.backoff_s = backoff_s
        self._slots = threading.BoundedSemaphore(max_concurrency)
        self._client = httpx.Client(
            timeout=httpx.Timeout(timeout_s),
            headers={"User-Agent": USER_AGENT},
            follow_redirects=True,
            transport=transport,
        )

    def url_for(self, path_or_url: str) -> str:
        """Site paths ("/monetarypolicy/...") resolve against the base URL; absolute URLs on the
        production host are rewritten to the base URL so a mirror serves the same links."""
        path = path_or_url
        for host in ("https://www.federalreserve.gov", "http://www.federalreserve.gov"):
            if path.startswith(host):
                path = path[len(host):]
        if path.startswith(("http://", "https://")):
            return path
        return f"{self.base_url}/{path.lstrip('/')}"

    def get(self, path_or_url: str) -> Fetched:
        url = self.url_for(path_or_url)
        last: str = ""
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(self.backoff_s * 2 ** (attempt - 1))
            try:
                with self._slots:
                    response = self._client.get(url)
            except httpx.TimeoutException as exc:
                last = f"timed out ({type(exc).__name__})"
                continue
            except httpx.TransportError as exc:
                last = f"connection failed ({type(exc).__name__}: {exc})"
                continue
            if response.status_code in RETRY_STATUS:
                last = f"HTTP {response.status_code}"
                continue
            if response.status_code in (200, 404, 410):
                return Fetched(url, response.status_code, response.text, time.time())
            raise FetchError(f"GET {url} failed: HTTP {response.status_code}")
        raise FetchError(f"GET {url} failed after {self.retries + 1} attempts: {last}")

    def poll(self, path_or_url: str, validators: dict[str, str]) -> Polled:
        """One conditional GET, no retries (a watch that polls on an interval backs off itself): `validators`
        are the last answer's ETag / Last-Modified, sent as If-None-Match / If-Modified-Since."""
        url = self.url_for(path_or_url)
        headers = {name: validators[key] for key, name in CONDITIONAL_HEADERS.items() if validators.get(key)}
        try:
            with self._slots:
                response = self._client.get(url, headers=headers)
        except httpx.HTTPError as exc:
            raise FetchError(f"GET {url} failed: {type(exc).__name__}: {exc}") from exc
        if response.status_code not in (200, 304, 404, 410):
            raise FetchError(f"GET {url} failed: HTTP {response.status_code}")
        found = {key: response.headers[key] for key in CONDITIONAL_HEADERS if key in response.headers}
        return Polled(url, response.status_code, found or validators)

    def get_page(self, path_or_url: str) -> Fetched:
        """Like get(), but a missing page is an error too (for pages the calendar says exist)."""
        fetched = self.get(path_or_url)
        if not fetched.found:
            raise FetchError(f"GET {fetched.url} failed: HTTP {fetched.status} (page not found)")
        return fetched

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> FedClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
