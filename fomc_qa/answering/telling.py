"""How a quote is told: as a sentence of the lead, attributed to its document ("The June 14, 2023 minutes say that
almost all participants judged ... [3]"; a directive's line "instructs the Desk to ..."), and as a line of the
evidence under its section's short name. `compose` decides which quotes; this says them."""

from __future__ import annotations

import dataclasses
import re

from fomc_qa.answering.quotes import LABEL, Quote
from fomc_qa.text.section_titles import short_title
from fomc_qa.text.sentences import that_clause

# The domestic policy directive's instructions to the Desk open with a verb ("Conduct standing overnight ...").
DIRECTIVE = re.compile(r"^(?:Conduct|Roll over|Reinvest|Undertake|Increase|Maintain|Purchase|Allow|Continue|Engage"
                        r"|Execute|Redeem|Reduce|Decrease)\b")

# The minutes' roll call run into the dissenter's paragraph (no full stop between them in the source text).
_ROLL_CALL_HEAD = re.compile(r"^Voting (?:for|against) this action:\s*(?:[A-Z][\w.'-]*,?\s+(?:and\s+)?){1,12}?"
                             r"(?=(?:President|Governor|Chair|Vice Chair)\s+[A-Z])")

# A sentence's link to the one before it, which the lead does not tell ("says that in addition, ...", "says that
# finally, ..." read as slips), with the "and" joining it to what follows ("In this context, and amid elevated
# uncertainty, ..." is told "amid elevated uncertainty, ...").
_CONNECTIVE = re.compile(r"^(?:However|But|Still|Nonetheless|Nevertheless|Even so|That said|In particular|In addition"
                         r"|Additionally|Also|Finally|Moreover|Furthermore|Overall|Accordingly|Against this backdrop"
                         r"|In this context|On balance|Subsequently|Meanwhile|Separately|More generally|"
                         r"In sum|In short|As a result|Consequently|Thus|Therefore), (?:and )?")

# A quotation mark the sentence closes without opening it: the minutes quoting the statement's sentence, split off
# its opening line ("... on an ongoing basis.\"").
_STRAY_CLOSE = re.compile(r"[\"”]+(?=[.\s]*$)")

# the documents a lead names as it tells them ("The July 27, 2022 minutes say that ...")
_SOURCE_NAMED = re.compile(r"\bThe ([A-Z][a-z]+ \d{1,2}, \d{4}) (statement|minutes)\b")


def names_source(lead: str, q: Quote) -> bool:
    """The lead's last sentence named this quote's document ("The March 16, 2022 statement says that ..."), so "It
    also says" goes on with it; after another document's sentence, "They also say" would tell the wrong one."""
    m = LABEL.match(q.label)
    named = _SOURCE_NAMED.findall(lead)
    return m is not None and bool(named) and named[-1] == (m.group("day"), m.group("kind"))


def evidence_lines(evidence: list[Quote]) -> tuple[str, ...]:
    """One line per quote, its section by its short name; a quote of the same source as the line before it needs no
    label again."""
    lines, previous = [], None
    for q in evidence:
        q = Quote(_short_label(q.label), q.text, q.marks, _plain_note(q.note))
        lines.append(q.line(labelled=q.label != previous))
        previous = q.label
    return tuple(lines)


def _short_label(label: str) -> str:
    """"FOMC minutes of May 1, 2024 (Participants' Views on Current Conditions ...)" -> "... (Participants' Views)"."""
    m = LABEL.fullmatch(label)
    if m is None or not m.group("section"):
        return label
    return f"{label[: m.start('section')]}{short_title(m.group('section'))})"


def _plain_note(note: str) -> str:
    """A quote's note in words: an evolution's word diff is one word ("changed", "unchanged") — the lead says what
    changed —, a redline's edit keeps its words with "became" for the arrow."""
    if note.startswith(" (change from the previous: "):
        return " (unchanged)" if note.endswith(": unchanged)") else " (changed from the meeting before)"
    return note.replace(" → ", " became ").replace("→", " became ")


def attributed(q: Quote, follower: Quote | None = None, same_source: bool = False, before: Quote | None = None) -> str:
    """"The June 14, 2023 minutes say that almost all participants judged ... [3]" (the section is in the quote's
    label among the evidence and in the sources); with the sentence it points back to `before` it."""
    m = LABEL.match(q.label)
    if follower is not None and follower.marks != q.marks:  # the next chunk's: each cites its own
        q, follower = dataclasses.replace(q, text=f"{q.text.rstrip()}{q.marks} {follower.text}",
                                          marks=follower.marks), None
    sentence = q.text.rstrip() + (f" {follower.text.rstrip()}" if follower else "")
    if before is not None:  # "However, the coronavirus poses evolving risks ... In light of these risks, ..."
        sentence = f"{before.text.rstrip()} {sentence}"
    sentence = _CONNECTIVE.sub("", sentence)  # "says that however, ..." reads as a slip
    sentence = _ROLL_CALL_HEAD.sub("", sentence)  # "Voting against this action: Loretta J. Mester President Mester ..."
    sentence = _unquoted(sentence)
    if m is None:
        return f"{sentence[:1].upper()}{sentence[1:]}{q.marks}"
    minutes = m.group("kind") == "minutes"
    if DIRECTIVE.match(sentence):  # "Conduct standing overnight reverse repurchase ...": the Desk's instruction
        what = f"the {m.group('day')} directive" if not same_source else "the directive"
        return f"{what[0].upper()}{what[1:]} instructs the Desk to {sentence[0].lower()}{sentence[1:]}{q.marks}"
    sentence = that_clause(sentence) + "."
    if same_source:
        return f"{'They also say' if minutes else 'It also says'} that {sentence}{q.marks}"
    source = f"The {m.group('day')} minutes say" if minutes else f"The {m.group('day')} statement says"
    return f"{source} that {sentence}{q.marks}"


def _unquoted(sentence: str) -> str:
    """The sentence less a closing quotation mark it never opened: told in the lead's own words, it reads as a slip."""
    stray = sentence.count('"') % 2 == 1 or sentence.count("\u201d") > sentence.count("\u201c")
    return _STRAY_CLOSE.sub("", sentence) if stray else sentence


# The minutes' roll call: the voters' names and nothing else.
_ROLL_CALL = re.compile(r"^Voting (?:for|against) this action:\s*(?P<names>[A-Z][^:;]*?)\.?$")
_AMOUNT = re.compile(r"\$\d+(?:\.\d+)? (?:billion|million|trillion)")


def directive_told(q: Quote, lead: str) -> bool:
    """A directive's line that tells the reader nothing the lead does not: its heading ("... directs the Desk to:")
    or an instruction whose amounts the lead states already ("Roll over at auction ... that exceeds a cap of $25
    billion per month" beside "the cap ... from $25 billion to $5 billion"; blind judges: "many directive quotes that
    add nothing")."""
    if q.text.rstrip().endswith(":"):
        return True
    amounts = _AMOUNT.findall(q.text)
    return bool(DIRECTIVE.match(q.text)) and bool(amounts) and all(a in lead for a in amounts)


def roll_call_told(q: Quote, lead: str) -> bool:
    """A roll call ("Voting against this action: Esther L. George.") whose every voter the lead names already."""
    m = _ROLL_CALL.match(q.text)
    if m is None:
        return False
    surnames = [name.split()[-1] for name in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("names")) if name.split()]
    return bool(surnames) and all(re.search(rf"\b{re.escape(s)}\b", lead) for s in surnames)
