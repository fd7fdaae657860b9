"""What each statement sentence is about (its role), and what kind of balance-sheet action it words.

Roles are general keyword rules, in two tiers, so that an analyst can predict them:

1. Function first, in this order: "votes" (the voting paragraph: "Voting for/against ...", an
   alternate who voted, "absent and not voting", a unanimous or notation vote), "decision" (a
   decision verb -- decided, agreed, directs the Desk -- about the federal funds rate or its target
   range, or "This action ..."), "balance_sheet" (holdings, purchases, reinvestment, redemption
   caps, principal payments, repo operations, reserve balances, securities), "forward_guidance" (how
   policy will be set: future or additional adjustments or increases, the stance of policy, "will
   continue to monitor", "prepared to adjust", "anticipates", "expects ... to maintain", "it will be
   appropriate", "will aim to achieve", what it "will take into account", the implications for
   monetary policy), and "other" for the mandate and commitment boilerplate ("seeks to achieve
   maximum employment ...", "statutory mandate", "strongly committed", "full range of tools") and
   the Board's related-action notes.
2. Then the topic: a sentence that voices risk or uncertainty ("risks", "uncertain") is "risks";
   otherwise the first topic the sentence names wins, among risks (pandemic, virus, COVID,
   vaccinations, public health, outlook, invasion, war, banking system, credit or financial
   conditions, "the path of the economy"), economic_activity (economic activity, the economy,
   spending, investment, exports, housing, sectors, growth, output, indicators), labor_market (labor
   market, job gains, jobs, unemployment, hiring, employment -- not "maximum employment" nor
   "employment and inflation goals") and inflation (inflation, prices, price pressures or
   increases, supply and demand imbalances). A sentence naming none is "other".

`sentence_roles` returns every role a sentence counts for, the first being its role: "indicators of
economic activity and employment have continued to strengthen" is economic_activity, and also
labor_market.
"""

from __future__ import annotations

import re

from fomc_qa.policy.record import Role

_FUNCTION_RULES: tuple[tuple[Role, re.Pattern[str]], ...] = (
    ("votes", re.compile(
        r"^\W*Voting\b|\bvoted as an alternate\b|\bnot voting\b|\bvoted unanimously\b|\bby notation\b", re.I)),
    ("decision", re.compile(
        r"\b(?:decided|agreed|directs the Desk)\b[^.]*?\b(?:federal funds rate|target range)\b|^\W*This action\b")),
    ("balance_sheet", re.compile(
        r"\bholdings\b|\bpurchases?\b|\bbalance sheet\b|\breinvest|\bredemptions?\b|\bredeem\b|\bprincipal payments\b"
        r"|\brepurchase (?:agreement )?operations\b|\breserve balances\b|\bsecurities\b|\brunoff\b", re.I)),
    ("forward_guidance", re.compile(
        r"\b(?:future|additional) (?:adjustments|increases)\b|\badditional policy firming\b"
        r"|\bstance of monetary policy\b"
        r"|\bimplications for monetary policy\b|\bholding the target range steady\b|\bwill take into account\b"
        r"|\bprepared to adjust\b|\bwill continue to monitor\b|\bassessments? will take into account\b"
        r"|\bexpects? (?:it will be appropriate )?to maintain\b|\banticipates\b|\bact as appropriate\b"
        r"|\bwill carefully assess\b|\bwill aim to achieve\b|\bit will (?:soon )?be appropriate\b"
        r"|\bappropriate path\b", re.I)),
    ("other", re.compile(
        r"\bseeks to (?:achieve|foster) maximum employment\b|\bstatutory mandate\b|\bstrongly committed\b"
        r"|\bfull range of (?:its )?tools\b|\bIn a related set of actions\b|\bMore information\b", re.I)),
)
_RISK_WORDS = re.compile(r"\brisks?\b|\buncertain(?:ty|ties)?\b", re.I)
_TOPIC_RULES: tuple[tuple[Role, re.Pattern[str]], ...] = (
    ("risks", re.compile(
        r"\brisks?\b|\buncertain(?:ty|ties)?\b|\bpandemic\b|\bcoronavirus\b|\bCOVID\b|\bvirus\b|\bvaccinations?\b"
        r"|\bpublic health\b|\boutlook\b|\binvasion\b|\bwar\b|\bUkraine\b|\bbanking system\b|\bcredit conditions\b"
        r"|\bfinancial conditions\b|\bpath of the economy\b|\bhardship\b|\binflation risks\b", re.I)),
    ("economic_activity", re.compile(
        r"\beconomic activity\b|\beconomy\b|\beconomic data\b|\bhousehold spending\b|\bconsumer spending\b"
        r"|\bbusiness fixed investment\b|\bexports\b|\bhousing\b|\bsectors?\b|\bgrowth\b|\boutput\b|\bGDP\b"
        r"|\bindicators\b", re.I)),
    ("labor_market", re.compile(
        r"\blabor market\b|\bjob gains\b|\bjobs?\b|\bunemployment\b|\bpayrolls?\b|\bhiring\b"
        r"|(?<!maximum )(?<!maximum-)\bemployment\b(?! and (?:price stability|inflation) (?:goals|objectives?))",
        re.I)),
    ("inflation", re.compile(
        r"\binflation\b(?! goals)|\bprices\b|\bprice (?:pressures|increases)\b|\bsupply and demand imbalances\b",
        re.I)),
)
_BS_KINDS = (  # checked in this order: a cap is runoff even inside a "roll over ... exceeds a cap" directive
    ("runoff", re.compile(
        r"\breduc\w* (?:its|the Federal Reserve's) (?:aggregate )?(?:securities )?holdings\b|\bredemption cap\b"
        r"|\bpace of decline\b|\bconclude the reduction\b|\bcap of \$|\bexceeds a cap\b|\bredeem\b|\brunoff\b", re.I)),
    ("purchases", re.compile(
        r"\bincrease (?:over coming months )?(?:its|the System Open Market Account) holdings\b|\bnet asset purchases\b"
        r"|\b(?:continue to|will) purchase\b|\bpurchasing (?:Treasury|agency)\b"
        r"|\b(?:initiate|include|conduct these) purchases\b", re.I)),
    ("reinvestment", re.compile(r"\breinvest\w*\b|\broll(?:ing)? over\b", re.I)),
)
_AMOUNT = re.compile(r"\$(\d+(?:\.\d+)?) (billion|trillion)")


def sentence_roles(sentence: str) -> list[Role]:
    """Every role the sentence counts for, its main role first (see the module docstring)."""
    for role, pattern in _FUNCTION_RULES:
        if pattern.search(sentence):
            return [role] + [r for r in _topics(sentence) if r != role]
    topics = _topics(sentence)
    if _RISK_WORDS.search(sentence):
        topics = ["risks"] + [t for t in topics if t != "risks"]
    return topics or ["other"]


def sentence_role(sentence: str) -> Role:
    return sentence_roles(sentence)[0]


def _topics(sentence: str) -> list[Role]:
    """Topic roles by first mention; at one position the longer phrase wins ("inflation risks")."""
    firsts: list[tuple[int, int, Role]] = []
    for role, pattern in _TOPIC_RULES:
        matches = list(pattern.finditer(sentence))
        if matches:
            first = min(matches, key=lambda m: (m.start(), -(m.end() - m.start())))
            firsts.append((first.start(), -(first.end() - first.start()), role))
    return [role for _, _, role in sorted(firsts)]


def balance_sheet_kind(sentence: str) -> str | None:
    """"purchases", "runoff" or "reinvestment" when the sentence words such an action, else None."""
    for kind, pattern in _BS_KINDS:
        if pattern.search(sentence):
            return kind
    return None


def amounts_bn(sentence: str) -> list[float]:
    """Dollar amounts of the sentence in billions, in order ("$80 billion" -> 80.0)."""
    return [float(n) * (1000 if unit == "trillion" else 1) for n, unit in _AMOUNT.findall(sentence)]
