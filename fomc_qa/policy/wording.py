"""Record answers about the statements' wording: a role's sentences at a meeting or over a span (each with what
changed from the one before it), and where the statements use a term (first, last, how many)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from typing import Literal

from fomc_qa.policy.diff import word_diff
from fomc_qa.policy.numbers import count_words
from fomc_qa.policy.phrasing import (
    MAX_LISTED,
    ROLE_LABEL,
    Quote,
    RecordAnswer,
    day,
    quote,
    sentence,
    span_phrase,
)
from fomc_qa.policy.record import MeetingRecord, StatementSentence
from fomc_qa.question.policy_question import PolicyQuestion
from fomc_qa.text.lexical import stem
from fomc_qa.text.names import STOPWORDS
from fomc_qa.text.sentences import that_clause


def _counterpart(dropped: StatementSentence, candidates: Sequence[StatementSentence]) -> StatementSentence | None:
    """The next statement's sentence that took the dropped one's place: of its role, the one sharing most of its
    words (`_overlap`; the Fed rewrites a sentence in place: "remains highly attentive to inflation risks" -> "is
    attentive to the risks to both sides of its dual mandate"); of any role when none has its role; None for none."""
    pool = [s for s in candidates if s.role == dropped.role] or list(candidates)
    return max(pool, key=lambda s: _overlap(dropped, s), default=None)


def answer_mention(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer | None:
    """Where the statements use a term: the first and last statements that do (and the next, which dropped
    it), or how many did, each occurrence quoted. None when no statement in the span uses it: the minutes
    may, and ordinary retrieval reads those."""
    pattern = re.compile(rf"\b{re.escape(q.term or '')}\w*", re.IGNORECASE)

    def uses(s: StatementSentence) -> bool:  # in a sentence of the role the question names, if it names one
        return bool(pattern.search(s.source.sentence)) and (not q.roles or bool({s.role, *s.also} & set(q.roles)))

    found = [(r, next(s for s in r.statement if uses(s))) for r in records if any(uses(s) for s in r.statement)]
    if not found:
        return None
    term, span = f"“{q.term}”", span_phrase(q, records)
    first, last = found[0], found[-1]
    if q.edge == "count":
        dates = ", ".join(day(r.meeting_date) for r, _ in found)
        direct = (f"{count_words(len(found))} of the {len(records)} statements {span} use {term}: {dates}.")
        chosen = found if len(found) <= MAX_LISTED else [*found[: MAX_LISTED // 2], *found[-MAX_LISTED // 2:]]
        return RecordAnswer(sentence(direct), [q_ for r, s in chosen for q_ in quote(r, s.source)])
    if q.edge in ("last", "both"):
        following = next((r for r in records if r.meeting_date > last[0].meeting_date), None)
        direct = f"The last statement {span} to use {term} was that of {day(last[0].meeting_date)}"
        direct += (f"; the next, on {day(following.meeting_date)}, no longer did." if following is not None
                   else ", the latest in the span.")
        quotes = quote(last[0], last[1].source)
        if following is not None:
            counterpart = _counterpart(last[1], following.statement)
            quotes += quote(following, counterpart.source if counterpart else None, "the next statement")
            # "what replaced it?": the sentence of its role the next statement rewrote in its place
            if counterpart is not None and counterpart.role == last[1].role \
                    and _overlap(last[1], counterpart) >= REVISED_OVERLAP:
                direct = f"{direct[:-1]}; it said instead that {that_clause(counterpart.source.sentence)}."
        if q.edge == "both" and first[0] is not last[0]:  # "when did it enter, and when was it last used?"
            direct = f"The first statement {span} to use {term} was that of {day(first[0].meeting_date)}. {direct}"
            quotes = quote(first[0], first[1].source) + quotes
        return RecordAnswer(direct, quotes)
    direct = f"The first statement {span} to use {term} was that of {day(first[0].meeting_date)}"
    direct += f" ({count_words(len(found))} statements used it, the last on {day(last[0].meeting_date)})." \
        if len(found) > 1 else " (the only one that did)."
    # the first use's sentence proves the answer; the last's would be a later statement's words (blind judges: "later
    # statements do not bear on the first use")
    return RecordAnswer(direct, quote(first[0], first[1].source))

def answer_role(q: PolicyQuestion, records: Sequence[MeetingRecord], evolution: bool) -> RecordAnswer:
    label = " and ".join(ROLE_LABEL.get(role, role) for role in q.roles)
    quotes: list[Quote] = []
    chosen = records if len(records) <= MAX_LISTED else [*records[: MAX_LISTED // 2], *records[-MAX_LISTED // 2:]]
    changed = False
    for role in q.roles:
        previous: str | None = None
        said_before: bool | None = None
        for r in chosen:
            sentences = r.sentences(role)
            # a statement that says nothing in the role where the one before did (or the reverse) changed it too
            changed = changed or (evolution and said_before is not None and said_before != bool(sentences))
            said_before = bool(sentences)
            text = " ".join(s.source.sentence for s in sentences)
            for i, s in enumerate(sentences):
                note = ""
                if evolution and i == len(sentences) - 1 and previous is not None:
                    diff = word_diff(previous, text)
                    changed = changed or diff != "unchanged"
                    note = f"change from the previous: {diff}"
                quotes += quote(r, s.source, note)
            if sentences:
                previous = text
    if evolution and len(records) == 2:
        quotes += _other_changes(q, records[0], records[1])
    span = span_phrase(q, records)
    said = _said(q, chosen)
    if len(records) == 1 or not said:
        direct = f"The FOMC statement of {day(records[0].meeting_date)} described {label} as follows."
        if said:
            direct = f"The {day(records[0].meeting_date)} statement says that {said}."
        elif len(records) > 1:
            direct = f"Here is how the FOMC statement described {label} {span}, meeting by meeting."
    elif not evolution:
        direct = f"The statement's wording on {label} {span}: {said}."
    else:
        answer = ("Yes: the" if changed else "No: the") if q.yes_no else "The"
        verb = "changed" if changed else "did not change"
        direct = f"{answer} statement's wording on {label} {verb} {span}: {said}."
    return RecordAnswer(direct, quotes)


def _said(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> str:
    """What the statements said in the question's roles, in a lead's words: one meeting's sentences (at most
    two); over a span, the first meeting's sentences that later went away (`_oldest`), then what each later meeting
    said that was new: "on June 16, 2021 it said that inflation has risen ...; on November 3, 2021, that ...";
    over more than SAID_MEETINGS meetings, by the words each changed: "...; on July 26, 2023, "has been expanding
    at a moderate pace"; ..." (every changed meeting is in the lead: blind judges found a first-and-last lead
    skipped the steps asked about)."""
    texts = [[s.source.sentence for role in q.roles for s in r.sentences(role)] for r in records]
    present = [(r, t) for r, t in zip(records, texts, strict=True) if t]
    if not present:
        return ""
    if len(present) == 1:
        return " and that ".join(that_clause(t) for t in present[0][1][:2])
    (first, opening) = present[0]
    said_first = " and that ".join(that_clause(t) for t in _oldest(opening, present[-1][1]))
    opened = f"on {day(first.meeting_date)} it said that {said_first}"
    if len(present) <= SAID_MEETINGS:
        return "; ".join([opened, *_told(present, lambda t, before: f"that {that_clause(t)}", " and ")])
    steps = _told(present, lambda t, before: f"\"{_changed_words(t, before)}\"", " ... ")
    if len(" ".join(steps).split()) > SAID_WORDS:  # long sentences rewritten whole: the first and the last
        steps = _told([present[0], present[-1]], lambda t, before: f"that {that_clause(t)}", " and ")
    return "; ".join([opened, *steps])


SAID_MEETINGS = 4  # a span of more meetings is told by the words each meeting changed (`_changed_words`)
SAID_WORDS = 110  # ... unless those run past this many words
CHANGED_SHARE = 0.6  # a sentence this much rewritten is told whole
CLAUSE_HEAD = 4  # the changed words start at their clause's start when it is this near, else at the word before
# them that is not a function word
CLAUSE_TAIL = 8  # and run on to their clause's end when it is this near, else RIGHT_CONTEXT words past them
RIGHT_CONTEXT = 2


def _told(present: Sequence[tuple[MeetingRecord, list[str]]], tell: Callable[[str, Sequence[str]], str],
          joiner: str) -> list[str]:
    """What each meeting after the first said that the one before did not, by `tell(sentence, before)`; a meeting
    that kept the wording is left out, the last told as "the same"."""
    told: list[str] = []
    before = present[0][1]
    for record, sentences in present[1:]:
        if sentences == before:
            if record is present[-1][0]:
                told.append(f"on {day(record.meeting_date)}, the same")
            continue  # a meeting that kept the wording adds nothing to the lead (its quote shows it unchanged)
        said = joiner.join(tell(t, before) for t in _newest(sentences, before))
        told.append(f"on {day(record.meeting_date)}, {said}")
        before = sentences
    return told


def _changed_words(sentence: str, before: Sequence[str]) -> str:
    """The words of a sentence the previous meeting's closest sentence did not have, from their clause's start (or
    the content word before them) to its end when those are near ("expanding at a moderate pace" after "expanding
    at a modest pace"); the whole sentence when most of it is new. Told in the Fed's words, so quoted."""
    words = sentence.strip().rstrip(".").split()
    closest = max(before, key=lambda b: difflib.SequenceMatcher(a=b.split(), b=words, autojunk=False).ratio(),
                  default="")
    matcher = difflib.SequenceMatcher(a=[_bare(w) for w in closest.split()], b=[_bare(w) for w in words],
                                      autojunk=False)
    changed = [j for op, _, _, j1, j2 in matcher.get_opcodes() if op in ("replace", "insert") for j in range(j1, j2)]
    if not changed or max(changed) + 1 - min(changed) > CHANGED_SHARE * len(words):
        return " ".join(words)
    start, end = min(changed), max(changed) + 1
    head = next((i + 1 for i in range(start - 1, -1, -1) if words[i].endswith((",", ";", ":"))), 0)
    if _bare(words[start]) not in _FUNCTION_WORDS:
        content_before = next((i for i in range(start - 1, -1, -1) if _bare(words[i]) not in _FUNCTION_WORDS), start)
        start = head if start - head <= CLAUSE_HEAD else content_before  # "expanding at a moderate pace"
    # not from "and" or "the": "... mandate and judges that ..." from "judges"
    start = next((i for i in range(start, end) if _bare(words[i]) not in _FUNCTION_WORDS), start)
    tail = next((i + 1 for i in range(end - 1, len(words)) if words[i].endswith((",", ";", ":"))), len(words))
    end = tail if tail - end <= CLAUSE_TAIL else min(end + RIGHT_CONTEXT, tail)  # "modest further progress"
    while end < len(words) and _bare(words[end - 1]) in _FUNCTION_WORDS:  # not "... has slowed from its"
        end += 1
    return " ".join(words[start:end]).rstrip(",;:")


_FUNCTION_WORDS = frozenset("a an the its their of to from at in on by for with and or but that as".split())


def _bare(word: str) -> str:
    return word.lower().strip(".,;:").replace("\u2011", "-")


def _oldest(sentences: Sequence[str], last: Sequence[str]) -> list[str]:
    """The first meeting's sentences the span's last meeting no longer says word for word, those with most words
    gone first (two at most; the one with most gone if it kept them all), in the statement's order: what a comparison
    starts from ("remains highly attentive to inflation risks" before "is attentive to the risks to both sides")."""
    kept = _content_words(" ".join(last))
    gone = {t: len(_content_words(t) - kept) for t in sentences}
    ranked = sorted(sentences, key=lambda t: (-gone[t], sentences.index(t)))
    chosen = [t for t in ranked if t not in last][:2] or ranked[:1]
    return sorted(chosen, key=sentences.index)


def _newest(sentences: Sequence[str], before: Sequence[str]) -> list[str]:
    """A meeting's sentences that say most that the meeting before did not (two at most, each with at least one
    new word; the newest one if none has), in the statement's order; never one the meeting before said word for
    word while another is rewritten ("In determining the extent to which additional policy firming may be
    appropriate ..." is new in May 2023 though each of its words was in March's, whose "will closely monitor
    incoming information ..." it repeats)."""
    seen = _content_words(" ".join(before))
    novelty = {t: len(_content_words(t) - seen) for t in sentences}
    rewritten = [t for t in sentences if t not in before] or list(sentences)
    ranked = sorted(rewritten, key=lambda t: (-novelty[t], sentences.index(t)))
    chosen = [t for t in ranked[:2] if novelty[t] >= 1] or ranked[:1]
    return sorted(chosen, key=sentences.index)


# Sentences of two statements count as the same when their words match, as one sentence revised when their distinct
# words overlap by at least REVISED_OVERLAP (Dice: "Inflation has eased somewhat but remains elevated." ->
# "Inflation remains elevated." is 0.6), else as removed and added.
REVISED_OVERLAP = 0.5
Change = tuple[Literal["revised", "added", "removed"], StatementSentence | None, StatementSentence | None]


def statement_changes(before: MeetingRecord, after: MeetingRecord) -> list[Change]:
    """The redline from one statement to the next: sentences revised (with the earlier one), added and removed,
    in the later statement's order, the removed last. The vote's roll call is left out (names change, not
    policy)."""
    old = [s for s in before.statement if s.role != "votes"]
    new = [s for s in after.statement if s.role != "votes"]
    same = {_words(s) for s in old} & {_words(s) for s in new}
    old = [s for s in old if _words(s) not in same]
    changes: list[Change] = []
    for s in (s for s in new if _words(s) not in same):
        best = max(old, key=lambda o: _overlap(o, s), default=None)
        if best is not None and _overlap(best, s) >= REVISED_OVERLAP:
            old.remove(best)
            changes.append(("revised", best, s))
        else:
            changes.append(("added", None, s))
    return changes + [("removed", s, None) for s in old]


def answer_redline(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """What changed between consecutive statements of the span: each revised sentence with its word-level edits,
    each added sentence, each removed one, cited."""
    quotes: list[Quote] = []
    counts = {"revised": 0, "added": 0, "removed": 0}
    roles_said: set[str] = set()  # the sentences of the roles the question names
    for before, after in zip(records, records[1:], strict=False):
        changes = statement_changes(before, after)
        roles_said |= {s.source.sentence for c in changes if _of_roles(c, q.roles) for s in c[1:] if s is not None}
        # the roles the question names first, then the edits saying what it asks about ("the 'additional policy
        # firming' sentence"), then the kind of edit it asks for ("what was dropped"); stable
        changes.sort(key=lambda c: (not _of_roles(c, q.roles), -_says_topic(c, q.topic),
                                    q.edits is not None and c[0] != q.edits))
        for kind, was, now in changes:
            counts[kind] += 1
            if kind == "revised":
                if len(records) == 2:  # two statements set side by side: the earlier wording in full, then the edit
                    quotes += quote(before, was.source, f"as it read before the {day(after.meeting_date)} revision")
                quotes += quote(after, now.source, f"revised; change from the previous: "
                                                   f"{word_diff(was.source.sentence, now.source.sentence)}")
            elif kind == "added":
                quotes += quote(after, now.source, "added")
            else:
                quotes += quote(before, was.source, f"removed from the {day(after.meeting_date)} statement")
    first, last = day(records[0].meeting_date), day(records[-1].meeting_date)
    where = (f"From the {first} statement to the {last} statement" if len(records) == 2
             else f"Over the {len(records)} statements from {first} to {last}")
    if not any(counts.values()):
        return RecordAnswer(f"{where}, the wording did not change (apart from the vote).",
                            quote(records[-1], records[-1].decision_source))
    tally = ", ".join(f"{count_words(n)} {'sentence' if n == 1 else 'sentences'} {kind}"
                      for kind, n in counts.items() if n)
    lead = _leading_changes(quotes, mixed=q.edits == "both", roles_said=frozenset(roles_said))
    return RecordAnswer(f"{where}: {tally}. {lead}".strip(), quotes[:MAX_LISTED])


LEADING_CHANGES = 2  # the redline's first edits (the question's roles first) told in the lead
_CHANGE_VERB = (("added", "added that"), ("revised", "revised a sentence to say that"),
                ("removed", "dropped the sentence that"))


def _leading_changes(quotes: Sequence[Quote], mixed: bool = False, roles_said: frozenset[str] = frozenset()) -> str:
    """The first edits in words ("It added that in recent months, there has been a lack of further progress ...;
    it revised a sentence to say that ..."): the lead says what changed, the quotes prove it. `mixed` (the question
    asks for both: "what did it drop, and what replaced it?"): of the first two sentences dropped and the first two
    added (of the roles the question names, `roles_said`, when they hold both, else of all), the pair sharing most
    words, the first among equals: the sentence dropped and the one that replaced it."""
    edits = [(kind, verb, q) for q in quotes for kind, verb in _CHANGE_VERB if q.note.startswith(kind)]
    for pool in ([e for e in edits if e[2].source.sentence in roles_said], edits) if mixed else ():
        dropped, added = ([e for e in pool if e[0] == kind][:LEADING_CHANGES] for kind in ("removed", "added"))
        if dropped and added:  # the sentence dropped and the one that replaced it: the pair sharing most words
            pair = max(((d, a) for d in dropped for a in added),
                       key=lambda p: len(_content_words(p[0][2].source.sentence)
                                         & _content_words(p[1][2].source.sentence)))
            edits = [*pair, *(e for e in edits if e not in pair)]
            break
    told = [f"{verb} {that_clause(q.source.sentence)}" for _, verb, q in edits[:LEADING_CHANGES]]
    return f"It {'; it '.join(told)}." if told else ""


# Two statements compared on one role ("how did the job market language change from July to September?"): the
# statement's other edits often carry the answer too (the risk sentence "judges that downside risks to employment have
# risen"), so up to OTHER_CHANGES of them follow the role's sentences.
OTHER_CHANGES = 3


def _other_changes(q: PolicyQuestion, before: MeetingRecord, after: MeetingRecord) -> list[Quote]:
    """The later statement's revised and added sentences outside the question's roles, in its order."""
    quotes: list[Quote] = []
    for kind, was, now in statement_changes(before, after):
        if len(quotes) >= OTHER_CHANGES or kind == "removed" or _of_roles((kind, was, now), q.roles):
            continue
        note = f"also revised: {word_diff(was.source.sentence, now.source.sentence)}" if kind == "revised" \
            else "also added"
        quotes += quote(after, now.source, note)
    return quotes


def _says_topic(change: Change, topic: Sequence[str]) -> int:
    """How many of a redline question's subject words the edit's sentences say (before or after it)."""
    said = {stem(w) for s in change[1:] if s is not None for w in _content_words(s.source.sentence)}
    return len(said & {stem(w) for w in topic})


def _of_roles(change: Change, roles: Sequence[str]) -> bool:
    return any(s is not None and {s.role, *s.also} & set(roles) for s in change[1:])


def _content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOPWORDS}


def _words(s: StatementSentence) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", s.source.sentence.lower()))  # hyphens of any kind drop out


def _overlap(a: StatementSentence, b: StatementSentence) -> float:
    wa, wb = set(_words(a).split()), set(_words(b).split())
    return 2 * len(wa & wb) / (len(wa) + len(wb)) if wa or wb else 0.0
