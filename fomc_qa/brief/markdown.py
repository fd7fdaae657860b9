"""The brief as Markdown, for the Dagster UI, the CLI's --markdown and the web page: the headline first, then
each part with its verbatim sentences quoted and cited by chunk id; revised sentences show their edit inline
("[-dropped-]{+added+}")."""

from __future__ import annotations

import datetime as dt

from fomc_qa.policy.diff import inline_edit
from fomc_qa.policy.phrasing import day
from fomc_qa.policy.record import rate_label

MINUTES_PENDING = ("Minutes: not yet indexed. They come out about three weeks after the meeting; the brief then "
                   "adds their roll call and the dissenters' views.")


def _day(iso: str) -> str:
    return day(dt.date.fromisoformat(iso))


def _quote(sentence: str, citation: dict) -> str:
    return f"> {sentence} — `{citation['chunk_id'] or citation['document']}`"


def _decision(b: dict) -> list[str]:
    d = b["decision"]
    size = f" by {abs(d['change_bp'])} bp" if d["action"] != "hold" and d["change_bp"] else ""
    moved = (f", from {d['range_before']} to {d['range_after']}" if d["action"] != "hold"
             else f", at {d['range_after']}") if d["range_before"] and d["range_after"] else ""
    return ["## Decision", "", f"**{d['action'].capitalize()}**{size}{moved}.", "",
            _quote(d["sentence"], d["citation"])]


def _rates(b: dict) -> list[str]:
    lines = ["## Administered rates", ""]
    meeting = dt.date.fromisoformat(b["meeting"])
    for name, rate in b["rates"].items():
        if rate is None:
            lines.append(f"- {rate_label(name, meeting)}: not set in the indexed documents")
        else:
            lines += [f"- {rate_label(name, meeting)}: **{rate['rate']:g} percent**", "  " + _quote(rate["sentence"],
                                                                                             rate["citation"])]
    return lines


def _vote(b: dict) -> list[str]:
    v = b["vote"]
    tally = f" ({v['tally']})" if v["tally"] else ""
    voters = ", ".join(v["for"]) or "not stated"
    lines = [f"## Vote{tally}", "", f"For: {voters}.", ""]
    if not v["against"]:
        lines.append("Against: none (unanimous).")
    for d in v["against"]:
        lines.append(f"- Against: **{d['name']}**, who {d['preference'] or 'dissented'}")
    shown = {d["sentence"]: d["citation"] for d in v["against"]}
    if not shown and v["sentence"]:
        shown[v["sentence"]] = v["citation"]
    return lines + [""] + [_quote(s, c) for s, c in shown.items()]


def _balance_sheet(b: dict) -> list[str]:
    items = b["balance_sheet"]
    body = [_quote(i["sentence"], i["citation"]) for i in items] or ["No balance-sheet action in the record."]
    return ["## Balance sheet", "", *body]


def _redline(b: dict) -> list[str]:
    r = b["redline"]
    if r["previous"] is None:
        return ["## Redline", "", "No earlier statement is indexed to compare with."]
    lines = [f"## Redline against the statement of {_day(r['previous'])}", "",
             f"{len(r['revised'])} revised, {len(r['added'])} added, {len(r['removed'])} removed "
             "(the roll call of the vote left out).", ""]
    for item in r["revised"]:
        lines.append(f"- Revised: {inline_edit([tuple(e) for e in item['edit']])} — `{item['citation']['chunk_id']}`")
    lines += [f"- Added: {i['sentence']} — `{i['citation']['chunk_id']}`" for i in r["added"]]
    lines += [f"- Removed: {i['sentence']} — `{i['citation']['chunk_id']}`" for i in r["removed"]]
    return lines


def _minutes(b: dict) -> list[str]:
    m = b["minutes"]
    if not m["included"]:
        return ["## Minutes", "", MINUTES_PENDING]
    released = f" (released {_day(m['date'])})" if m["date"] else ""
    lines = ["## Minutes", "", f"Minutes included{released}: their roll call and the dissenters' views.", ""]
    for v in m["vote_details"]:
        lines += [_quote(v["sentence"], v["citation"]), ""]
    roll_call = {v["sentence"] for v in m["vote_details"]}
    reasons: dict[str, list[str]] = {}
    cited: dict[str, dict] = {}
    for r in m["dissent_reasons"]:  # two dissenters named in one sentence share it
        reasons.setdefault(r["reason"], []).append(r["name"])
        cited[r["reason"]] = r["citation"]
    for reason, names in reasons.items():
        if reason in roll_call:
            lines += [f"The minutes say no more of {', '.join(names)}'s dissent than the roll call above.", ""]
        else:
            lines += [f"Dissent ({', '.join(names)}), in the minutes' words:", "", _quote(reason, cited[reason]), ""]
    return lines


def brief_markdown(b: dict) -> str:
    """The brief (its `to_dict()` form) as one Markdown document."""
    sources = b["sources"]
    links = [f"[statement]({sources['statement']})"] + ([f"[minutes]({sources['minutes']})"]
                                                         if sources["minutes"] else [])
    parts = [[f"# FOMC release brief: {_day(b['meeting'])}", "", f"**{b['headline']}**"], _decision(b), _rates(b),
             _vote(b), _balance_sheet(b), _redline(b), _minutes(b), [f"Sources: {' · '.join(links)}"]]
    return "\n\n".join("\n".join(p).strip("\n") for p in parts) + "\n"
