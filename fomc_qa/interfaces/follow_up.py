"""A follow-up question made standalone from the conversation before it.

Rules over the library's own date parsing (`fomc_qa.question.dates`) and the previous
question's grammar (`referents.py`), not a list of phrasings:

- dates: a follow-up that names no year takes the previous question's year for the months it names
  ("And in December?" after "... in July 2025?" is December 2025); one that names no date at all
  takes the previous question's date phrase, with its preposition ("... at the July 2025 meeting?");
- pronouns: "they"/"them"/"their" become the previous question's subject ("Who dissented at the
  July 2025 meeting?" -> "the dissenters at the July 2025 meeting"), "it" its topic ("about
  inflation") or the document it asked about, and "that cut"/"this decision" become "the cut";
- ellipses: "And in December?", "What about 2023?" are the previous question with its dates replaced;
  "What about the minutes?" the previous question about the minutes instead of the statement (or
  "According to the minutes, ..."); "What about Waller?" the previous question about the person
  named; "What about unemployment?" the previous question with its topic replaced; "And the vote?"
  and "And the dissenters?" ask what the vote was / who the dissenters were, at the previous
  question's meeting; a bare "Why?" or "By how much?" asks the previous question that way.

The previous answer is not needed by these rules (the previous question carries the referents); the
caller stores it, and the resolved question is what the user is shown as "Answered as".
"""

from __future__ import annotations

import datetime as dt
import re

from fomc_qa.interfaces import referents as ref
from fomc_qa.question.dates import parse_filter
from fomc_qa.text.months import MONTH

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# A month named without a year after it ("December", "Dec. 10"); bare "may" only after a preposition,
# since "may" is mostly the verb.
_BARE_MONTH = re.compile(rf"\b{MONTH}(?:\s+\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?)?(?![\w.]|,?\s+(?:of\s+)?(?:19|20)\d\d)",
                         re.I)
_MAY_AS_MONTH = re.compile(r"\b(?:in|of|at|and|since|from|for|until|the|about|after|before)\s+$", re.I)
_ELLIPSIS = re.compile(r"^\s*(?:and|or|also|then)?\s*(?:what|how)\s+about\s+(?P<a>.*?)\s*[?.!]*\s*$"
                       r"|^\s*(?:and|or|also|then|same\s+(?:for|in|at))\s+(?P<b>.*?)\s*[?.!]*\s*$", re.I)
_VERBISH = re.compile(r"\b(?:did|does|do|was|were|is|are|has|have|had|will|would|could|should|can|who|what|why|"
                      r"how|when|which|say|said|decide|decided)\b", re.I)
_WORD = re.compile(r"[a-z]+")
_BARE_WH = re.compile(r"^\s*(?:and\s+)?((?:by\s+)?how\s+much|how\s+many|how|why|when|where)"
                      r"\s*(?:so|then)?\s*[?.!]*\s*$", re.I)
_YES_NO = re.compile(r"^\s*(?:did|does|do|was|were|is|are|has|have|had|will|would|could|can)\b", re.I)
_WHAT_AUX = re.compile(r"^\s*(what)\s+(?=(?:did|does|do|was|were|is|are|has|have|had|will|would)\b)", re.I)
_RELATIVE = re.compile(r"\b(?:next|previous|prior|last|following|before|after|earlier|later)\b", re.I)
_FILLER = frozenset("and or also then what how about in at for the of same meeting meetings one".split())
_THEY = re.compile(r"\b(?:they|them|theirs)\b", re.I)
_THEIR = re.compile(r"\btheir\s+(\w+)", re.I)
_IT = re.compile(r"\b(it|its)\b(\s+\w+)?", re.I)
_DEMONSTRATIVE = re.compile(r"(?<!did )(?<!does )(?<!was )(?<!is )(?<!will )(?<!has )(?<!had )"
                            r"\b(?:that|this|those|these|the same)\s+(?=(?!is\b|was\b|were\b|are\b|did\b|do\b)[a-z])",
                            re.I)
_ADVERBS = frozenset("first also ever still again not never".split())
_DOC_VERBS = frozenset("say says said describe describes described mention mentions mentioned note notes noted "
                       "state states stated show shows showed".split())


def resolve_follow_up(question: str, previous: str | None, meetings: list[dt.date],
                      previous_answer: str | None = None) -> str:
    """`question` as a standalone question, given the `previous` (already standalone) question."""
    del previous_answer  # the rules need only the previous question (see the module's docstring)
    if not previous:
        return question
    before = parse_filter(previous, meetings)
    if before.named_dates:
        question = _with_year(question, _context_year(previous, before.meetings))
    now = parse_filter(question, meetings)
    bare = _BARE_WH.match(question)
    if bare:
        asked = _asked_again(previous, bare.group(1), before.named_dates)
        if asked:
            return asked
    fragment = _fragment(question)
    if fragment is not None:
        rest = ref.without_dates(fragment, now.named_dates).strip(" ,")
        if not rest or _only_filler(_BARE_MONTH.sub(" ", rest)):
            if now.named_dates and before.named_dates:
                return _replace_dates(previous, before.named_dates, now.named_dates, question)
        elif not _VERBISH.search(rest) and not _RELATIVE.search(rest):
            composed = _compose(previous, before.named_dates, rest)
            if not now.named_dates:
                return composed
            old = parse_filter(composed, meetings).named_dates
            return _replace_dates(composed, old, now.named_dates, question) if old \
                else _append(composed, ref.date_phrase(question, now.named_dates))
    if now.named_dates and _elliptical(question, now.named_dates) and before.named_dates:
        return _replace_dates(previous, before.named_dates, now.named_dates, question)
    resolved = _pronouns(question, previous, before.named_dates)
    if before.named_dates and not parse_filter(resolved, meetings).named_dates:
        resolved = _append(resolved, ref.date_phrase(previous, before.named_dates))
    return resolved


def _fragment(question: str) -> str | None:
    """What an elliptical follow-up adds: "the minutes" of "What about the minutes?" (or of a bare
    "The minutes?"), else None."""
    found = _ELLIPSIS.match(question)
    if found:
        return found.group("a") if found.group("a") is not None else found.group("b")
    words = question.strip(" ?.!").split()
    if words and words[0].lower() in {"the", "a", "an"} and len(words) <= 5 and not _VERBISH.search(question):
        return question.strip(" ?.!")
    return None


def _asked_again(previous: str, wh: str, named: tuple[str, ...]) -> str | None:
    """A bare "Why?" / "How much?" / "When?" as the previous question asked that way: a yes/no question
    takes it in front ("By how much did the FOMC cut rates in December 2025?"), a "What did X V ...?"
    question has it in place of "What", a "Who V-ed ...?" question asks it of the people."""
    wh = wh[0].upper() + wh[1:]
    if _YES_NO.match(previous):
        return f"{wh} {previous[0].lower()}{previous[1:]}"
    what = _WHAT_AUX.match(previous)
    if what:
        return f"{wh} {previous[what.end(1):].lstrip()}"
    who = re.match(r"^\s*who\s+(\w+)\b", previous, re.I)
    subject = ref.subject(previous, named)
    if who and subject and who.group(1).lower() in ref.BASE_VERBS:
        return f"{wh} did {subject} {ref.BASE_VERBS[who.group(1).lower()]}?"
    return None


def _only_filler(text: str) -> bool:
    return all(w in _FILLER for w in _WORD.findall(text.lower()))


def _compose(previous: str, named: tuple[str, ...], fragment: str) -> str:
    """The previous question asked again about `fragment` (a document kind, a topic, or a thing)."""
    fragment = re.sub(r"^(?:about|on|for|in|at)\s+", "", fragment, flags=re.I)
    doc_now = ref.document(fragment)
    if doc_now and doc_now.group(0).strip().lower() == fragment.lower():
        doc_before = ref.document(previous)
        if doc_before:
            return previous[:doc_before.start()] + f"the {doc_now.group(1).lower()}" + previous[doc_before.end():]
        body = previous[0].lower() + previous[1:] if previous.split()[0].lower() in _WH else previous
        return f"According to the {doc_now.group(1).lower()}, {body}"
    person = ref.name_in(previous) if ref.is_name(fragment) else None
    if person:
        return previous[:person[0]] + fragment + previous[person[1]:]
    topic = ref.topic(previous, named)
    if topic:
        at = previous.find(topic)
        return previous[:at] + fragment + previous[at + len(topic):]
    article = re.match(r"(?:the|a|an)\s+", fragment, re.I)
    phrase = fragment[:article.end()].lower() + fragment[article.end():] if article else f"the {fragment}"
    when = ref.date_phrase(previous, named)
    if ref.is_people(phrase):
        return _append(f"Who were {phrase}?", when)
    plural = phrase.lower().endswith("s") and not phrase.lower().endswith(("ss", "us", "sis"))
    return _append(f"What {'were' if plural else 'was'} {phrase}?", when)


_WH = frozenset("who what when where why how which whom whose did does do was were is are has have".split())


def _pronouns(question: str, previous: str, named: tuple[str, ...]) -> str:
    """`question` with they/them/their, it/its and "that X" replaced by what they point back to."""
    out = _DEMONSTRATIVE.sub("the ", question)
    if _THEY.search(out) or _THEIR.search(out):
        subject = ref.subject(previous, named)
        if subject:
            out = _THEIR.sub(lambda m: f"the {m.group(1)} of {subject}", out)
            topic = ref.topic(previous, named)
            plural_topic = topic if topic and topic.endswith("s") and not ref.is_people(subject) else None
            out = _THEY.sub(lambda m: plural_topic if plural_topic and m.group(0).lower() == "them" else subject,
                            out)
    if _IT.search(out):
        out = _IT.sub(lambda m: _it(m, previous, named), out)
    return " ".join(out.split()).replace(" ?", "?")


def _it(match: re.Match[str], previous: str, named: tuple[str, ...]) -> str:
    """"it" before a verb of saying is the document asked about (else the previous subject); otherwise
    the topic, the document, or the decision a question about deciding asked for."""
    following = " ".join((match.group(2) or "").split()).lower()
    doc = ref.document(previous)
    saying = following in _DOC_VERBS or (match.string[match.end():].lstrip().split() or [""])[0].lower() \
        in _DOC_VERBS and following in _ADVERBS
    if saying:
        replacement = f"the {doc.group(1).lower()}" if doc else ref.subject(previous, named)
    else:
        replacement = ref.topic(previous, named) or (f"the {doc.group(1).lower()}" if doc else None)
        if replacement is None and re.search(r"\bdecid|\bdecision", previous, re.I):
            replacement = "the decision"
    if replacement is None:
        return match.group(0)
    if match.group(1).lower() == "its":
        replacement += "'s"
    return replacement + (match.group(2) or "")


def _append(question: str, phrase: str) -> str:
    """`phrase` inserted before the question's closing punctuation."""
    if not phrase:
        return question
    body = question.rstrip()
    end = len(body.rstrip("?.! "))
    return f"{body[:end]} {phrase}{body[end:] or '?'}"


def _context_year(previous: str, meetings: frozenset[dt.date] | None) -> int | None:
    """The year the previous question was about: its latest meeting's, else the last year it wrote."""
    if meetings:
        return max(meetings).year
    years = _YEAR.findall(previous)
    return int(years[-1]) if years else None


def _with_year(question: str, year: int | None) -> str:
    """Months named without a year get `year`; a question that writes any year is left as it is."""
    if year is None or _YEAR.search(question):
        return question

    def add(m: re.Match[str]) -> str:
        if m.group(1).lower() == "may" and not _MAY_AS_MONTH.search(question[: m.start()]):
            return m.group(0)
        return f"{m.group(0)} {year}"

    return _BARE_MONTH.sub(add, question)


def _elliptical(question: str, dates: tuple[str, ...]) -> bool:
    """A follow-up that says little besides its dates."""
    rest = question.lower()
    for phrase in dates:
        rest = rest.replace(phrase, " ")
    return len([w for w in _WORD.findall(rest) if w not in _FILLER]) <= 1


def _replace_dates(previous: str, old: tuple[str, ...], new: tuple[str, ...], question: str) -> str:
    """The previous question with its first date phrase replaced by the new dates and the rest dropped."""
    replacement = " and ".join(ref.original(question, phrase) for phrase in new)
    out = previous
    for i, phrase in enumerate(old):
        at = out.lower().find(phrase)
        if at < 0:
            continue
        out = out[:at] + (replacement if i == 0 else "") + out[at + len(phrase):]
    return " ".join(out.split()).replace(" ?", "?")
