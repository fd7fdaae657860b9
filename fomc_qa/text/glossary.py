"""Market jargon → the Committee's own wording, appended to queries.

Analysts say "hike", "taper", "QT" or "dissent"; the FOMC writes "raise the target range",
"reduce the monthly pace of its net asset purchases", "reduce its holdings" and "voting against
this action". Neither BM25 nor a small bi-encoder bridges that gap reliably, so the query carries
both wordings.
"""

from __future__ import annotations

import re

from fomc_qa.text.names import acronyms_spelled_out

GLOSSARY: dict[str, str] = {
    r"\b(policy rate|fed funds rate|interest rates?|benchmark rate)\b": "target range for the federal funds rate",
    r"\b(hikes?|hiked|hiking|rate increases?|raised? rates|tighten(?:ed|ing)?)\b":
        "raise the target range for the federal funds rate",
    r"\b(cuts?|cutting|rate reductions?|eas(?:e|ed|ing))\b": "lower the target range for the federal funds rate",
    r"\b(hold|held|pause[ds]?|on hold|unchanged)\b": "maintain the target range for the federal funds rate",
    r"\b(taper(?:ing|ed)?)\b": "reduce the monthly pace of its net asset purchases",
    r"\b(downshift(?:s|ed|ing)?|step(?:ped|ping)? down|slow(?:ed|ing)? (?:the pace of )?(?:hikes|increases))\b":
        "slowing the pace of increases in the target range",
    r"\b(qe|quantitative easing|bond[- ]buying)\b":
        "increase its holdings of Treasury securities and agency mortgage-backed securities",
    r"\b(qt|quantitative tightening|run-?off|shrink(?:ing)? the balance sheet)\b":
        "reduce its holdings of Treasury securities and agency debt and agency mortgage-backed securities caps",
    r"\b(dissent(?:s|ed|ing|ers?)?)\b": "voting against this action preferred",
    r"\b(dot plot|dots|sep)\b": "Summary of Economic Projections",
    r"\bmbs\b": "mortgage-backed securities",
    r"\b(usts?|tsys?)\b": "Treasury securities",
    r"\b(pandemic|covid(?:-19)?)\b": "coronavirus outbreak",
    r"\b(unemployment|jobs|labor market)\b": "labor market conditions unemployment rate",
    r"\b(rrp|reverse repo)\b": "overnight reverse repurchase agreement facility",
}
_COMPILED = [(re.compile(pattern, re.I), expansion) for pattern, expansion in GLOSSARY.items()]


def expand(question: str) -> str:
    """The question followed by the Committee's wording for any jargon it uses, and the acronyms the
    documents use for words it spells out (`fomc_qa.text.names.acronyms_spelled_out`)."""
    extra = [expansion for pattern, expansion in _COMPILED if pattern.search(question)]
    extra += acronyms_spelled_out(question)
    return question if not extra else f"{question} ({'; '.join(dict.fromkeys(extra))})"


# An analyst's word for a move, stemmed -> the stem of the word the Committee writes for it ("hike" is "raise"):
# content-word overlaps (does a quote say what the question asks and the lead does not?) count them as one.
FED_WORD: dict[str, str] = {
    "hike": "rais", "tighten": "rais", "cut": "lower", "eas": "lower",
    "paus": "maintain", "hold": "maintain", "held": "maintain", "kept": "maintain", "keep": "maintain",
}


def fed_word(stemmed: str) -> str:
    """The Committee's stem for an analyst's stemmed word (FED_WORD), else the word itself."""
    return FED_WORD.get(stemmed, stemmed)

