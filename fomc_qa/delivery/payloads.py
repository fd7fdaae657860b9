"""The two payloads a webhook receives for a release brief: the generic JSON one (the brief itself, tagged with
its event) and a Slack-compatible one (blocks a person reads in the channel, `text` for notifications)."""

from __future__ import annotations

from collections.abc import Callable

EVENT = "fomc.release_brief"
TOP_REDLINE_ITEMS = 3


def generic_payload(brief: dict) -> dict:
    """The brief dict as the API serves it, plus `event`, so one receiver can route several kinds of event."""
    return {"event": EVENT, **brief}


def decision_line(brief: dict) -> str:
    """"Lower by 25 bp to 3-1/2 to 3-3/4 percent": the fact every desk wants first."""
    decision = brief.get("decision") or {}
    action, change = decision.get("action") or "", decision.get("change_bp")
    size = f" by {abs(change)} bp" if change else ""
    after = decision.get("range_after")
    target = f" to {after}" if after and action != "hold" else (f" at {after}" if after else "")
    return f"{action.capitalize()}{size}{target}".strip() or brief.get("headline", "")


def vote_line(brief: dict) -> str:
    """The tally and each dissenter with the move they preferred."""
    vote = brief.get("vote") or {}
    against = vote.get("against") or []
    tally = vote.get("tally") or f"{len(vote.get('for') or [])}-{len(against)}"
    if not against:
        return f"Vote {tally}, no dissents"
    dissents = "; ".join(f"{d['name']} ({_preference(d)})" if _preference(d) else d["name"] for d in against)
    return f"Vote {tally}. Dissented: {dissents}"


def _preference(dissent: dict) -> str:
    """"preferred a 50 bp cut" / "preferred no change" from the move in numbers; else the brief's own words."""
    bp = dissent.get("preferred_change_bp")
    if bp is None:
        return dissent.get("preference") or ""
    return "preferred no change" if bp == 0 else f"preferred a {abs(bp)} bp {'cut' if bp < 0 else 'increase'}"


def redline_items(brief: dict, limit: int = TOP_REDLINE_ITEMS) -> list[str]:
    """The first `limit` wording changes, revised sentences first (their edit), then added, then removed."""
    redline = brief.get("redline") or {}
    items = [f"Revised: {_edit(r)}" for r in redline.get("revised") or []]
    items += [f"Added: {_sentence(a)}" for a in redline.get("added") or []]
    items += [f"Removed: {_sentence(r)}" for r in redline.get("removed") or []]
    return items[:limit]


def _edit(revised: dict) -> str:
    """A revised sentence as its word-level edit: the brief's one-line `summary`, else `edit` when it is text."""
    edit = revised.get("summary") or revised.get("edit")
    return edit if isinstance(edit, str) and edit else revised.get("after", "")


def _sentence(item) -> str:
    """A redline item is a sentence, or a cited dict carrying one."""
    if isinstance(item, dict):
        return item.get("sentence") or item.get("quote") or (item.get("citation") or {}).get("quote", "")
    return str(item)


def slack_payload(brief: dict) -> dict:
    """Blocks: the headline, the decision line, the vote, the top redline items, a link to the statement."""
    statement = (brief.get("sources") or {}).get("statement")
    headline = brief.get("headline") or f"FOMC {brief.get('meeting', '')}"
    blocks = [
        {"type": "header", "text": {"type": "plain_text", "text": headline[:150]}},
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*Decision:* {decision_line(brief)}"}},
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*Vote:* {vote_line(brief)}"}},
    ]
    changes = redline_items(brief)
    if changes:
        previous = (brief.get("redline") or {}).get("previous")
        title = f"*Wording against {previous}:*" if previous else "*Wording changes:*"
        blocks.append({"type": "section", "text": {"type": "mrkdwn",
                                                   "text": "\n".join([title, *(f"• {c}" for c in changes)])}})
    if statement:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": f"<{statement}|Statement>"}]})
    text = f"{headline}. {vote_line(brief)}."
    return {"text": text, "blocks": blocks}


# A webhook's format → its payload: rules as data, one place to add a format.
FORMATS: dict[str, Callable[[dict], dict]] = {"json": generic_payload, "slack": slack_payload}


def payload_for(format_name: str, brief: dict) -> dict:
    return FORMATS[format_name](brief)
