"""What a pronoun of a follow-up can stand for, and the antecedents the previous turn offers.

The table (`KINDS`) says which kinds of referent each pronoun can take, in the order they are tried; the
functions find each kind in the previous turn: the person (named in the previous question, else the first
full name in its answer: "Who dissented?" -> "Why did she?"), the Committee (the agent of a policy verb:
"Did they cut at the next meeting?"), the action (what the previous question asked about, as a noun phrase:
"How much did the Fed cut rates in December 2024?" -> "the rate cut in December 2024"; a "How many ...?" question's
number), the thing the action acted on (for "that adjustment": "the adjustment to the ON RRP offering rate"), the
day the answer names (for "that date"), the topic and the document (`referents.py`). Rules over the question's
grammar and small word tables, no model.
"""

from __future__ import annotations

import datetime as dt
import re

from fomc_qa.interfaces import referents as ref
from fomc_qa.question.dates import parse_filter
from fomc_qa.text.months import MONTH

# pronoun -> the kinds of referent it can take, tried in order. "it"/"that" as a subject ("Was it
# unanimous?", "Was that bigger?") is the event asked about; as an object ("describe it") the topic.
KINDS = {
    "he": ("person",), "she": ("person",), "him": ("person",), "his": ("person",), "her": ("person",),
    "they": ("committee", "people"), "them": ("people",), "their": ("people",),
    "it:subject": ("action", "topic", "document"), "it:object": ("topic", "document", "action"),
    "that:subject": ("action", "topic"), "that:object": ("action", "topic"),
}
# Verbs whose doer is the Committee: "they" before one of them is the FOMC.
POLICY_VERBS = frozenset("cut cuts raise raised raises hike hiked lower lowered hold held keep kept decide decided "
                         "set ease eased tighten tightened pause paused announce announced taper tapered "
                         "start started begin began stop stopped slow slowed change changed adjust adjusted".split())
# A policy verb of the previous question -> the event it names ("the rate cut", "the decision").
ACTION_NOUNS = {"cut": "rate cut", "lower": "rate cut", "ease": "rate cut", "raise": "rate hike", "hike": "rate hike",
                "increase": "rate hike", "tighten": "rate hike", "decide": "decision", "decided": "decision",
                "hold": "decision to hold rates", "pause": "pause", "taper": "taper",
                "announce": "announcement", "announced": "announcement"}
# Nouns of a change to something, with the preposition that takes the thing changed ("the adjustment to the ON RRP
# offering rate", "the reduction in the monthly redemption cap"); NOUN_SUFFIX tells a noun from a verb after "did that".
CHANGE_NOUNS = {"adjustment": "to", "change": "to", "revision": "to", "modification": "to", "tweak": "to",
                "reduction": "in", "increase": "in", "decrease": "in", "shift": "in", "slowdown": "in", "step": "on",
                "expansion": "of", "extension": "of", "removal": "of", "addition": "to"}
NOUN_SUFFIX = re.compile(r"(?:ment|tion|sion)s?$", re.I)
PARTICIPLES = {"set": "set", "cut": "cut", "hold": "held", "keep": "kept", "make": "made", "say": "said",
               "begin": "begun", "take": "taken"}
# Nouns a demonstrative stands before ("that cut", "this decision"): it is then a determiner, not a pronoun.
EVENT_NOUNS = frozenset("cut cuts hike hikes decision decisions move moves increase reduction taper tapering "
                        "action actions vote dissent cap range rate rates policy plan plans pace statement "
                        "minutes meeting year month announcement pause hold".split())
_PERSON = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z]+(?:-[A-Z][a-z]+)?)+\b")
_AUX = r"(?:did|does|do|was|were|is|are|has|have|had|will|would|could|should|can)"
_WHAT_NP = re.compile(rf"^\s*(?i:what|which)\s+((?:[\w-]+\s+){{0,5}}?[\w-]+)\s+(?i:{_AUX})\s+"
                      r"((?:[Tt]he\s+)?(?:[A-Z][\w.]*(?:\s+[A-Z][\w.]*)*|\w+))\s+(\w+)\b\s*(.*?)\s*\??\s*$")
_PREPOSITIONS = frozenset("in at on of for after before during about with by from to".split())
_COPULA_EVENTS = "|".join("cut hike decision move increase reduction taper action vote pause".split())
_COPULA_NP = re.compile(rf"\b(?:was|were|is|are)\s+(the\s+(?:[\w-]+\s+){{0,3}}?(?:{_COPULA_EVENTS}))\b", re.I)
_VERB_AFTER_SUBJECT = re.compile(rf"\b{_AUX}\s+(?:the\s+)?(?:fomc|fed|committee|federal reserve)\s+(\w+)\b(.*)$",
                                 re.I)
# "How many members voted against ...?", "How many meetings in 2023 had a dissent?"
_HOW_MANY = re.compile(r"^\s*how\s+many\s+((?:[\w'-]+\s+){0,4}?[\w'-]+)\s+(\w+ed|had|have|has|were|are|cut|set)\b"
                       r"\s*(.*?)\s*\??\s*$", re.I)
# "How many times did the FOMC raise rates in 2022?"
_HOW_MANY_DONE = re.compile(r"^\s*how\s+many\s+((?:[\w'-]+\s+){0,2}?[\w'-]+)\s+did\s+((?:the\s+)?\w+)\s+(\w+)\b"
                            r"\s*(.*?)\s*\??\s*$", re.I)
# The object of the previous question's main verb: "... did the FOMC decide about <the ...>?", "How did the May
# statement change <the ...>?"
_OBJECT = re.compile(rf"\b{_AUX}\s+(?:the\s+)?(?:[\w.'-]+\s+){{0,4}}?[a-z]+\s+(?:about\s+|on\s+|regarding\s+|to\s+)?"
                     r"((?:the|its)\s+[^?]+?)\s*\??\s*$")
# A day as written: "December 1", "March 15, 2020".
DAY = re.compile(rf"\b{MONTH}\.?\s+\d{{1,2}}\b(?:,?\s+(?P<year>(?:19|20)\d\d))?", re.I)
_WAS_DECIDED = re.compile(r"\bwas\s+(decided|announced)\b(.*)$", re.I)
_ABOUT = re.compile(r"^\s*(about|on|regarding)\s+(.+?)(?=\s+(?:in|at|on|after|during)\b|\s*\??\s*$)", re.I)


def person(previous: str, previous_answer: str | None) -> str | None:
    """Whom "he"/"she" means: the last person named in the previous question, else the first full name in
    the previous answer (the one a "Who dissented ...?" answer names first)."""
    span = ref.name_in(previous)
    if span:
        return previous[span[0]:span[1]]
    for found in _PERSON.finditer(previous_answer or ""):
        words = found.group(0).split()
        while words and words[0].lower().rstrip(".") in ref.NOT_NAMES:
            words.pop(0)
        if len(words) >= 2 and ref.is_name(" ".join(w for w in words if not re.fullmatch(r"[A-Z]\.", w))):
            return " ".join(words)
    return None


def action(previous: str, named: tuple[str, ...]) -> str | None:
    """The event the previous question asked about, as a noun phrase with its date phrase: "the monthly
    Treasury redemption cap the FOMC set in May 2024", "the rate hike in June 2022", "the decision about
    balance sheet runoff at the March 2025 meeting"; None when it asked about no event."""
    when = ref.date_phrase(previous, named)
    bare = ref.without_dates(previous, named)
    count = _count(previous)
    if count:
        return _with_when(count, when, named)
    what = _WHAT_NP.match(previous)
    if what and what.group(3).lower() not in ref.SAYING and not _PREPOSITIONS & set(what.group(1).lower().split()):
        verb = what.group(3).lower()
        participle = PARTICIPLES.get(verb, verb + ("d" if verb.endswith("e") else "ed"))
        phrase = f"the {what.group(1)} {what.group(2)} {participle}"
        return _with_when(f"{phrase} {what.group(4)}".strip(), when, named)
    copula = _COPULA_NP.search(bare)
    if copula:
        return _with_when(copula.group(1), when, named)
    done = _VERB_AFTER_SUBJECT.search(bare) or _WAS_DECIDED.search(bare)
    if done and done.group(1).lower() in ACTION_NOUNS:
        noun = ACTION_NOUNS[done.group(1).lower()]
        about = _ABOUT.match(done.group(2))
        phrase = f"the {noun} {about.group(1).lower()} {about.group(2)}" if about else f"the {noun}"
        return _with_when(phrase.replace(" its ", " the FOMC's "), when, named)
    return None


def _count(previous: str) -> str | None:
    """A "How many ...?" question as the number it asks for: "the number of members who voted against the
    decision in October 2025", "the number of times the FOMC raised rates in 2022"."""
    done = _HOW_MANY_DONE.match(previous)
    if done:
        verb = done.group(3).lower()
        participle = PARTICIPLES.get(verb, verb + ("d" if verb.endswith("e") else "ed"))
        return f"the number of {done.group(1)} {done.group(2)} {participle} {done.group(4)}".strip()
    did = _HOW_MANY.match(previous)
    if did:
        if did.group(2).lower() in {"were", "are"} and did.group(3).lower().startswith("there"):
            return f"the number of {did.group(1)} {did.group(3)[5:].strip()}".strip()  # "were there": none to name
        relative = "who" if ref.is_people(did.group(1)) else "that"
        return f"the number of {did.group(1)} {relative} {did.group(2)} {did.group(3)}".strip()
    return None


def thing(previous: str, named: tuple[str, ...]) -> str | None:
    """What the previous question's action acts on, for "that adjustment" / "the March 2025 reduction": "the ON RRP
    offering rate" of "What did the FOMC decide about the ON RRP offering rate ...?", "the monthly redemption cap
    on Treasury securities" of "How did the May 2024 statement change the monthly redemption cap ...?"."""
    found = _OBJECT.search(ref.without_dates(previous, named))
    return found.group(1).replace("its ", "the FOMC's ") if found else None


def change_noun(word: str) -> str | None:
    """The preposition a noun of change takes before the thing changed, None for other words."""
    word = word.lower()
    return CHANGE_NOUNS.get(word.rstrip("s"))


def changed(noun: str, event: str | None, previous: str, named: tuple[str, ...]) -> str | None:
    """"the adjustment to the ON RRP offering rate": a noun of change with the thing the previous question's action
    acted on, when that event's own noun is not this one."""
    prep = change_noun(noun) if noun else None
    acted_on = thing(previous, named) if prep else None
    if not acted_on or noun.lower().rstrip("s") in (head(event) or "").split():
        return None
    return f"the {noun} {prep} {acted_on}"


def answer_day(answer: str | None, meetings: frozenset[dt.date] | None, year: int | None) -> str | None:
    """The first day the previous answer's lead names besides the meeting's own ("on December 1"), with its year."""
    for found in DAY.finditer((answer or "").split("\n")[0]):
        written = found.group(0).rstrip(",")
        when = parse_filter(written if found.group("year") else f"{written}, {year}", sorted(meetings or ())).meetings
        if year and not (when and meetings and when <= meetings):
            return written if found.group("year") else f"{written}, {year}"
    return None


def head(action_phrase: str | None) -> str | None:
    """The noun an action phrase is about ("rate hike" of "the rate hike in June 2022"), for "the one before"."""
    if not action_phrase:
        return None
    for noun in sorted(set(ACTION_NOUNS.values()), key=len, reverse=True):
        if f"the {noun}" in action_phrase:
            return noun
    return None


def committee(verb: str) -> str | None:
    """"they" as the doer of a policy verb is the Committee."""
    return "the FOMC" if verb.lower() in POLICY_VERBS else None


def _with_when(phrase: str, when: str, named: tuple[str, ...]) -> str:
    phrase = " ".join(phrase.split()).rstrip(" ?")
    return phrase if not when or any(d in phrase.lower() for d in named) else f"{phrase} {when}"
