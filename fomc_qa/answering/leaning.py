"""Which quotes lean on another and what they lean on: "They also noted ...", "Most of these participants ...",
"Against this backdrop, ..." cannot be read alone. Compose tells such a sentence only with the one it leans on (the
reader quotes it first, from the same passage), and a lead sentence with the one that goes on with it."""

from __future__ import annotations

import re

from fomc_qa.answering.quotes import Quote
from fomc_qa.text.sentences import LEANS, OPENS_ON_THE_LAST, POINTS_BACK


def pointed_to(quotes: list[Quote], lead: Quote) -> Quote | None:
    """The sentence the lead's points back to ("In light of these risks ..." -> "However, the coronavirus poses
    evolving risks to economic activity."): a quote of the same passage naming what "these risks" are; for a lead
    opening on the sentence before it ("Against this backdrop, ..."), that sentence, which the reader quotes right
    before it."""
    m = POINTS_BACK.search(lead.text)
    if m is not None:
        names = re.compile(rf"\b{m.group('noun')}\b", re.I)
        named = next((q for q in quotes if q is not lead and q.marks == lead.marks and names.search(q.text)
                      and not POINTS_BACK.search(q.text)), None)
        if named is not None:
            return named
    return antecedent(quotes, lead) if OPENS_ON_THE_LAST.match(lead.text) or LEANS.match(lead.text) else None


def antecedent(quotes: list[Quote], q: Quote) -> Quote | None:
    """The sentence the reader quoted last before `q` from the same passage, when it stands on its own: what "Most of
    these participants ..." or "Against this backdrop, ..." leans on (the reader may quote another passage's
    sentence between them)."""
    before = next((p for p in reversed(quotes[:quotes.index(q)]) if p.marks == q.marks), None)
    return before if before is not None and not LEANS.match(before.text) else None


def told_with(quotes: list[Quote], q: Quote, chosen: list[Quote]) -> bool:
    """A quote may follow in the lead when it stands on its own or the lead already tells the sentence it leans on
    ("A number of these participants indicated, however, that ... a 25 basis point increase would be appropriate"
    after "Many participants noted that ... they would have preferred a 50 basis point increase")."""
    return not LEANS.match(q.text) or antecedent(quotes, q) in chosen


def stands(quotes: list[Quote], q: Quote) -> bool:
    """A quote may lead when it stands on its own, or leans on a sentence the reader quoted before it
    (`antecedent`), which leads with it ("Most of these participants noted ..." after "Participants generally
    favored ..."): quoted alone, a reader cannot tell who "these" are."""
    return not LEANS.match(q.text) or antecedent(quotes, q) is not None


def after_antecedents(quotes: list[Quote], picked: list[Quote]) -> list[Quote]:
    """The picked sentences in their order, each leaning one moved right after the sentence it leans on."""
    ordered = [q for q in picked if not LEANS.match(q.text) or antecedent(quotes, q) not in picked]
    for q in picked:
        if q not in ordered:
            ordered.insert(ordered.index(antecedent(quotes, q)) + 1, q)
    return ordered
