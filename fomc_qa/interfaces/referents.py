"""What a follow-up can point back to in the previous (standalone) question: its subject, its topic,
the document it asks about, and its date phrase with the preposition it was written with.

Rules over the question's grammar, not a list of phrasings: "Who dissented at the July 2025
meeting?" has the subject "the dissenters at the July 2025 meeting" (an agent noun where English has
one, else "those who ..."); "What did the FOMC decide ...?" has "the FOMC"; "... about inflation in
January 2024?" has the topic "inflation"; "... the statement ..." names the document.
"""

from __future__ import annotations

import re

# Agent nouns of the verbs a "who" question about the Committee asks with.
AGENTS = {"dissented": "dissenters", "dissent": "dissenters", "voted": "voters", "vote": "voters",
          "objected": "objectors", "participated": "participants", "spoke": "speakers", "chaired": "chairs"}
BASE_VERBS = {"dissented": "dissent", "voted": "vote", "objected": "object", "spoke": "speak",
              "participated": "participate"}
PEOPLE = frozenset("dissenters voters members participants governors presidents officials policymakers "
                   "objectors speakers people staff".split())
DOCUMENTS = ("press conference", "implementation note", "statement", "minutes")
_DOC = re.compile(rf"\b(?:the\s+)?(?:fomc\s+|meeting\s+)?({'|'.join(DOCUMENTS)})\b", re.I)
_AUX = r"(?:did|does|do|was|were|is|are|has|have|had|will|would|could|should|can)"
_WHO = re.compile(r"^\s*who\s+(\w+)\s+(.*?)\s*\??\s*$", re.I)
_WHICH = re.compile(r"^\s*(?:which|what)\s+(\w+(?:\s+\w+)?)\s+(dissented|voted|objected|favou?red|preferred|"
                    r"wanted|supported|opposed|argued|said|noted)\b\s*(.*?)\s*\??\s*$", re.I)
_AUX_SUBJECT = re.compile(rf"^\s*(?i:(?:what|how|why|when|where|which|whom)\s+)?(?i:\w+\s+)?(?i:{_AUX})\s+"
                          r"((?:[Tt]he\s+)?(?:[A-Z][\w.]*(?:\s+[A-Z][\w.]*)*|\w+))\b")
_TOPIC = re.compile(r"\b(?-i:about|on|regarding|concerning|of|for)\s+((?:the\s+)?[\w-]+(?:\s+[\w-]+){0,6}?)"
                    r"(?=\s+(?:in|at|after|before|during|since|from|for|over|on|to)\b|\s*[?.!,]|\s*$)", re.I)
_LEADING_PREP = re.compile(r"(?:\b(in|at|after|before|during|of|on|since|from|for|by|until)\s+(?:the\s+|its\s+)?)$",
                           re.I)
# Verbs of saying: "it" before one is the document; an action is never one of them.
SAYING = frozenset("say says said describe describes described mention mentions mentioned note notes noted "
                   "state states stated show shows showed".split())
_WHO_WERE = re.compile(r"^\s*who\s+(?:were|are|was|is)\s+(the\s+.+?)\s*\??\s*$", re.I)
_AUX_WORDS = frozenset(_AUX[3:-1].split("|"))
_IN_NAME = re.compile(r"\b[A-Z][a-z]+\s+$")
_TIME_WORDS = frozenset("meeting meetings year month statement minutes".split())


def original(text: str, phrase: str) -> str:
    """`phrase` (lower case, as parse_filter reports it) as `text` writes it."""
    at = text.lower().find(phrase)
    return text[at: at + len(phrase)] if at >= 0 else phrase


def date_phrase(previous: str, named: tuple[str, ...]) -> str:
    """The previous question's dates as it wrote them, with their preposition: "at the July 2025
    meeting", "in March 2023", "after the June 2023 meeting"; "in X" when it wrote none."""
    if not named:
        return ""
    first = named[0]
    at = previous.lower().find(first)
    if at < 0:
        return "in " + " and ".join(named)
    lead = _LEADING_PREP.search(previous[:at])
    start = lead.start() if lead else at
    end = at + len(first)
    tail = re.match(r"\s+(?:fomc\s+)?(?:meetings?|minutes|statement)\b", previous[end:], re.I)
    if tail:
        end += tail.end()
    for other in named[1:]:
        more = previous.lower().find(other, end)
        if 0 <= more - end <= 12:
            end = more + len(other)
    text = previous[start:end]
    if lead:  # "at its June 2022 meeting" said of the Committee: "at the June 2022 meeting" anywhere else
        text = re.sub(r"^(\w+\s+)its\s+", r"\1the ", text)
    return text if lead else f"in the {text}" if tail else f"in {text}"


def without_dates(text: str, named: tuple[str, ...]) -> str:
    """`text` with its date phrases (and their prepositions and "meeting") cut out."""
    out = text
    for phrase in named:
        pattern = (r"(?:\b(?:in|at|after|before|during|of|on|since|from|for|by|until)\s+(?:the\s+|its\s+)?)?"
                   + re.escape(phrase) + r"(?:\s+(?:fomc\s+)?(?:meetings?|minutes|statement)\b)?")
        out = re.sub(pattern, " ", out, count=1, flags=re.I)
    return " ".join(out.split()).replace(" ?", "?").replace(" ,", ",")


def subject(previous: str, named: tuple[str, ...]) -> str | None:
    """Whom "they" means: the people a who/which question asks about (with its dates), else the
    previous question's grammatical subject."""
    were = _WHO_WERE.match(previous)
    if were:
        return were.group(1)
    who = _WHO.match(previous)
    if who:
        verb, rest = who.group(1), who.group(2)
        if verb.lower() in AGENTS and (not rest or re.match(r"(?:at|in|on|during|after|before)\b", rest, re.I)):
            return f"the {AGENTS[verb.lower()]} {rest}".strip()
        return f"those who {verb} {rest}".strip()
    which = _WHICH.match(previous)
    if which:
        return f"the {which.group(1)} who {which.group(2)} {which.group(3)}".strip()
    found = _AUX_SUBJECT.match(previous)
    if found and found.group(1).lower() not in {"it", "they", "there", "this", "that", "he", "she", "you", "we"}:
        return found.group(1)
    return None


def topic(previous: str, named: tuple[str, ...]) -> str | None:
    """What "it" means when it is an object: the previous question's topic ("about inflation")."""
    text = without_dates(previous, named)
    for found in _TOPIC.finditer(text):
        words = found.group(1).split()
        verb = next((i for i, w in enumerate(words) if w.lower() in _AUX_WORDS), None)
        words = words[:verb] if verb is not None else words  # "reserve balances" of "on reserve balances was set"
        if not words:
            continue
        if _IN_NAME.search(text[:found.start()]) and words[0][0].isupper():  # "Board of Governors": a name
            continue
        if words[-1].lower() not in _TIME_WORDS and not _DOC.fullmatch(" ".join(words)):
            return " ".join(words)
    return None


def document(text: str) -> re.Match[str] | None:
    """Where `text` names a kind of document (the statement, the minutes, the press conference)."""
    return _DOC.search(text)


def is_people(phrase: str) -> bool:
    words = phrase.lower().split()
    return bool(words) and words[-1] in PEOPLE


_NAME = re.compile(r"\b(?:[A-Z][a-z]+\.?\s+)*[A-Z][a-z]+(?:-[A-Z][a-z]+)?\b")
NOT_NAMES = frozenset("fomc federal reserve committee fed chair governor president vice statement minutes "
                       "january february march april may june july august september october november december "
                       "jan feb mar apr jun jul aug sep sept oct nov dec what who why how when which did does".split())


def is_name(text: str) -> bool:
    """A person's name as written ("Waller", "Michelle Bowman"), not a month or the Committee."""
    return bool(_NAME.fullmatch(text.strip())) and not any(w.lower().rstrip(".") in NOT_NAMES
                                                          for w in text.split())


def name_in(previous: str) -> tuple[int, int] | None:
    """Where the last person's name in the previous question is (titles such as "Governor" left out;
    never its first word)."""
    spans = []
    for m in _NAME.finditer(previous):
        words = list(re.finditer(r"\S+", m.group(0)))
        while words and words[0].group(0).lower().rstrip(".") in NOT_NAMES:
            words.pop(0)
        start = m.start() + words[0].start() if words else -1
        if start > 0 and is_name(previous[start:m.end()]):
            spans.append((start, m.end()))
    return spans[-1] if spans else None
