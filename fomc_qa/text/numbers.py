"""Numbers as the Fed and analysts write them: words for small counts ("seven") and the Fed's fractions ("4-3/4"),
read both ways by the question layer and written by the policy record's answers."""

from __future__ import annotations

NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
                "seventeen eighteen nineteen twenty").split()


def number_word(n: int) -> str:
    """"two" for 2; the digits past twenty."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def word_number(word: str) -> int:
    """2 for "two" or "2" (the inverse of `number_word`)."""
    return int(word) if word.isdigit() else NUMBER_WORDS.index(word.lower())


def fed_number(text: str) -> float:
    """"4-3/4" -> 4.75, "1/4" -> 0.25, "5" and "0.5" as they are: the Fed's written numbers as values."""
    if "/" not in text:
        return float(text)
    whole, _, frac = text.rpartition("-")
    num, den = frac.split("/")
    return float(whole or 0) + int(num) / int(den)
