"""The configured webhooks (FOMC_WEBHOOKS, FOMC_WEBHOOKS_FILE) and one POST to a webhook, classified.

FOMC_WEBHOOKS is comma-separated URLs; a `slack:` prefix or a hooks.slack.com host takes the Slack format, any
other the generic JSON one. FOMC_WEBHOOKS_FILE is a YAML list of URLs or of {url, format} maps (or such a list
under `webhooks:`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from fomc_qa.delivery.payloads import FORMATS

USER_AGENT = "fomc-qa/0.1 (+https://github.com/fomc-qa; FOMC release brief delivery)"
SLACK_HOSTS = {"hooks.slack.com"}
DELIVERY_HEADER = "X-FOMC-Delivery-Id"  # lets a receiver drop a repeat after a crash between its 2xx and our record


class WebhookConfigError(ValueError):
    """The webhook configuration cannot be used; the message says which entry and why."""


@dataclass(frozen=True)
class Webhook:
    url: str
    format: str  # a key of payloads.FORMATS


def webhook(entry: str, format_name: str | None = None) -> Webhook:
    """One webhook from a configured URL (with an optional `slack:` prefix) and an optional explicit format."""
    url = entry.strip()
    if url.startswith("slack:") and not url.startswith("slack://"):
        url, format_name = url[len("slack:"):], format_name or "slack"
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise WebhookConfigError(f"webhook {entry!r} is not an http(s) URL")
    chosen = format_name or ("slack" if parts.hostname in SLACK_HOSTS else "json")
    if chosen not in FORMATS:
        raise WebhookConfigError(f"webhook {url}: format {chosen!r} is not one of {', '.join(FORMATS)}")
    return Webhook(url, chosen)


def parse_webhooks(spec: str) -> list[Webhook]:
    return [webhook(part) for part in spec.split(",") if part.strip()]


def read_webhooks_file(path: Path) -> list[Webhook]:
    try:
        import yaml
    except ImportError as exc:
        raise WebhookConfigError(f"FOMC_WEBHOOKS_FILE={path} needs pyyaml (pip install pyyaml)") from exc
    try:
        loaded = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise WebhookConfigError(f"cannot read FOMC_WEBHOOKS_FILE={path}: {str(exc).splitlines()[0]}") from exc
    entries = loaded.get("webhooks") if isinstance(loaded, dict) else loaded
    if not isinstance(entries, list):
        raise WebhookConfigError(f"FOMC_WEBHOOKS_FILE={path}: expected a list of webhooks (or one under webhooks:)")
    found = []
    for entry in entries:
        if isinstance(entry, dict) and "url" in entry:
            found.append(webhook(str(entry["url"]), entry.get("format")))
        elif isinstance(entry, str):
            found.append(webhook(entry))
        else:
            raise WebhookConfigError(f"FOMC_WEBHOOKS_FILE={path}: {entry!r} is neither a URL nor a {{url, format}} map")
    return found


def configured_webhooks(env: Mapping[str, str] | None = None) -> list[Webhook]:
    """Every configured webhook, FOMC_WEBHOOKS first, without repeats (by URL)."""
    env = os.environ if env is None else env
    found = parse_webhooks(env.get("FOMC_WEBHOOKS", ""))
    if env.get("FOMC_WEBHOOKS_FILE"):
        found += read_webhooks_file(Path(env["FOMC_WEBHOOKS_FILE"]))
    return list({w.url: w for w in reversed(found)}.values())[::-1]


@dataclass(frozen=True)
class Outcome:
    kind: str  # "sent", "retry" or "failed" (permanent)
    status: int | None
    error: str


# What a response means for a delivery: 2xx sent, 408/429/5xx worth a retry, any other status permanent.
RETRY_STATUSES = {408, 429}


def classify(status: int) -> str:
    if 200 <= status < 300:
        return "sent"
    if status in RETRY_STATUSES or status >= 500:
        return "retry"
    return "failed"


def post(url: str, payload: dict, delivery_id: str, timeout_s: float = 10.0) -> Outcome:
    """One POST; a timeout or a connection error is a retry, never an exception."""
    headers = {"User-Agent": USER_AGENT, DELIVERY_HEADER: delivery_id}
    try:
        response = httpx.post(url, json=payload, headers=headers, timeout=timeout_s)
    except httpx.TimeoutException as exc:
        return Outcome("retry", None, f"timed out ({type(exc).__name__})")
    except httpx.TransportError as exc:
        return Outcome("retry", None, f"connection failed ({type(exc).__name__}: {exc})")
    kind = classify(response.status_code)
    return Outcome(kind, response.status_code, "" if kind == "sent" else f"HTTP {response.status_code}")
