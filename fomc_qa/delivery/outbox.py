"""The disk outbox: one JSON file per (meeting, webhook) delivery under data/outbox/, written atomically before
anything is sent, then updated after each attempt (pending → sent, or failed for good on a 4xx). The file name is
a hash of the meeting and the webhook URL, so a delivery exists once: a re-run, a restart or a `kill -9` finds
it and sends it only if it is still pending, never once it is sent. A send holds an flock on the delivery, so two
processes never post the same one at once; the lock dies with its process."""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import hashlib
import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from fomc_qa.delivery.payloads import payload_for
from fomc_qa.delivery.webhooks import Outcome, Webhook, post
from fomc_qa.index.tables import atomic_write_bytes

STATES = ("pending", "sent", "failed")
# A test hook: FOMC_OUTBOX_CRASH_AT=written kills the process (SIGKILL, as `kill -9`) once every delivery of a
# release is written and before any is sent, so a test can check that the restart sends each exactly once.
CRASH_ENV = "FOMC_OUTBOX_CRASH_AT"


def delivery_id(meeting: str, url: str) -> str:
    return hashlib.sha256(f"{meeting}\n{url}".encode()).hexdigest()[:20]


def _iso(ts: float | None) -> str | None:
    return dt.datetime.fromtimestamp(ts, dt.UTC).isoformat(timespec="seconds") if ts else None


@dataclass(frozen=True)
class Delivery:
    id: str
    meeting: str
    url: str
    format: str
    state: str
    attempts: int
    payload: dict
    created_at: str
    last_status: int | None = None
    last_error: str = ""
    last_attempt_at: str | None = None
    next_attempt_at: float = 0.0  # epoch seconds; a pending delivery is due from then
    sent_at: str | None = None

    def due(self, now: float) -> bool:
        return self.state == "pending" and self.next_attempt_at <= now


@dataclass(frozen=True)
class RetryPolicy:
    """How hard one run tries: `attempts` POSTs per delivery, `backoff_s` doubling between them; a delivery still
    failing after that stays pending, due again `backoff_s * 2**attempts` later (at most `max_backoff_s`)."""

    attempts: int = 4
    backoff_s: float = 1.0
    max_backoff_s: float = 300.0
    timeout_s: float = 10.0

    @classmethod
    def from_env(cls) -> RetryPolicy:
        env = os.environ
        return cls(attempts=int(env.get("FOMC_WEBHOOK_ATTEMPTS", 4)),
                   backoff_s=float(env.get("FOMC_WEBHOOK_BACKOFF_S", 1)),
                   timeout_s=float(env.get("FOMC_WEBHOOK_TIMEOUT_S", 10)))

    def wait_s(self, attempts: int) -> float:
        return min(self.max_backoff_s, self.backoff_s * 2 ** max(0, attempts - 1))


class Outbox:
    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, delivery: str) -> Path:
        return self.root / f"{delivery}.json"

    def get(self, delivery: str) -> Delivery | None:
        path = self.path(delivery)
        return Delivery(**json.loads(path.read_text())) if path.exists() else None

    def all(self) -> list[Delivery]:
        if not self.root.is_dir():
            return []
        return sorted((Delivery(**json.loads(p.read_text())) for p in self.root.glob("*.json")),
                      key=lambda d: (d.meeting, d.url))

    def write(self, delivery: Delivery) -> Delivery:
        atomic_write_bytes(self.path(delivery.id), json.dumps(asdict(delivery), indent=1, sort_keys=True).encode())
        return delivery

    def enqueue(self, meeting: str, hook: Webhook, brief: dict, now: float) -> Delivery:
        """The delivery of `brief` to `hook`, written as pending unless it exists already (sent or not)."""
        known = self.get(delivery_id(meeting, hook.url))
        if known is not None:
            return known
        return self.write(Delivery(id=delivery_id(meeting, hook.url), meeting=meeting, url=hook.url, format=hook.format,
                                   state="pending", attempts=0, payload=payload_for(hook.format, brief),
                                   created_at=_iso(now)))

    @contextlib.contextmanager
    def claim(self, delivery: str) -> Iterator[bool]:
        """Whether this process holds the delivery's send lock (False: another process is sending it)."""
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self.root / f".{delivery}.lock", "a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                yield False
                return
            try:
                yield True
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def summary(self) -> dict:
        """Counts by state and the deliveries not sent, for `doctor` and the run's metadata."""
        deliveries = self.all()
        counts = {state: sum(d.state == state for d in deliveries) for state in STATES}
        unsent = [{"id": d.id, "meeting": d.meeting, "url": d.url, "state": d.state, "attempts": d.attempts,
                   "last_error": d.last_error} for d in deliveries if d.state != "sent"]
        return {**counts, "unsent": unsent}


def recorded(delivery: Delivery, outcome: Outcome, policy: RetryPolicy, now: float) -> Delivery:
    """The delivery after one attempt: sent, failed for good, or pending with its next due time."""
    attempts = delivery.attempts + 1
    state = {"sent": "sent", "failed": "failed", "retry": "pending"}[outcome.kind]
    return replace(delivery, state=state, attempts=attempts, last_status=outcome.status, last_error=outcome.error,
                   last_attempt_at=_iso(now), next_attempt_at=now + policy.wait_s(attempts),
                   sent_at=_iso(now) if state == "sent" else None)


Poster = Callable[[str, dict, str, float], Outcome]


def send(outbox: Outbox, delivery: str, policy: RetryPolicy, poster: Poster = post,
         sleep: Callable[[float], None] = time.sleep) -> Delivery | None:
    """Up to `policy.attempts` POSTs of one pending delivery, re-read under its lock (so one sent by another
    process, or before a restart, is never sent again)."""
    with outbox.claim(delivery) as mine:
        current = outbox.get(delivery)
        if not mine or current is None:
            return current
        for attempt in range(policy.attempts):
            if current.state != "pending":
                break
            if attempt:
                sleep(policy.wait_s(current.attempts))
            outcome = poster(current.url, current.payload, current.id, policy.timeout_s)
            current = outbox.write(recorded(current, outcome, policy, time.time()))
        return current


def deliver_release(outbox: Outbox, meeting: str, brief: dict, hooks: list[Webhook], policy: RetryPolicy,
                    poster: Poster = post) -> list[Delivery]:
    """Write every webhook's delivery of the brief, then send those still pending."""
    now = time.time()
    queued = [outbox.enqueue(meeting, hook, brief, now) for hook in hooks]
    if queued and os.environ.get(CRASH_ENV) == "written":
        os.kill(os.getpid(), signal.SIGKILL)
    return [send(outbox, d.id, policy, poster) if d.state == "pending" else d for d in queued]


def due_meetings(outbox: Outbox, now: float) -> list[str]:
    """Meetings with a pending delivery due now (the watch re-requests their delivery)."""
    return sorted({d.meeting for d in outbox.all() if d.due(now)})
