"""The words compose compares: does a quote say what the question asks and the lead leaves out, does the lead say a
quote already, which quote answers a part. Stemmed as the search stems them, an analyst's word for a move as the
Committee's, without the words every question and document share."""

from __future__ import annotations

import re

from fomc_qa.answering.quotes import Quote, day_of
from fomc_qa.text.glossary import fed_word
from fomc_qa.text.lexical import stem
from fomc_qa.text.numbers import fed_number

_STOP = frozenset("the and for that with what did does was were are has have had this its their from which who whom "
                  "how why when where about into over than then they them there would could should been being also "
                  "fomc committee fed federal reserve meeting minutes statement".split())
_BASIS_POINTS = re.compile(r"(\d)\s*bps?\b")
_POINTS = re.compile(r"\b(\d+(?:\.\d+)?(?:-\d/\d)?|\d/\d) percentage points?\b")
_MONTHS = frozenset("january february march april may june july august september october november december".split())


def _in_basis_points(m: re.Match[str]) -> str:
    return f"{round(fed_number(m.group(1)) * 100)} basis points"


def content(text: str) -> set[str]:
    """A text's content words ("favored" and "favor" are one; "hike" is "raise"; "25bp" says "basis points", and
    "1/4 percentage point" says "25 basis points": the statement's size and the record's are one)."""
    text = _POINTS.sub(_in_basis_points, _BASIS_POINTS.sub(r"\1 basis points", text.lower()))
    return {fed_word(stem(w)) for w in re.findall(r"[a-z0-9$.%-]+", text) if w not in _STOP and len(w) > 2}


def focus(text: str) -> set[str]:
    """A question's (or a part's) content words less its dates: what a sentence answering it talks about."""
    return {w for w in content(text) if w not in _MONTHS and not re.fullmatch(r"\d{4}", w)}


# Words of almost every question about the Committee: a quote saying one of them is no sign it says what the lead
# leaves out; any other question word is (compose's `_told_beside`; a further part's words, `flow.facet_hits`).
GENERIC = frozenset(content(
    "rate rates range target federal funds committee participants members meeting minutes statement fomc fed policy "
    "monetary percent basis points point decision decided decide staff manager economy economic inflation labor market "
    "say said says what why how when which did does was were set make made take took give gave keep kept move moved "
    "see saw show showed happen happened"))

SAID_MIN_WORDS = 12  # a quote the lead says goes to the sources from this length: a shorter one is cheap proof
ADDS_WORDS = 2  # a sentence joins the lead when it says this many content words the lead does not
RESTATES_SHARE = 0.85  # a long sentence with this share of its content words told already says the lead again
RESTATES_WORDS = 12  # ... from this many content words: in a short one a word untold is another view ("no reductions")
SAME_QUOTE = 0.9  # a quote with this share of its content words in another's adds nothing (the vote, twice)
_ROLL_CALL_WORDS = content("voting voted against for this the action was were dissented")
# the decision's formula in both documents ("In support of these goals, the Committee decided ...", "members agreed")
_FORMULA_WORDS = content("in support of these its goals decided agreed members")


def adds(q: Quote, leads: list[str]) -> bool:
    """Whether the quote says ADDS_WORDS or more content words the lead does not, the roll call's own words aside:
    "Voting against the action was Beth M. Hammack, who preferred to maintain ..." after the record's line and the
    minutes' "President Hammack dissented because she preferred to maintain ..." says nothing new (blind judges:
    "the dissent is restated three times")."""
    return len(_new_words(q, leads)) >= ADDS_WORDS


def retells(q: Quote, leads: list[str]) -> bool:
    """The sentence says again what the lead's sentences say, in other words: RESTATES_SHARE of its content words are
    told ("The Committee judges that reserve balances have declined to ample levels and will initiate purchases ..."
    after the minutes' "members agreed that reserve balances had declined to ample levels and that the Committee
    would initiate purchases ..."; blind judges: "repeats itself"). Not a short sentence: "Some participants saw no
    reductions in the target range this year as appropriate" beside "most participants assessed that some reduction
    ... would likely be appropriate" is another view."""
    words = content(q.text)
    return len(words) >= RESTATES_WORDS and len(words - _new_words(q, leads)) >= RESTATES_SHARE * len(words)


def restated(q: Quote, lead: str, before: list[Quote]) -> bool:
    """The quote says again what the lead and the evidence before it say: no content word or figure of its own (the
    roll call's and the decision's formula words aside). "Voting against the action was Beth M. Hammack, who
    preferred to maintain the target range at 4-1/2 to 4-3/4 percent" beside a lead that says both is proof the
    lead's markers give (blind judges: "quotes repeat the lead"); "... the cap ... at $35 billion" beside a lead naming
    the other cap's figures says one the lead lacks, and stays. One new word is enough to stay: "no reductions" beside
    "some reduction" is another view (with two, replays over dev and the read sets lost keywords: docs/answering.md)."""
    return not _new_words(q, [lead, *(o.text for o in before)]) - _FORMULA_WORDS


def _new_words(q: Quote, said: list[str]) -> set[str]:
    """The quote's content words none of the `said` texts has, the roll call's own words aside."""
    return content(q.text) - content(" ".join(said)) - _ROLL_CALL_WORDS


def said_in(q: Quote, lead: str) -> bool:
    """The lead already says the quote, a whole sentence of it: SAME_QUOTE of its content words are in it (the
    record's line restating the statement's sentence it comes from). A short quote ("John C. Williams, Vice Chair")
    is the proof at a glance and stays."""
    words = content(q.text)
    return len(q.text.split()) >= SAID_MIN_WORDS and len(words & content(lead)) >= SAME_QUOTE * len(words)


def repeats(q: Quote, others: list[Quote]) -> bool:
    """The quote says again what one of `others` of its meeting says (the statement's vote line and the minutes'
    copy); another meeting's like sentence is another fact (each hike of a count)."""
    words, day = content(q.text), day_of(q)
    return bool(words) and any(len(words & content(o.text)) >= SAME_QUOTE * len(words) and day_of(o) == day
                               for o in others)
