"""Sentence boundaries of FOMC text, as offsets, shared by the chunker and the reader.

One splitter for both, so the sentences a chunk was packed from are the sentences the reader
quotes. Spans are offsets into the text, so every sentence is a verbatim substring (citations
quote them). Lines split first (headings and paragraphs never merge), then sentence-final
punctuation before a capital or digit ends a sentence, except after common abbreviations
("U.S.", "Jan.", "p.m.") and single-letter initials ("Jerome H. Powell").
"""

from __future__ import annotations

import re

_ABBREVIATIONS = frozenset(
    "u.s u.k u.n mr ms mrs dr st no vs etc inc co corp ltd jr sr gov e.g i.e a.m p.m approx est fig"
    " jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
_BOUNDARY = re.compile(r"[.?!][\"'\u201d\u2019)\]]*(?=\s+[\"'\u201c\u2018(\[]?[A-Z0-9])")
_LINE = re.compile(r"[^\n]+")
MIN_SENTENCE_WORDS = 5  # words of two or more letters: drops attendance lines ("Jerome H. Powell, Chair")
_WORD = re.compile(r"[A-Za-z]{2,}")


def sentence_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences of text[start:end], whitespace trimmed."""
    end = len(text) if end is None else end
    spans: list[tuple[int, int]] = []
    for line in _LINE.finditer(text, start, end):
        cursor = line.start()
        for match in _BOUNDARY.finditer(text, line.start(), line.end()):
            words = text[cursor : match.start() + 1].split()
            word = words[-1].lower().strip("\"'(\u201c").rstrip(".") if words else ""
            if word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
                continue
            spans.append((cursor, match.end()))
            cursor = match.end()
        spans.append((cursor, line.end()))
    return [span for span in (_trim(text, a, b) for a, b in spans) if span[1] > span[0]]


def split_sentences(text: str) -> list[str]:
    """The sentences of `text` as strings (see `sentence_spans`)."""
    return [text[a:b] for a, b in sentence_spans(text)]


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def quotable(sentence: str) -> bool:
    """Whether the reader scores and may quote a sentence: one with MIN_SENTENCE_WORDS real words."""
    return len(_WORD.findall(sentence)) >= MIN_SENTENCE_WORDS


def quotable_sentences(text: str) -> list[str]:
    """The sentences of `text` the reader scores, in order."""
    return [s for s in split_sentences(text) if quotable(s)]


# A sentence's first word that keeps its capital after "says that": an acronym ("FOMC", "SOMA", "McDonald", "U.S."),
# a title, a month, a country, a name's possessive ("Russia's war against Ukraine ...").
_PROPER_START = re.compile(r"^(?:[A-Z]{2,}|[A-Z]\w*[A-Z])\w*\b|^(?:[A-Z]\.){2,}"
                           r"|^(?:Mr|Ms|Mrs|Dr|Federal|Board|Chair|Vice|Governor|President|Treasury|Congress|January|February"
                           r"|March|April|May|June|July|August|September|October|November|December"
                           r"|Russia|Ukraine|China|Japan|Europe|Canada|Mexico)\b"
                           r"|^(?!(?:Today|Yesterday|Tomorrow|Last|This|Next|Each|Every|One)['\u2019])[A-Z][a-z]+['\u2019]s\b")


def that_clause(sentence: str) -> str:
    """A sentence reported after "says that": its first word lower-cased unless it is a name or an acronym, the
    final full stop dropped ("Inflation has risen." -> "inflation has risen")."""
    text = sentence.strip().rstrip(".")
    if text and not _PROPER_START.match(text):
        text = text[0].lower() + text[1:]
    return text


# "In light of these risks ...": a sentence pointing back to the one before it, which says what "these risks" are;
# so does a statement's "in light of the shift in the balance of risks, the Committee decided ..." (the sentence
# before says which way they shifted), not "in light of the risks to the outlook" said there and then
POINTS_BACK = re.compile(r"\b(?:(?:these|those|such) |in light of the (?:progress on inflation and the )?"
                         r"(?:shift in the )?balance of )"
                         r"(?P<noun>risks|developments|factors|considerations|conditions)\b", re.I)

# A sentence giving a reason ("in light of ...", "judged", "because"): the quote scorer, compose's why lead and the
# reader's sentence model read it.
GIVES_REASON = re.compile(r"\bbecause\b|\breflect\w*|\bdue to\b|\bdriven by\b|\bin light of\b|\bgiven\b|\bin view of\b"
                          r"|\bin consideration of\b|\bto (?:allow|assess|support|help|foster|address)\b|\bbased on\b"
                          r"|\bnoted that\b|\bjudged\b|\bcited\b|\bpointed to\b|\bconcern\w*\b|\brisks?\b", re.I)
# The Committee's own decision sentence ("the Committee decided to raise the target range ..."): it restates what a
# why asks about.
DECISION = re.compile(r"\b(?:Committee|members) (?:decided|agreed|voted) to (?:raise|lower|maintain|keep)\b"
                      r"[^.]*\btarget range\b")

# A sentence leaning on the one before it for its subject ("They also discussed how this relative timing might
# differ ...", "In her view, ...", "Consequently, these participants judged ...", "Some of these participants ..."):
# quoted alone, the reader cannot tell who or what it is about.
_REFERS = (r"(?:This|That|These|Those|Such|It|They|Their|He|She|His|Her|In (?:his|her|their) view"
           r"|(?:Some|Many|Most|Several|All|Both|Each|One|Two|Three|Other|A (?:few|couple|number|majority))"
           r" of (?:these|those|them)|(?:Some|Many|Most|Several|All|A few|Other) such)")
_LINKED = (r"(?:However|Consequently|Accordingly|Therefore|Thus|Still|Nonetheless|Nevertheless|Moreover|In addition"
           r"|Indeed|Instead|Also|Even so|As a result|At the same time),?\s+")
LEANS = re.compile(rf"^(?:{_LINKED}(?i:{_REFERS})|{_REFERS})\b")
_TURNS = re.compile(r"^[^.]{0,80}?\b(?:however|nonetheless|nevertheless|even so)\b", re.I)


def qualifies(sentence: str) -> bool:
    """A sentence leaning on the one before it and turning it ("A number of these participants indicated, however,
    that, in light of greater near-term uncertainty ..., they judged that a 25 basis point increase would be
    appropriate"): the one before, quoted without it, says less than the minutes do."""
    return bool(LEANS.match(sentence)) and bool(_TURNS.match(sentence))

# "Against this backdrop, almost all participants agreed ...": a sentence opening on the one before it, which holds
# its reason ("... the near-term inflation outlook had deteriorated"); not "In light of the progress on inflation"
OPENS_ON_THE_LAST = re.compile(r"^(?:Against (?:this|that|the) backdrop|In light of (?:this|that|these|those|such)\b"
                               r"|Given (?:this|that|these|those|such)\b|In view of (?:this|that|these|those)\b"
                               r"|Amid (?:this|these|such)\b"
                               r"|(?:With|Under) (?:this|these) (?:circumstances|conditions|considerations)"
                               r"|For (?:this|these) reasons?|Consistent with (?:this|these) (?:assessments?|views?))",
                               re.I)


# A sentence opening a part of the minutes by naming its topic ("The SOMA manager first reviewed developments in
# domestic and global financial markets.", "The manager then turned to a discussion of standing repo operations ..."):
# it answers nothing the question asks; what follows it does ("The manager turned next to a discussion of operations
# and money markets."). Not one saying what was found ("... reviewed ... and noted that ...").
SETS_SCENE = re.compile(r"^(?:(?:In light of|Against|Given|Amid|With) [^,.]{0,60}, )?"  # "In light of these ..., "
                        r"(?i:The (?:SOMA |System Open Market Account \(SOMA\) |deputy )?manager(?: pro tem)?|The staff"
                        r"|Participants|Members)(?: first| then| next| also)? (?:reviewed"
                        r"|turned(?: first| next| then)? to|began|discussed|summarized|presented|provided|briefed"
                        r"|concluded with)\b(?![^.]*\b(?:that|which|showing|indicating)\b)"
                        r"[^.]{0,240}\.$")

# The minutes' housekeeping, said of every meeting: the adjournment, the next meeting's date, a notation vote
# approving the previous minutes (one approving the framework statement or an officer is not housekeeping), the
# site's note on a revised page ("The PDF version of these Minutes was unchanged.").
HOUSEKEEPING = (r"The meeting adjourned|By notation vote completed\b[^.]*\bapproved the minutes\b"
                r"|It was agreed that the next meeting|The PDF version of these Minutes")

