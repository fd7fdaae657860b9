"""One meeting's statement (and minutes) parsed into its typed policy record.

Pure: documents and chunks in, a `MeetingRecord` out, no Dagster. Every fact keeps the verbatim
sentence it was read from; numbers are read from a copy of the text whose non-breaking and other
hyphens are plain "-" (same length, so offsets agree) while every quoted text stays as the Fed wrote
it ("1\u20111/2 to 1-3/4 percent").

Where each fact comes from:
- decision and range: the statement's decision sentence ("decided to raise/lower/maintain/keep the
  target range for the federal funds rate ... to/at X to Y percent"); failing that the directive's
  "maintain the federal funds rate in a target range of X to Y percent" (the 2020-03-23 notation
  vote), which is a maintain.
- change_bp: the size in the decision sentence ("by 1/2 percentage point", "by 25 basis points");
  else a minutes sentence moving the range "by <size> to <the decided range>" that is nobody's
  preference; 0 for maintain; None when unstated (the timeline chains it). range_before follows.
- administered rates: the minutes' Committee Policy Action section (Board votes and the directive),
  then the statement.
- balance-sheet actions: the statement's balance_sheet sentences that word an action, else the
  minutes' directive; the purchase paces and runoff caps by asset class (`fed/securities.py`).
- votes, dissents, notation votes: the statement's voting paragraph; the minutes add each dissenter's
  elaboration. attendance: the minutes' attendance list (see `_attendance`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fomc_pipeline.fed.pages import is_page_boilerplate
from fomc_pipeline.fed.securities import securities_levels
from fomc_pipeline.fed.statement_roles import amounts_bn, balance_sheet_kind, sentence_roles
from fomc_qa.models import DocumentChunk, FOMCDocument
from fomc_qa.policy.record import (
    AdministeredRate,
    BalanceSheetAction,
    Dissent,
    MeetingRecord,
    Officer,
    RateRange,
    Source,
    StatementSentence,
)
from fomc_qa.text.sentences import sentence_spans

_HYPHENS = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2212"})
_NUM = r"\d+-\d+/\d+|\d+/\d+|\d+(?:\.\d+)?"  # "1-1/2", "1/4", "0.5", "5"
_DEC = r"\d+(?:\.\d+)?"
_RANGE = re.compile(rf"(?<![\d/.-])(?P<low>{_NUM})\*?(?: percent)? to (?P<high>{_NUM})\*? percent")
_SIZE = re.compile(rf"(?:by )?(?:(?P<pp>{_NUM}) percentage points?|(?P<bp>\d+)[ -]basis[ -]points?)")
_DECISION = re.compile(r"\b(?:decided|agreed|voted)(?: today)? to (?P<verb>raise|lower|reduce|maintain|keep|leave) "
                       r"the target range for the federal funds rate\b")
_DIRECTIVE_RANGE = re.compile(r"\bmaintain the federal funds rate in a target range of ")
_VERBS = {"raise": "raise", "lower": "lower", "reduce": "lower", "maintain": "maintain", "keep": "maintain",
          "leave": "maintain"}
_MOVE = re.compile(rf"\b(?P<verb>rais|lower|reduc|cut)\w* (?:in )?the target range(?: for the federal funds rate)? "
                   rf"(?:by )?(?:(?P<pp>{_NUM}) percentage points?|(?P<bp>\d+) basis points?),? to ")
_PREFERENCE = re.compile(r"\bprefer(?:s|red|ring)?\b|\bdissent|\bOne member\b|\bvoted against\b", re.I)
_RATES = (
    ("iorb", re.compile(rf"\binterest rates? (?:paid )?on (?:required and excess |excess )?reserve(?: balance)?s "
                        rf"(?:to|at) (?P<v>{_DEC}) percent")),
    ("on_rrp", re.compile(rf"\breverse repurchase\b[^.]*?\boffering rate of (?P<v>{_DEC}) percent")),
    ("discount_rate", re.compile(rf"\bprimary credit rate (?:to|at)(?: the existing level of)? (?P<v>{_DEC}) percent")),
    ("srf_min_bid", re.compile(rf"\b(?:minimum bid rate of|standing (?:overnight )?repurchase agreement operations "
                               rf"at a rate of) (?P<v>{_DEC}) percent")),
)
_NAME = r"[A-Z][\w'\u2019.-]*(?:\s+[A-Z][\w'\u2019.-]*)+"  # "Jerome H. Powell", "Kathleen O'Neill Paese"
_NAMES = rf"{_NAME}(?:(?:,\s+(?:and\s+)?|\s+and\s+){_NAME})*"
_NAME_SPLIT = re.compile(r",\s+(?:and\s+)?|\s+and\s+")
_ROLE_SUFFIX = re.compile(r",\s+(?:Vice\s+)?Chair(?:man|woman)?$")
_VOTE_FOR = re.compile(r"^Voting(?P<notation> \(by notation\))? for (?:the|this) (?:monetary policy )?action"
                       r"(?: (?:were|was)|:) (?P<names>.+?)\.?$")
_VOTE_AGAINST = re.compile(r"^Voting against (?:the|this) (?:monetary policy )?action(?: (?:were|was)|:) "
                           r"(?P<body>.+?)\.?$")
_NOT_VOTING = re.compile(r"^Absent and not voting (?:was|were) (?P<names>.+?)\.?$")
_CLAUSE = re.compile(rf"(?P<names>{_NAMES}),\s+who\s+(?P<pref>.+?)(?=[;,]\s+(?:and\s+)?{_NAMES},\s+who\s|$)")
_MEMBER_LINE = re.compile(rf"{_NAME}(?:,\s+(?:Vice\s+)?Chair(?:man|woman)?)?")
# The Committee's officers, one per line of the attendance list; staff titles ("Group Manager,
# Division of ...") are not officers of the Committee.
_OFFICER_LINE = re.compile(
    rf"(?P<name>{_NAME}),\s+(?P<title>(?:Vice\s+)?Chair(?:man|woman)?|(?:Deputy\s+|Assistant\s+)?Secretary"
    rf"|(?:Deputy\s+)?General\s+Counsel|Economist|(?:Deputy\s+)?Manager(?:\s+pro\s+tem)?,\s+System\s+Open\s+Market"
    rf"\s+Account)")
_ALTERNATES = re.compile(r"(?P<names>.+?),\s+Alternate Members? of\b")
_PRESIDENTS = re.compile(r"(?P<names>.+?),\s+(?:Interim\s+|Acting\s+)?(?:First\s+Vice\s+)?Presidents? of the "
                         r"Federal Reserve Banks?\b")
_TITLES = r"(?:Governors?|Presidents?|Mr\.|Ms\.|Mrs\.|Messrs\.|Mmes\.)"
_NAME_SUFFIXES = {"II", "III", "IV", "Jr.", "Sr."}


class RecordParseError(ValueError):
    """A statement has no recognisable policy decision; the message names the document."""


@dataclass(frozen=True)
class _Sentence:
    """A verbatim sentence with its place in its document."""

    doc: str
    text: str
    start: int
    end: int
    paragraph: int

    @property
    def norm(self) -> str:
        """The text with hyphen variants made "-", for reading numbers (same length as `text`)."""
        return self.text.translate(_HYPHENS)


class _Sources:
    """Finds, for a sentence, a chunk of its document holding it whole: the first such chunk (where the
    sentence first appears), checked by offsets and then by text, else none."""

    def __init__(self, chunks: Sequence[DocumentChunk]):
        self._by_doc: dict[str, list[DocumentChunk]] = {}
        for chunk in sorted(chunks, key=lambda c: (c.document_id, c.char_start, c.chunk_index)):
            self._by_doc.setdefault(chunk.document_id, []).append(chunk)

    def __call__(self, s: _Sentence) -> Source:
        chunks = self._by_doc.get(s.doc, [])
        for c in chunks:
            if c.char_start <= s.start and s.end <= c.char_end and \
                    c.text[s.start - c.char_start: s.end - c.char_start] == s.text:
                return Source(sentence=s.text, document_id=s.doc, chunk_id=c.chunk_id)
        found = next((c for c in chunks if s.text in c.text), None)
        return Source(sentence=s.text, document_id=s.doc, chunk_id=found.chunk_id if found else None)


def parse_meeting_record(statement: FOMCDocument, minutes: FOMCDocument | None, chunks: Sequence[DocumentChunk],
                         *, unscheduled: bool = False) -> MeetingRecord:
    """The meeting's record from its statement and (when published) minutes; RecordParseError if the
    statement states no decision, since a record without one would mislead every answer built on it."""
    if statement.doc_type != "statement":
        raise ValueError(f"{statement.document_id}: expected a statement, got a {statement.doc_type}")
    source = _Sources(chunks)
    stated = _statement_sentences(statement)
    policy = _policy_sentences(minutes) if minutes is not None else []
    found = _decision(stated)
    if found is None:
        raise RecordParseError(f"{statement.document_id}: no recognisable policy decision (no 'decided to raise/"
                               "lower/maintain the target range' sentence and no directive range)")
    decision, decided, range_after, change_bp = found
    if range_after is None:
        range_after = _directive_range(stated + policy)
    if decision == "maintain":
        change_bp = 0
    elif change_bp is None and minutes is not None and range_after is not None:
        change_bp = _minutes_size(_sentences(minutes), decision, range_after)
    votes = _votes(stated, policy, source)
    attendance, first_line, alternates, presidents = _attendance(minutes, votes.known)
    return MeetingRecord(
        meeting_date=statement.meeting_date,
        meeting_kind="notation_vote" if votes.notation else "unscheduled" if unscheduled else "scheduled",
        statement_id=statement.document_id,
        minutes_id=minutes.document_id if minutes is not None else None,
        decision=decision, change_bp=change_bp, range_after=range_after,
        range_before=_shift(range_after, change_bp), decision_source=source(decided),
        administered_rates=_administered_rates(policy + stated, source),
        balance_sheet=_balance_sheet(stated, _directive(policy), source),
        securities=securities_levels(statement.meeting_date, [(s.norm, source(s)) for s in stated + policy]),
        statement=_roles(stated, decided, source),
        voters_for=votes.voters, dissents=votes.dissents, vote_source=votes.source, not_voting=votes.not_voting,
        attendance=attendance, attendance_source=source(first_line) if first_line else None,
        alternates=alternates, other_presidents=presidents,
        officers=[Officer(name=m["name"], title=" ".join(m["title"].split()), source=source(line))
                  for line in _list_lines(minutes) if (m := _OFFICER_LINE.fullmatch(line.text))],
    )


# Sentences of the documents


def _paragraph_spans(text: str, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int]]:
    end = len(text) if end is None else end
    for match in re.finditer(r"(?:(?!\n\n)[\s\S])+", text[start:end]):
        yield start + match.start(), start + match.end()


def _sentences(doc: FOMCDocument, start: int = 0, end: int | None = None) -> list[_Sentence]:
    """Every sentence of doc.text[start:end], with the index of its paragraph in the whole document."""
    out = []
    for a, b in _paragraph_spans(doc.text, start, end):
        paragraph = doc.text.count("\n\n", 0, a)
        out += [_Sentence(doc.document_id, doc.text[s:e], s, e, paragraph) for s, e in sentence_spans(doc.text, a, b)]
    return out


def _statement_sentences(doc: FOMCDocument) -> list[_Sentence]:
    """The statement's own sentences: the text ends at its first page-boilerplate paragraph (media line,
    Implementation Note link), since only link titles and furniture follow it on the page."""
    end = len(doc.text)
    for a, b in _paragraph_spans(doc.text):
        if is_page_boilerplate(doc.text[a:b]):
            end = a
            break
    return _sentences(doc, 0, end)


def _policy_sentences(doc: FOMCDocument) -> list[_Sentence]:
    """The minutes' Committee Policy Action(s) section: the decision, the directive, the vote, the Board's
    rate votes. Other sections (an earlier meeting's videoconference, participants' views) are not it."""
    section = next((s for s in doc.sections if s.heading.startswith("Committee Policy Action")), None)
    if section is None:
        return _sentences(doc)
    return _sentences(doc, section.char_start + len(section.heading), section.char_end)


def _directive(policy: list[_Sentence]) -> list[_Sentence]:
    """The domestic policy directive quoted in the minutes: from '"Effective' to its closing quote."""
    start = next((i for i, s in enumerate(policy) if s.text.startswith('"Effective')), None)
    if start is None:
        return []
    for i in range(start, len(policy)):
        if policy[i].text.endswith('"'):
            return policy[start: i + 1]
    return policy[start:]


# Decision, range and size


def _decision(stated: list[_Sentence]) -> tuple[str, _Sentence, RateRange | None, int | None] | None:
    """(decision, its sentence, range after, signed size in bp or None) from the statement."""
    for s in stated:
        match = _DECISION.search(s.norm)
        if match is None or _PREFERENCE.search(s.text):
            continue
        decision = _VERBS[match["verb"]]
        span = _RANGE.search(s.norm, match.end())
        size = _SIZE.search(s.norm, match.end(), span.start() if span else len(s.norm))
        change = _bp(size) * (1 if decision == "raise" else -1) if size and decision != "maintain" else None
        return decision, s, _range(s, span) if span else None, change
    for s in stated:
        match = _DIRECTIVE_RANGE.search(s.norm)
        span = _RANGE.match(s.norm, match.end()) if match else None
        if span is not None:
            return "maintain", s, _range(s, span), None
    return None


def _directive_range(sentences: list[_Sentence]) -> RateRange | None:
    for s in sentences:
        match = _DIRECTIVE_RANGE.search(s.norm)
        span = _RANGE.match(s.norm, match.end()) if match else None
        if span is not None:
            return _range(s, span)
    return None


def _minutes_size(sentences: list[_Sentence], decision: str, after: RateRange) -> int | None:
    """A size the minutes state for the decided move: "(lower) the target range ... by <size>, to <range>"
    where the range is the one decided and the sentence voices no one's preference or dissent."""
    for s in sentences:
        if _PREFERENCE.search(s.text):
            continue
        for match in _MOVE.finditer(s.norm):
            span = _RANGE.match(s.norm, match.end())
            direction = "raise" if match["verb"] == "rais" else "lower"
            stated = (_value(span["low"]), _value(span["high"])) if span else None
            if direction == decision and stated == (after.low, after.high):
                return _bp(match) * (1 if decision == "raise" else -1)
    return None


def _value(token: str) -> float:
    """"1-1/2" -> 1.5, "1/4" -> 0.25, "4.0" -> 4.0."""
    if "/" not in token:
        return float(token)
    whole, _, fraction = token.rpartition("-")
    numerator, denominator = fraction.split("/")
    return (float(whole) if whole else 0.0) + int(numerator) / int(denominator)


def _bp(match: re.Match[str]) -> int:
    return round(_value(match["pp"]) * 100) if match["pp"] else int(match["bp"])


def _range(s: _Sentence, span: re.Match[str]) -> RateRange:
    return RateRange(low=_value(span["low"]), high=_value(span["high"]), text=s.text[span.start(): span.end()])


def _fed_number(value: float) -> str:
    """1.5 -> "1-1/2", 0.25 -> "1/4", 5.0 -> "5": the Fed's notation for a derived range."""
    whole, eighths = divmod(round(value * 8), 8)  # the Fed's fractions are eighths at the finest
    fraction = Fraction(eighths, 8)
    if fraction == 0:
        return str(whole)
    return f"{fraction.numerator}/{fraction.denominator}" if whole == 0 else f"{whole}-{fraction}"


def _shift(after: RateRange | None, change_bp: int | None) -> RateRange | None:
    """The range before a move of known size: the range after, shifted back by the change."""
    if after is None or change_bp is None:
        return None
    low, high = after.low - change_bp / 100, after.high - change_bp / 100
    if low < 0:
        return None
    return RateRange(low=round(low, 4), high=round(high, 4), text=f"{_fed_number(low)} to {_fed_number(high)} percent")


# Administered rates, balance sheet, roles


def _administered_rates(sentences: list[_Sentence], source: _Sources) -> list[AdministeredRate]:
    """The first statement of each rate, minutes' policy section first (the Board's votes, the directive)."""
    rates: dict[str, AdministeredRate] = {}
    for s in sentences:
        for name, pattern in _RATES:
            match = pattern.search(s.norm)
            if name not in rates and match is not None:
                rates[name] = AdministeredRate(name=name, percent=float(match["v"]), source=source(s))
    return [rates[name] for name, _ in _RATES if name in rates]


def _balance_sheet(stated: list[_Sentence], directive: list[_Sentence], source: _Sources) -> list[BalanceSheetAction]:
    """Actions the statement words (purchase paces, tapering, runoff caps, reinvestment, end of runoff);
    the directive's when the statement words none."""
    def actions(sentences: list[_Sentence], require_role: bool) -> list[BalanceSheetAction]:
        out = []
        for s in sentences:
            kind = balance_sheet_kind(s.text)
            if kind and (not require_role or sentence_roles(s.text)[0] == "balance_sheet"):
                out.append(BalanceSheetAction(kind=kind, amounts_bn=amounts_bn(s.norm), source=source(s)))
        return out

    return actions(stated, True) or actions(directive, False)


def _roles(stated: list[_Sentence], decided: _Sentence, source: _Sources) -> list[StatementSentence]:
    out = []
    for s in stated:
        roles = sentence_roles(s.text)
        if s == decided and roles[0] != "decision":
            roles = ["decision"] + [r for r in roles if r != "decision"]
        out.append(StatementSentence(role=roles[0], also=roles[1:], paragraph=s.paragraph, source=source(s)))
    return out


# Votes and attendance


@dataclass
class _Votes:
    voters: list[str]
    dissents: list[Dissent]
    source: Source | None
    notation: bool
    not_voting: list[str]

    @property
    def known(self) -> set[str]:
        return set(self.voters) | {d.name for d in self.dissents} | set(self.not_voting)


def _votes(stated: list[_Sentence], policy: list[_Sentence], source: _Sources) -> _Votes:
    """Voters, dissents (each with its preference and the minutes' elaboration) and absentees, from the
    statement's voting paragraph, or the minutes' "Voting for this action:" lines when it has none."""
    for sentences in (stated, policy):
        vote = next((s for s in sentences if _VOTE_FOR.match(s.text)), None)
        if vote is None:
            continue
        match = _VOTE_FOR.match(vote.text)
        after = sentences[sentences.index(vote) + 1:]
        against = next((s for s in after if _VOTE_AGAINST.match(s.text)), None)
        absent = next((s for s in after if _NOT_VOTING.match(s.text)), None)
        dissents = _dissents(against, policy, source) if against else []
        return _Votes(voters=_split_names(match["names"]), dissents=dissents, source=source(vote),
                      notation=bool(match["notation"]) or "by notation" in vote.text,
                      not_voting=_split_names(_NOT_VOTING.match(absent.text)["names"]) if absent else [])
    return _Votes([], [], None, False, [])


def _split_names(names: str) -> list[str]:
    """"Jerome H. Powell, Chair; John C. Williams, Vice Chair; ...; and X" (or a comma list) -> names."""
    parts = re.split(r";\s*(?:and\s+)?", names) if ";" in names else _NAME_SPLIT.split(names)
    out = [_ROLE_SUFFIX.sub("", p.strip()) for p in parts]
    return [p for p in out if p and p.lower() != "none"]


def _dissents(against: _Sentence, policy: list[_Sentence], source: _Sources) -> list[Dissent]:
    """"Voting against this action was/were A, who preferred ...; and B and C, who preferred ..." -> one
    Dissent per name, its preference the verbatim "who" clause; a bare list of names has none."""
    body_start = _VOTE_AGAINST.match(against.text).start("body")
    body = _VOTE_AGAINST.match(against.text)["body"]
    clauses = list(_CLAUSE.finditer(body))
    if not clauses:
        return [Dissent(name=n, source=source(against), elaboration=_elaboration(n, policy, source))
                for n in _split_names(body)]
    dissents = []
    for clause in clauses:
        preferred = against.text[body_start + clause.start("pref"): body_start + clause.end("pref")]
        for name in _split_names(clause["names"]):
            dissents.append(Dissent(name=name, preferred=preferred, source=source(against),
                                    elaboration=_elaboration(name, policy, source)))
    return dissents


MAX_REASON_SENTENCES = 4
_ANOTHER_VIEW = re.compile(r"\b(?:Governor|President|Chair|Vice Chair|Governors|Presidents)\s+[A-Z]|^Voting\b")


def _elaboration(name: str, policy: list[_Sentence], source: _Sources) -> Source | None:
    """The minutes' sentence giving the dissenter's view ("Governor Bowman preferred ...", "President
    Kaplan dissented because ..."); one naming only this dissenter is preferred over a joint one, and
    the minutes' own "Voting against this action: <name>, who ..." line serves when it is all they say."""
    tokens = [t for t in name.split() if t not in _NAME_SUFFIXES]
    surname = re.escape(tokens[-1])
    pattern = re.compile(rf"\b{_TITLES}\s+(?:[A-Z][\w'\u2019-]+(?:,\s+|,?\s+and\s+))*{surname}\b")
    found = [(m, s) for s in policy
             if (m := pattern.search(s.text)) and re.search(r"prefer|dissent|voted against", s.text)]
    singular = [s for m, s in found if not re.match(r"(?:Governors|Presidents|Messrs\.|Mmes\.)", m.group())]
    vote_line = [s for s in policy if _VOTE_AGAINST.match(s.text) and name in s.text]
    best = singular or [s for _, s in found] or vote_line
    if not best:
        return None
    return _with_reasons(best[0], policy, source, pattern) if best[0] not in vote_line else source(best[0])


def _with_reasons(first: _Sentence, policy: list[_Sentence], source: _Sources, own: re.Pattern[str]) -> Source:
    """The dissenter's sentence and the ones after it in its paragraph that go on with the same view ("This view
    was based on reserve balances being over $3 trillion ..."), up to MAX_REASON_SENTENCES in all, stopping at
    another member's view: one verbatim span, as long as one chunk holds it whole."""
    last, i = first, policy.index(first)
    for s in policy[i + 1: i + MAX_REASON_SENTENCES]:
        if s.paragraph != first.paragraph or (_ANOTHER_VIEW.search(s.text) and not own.search(s.text)):
            break
        last = s
    for j in range(policy.index(last), i, -1):  # the longest run one chunk holds whole
        text = first.text
        for prev, s in zip(policy[i:j], policy[i + 1: j + 1], strict=True):
            text += " " * (s.start - prev.end) + s.text
        span = source(_Sentence(first.doc, text, first.start, policy[j].end, first.paragraph))
        if span.chunk_id:
            return span
    return source(first)


def _attendance(minutes: FOMCDocument | None, known: set[str]) -> tuple[list[str], _Sentence | None, list[str],
                                                                        list[str]]:
    """(members and alternates present, the list's first line, alternates, other Reserve Bank presidents).

    The list's own structure says where the members end: it opens with one member per line ("Jerome H.
    Powell, Chair", bare names), then one comma list ending ", Alternate Members of the Committee", then
    lines "D and E, Presidents of the Federal Reserve Banks of ..." (and interim presidents); the first
    line of any other form ("Joshua Gallin, Secretary") starts the staff. Where the page runs names
    together ("Neel Kashkari Loretta J. Mester", or the last members run into the alternates' list),
    the run is split at the names of the meeting's voters.
    """
    lines = _list_lines(minutes)
    members: list[str] = []
    i = 0
    while i < len(lines) and _MEMBER_LINE.fullmatch(lines[i].text):
        peeled, rest = _peel_known(_ROLE_SUFFIX.sub("", lines[i].text), known)
        members += peeled + ([rest] if rest else [])
        i += 1
    alternates: list[str] = []
    end = next((j for j in range(i, min(i + 4, len(lines))) if _ALTERNATES.match(lines[j].text)), None)
    if end is not None:
        clause = _ALTERNATES.match(" ".join(line.text for line in lines[i: end + 1]))["names"].rstrip(", ")
        names = _split_names(clause)
        peeled, rest = _peel_known(names[0], known) if names else ([], None)
        members += peeled
        alternates = ([rest] if rest else []) + names[1:]
        i = end + 1
    presidents: list[str] = []
    while i < len(lines) and (match := _PRESIDENTS.match(lines[i].text)):
        presidents += _split_names(match["names"])
        i += 1
    return members + alternates, lines[0] if members else None, alternates, presidents


def _list_lines(minutes: FOMCDocument | None) -> list[_Sentence]:
    """The lines of the minutes' attendance section ("Attendance", or "PRESENT:" in 2020), heading excluded."""
    if minutes is None:
        return []
    section = next((s for s in minutes.sections if re.match(r"(?:attendance|present)\b", s.heading, re.I)), None)
    if section is None:
        return []
    body = minutes.text[section.char_start: section.char_end]
    return [_Sentence(minutes.document_id, m.group(), section.char_start + m.start(), section.char_start + m.end(), 0)
            for m in re.finditer(r"[^\n]+", body)][1:]


def _peel_known(run: str, known: set[str]) -> tuple[list[str], str | None]:
    """Known names peeled off the front of a run of names: "Loretta J. Mester Randal K. Quarles Thomas I.
    Barkin" -> (["Loretta J. Mester", "Randal K. Quarles"], "Thomas I. Barkin"); the rest is kept whole."""
    peeled: list[str] = []
    tokens = run.split()
    while tokens and " ".join(tokens) not in known:
        cut = next((k for k in range(2, len(tokens) - 1) if " ".join(tokens[:k]) in known), None)
        if cut is None:
            break
        peeled.append(" ".join(tokens[:cut]))
        tokens = tokens[cut:]
    return peeled, " ".join(tokens) or None
