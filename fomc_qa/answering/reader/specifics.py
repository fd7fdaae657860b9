"""What a question names that the passages must spell: a year or a name no passage mentions leaves the question
unanswered by them (`unsupported_specifics`), and an answer's quoted passages must spell a name it asks about
(`names_in_quoted_passages`). Names and their spellings are `fomc_qa.text.names`'."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from fomc_qa.answering.passages import Passage
from fomc_qa.answering.reader.sources import spelled_header
from fomc_qa.question.dates import reference_dates
from fomc_qa.text.names import asked_part, mentions, spelled_acronyms, titled_names, topic_names

if TYPE_CHECKING:
    from fomc_qa.answering.reader.selection import Quote

_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
# A year naming a thing ("the 2020 framework", "the 2017-19 episode"), not when the asked thing happened.
_ATTRIBUTIVE_YEAR = re.compile(r"\bthe (?:19|20)\d{2}(?:-\d{2,4})?(?= [a-z])")


def unsupported_specifics(question: str, passages: Sequence[Passage]) -> set[str]:
    """Years and names the question specifies that no passage mentions (text or header), except
    the year of a date the question counts from ("the first hold after the hikes that began in
    March 2022" is answered by a 2023 passage).

    A question about a period the passages do not cover ("in December 2019" over 2020-2025
    documents) or about an entity they never name ("Wells Fargo", "Bitcoin") cannot be
    answered by them, however similar a sentence looks. Not what sets the scene ("right after the
    SVB failure", "compared with the 2017-19 episode": `asked_part`), nor a year naming a thing
    ("the 2020 framework") beside another year saying when. Names and their spellings are
    `fomc_qa.text.names`'.
    """
    text = " ".join(f"{spelled_header(p)} {p.text}" for p in passages)
    available, acronyms = text.lower(), spelled_acronyms(text)
    counted_from = " ".join(reference_dates(question))  # "after the hikes that began in March 2022"
    asked = asked_part(question)
    specifics = set(_YEAR.findall(asked)) - set(_YEAR.findall(counted_from))
    named = specifics - set(_YEAR.findall(_ATTRIBUTIVE_YEAR.sub(" ", asked)))  # "the 2020 framework"
    if named != specifics:  # ... is a name for a thing, checked only when no other year says when
        specifics -= named
    names = set(topic_names(question)) - set(titled_names(question))
    return {term for term in specifics | names if not mentions(available, term) and term not in acronyms}


def names_in_quoted_passages(question: str, quotes: Sequence[Quote]) -> bool:
    """Whether the passages the answer quotes spell a name the question asks about, if it names any: a
    passage that merely mentions "Washington" does not make a sentence beside it an answer about Washington."""
    names = [name for name in topic_names(question) if name not in titled_names(question)]
    quoted = " ".join(f"{spelled_header(q.passage)} {q.passage.text}" for q in quotes)
    acronyms = spelled_acronyms(quoted)
    return not names or any(mentions(quoted.lower(), name) or name in acronyms for name in names)
