"""The slots a record question fills, read off its words: a quoted or named term of the statements' wording, the
size of a move, a range, the direction of a move, the statement roles and officer titles it names. `intents` reads the
intent and the span; these say what it is about."""

from __future__ import annotations

import re

from fomc_qa.question import lexicon as lex
from fomc_qa.text.numbers import fed_number

_W = re.IGNORECASE


def replacing_term(text: str) -> str | None:
    """The newer of two quoted terms the question says one replaced the other with, lower-case, or None."""
    quoted = list(lex.QUOTED.finditer(text))
    for older, newer in zip(quoted, quoted[1:], strict=False):
        between = text[older.end():newer.start()]
        if lex.TRANSITION.fullmatch(between):
            return newer.group(1).strip().lower()
        if lex.REPLACED.fullmatch(between):
            return older.group(1).strip().lower()
    return None


def mention_term(text: str) -> str | None:
    """The term a question asks the statements' wording about, lower-case, or None."""
    replacing = replacing_term(text)
    if replacing:
        return replacing
    quoted = lex.QUOTED.search(text)
    if quoted:
        return quoted.group(1).strip().lower()
    after = lex.TERM_AFTER.search(text)
    if after is None:
        return None
    term = after.group("term").strip().lower()
    tail = _PHRASE_GOES_ON.match(text, after.end("term"))  # "attentive" + " to the risks to both sides of ..."
    return f"{term} {tail.group('rest').strip().lower()}" if tail else term


# "... first say the Committee is attentive to the risks to both sides of its dual mandate?": the term goes on with
# its "to" phrase when that runs to the question's end without a date, a clause or another question word.
_PHRASE_GOES_ON = re.compile(r"\s+(?P<rest>to\s+(?:the|its|their)\s+"
                             r"(?![^?]*(?:\d|,|\b(?:when|why|how|where|who|what|which"
                             rf"|{lex.MONTH})\b))[a-z][\w\s'-]{{2,80}}?)\s*\?\s*$", _W)


def officer_titles(text: str) -> tuple[str, ...]:
    """The Committee titles a question names, canonical as the minutes write them."""
    found = [(m.start(), title) for title, words in lex.OFFICER_TITLES
             if (m := re.search(rf"\b(?:{words})", text, _W))]
    return tuple(title for _, title in sorted(found))


def direction_of(text: str) -> str | None:
    """The kind of move a question asks about ("hikes", "cuts", "holds"): the one named outside the
    clause it counts from, if exactly one kind is named there."""
    text = lex.NOT_POLICY_MOVES.sub(" ", text)
    main = lex.EVENT_CLAUSE.sub("", lex.LOWER_BOUND.sub("the floor", text)).strip() or text
    found = _directions(main)
    return found[0] if len(found) == 1 else None


def _directions(text: str) -> list[str]:
    found = [name for name, pattern in lex.DIRECTIONS if re.search(rf"\b{pattern}\b", text, _W)]
    explicit_hold = re.search(r"\b(?:hold|held|pause\w*|unchanged|steady)\b", text, _W)
    if "maintain" in found and len(found) > 1 and not explicit_hold:
        found.remove("maintain")  # "keep raising" is a raise
    return found


def size_of(text: str) -> int | None:
    """The size of move a question names, in basis points."""
    m = lex.SIZE_BP.search(text)
    if not m:
        return None
    if m.group(1):
        return int(m.group(1))
    if m.group(2):
        return lex.SIZE_WORDS[m.group(2).lower().replace("-", " ")]
    points = fed_number(m.group(3)) if "/" in m.group(3) else float(m.group(3))
    return round(points * 100)


def range_of(text: str) -> tuple[float, float] | None:
    m = lex.RANGE_IN_Q.search(text)
    if m:
        low, high = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        return fed_number(low), fed_number(high)
    return (0.0, 0.25) if lex.NEAR_ZERO.search(text) else None


def roles_of(text: str) -> tuple[str, ...]:
    """The statement roles a question names, in the order it names them (guidance about the purchases is theirs:
    `lexicon.PURCHASE_GUIDANCE`)."""
    text = lex.PURCHASE_GUIDANCE.sub("asset purchases", text)
    found = []
    for role, words in lex.ROLE_WORDS.items():
        m = re.search(rf"\b(?:{words})\b", text, _W)
        if m:
            found.append((m.start(), role))
    return tuple(role for _, role in sorted(found))
