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

- people: "he"/"she"/"his" are the person the previous question names, else the first full name in the
  previous answer ("Who dissented in March 2020?" ... "Why did she?"); "they" before a policy verb is the FOMC;
- events: "that"/"it" as a subject ("Was that bigger?", "How big was it?"), "that hike", "the one before" and
  a bare comparative ("smaller than September's?") are the event the previous question asked about as a noun
  phrase (`antecedents.py`); "the next meeting" the meeting after the previous question's; "that year" its year.

Which referents each pronoun can take is a table (`antecedents.KINDS`); the caller passes the previous
answer (the servers keep it), and the resolved question is what the user is shown as "Answered as".
"""

from __future__ import annotations

import datetime as dt
import re

from fomc_qa.interfaces import antecedents as ants
from fomc_qa.interfaces import referents as ref
from fomc_qa.interfaces import relative_meetings as rel
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
# "Why did she?", "How did they?": the previous question's verb left out.
_BARE_WH_PRONOUN = re.compile(r"^\s*(?:and\s+)?(how|why|when)\s+(?:did|does|do)\s+(?:he|she|they)\s*[?.!]*\s*$", re.I)
_YES_NO = re.compile(r"^\s*(?:did|does|do|was|were|is|are|has|have|had|will|would|could|can)\b", re.I)
_WHAT_AUX = re.compile(r"^\s*(what)\s+(?=(?:did|does|do|was|were|is|are|has|have|had|will|would)\b)", re.I)
_RELATIVE = re.compile(r"\b(?:next|previous|prior|last|following|before|after|earlier|later)\b", re.I)
_FILLER = frozenset("and or also then what how about in at for the of same meeting meetings one".split())
_THEY = re.compile(r"\b(?:they|them|theirs)\b", re.I)
_THEIR = re.compile(r"\btheir\s+(\w+)", re.I)
_IT = re.compile(r"\b(it|its)\b(\s+\w+)?", re.I)
_DEMONSTRATIVE = re.compile(r"\b(that|this|those|these)\b(?:\s+([a-z]+))?", re.I)
# A pronoun right after these words (or opening the question) is the subject: "Was it ...", "Did that ...".
_SUBJECT_SLOT = re.compile(r"(?:^|\b(?:did|does|do|was|were|is|are|has|have|had|will|would|could|should|can|why|"
                           r"how|when|where|what|than|with)\s+)$", re.I)
_PERSONAL = re.compile(r"\b(he|she|him|his|her)\b(\s+[a-z]+)?", re.I)
_NOT_NOUNS = frozenset("a an the in at on of for to by with from than too also again about".split())
_ONE = re.compile(r"\bthe\s+(?:ones?\s+(before|after)|(previous|prior|last|next)\s+one)\b", re.I)
_THAT_TIME = re.compile(r"(?:\b(?:in|at|of)\s+)?\b(?:that|this|the\s+same)\s+(year|meeting)\b", re.I)
_CMP = r"(?:more|less|fewer|\w+er)"
# "smaller than September's?", "more hawkish than in June?", "More or fewer than in December?"
_COMPARATIVE = re.compile(rf"^\s*(?:and\s+|but\s+)?((?:{_CMP}(?:\s+or\s+{_CMP})?|more\s+\w+|less\s+\w+)\s+than\b.*?)"
                          r"\s*[?.!]*\s*$", re.I)
# "September 2024's" in "smaller than September 2024's": the same kind of event at that date.
_DATE_POSSESSIVE = re.compile(rf"\b({MONTH}\.?(?:\s+\d{{1,2}},?)?\s+\d{{4}}|\d{{4}})'s\b", re.I)
_TRAILING_ADVERB = re.compile(r"\s+(before|after)\s*([?.!]*)\s*$", re.I)
_LEADING_AND = re.compile(r"^\s*(?:and|so|also|then|but)\s*,?\s+(?=(?:who|what|when|where|why|how|which|did|does|"
                          r"do|was|were|is|are|has|have|had|will|would|could|can)\b)", re.I)
# A question that asks for a date ("On what date did the FOMC say ...?") is not held to the previous question's
# date unless it points back to it ("When did that taper begin?").
_ASKS_WHEN = re.compile(r"^\s*(?:when|(?:on|in|at|by)\s+(?:what|which)\s+(?:date|day|month|year|meetings?)|"
                        r"(?:what|which)\s+(?:date|day|month|year|meetings?)|how\s+long)\b", re.I)
_OWN_AGENT = re.compile(r"\b(?:fomc|fed|committee|federal reserve|board)\b", re.I)
_THINKING = frozenset("expect expected think thought believe believed indicate indicated signal signaled judge judged "
                      "decide decided agree agreed".split())
# "the March 2025 reduction": a noun of change dated by the follow-up itself.
_DATED_NOUN = re.compile(rf"\bthe\s+(?P<date>{MONTH}\.?(?:\s+\d{{1,2}},?)?\s+\d{{4}})\s+(?P<noun>[a-z]+)\b"
                         r"(?!\s+(?:of|in|to|on)\b)", re.I)
# A comparative that ends the question with nothing to compare with ("Was the March 2025 reduction bigger?").
_OPEN_COMPARATIVE = re.compile(r"\b((?:bigger|larger|smaller|higher|lower|greater|faster|slower|steeper|sharper|"
                               r"deeper|stronger|weaker|tighter|looser|more|less|fewer)(?:\s+or\s+\w+)?)\s*([?.!]*)\s*$",
                               re.I)
# "that date", "the same day": a day the previous answer named.
_THAT_DATE = re.compile(r"\b(?:that|this|the\s+same)\s+(?:date|day)\b", re.I)
_MODALS = frozenset("would will could might should may can had has was is".split())
_NEXT = re.compile(r"\bnext\b(?!\s+(?:meeting|one|time)\b)", re.I)
_OBJECT_START = frozenset("the its rates interest policy".split())
_ADVERBS = frozenset("first also ever still again not never".split())


def resolve_follow_up(question: str, previous: str | None, meetings: list[dt.date],
                      previous_answer: str | None = None) -> str:
    """`question` as a standalone question, given the `previous` (already standalone) question and its
    answer (where a person a pronoun points to may be named: "Who dissented?" ... "Why did she?")."""
    if not previous:
        return question
    asked = question
    question = _LEADING_AND.sub("", question)
    resolved = _resolve(question, previous, meetings, previous_answer)
    return resolved[0].upper() + resolved[1:] if resolved != asked and resolved else resolved


def _resolve(question: str, previous: str, meetings: list[dt.date], previous_answer: str | None) -> str:
    before = parse_filter(previous, meetings)
    event = ants.action(previous, before.named_dates)
    if before.named_dates:
        question = _with_year(question, _context_year(previous, before.meetings))
        placed = lambda m: rel.name(m, previous, before.named_dates, before.meetings, meetings)  # noqa: E731
        question = rel.PHRASE.sub(placed, question)
        if not ants.head(event) or _fragment(question) is not None:  # "the one after": no event, so a meeting
            question = rel.ONE.sub(placed, question)
        question = rel.YEAR.sub(lambda m: rel.year(m, _context_year(previous, before.meetings)), question)
    now = parse_filter(question, meetings)
    bare = _BARE_WH.match(question) or _BARE_WH_PRONOUN.match(question)
    if bare:
        asked = _asked_again(previous, bare.group(1), before.named_dates,
                             ants.person(previous, previous_answer) if bare.re is _BARE_WH_PRONOUN else None)
        if asked:
            return asked
    day = _THAT_DATE.search(question)
    dated = ants.answer_day(previous_answer, before.meetings, _context_year(previous, before.meetings)) if day else None
    if day and not dated and before.named_dates and ants.DAY.search(ref.original(previous, before.named_dates[0])):
        question = question[:day.start()] + ref.original(previous, before.named_dates[0]) + question[day.end():]
    elif dated:  # "after that date" -> "after December 1, 2025, under the decision ... at the October 2025 meeting"
        under = f", under {event}" if event else f", as of {ref.date_phrase(previous, before.named_dates)}"
        return _append(question[:day.start()] + dated + question[day.end():], "").rstrip(" ?.!") + under + "?"
    comparative = _COMPARATIVE.match(question)
    if comparative and event:
        noun = ants.head(event)
        compared = _DATE_POSSESSIVE.sub(lambda m: f"the {m.group(1)} {noun}", comparative.group(1)) if noun \
            else comparative.group(1)
        return f"Was {event} {compared[0].lower()}{compared[1:]}?"
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
    resolved = _pronouns(question, previous, before.named_dates, previous_answer)
    if now.named_dates and before.named_dates and set(now.named_dates) != set(before.named_dates):
        resolved = _than_before(resolved, previous, before.named_dates, event)
    own_when = resolved == " ".join(question.split()).replace(" ?", "?") and _ASKS_WHEN.match(question)
    if before.named_dates and not own_when and not parse_filter(resolved, meetings).named_dates:
        resolved = _with_date(resolved, previous, before.named_dates)
    return resolved


def _with_date(question: str, previous: str, named: tuple[str, ...]) -> str:
    """The previous question's date phrase added; a trailing "before"/"after" takes it as its object ("dissented
    before the July 2025 meeting"), and a document the follow-up names replaces the one the phrase carries."""
    phrase = ref.date_phrase(previous, named)
    doc_now, doc_then = ref.document(question), ref.document(phrase)
    if doc_now and doc_then and doc_now.group(1).lower() != doc_then.group(1).lower():
        phrase = "in " + ref.original(previous, named[0])
    adverb = _TRAILING_ADVERB.search(question)
    side = adverb.group(1) if adverb else "after" if _NEXT.search(question) else None
    if side:  # "dissented before", "When did the FOMC next change ...": counted from the previous meeting
        date = re.sub(r"^(?:in|at|on|after|before|during)\s+", "", phrase)
        date = date if date.lower().startswith("the ") or _YEAR.fullmatch(date) else f"the {date} meeting"
        if adverb:
            return f"{question[:adverb.start()]} {side} {date}{adverb.group(2) or '?'}"
        return _append(question, f"{side} {date}")
    return _append(question, phrase)


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


def _asked_again(previous: str, wh: str, named: tuple[str, ...], person: str | None = None) -> str | None:
    """A bare "Why?" / "How much?" / "When?" as the previous question asked that way: a yes/no question
    takes it in front ("By how much did the FOMC cut rates in December 2025?"), a "What did X V ...?"
    question has it in place of "What", a "Who V-ed ...?" question asks it of the people (or of the person
    "Why did she?" points to)."""
    wh = wh[0].upper() + wh[1:]
    if _YES_NO.match(previous):
        return f"{wh} {previous[0].lower()}{previous[1:]}"
    what = _WHAT_AUX.match(previous)
    if what:
        return f"{wh} {previous[what.end(1):].lstrip()}"
    who = re.match(r"^\s*who\s+(\w+)\b", previous, re.I)
    subject = person or ref.subject(previous, named)
    if who and subject and who.group(1).lower() in ref.BASE_VERBS:
        return _append(f"{wh} did {subject} {ref.BASE_VERBS[who.group(1).lower()]}?",
                       ref.date_phrase(previous, named) if person else "")
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
            article = "the " if doc_before.group(0).lower().startswith("the") else ""
            return previous[:doc_before.start()] + f"{article}{doc_now.group(1).lower()}" + previous[doc_before.end():]
        body = previous[0].lower() + previous[1:] if previous.split()[0].lower() in _WH else previous
        return f"According to the {doc_now.group(1).lower()}, {body}"
    person = ref.name_in(previous) if ref.is_name(fragment) else None
    if person:
        return previous[:person[0]] + fragment + previous[person[1]:]
    article = re.match(r"(?:the|a|an)\s+", fragment, re.I)
    head = _WHAT_HEAD.match(previous)
    # "What ON RRP offering rate did ...?" + "the primary credit rate": the same kind of thing asked for
    if head and _noun(head.group(1)).rstrip("s") == _noun(fragment).rstrip("s"):
        return previous[:head.start(1)] + fragment[article.end() if article else 0:] + previous[head.end(1):]
    topic = ref.topic(previous, named)
    if topic:
        at = previous.find(topic)
        return previous[:at] + fragment + previous[at + len(topic):]
    phrase = fragment[:article.end()].lower() + fragment[article.end():] if article else f"the {fragment}"
    when = ref.date_phrase(previous, named)
    if ref.is_people(phrase):
        return _append(f"Who were {phrase}?", when)
    noun = _noun(phrase)
    plural = noun.endswith("s") and not noun.endswith(("ss", "us", "sis"))
    return _append(f"What {'were' if plural else 'was'} {phrase}?", when)


# "What target range did the FOMC set ...?": the thing a what/which question asks for, before its auxiliary.
_WHAT_HEAD = re.compile(r"^\s*(?:what|which)\s+((?:[\w-]+\s+){0,5}?[\w-]+)\s+(?=(?:did|does|do|was|were|is|are|has|"
                        r"have|had|will|would)\s)", re.I)
def _noun(phrase: str) -> str:
    """A noun phrase's head, lower case: its last word before a preposition ("interest" of "interest on reserve
    balances", "rate" of "the primary credit rate")."""
    words = re.split(r"\s+(?:of|on|in|for|to|at|about)\s+", phrase.strip(), maxsplit=1)[0].split()
    return words[-1].lower() if words else ""


_WH = frozenset("who what when where why how which whom whose did does do was were is are has have".split())


def _pronouns(question: str, previous: str, named: tuple[str, ...], previous_answer: str | None) -> str:
    """`question` with its pronouns, demonstratives and relative meetings replaced by what they point back
    to, each kind of referent tried in the order `antecedents.KINDS` gives for the pronoun. Each rule reads
    only the question's own words: what an earlier rule put in is held out of the later ones."""
    event = ants.action(previous, named)
    kept: list[str] = []

    def sub(pattern: re.Pattern[str], fn, text: str) -> str:
        def hold(m: re.Match[str]) -> str:
            out = fn(m)
            if out == m.group(0):
                return out
            kept.append(out)
            return f"\x00{len(kept) - 1}\x00"
        return pattern.sub(hold, text)

    out = sub(_THAT_TIME, lambda m: _that_time(m, previous, named), question)
    out = sub(_ONE, lambda m: _one(m, event), out)
    out = sub(_DATED_NOUN, lambda m: _dated_change(m, event, previous, named), out)
    out = sub(_DEMONSTRATIVE, lambda m: _demonstrative(m, event, previous, named), out)
    person = ants.person(previous, previous_answer)
    if person:
        out = sub(_PERSONAL, lambda m: _personal(m, person), out)
    subject, topic = ref.subject(previous, named), ref.topic(previous, named)
    plural_topic = topic if topic and topic.endswith("s") and not (subject and ref.is_people(subject)) else None
    if subject:
        out = sub(_THEIR, lambda m: f"the {m.group(1)} of {subject}", out)
    out = sub(_THEY, lambda m: _they(m, subject, plural_topic), out)
    out = sub(_IT, lambda m: _it(m, previous, named, event), out)
    out = re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], out)
    return " ".join(out.split()).replace(" ?", "?")


def _they(m: re.Match[str], subject: str | None, plural_topic: str | None) -> str:
    """they/them: the Committee before a policy verb ("Did they cut ...?"), else the previous question's
    people or subject; "them" a plural topic."""
    following = (m.string[m.end():].split() or [""])[0].strip("?.,!")
    committee = ants.committee(following) if m.group(0).lower() == "they" else None
    if committee:
        return committee
    if plural_topic and m.group(0).lower() == "them":
        return plural_topic
    return subject or m.group(0)


def _slot(match: re.Match[str]) -> str:
    """"subject" when the pronoun opens the question or follows an auxiliary/wh-word, else "object"."""
    return "subject" if _SUBJECT_SLOT.search(match.string[:match.start()]) else "object"


def _referent(kinds: tuple[str, ...], previous: str, named: tuple[str, ...], event: str | None) -> str | None:
    """The first referent of `kinds` the previous question offers."""
    doc = ref.document(previous)
    found_by = {"action": lambda: event, "topic": lambda: ref.topic(previous, named),
                "document": lambda: f"the {doc.group(1).lower()}" if doc else None}
    for kind in kinds:
        found = found_by[kind]()
        if found:
            return found
    return None


def _demonstrative(match: re.Match[str], event: str | None, previous: str, named: tuple[str, ...]) -> str:
    """"that cut" is the cut (the whole event when it is the one asked about); a bare "that"/"this" as a
    subject is the event or the topic; "those X" is "the X"; anything else ("said that ...") is left."""
    word = match.group(2) or ""
    rest = f" {word}" if word else ""
    if match.group(1).lower() in {"those", "these"}:
        return f"the {word}" if word else match.group(0)
    changed = ants.changed(word, event, previous, named)
    verb_slot = re.search(r"\b(?:did|does|do)\s+$", match.string[:match.start()], re.I)  # "Did that change ...?"
    if changed and not (verb_slot and not ants.NOUN_SUFFIX.search(word)):
        return f"{changed} {ref.date_phrase(previous, named)}".strip()
    if word.lower() in ants.EVENT_NOUNS or ants.change_noun(word) and not verb_slot:
        head = ants.head(event)
        if head and word.lower().rstrip("s") in head.split():
            return event
        when = ref.date_phrase(previous, named)
        return f"the {word} {when}" if when and word.lower() not in {"year", "meeting", "month"} else f"the {word}"
    if _slot(match) == "subject":
        referent = _referent(ants.KINDS["that:subject"], previous, named, event)
        if referent:
            return referent + rest
    return match.group(0)


def _dated_change(match: re.Match[str], event: str | None, previous: str, named: tuple[str, ...]) -> str:
    """"the March 2025 reduction" -> "the March 2025 reduction in the monthly redemption cap on Treasury securities"."""
    changed = ants.changed(match.group("noun"), event, previous, named)
    return f"the {match.group('date')} {changed[4:]}" if changed else match.group(0)


def _than_before(question: str, previous: str, named: tuple[str, ...], event: str | None) -> str:
    """A yes/no comparative with no "than", about another date: compared with the previous question's event
    ("Was the March 2025 reduction bigger?" -> "... bigger than the one in May 2024?")."""
    open_end = _OPEN_COMPARATIVE.search(question)
    if not open_end or not _YES_NO.match(question):
        return question
    base = event or f"the one {ref.date_phrase(previous, named)}"
    return f"{question[:open_end.end(1)]} than {base}{open_end.group(2) or '?'}"


def _personal(match: re.Match[str], person: str) -> str:
    """he/she/him -> the person; his, and her before a noun, -> the person's."""
    word = match.group(2) or ""
    pronoun = match.group(1).lower()
    possessive = pronoun == "his" or pronoun == "her" and word.strip() and word.strip().lower() not in _NOT_NOUNS
    return f"{person}'s{word}" if possessive else f"{person}{word}"


def _that_time(match: re.Match[str], previous: str, named: tuple[str, ...]) -> str:
    """"that year" -> "in 2025", "that meeting" -> "the July 2025 meeting": the previous question's date."""
    if not named:
        return match.group(0)
    first = ref.original(previous, named[0])
    if match.group(1).lower() == "year":
        year = _YEAR.search(first)
        return f"in {year.group(0)}" if year else match.group(0)
    prep = match.group(0).split()[0] + " " if match.group(0).split()[0].lower() in {"in", "at", "of"} else ""
    return f"{prep}the {first} meeting"


def _one(match: re.Match[str], event: str | None) -> str:
    """"the one before" / "the previous one" -> "the previous rate hike" (the event's noun)."""
    noun = ants.head(event)
    if not noun:
        return match.group(0)
    direction = (match.group(1) or match.group(2)).lower()
    return f"the {'next' if direction in {'after', 'next'} else 'previous'} {noun}"


def _it(match: re.Match[str], previous: str, named: tuple[str, ...], event: str | None) -> str:
    """"it" before a verb of saying is the document asked about (else the previous subject); otherwise,
    as a subject the event asked about, then the topic, then the document; as an object the topic first."""
    following = " ".join((match.group(2) or "").split()).lower()
    before = match.string[:match.start()]
    clause = (before.split() or [""])[-1].lower() in ref.SAYING | _THINKING and following in _MODALS
    if _OWN_AGENT.search(before) and (match.group(1).lower() == "its" or clause):
        return match.group(0)  # "did the FOMC say it would ... its holdings": the question's own agent
    after = [w.strip("?.,!").lower() for w in match.string[match.end(1):].split()]
    after = [w for w in after if w not in _ADVERBS and w != "next"] + [""]
    if match.group(1).lower() == "it" and _slot(match) == "subject" and (after[0] in {"do", "decide"} or (
            ants.committee(after[0]) and after[1] in _OBJECT_START)):
        return "the FOMC" + (match.group(2) or "")  # "When did it next change the range?", "What did it do?"
    doc = ref.document(previous)
    saying = following in ref.SAYING or (match.string[match.end():].lstrip().split() or [""])[0].lower() \
        in ref.SAYING and following in _ADVERBS
    if saying:
        replacement = f"the {doc.group(1).lower()}" if doc else ref.subject(previous, named)
    else:
        replacement = _referent(ants.KINDS[f"it:{_slot(match)}"], previous, named, event)
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


def _as_written(text: str, phrase: str) -> str:
    """`phrase` as `text` writes it, with the "meeting" after a relative one ("the meeting after the May 2022")."""
    written = ref.original(text, phrase)
    if phrase.startswith("the meeting"):
        after = text[text.lower().find(phrase) + len(phrase):]
        written += " meeting" if re.match(r"\s+meeting\b", after) else ""
    return written


def _replace_dates(previous: str, old: tuple[str, ...], new: tuple[str, ...], question: str) -> str:
    """The previous question with its first date phrase replaced by the new dates and the rest dropped."""
    replacement = " and ".join(_as_written(question, phrase) for phrase in new)
    out = previous
    for i, phrase in enumerate(old):
        at = out.lower().find(phrase)
        if at < 0:
            continue
        end = at + len(phrase)
        if i == 0 and replacement.lower().startswith("the meeting"):  # "in the meeting after ..." -> "at ..."
            lead = re.search(r"\b(?:in|at|on|after|during)\s+(?:the\s+)?$", out[:at], re.I)
            at = lead.start() if lead else at
            end += len(re.match(r"\s+meeting\b", out[end:]).group(0)) if re.match(r"\s+meeting\b", out[end:]) else 0
            replacement = "at " + replacement
        out = out[:at] + (replacement if i == 0 else "") + out[end:]
    return " ".join(out.split()).replace(" ?", "?")
