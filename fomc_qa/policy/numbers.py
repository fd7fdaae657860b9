"""The Fed's numbers in the three forms analysts use: "1/2 percentage point (50 basis points)",
"4-3/4 to 5 percent (4.75%–5.00%)", and words for counts ("seven")."""

from __future__ import annotations

import re
from fractions import Fraction

from fomc_qa.policy.record import AdministeredRate, RateRange
from fomc_qa.text.numbers import NUMBER_WORDS


def count_words(n: int) -> str:
    """"7 (seven)": both forms, since either may be what the reader looks for."""
    return f"{n} ({NUMBER_WORDS[n]})" if 0 <= n < len(NUMBER_WORDS) else str(n)


def fed_fraction(value: float) -> str:
    """4.75 -> "4-3/4", 0.25 -> "1/4", 5.0 -> "5": the Fed's mixed fractions."""
    frac = Fraction(value).limit_denominator(8)
    whole, rest = divmod(frac, 1)
    if rest == 0:
        return str(int(whole))
    part = f"{rest.numerator}/{rest.denominator}"
    return f"{int(whole)}-{part}" if whole else part


def percentage_points(bp: int) -> str:
    """50 -> "1/2 percentage point (50 basis points)"; the sign is the caller's word."""
    size = abs(bp)
    points = fed_fraction(size / 100)
    unit = "percentage point" if size <= 100 else "percentage points"
    return f"{points} {unit} ({size} basis points)"


def range_forms(r: RateRange) -> str:
    """"4-3/4 to 5 percent (4.75%–5.00%)"."""
    return f"{fed_range(r)} ({r.decimal})"


def fed_range(r: RateRange) -> str:
    """"4-3/4 to 5 percent": the Fed's form alone, where a decimal copy would be one too many."""
    return f"{fed_fraction(r.low)} to {fed_fraction(r.high)} percent"


_PERCENT = re.compile(r"(\d+(?:\.\d+)?) percent\b")


def percent_forms(rate: AdministeredRate) -> str:
    """An administered rate as its document states it ("4.9 percent", "0.10 percent", "5 percent"): the number the
    rate's sentence gives for its value (an analyst searching the minutes finds the same words), else to the
    hundredth."""
    for m in _PERCENT.finditer(rate.source.sentence):
        if abs(float(m.group(1)) - rate.percent) < 1e-9:
            return f"{m.group(1)} percent"
    return f"{rate.percent:.2f} percent"
