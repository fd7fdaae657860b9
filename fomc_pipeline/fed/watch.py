"""The release-day watch as plain functions: a window around the statement's time on decision days, an
injectable clock, and one step of polling the expected statement URL (one conditional GET per step, backing off
on errors). The sensor in `fomc_pipeline/release_watch.py` runs a step per tick and keeps the state in its cursor.

Outside the window a step makes no request at all. Inside it, the first step of a day reads the calendar once
(is today a meeting's last day?); on a decision day each later step is one conditional GET of the statement.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from zoneinfo import ZoneInfo

from fomc_pipeline.fed.calendar import statement_path
from fomc_pipeline.fed.fetch import FedClient, FetchError
from fomc_pipeline.fed.ingestion import fetch_meetings

DEFAULT_WINDOW = "13:58-14:30"  # the statement comes out at 2:00 pm Eastern
TIMEZONE = "America/New_York"
DEFAULT_INTERVAL_S = 10
MAX_BACKOFF_S = 300.0
_WINDOW_RE = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$")


class WatchConfigError(ValueError):
    """A watch setting cannot be used; the message names the variable and the expected form."""


@dataclass(frozen=True)
class Window:
    start: dt.time
    end: dt.time
    tz: ZoneInfo

    def contains(self, now: dt.datetime) -> bool:
        local = now.astimezone(self.tz).time()
        return self.start <= local <= self.end

    def __str__(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M} {self.tz.key}"


def parse_window(text: str, tz: str = TIMEZONE) -> Window:
    match = _WINDOW_RE.match(text)
    if not match:
        raise WatchConfigError(f"FOMC_WATCH_WINDOW={text!r}: expected HH:MM-HH:MM (e.g. {DEFAULT_WINDOW})")
    h1, m1, h2, m2 = (int(g) for g in match.groups())
    try:
        start, end = dt.time(h1, m1), dt.time(h2, m2)
    except ValueError as exc:
        raise WatchConfigError(f"FOMC_WATCH_WINDOW={text!r}: {exc}") from exc
    if end <= start:
        raise WatchConfigError(f"FOMC_WATCH_WINDOW={text!r}: the window must end after it starts")
    return Window(start, end, ZoneInfo(tz))


@dataclass(frozen=True)
class WatchConfig:
    """The window (FOMC_WATCH_WINDOW, America/New_York), the poll interval (FOMC_WATCH_INTERVAL_S) and the
    clock: the real time shifted by FOMC_WATCH_CLOCK_SHIFT_S seconds (tests and the benchmark move "now" to a
    decision day's 2:00 pm; every process of a daemon reads the same shift)."""

    window: Window
    interval_s: int = DEFAULT_INTERVAL_S
    clock_shift_s: float = 0.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> WatchConfig:
        env = os.environ if env is None else env
        window = parse_window(env.get("FOMC_WATCH_WINDOW") or DEFAULT_WINDOW)
        try:
            interval = int(env.get("FOMC_WATCH_INTERVAL_S") or DEFAULT_INTERVAL_S)
            shift = float(env.get("FOMC_WATCH_CLOCK_SHIFT_S") or 0)
        except ValueError as exc:
            raise WatchConfigError(f"FOMC_WATCH_INTERVAL_S / FOMC_WATCH_CLOCK_SHIFT_S: not a number ({exc})") from exc
        if interval < 1:
            raise WatchConfigError(f"FOMC_WATCH_INTERVAL_S={interval}: must be at least 1 second")
        return cls(window, interval, shift)

    def now(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC) + dt.timedelta(seconds=self.clock_shift_s)


def clock_shift_to(moment: dt.datetime) -> float:
    """The FOMC_WATCH_CLOCK_SHIFT_S that makes the clock read `moment` now."""
    return (moment - dt.datetime.now(dt.UTC)).total_seconds()


@dataclass(frozen=True)
class WatchState:
    """What the watch knows today: the day's meeting ("" when the calendar lists none that day, None before the
    calendar is read), the statement's last validators, the failures in a row and when it may ask again, and
    the meeting whose statement it saw published (the sensor's cue)."""

    day: str | None = None
    meeting: str | None = None
    validators: dict[str, str] = field(default_factory=dict)
    failures: int = 0
    not_before: float = 0.0
    published: str | None = None
    requests: int = 0

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str | None) -> WatchState:
        return cls(**json.loads(text)) if text else cls()


@dataclass(frozen=True)
class Step:
    kind: str  # outside, not-decision-day, calendar-read, waiting, published, backoff, error, done
    line: str


def step(state: WatchState, config: WatchConfig, client: Callable[[], FedClient]) -> tuple[WatchState, Step]:
    """One tick of the watch. `client` is called only when a request is due (never outside the window)."""
    now = config.now()
    if not config.window.contains(now):
        return state, Step("outside", f"outside the release window ({config.window}); no request")
    today = now.astimezone(config.window.tz).date()
    if state.day != today.isoformat():
        state = WatchState(day=today.isoformat())
    if state.published:
        return state, Step("done", f"the statement of {state.published} is published; watching ends for today")
    if state.meeting == "":
        return state, Step("not-decision-day", f"no FOMC meeting ends on {today}; no request")
    if state.not_before > now.timestamp():
        return state, Step("backoff", f"backing off after {state.failures} failed requests")
    try:
        with client() as fed:
            if state.meeting is None:
                return _read_calendar(state, fed, today)
            polled = fed.poll(statement_path(dt.date.fromisoformat(state.meeting)), state.validators)
    except (FetchError, ValueError) as exc:
        failures = state.failures + 1
        wait = min(MAX_BACKOFF_S, config.interval_s * 2 ** failures)
        line = f"request failed ({str(exc).splitlines()[0]}); next try in {wait:.0f} s"
        return replace(state, failures=failures, not_before=now.timestamp() + wait,
                       requests=state.requests + 1), Step("error", line)
    state = replace(state, validators=polled.validators, failures=0, requests=state.requests + 1)
    if polled.status == 200:
        return replace(state, published=state.meeting), Step("published", f"{polled.url} answered 200: published")
    return state, Step("waiting", f"{polled.url} answered {polled.status}: not published yet")


def _read_calendar(state: WatchState, fed: FedClient, today: dt.date) -> tuple[WatchState, Step]:
    """The day's first request: the calendar says whether a meeting ends today (one read a day)."""
    listed = {m.meeting_date: m for m in fetch_meetings(fed, today)}
    meeting = today.isoformat() if today in listed else ""
    state = replace(state, meeting=meeting, failures=0, requests=state.requests + 1)
    line = f"the calendar lists the meeting of {today}" if meeting else f"the calendar lists no meeting ending {today}"
    return state, Step("calendar-read", line)
