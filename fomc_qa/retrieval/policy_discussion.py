"""Where a meeting's minutes give the Committee's reasons: the participants' policy discussion.

Every set of minutes ends its participants' views with their discussion of the decision, opened by one of a few
stock sentences ("In their consideration of monetary policy at this meeting, participants ...", or in 2021-2024
"Against this backdrop" / "Amid these economic conditions", "all participants agreed that it was appropriate to ...").
That paragraph is where "why did they hike / pause / slow down" is answered; a search inside the participants' views
ranks the outlook paragraphs around it ("inflation", "risks") as high. `opens_policy_discussion` finds its opening;
Within it, one sentence states the participants' judgement of the decision (`DECIDED`: "all participants viewed it as
appropriate to lower the target range ...") and the next often says what the action would do (`WHAT_IT_WOULD_DO`:
"Participants observed that such a further recalibration ... would help maintain the strength in the economy"): the
reason a why asks for, worded unlike the question. `tests/test_retrieve.py` runs every rule's examples and near
misses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class OpenerRule:
    pattern: re.Pattern[str]
    examples: tuple[str, ...]
    near_misses: tuple[str, ...] = ()


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# The participants' own reading of the economy that opens their discussion of the decision ("In their consideration of
# the appropriate stance of monetary policy, all participants concurred that the U.S. economy was very strong, the labor
# market was extremely tight ..."): the conditions a why of the decision is answered by.
CONSIDERS = OpenerRule(
    _rx(r"\bin (?:their|its) consideration of (?:the (?:appropriate )?stance of )?monetary policy\b"),
    ("In their consideration of monetary policy at this meeting, participants judged that it would be appropriate to "
     "maintain the target range.",
     "In their consideration of the appropriate stance of monetary policy, all participants concurred that the U.S. "
     "economy was very strong, the labor market was extremely tight, and inflation was very high.",
     "In their consideration of the stance of monetary policy, participants noted that the economy had made "
     "substantial further progress."),
    ("In their discussion of monetary policy for this meeting, members agreed that recent indicators pointed to modest "
     "growth.",))

OPENERS: tuple[OpenerRule, ...] = (
    CONSIDERS,
    OpenerRule(_rx(r"\b(?:against this backdrop|amid these (?:economic )?conditions|in light of current economic "
                   r"conditions)\b[^.]{0,300}?\bparticipants\b[^.]{0,60}?\b(?:agreed|judged|supported|concurred"
                   r"|favou?red)\b[^.]{0,60}?\b(?:appropriate|acceptable|warranted)\b"),
               ("Against this backdrop, almost all participants agreed that it was appropriate to raise the target "
                "range by 75 basis points.",
                "Against this backdrop, and in consideration of the significant cumulative tightening in the stance of "
                "monetary policy and the lags with which policy affects economic activity and inflation, almost all "
                "participants judged it appropriate or acceptable to maintain the target range.",
                "Amid these economic conditions, all participants judged it appropriate to maintain the target range.",
                "In light of current economic conditions and their implications for the outlook for economic activity "
                "and inflation, as well as the balance of risks, all participants judged it appropriate to maintain "
                "the target range."),
               ("Against this backdrop, participants noted that inflation remained elevated.",
                "Against this backdrop, the staff judged that the risks to the outlook were skewed to the downside.",
                "In light of the progress on inflation, the Committee decided to lower the target range.")),
)


def opens_policy_discussion(text: str) -> bool:
    """Does this passage hold the sentence that opens the participants' discussion of the decision?"""
    return any(rule.pattern.search(text) for rule in OPENERS)


# The participants' judgement of the decision: its majority (all, most, a majority; not "a couple of participants")
# found a move of the target range appropriate, or supported it.
DECIDED = OpenerRule(
    _rx(r"(?:^|,\s*)(?:(?:all|almost all|nearly all|virtually all|most|many|(?:a|the) (?:substantial |large |clear "
        r"|vast )?majority of)\s+)?participants\b[^.]{0,80}?\b(?:(?:agreed|judged|viewed|concurred|saw|considered"
        r"|observed)\b[^.]{0,200}?\b(?:appropriate|acceptable|warranted)\b[^.]{0,80}?|(?:supported|favou?red"
        r"|(?:were|was) in favou?r of)\s+)"
        r"\b(?:to\s+)?(?:rais|lower|maintain|keep|leav|reduc|increas|mov|hold)\w*\s+the\s+target\s+range\b"),
    ("In support of the Committee's goals, all participants viewed it as appropriate to lower the target range for the "
     "federal funds rate by 25 basis points to 4-1/2 to 4-3/4 percent.",
     "Amid these economic conditions, almost all participants judged it appropriate to raise the target range for the "
     "federal funds rate to 5-1/4 to 5-1/2 percent at this meeting.",
     "Given the significant progress made, a substantial majority of participants supported lowering the target range "
     "for the federal funds rate by 50 basis points to 4-3/4 to 5 percent.",
     "Against this backdrop, all participants agreed that it was appropriate to raise the target range for the federal "
     "funds rate 50 basis points at this meeting.",
     "All participants judged that, in light of current economic conditions and their implications for the outlook "
     "for employment and inflation, as well as the balance of risks, it was appropriate to maintain the target range.",
     "The vast majority of participants viewed it as appropriate to lower the target range for the federal funds rate "
     "by 25 basis points to 4-1/4 to 4-1/2 percent.",
     "Against this backdrop, many participants were in favor of lowering the target range for the federal funds rate "
     "at this meeting, some supported such a decision but could have also supported maintaining the level of the "
     "target range, and several were against lowering the target range."),
    ("Participants judged that it was appropriate to continue the process of reducing the Federal Reserve's securities "
     "holdings.",
     "A couple of participants indicated that they favored leaving the target range for the federal funds rate "
     "unchanged.",
     "Participants noted that inflation remained elevated and that the labor market had remained tight.",
     "Most participants judged that further downward adjustments to the target range for the federal funds rate would "
     "likely be appropriate."),
)
# The sentence after it that says what the action would do or what supported it ("this action would put the stance
# of monetary policy further into restrictive territory", "a slowing in the pace of rate increases at this meeting
# would better allow the Committee to assess ...", "maintaining the current target range ... was supported by
# intermeeting data ..."): the Committee's reason in the minutes' words. Its subject is this meeting's action (a noun
# for it, a gerund, "this meeting's"); a minority's view, and the decision on the securities holdings beside the rate's,
# are not the reason.
_THE_ACTION = (r"(?:\b(?:this|such an?|that|the|these|a)\s+(?:further\s+)?(?:policy\s+|rate\s+){0,2}"
               r"(?:action|decision|recalibration|move|adjustment|step|increase|reduction|cut|hike|pause|slowing|lowering)s?"
               r"|\b(?:maintaining|keeping|leaving|slowing|lowering|raising)\b|\bthis meeting's\b)")
WHAT_IT_WOULD_DO = OpenerRule(
    _rx(r"^(?!(?:a few|a couple|one|some|several|a number|two|three|four)\b)(?![^.]*\bsecurities holdings\b)"
        rf"[^.]{{0,100}}?{_THE_ACTION}[^.]{{0,160}}?\b(?:would|will|should|could|was supported by|was another step"
        r"|reflected|was appropriate because|(?:these|those) participants pointed to)\b"),
    ("Participants noted that this action would put the stance of monetary policy further into restrictive territory, "
     "consistent with reducing demand-supply imbalances in the economy and helping to restore price stability.",
     "Participants observed that such a further recalibration of the monetary policy stance would help maintain the "
     "strength in the economy and the labor market while continuing to enable further progress on inflation.",
     "These participants generally observed that such a recalibration of the stance of monetary policy would begin to "
     "bring it into better alignment with recent indicators of inflation and the labor market.",
     "Participants observed that a slowing in the pace of rate increases at this meeting would better allow the "
     "Committee to assess the economy's progress toward the Committee's goals of maximum employment and price "
     "stability.",
     "Most of these participants observed that leaving the target range unchanged at this meeting would allow them "
     "more time to assess the economy's progress toward the Committee's goals.",
     "Participants assessed that maintaining the current target range for the federal funds rate at this meeting was "
     "supported by intermeeting data indicating continued solid economic growth.",
     "Participants generally noted that their judgments about this meeting's appropriate policy action reflected a "
     "shift in the balance of risks.",
     "Keeping the target range at the ELB would continue to provide support to the economy.",
     "Participants observed that the policy rate hike at this meeting was another step toward making the Committee's "
     "monetary policy stance sufficiently restrictive.",
     "Those who favored or could have supported a lowering of the target range generally observed that such a "
     "decision was appropriate because downside risks to employment had increased in recent months.",
     "In discussing the reasons for such a decision, these participants pointed to a likely decline in economic "
     "activity in the near term."),
    ("Participants judged that it was appropriate to continue the process of reducing the Federal Reserve's securities "
     "holdings.",
     "Many participants noted that the Committee would be well positioned to respond to risks to the outlook.",
     "One participant favored a 50 basis point increase in the target range at this meeting instead of 75 basis "
     "points.",
     "A few participants stated there was merit in keeping the federal funds rate unchanged at this meeting or that "
     "they could have supported such a decision.",
     "They further judged that ongoing increases in the target range for the federal funds rate would be warranted to "
     "achieve the Committee's objectives.",
     "They also anticipated that it would soon be appropriate to raise the target range."),
)


# What the Committee waits for before its next move ("does not expect it will be appropriate to reduce the target range
# until it has gained greater confidence ...", "they would want to see further progress on inflation"): a hold's
# reason, from either document, first beside the record's "maintained the target range".
WAITS_FOR = re.compile(r"\buntil (?:it|they) (?:has|have) gained\b|\bwell positioned to (?:wait|take time)\b"
                       r"|\bwait for more clarity\b|\bwould want to see further progress\b"
                       r"|\bneeded to provide greater confidence\b", re.IGNORECASE)
# keeping the target range where it was, as the participants judge it ("All participants viewed it as appropriate to
# maintain the target range ..."); not the record's line, which quotes a dissenter who "preferred to maintain" it
KEEPS_THE_RANGE = re.compile(r"\b(?:maintain|keep|leave|hold)\w*\s+the\s+target\s+range\b", re.IGNORECASE)
# a clause giving the reason inside the participants' judgement of the decision
REASON_CLAUSE = re.compile(r"\b(?:in light of|in consideration of|in view of|given|because|reflecting)\b|^With\b"
                           r"|\bamid (?!th)", re.IGNORECASE)
# The Committee's formula "in light of current economic conditions and their implications for the outlook for economic
# activity and inflation, as well as the balance of risks" (December 2023 to June 2024) names no reason of its own.
_FORMULA = re.compile(r"\bin light of current economic conditions\b[^.]{0,160}?\bbalance of risks\b", re.IGNORECASE)


def gives_its_reason(text: str) -> bool:
    """A judgement with a reason clause of its own (REASON_CLAUSE), not only the Committee's formula (`_FORMULA`):
    "In light of current economic conditions ..., as well as the balance of risks, all participants judged it
    appropriate to maintain ..." is as bare as one without a clause (blind judges: "a circular 'maintained'
    sentence")."""
    return bool(REASON_CLAUSE.search(_FORMULA.sub("", text)))

# The decision on the securities holdings that every meeting since 2022 takes beside the rate's ("Participants judged
# that it was appropriate to continue the process of reducing the Federal Reserve's securities holdings"): no reason
# for the rate decision a why asks about, and the sentence the reader steps over, after the participants' judgement,
# to reach what the action would do (December 2023: "All participants also agreed that it was appropriate to continue
# the process of reducing ...", then "Participants assessed that maintaining the current policy stance was supported
# by ...").
SIDE_DECISION = OpenerRule(
    _rx(r"\bcontinu\w* (?:the process of )?reducing (?:the Federal Reserve's|its) securities holdings\b"),
    ("Participants judged that it was appropriate to continue the process of reducing the Federal Reserve's "
     "securities holdings.",
     "All participants also agreed that it was appropriate to continue the process of reducing the Federal Reserve's "
     "securities holdings, as described in the previously announced plans.",
     "Members agreed to continue reducing the Federal Reserve's securities holdings."),
    ("Participants judged that it would be appropriate to slow the pace of decline of the Federal Reserve's "
     "securities holdings.",
     "The Committee will continue to reduce its holdings of Treasury securities and agency debt."))


# What a balance-sheet decision acts on: the runoff, the holdings, the purchases, the caps, reinvestments, bills, RMPs.
_HOLDINGS = (r"(?:runoff|securities holdings|(?:net )?(?:asset )?purchases|redemption caps?|reinvest\w*|Treasury bills"
             r"|RMPs|reserve management purchases|balance sheet)")
# The participants' judgement of a balance-sheet decision: their majority (not "a few", "several") supported a change
# to the runoff or the purchases, or judged it appropriate; not the securities decision that only goes on
# (`SIDE_DECISION`). Its reason is often in the sentence (`in light of ...`) or the one before it (`Accordingly, ...`).
BALANCE_SHEET_JUDGED = OpenerRule(
    _rx(r"(?:^|,\s*)(?!(?:a few|a couple|one|some|several|a number|two|three|four|various)\b)"
        r"(?:(?:all|almost all|nearly all|virtually all|most|many|(?:a|the) (?:substantial |large |clear |vast )?"
        r"majority of)\s+)?participants\b(?:\s+\w+)?\s+"
        r"(?:(?:supported|expressed support for|favou?red|were in favou?r of)\b"
        r"|(?:agreed|judged|assessed|noted|viewed|concurred|continued to judge)\b(?=[^.]{0,200}?\b(?:appropriate"
        r"|warranted|prudent|no longer necessary|should be concluded)\b))"
        r"(?![^.]*\bcontinu\w* (?:the process of )?reducing (?:the size of )?(?:the Federal Reserve's|its) "
        r"(?:securities holdings|balance sheet)\b)(?=[^.]{0,300}?" + _HOLDINGS + ")"),
    ("Almost all participants supported a slowing of the pace of runoff at this meeting.",
     "Almost all participants expressed support for the decision to begin to slow the pace of decline of the Federal "
     "Reserve's securities holdings in June by reducing the monthly redemption cap on Treasury securities.",
     "Participants agreed that the recent tightening in money market conditions indicated that it would soon be "
     "appropriate to end balance sheet runoff.",
     "In light of their assessment that reserve balances had reached or were approaching ample levels, almost all "
     "participants noted that it was appropriate to conclude the reduction in the Committee's aggregate securities "
     "holdings on December 1 or that they could support such a decision.",
     "Accordingly, participants assessed that it was appropriate to begin RMPs and initiate purchases of shorter-term "
     "Treasury securities to maintain an ample supply of reserves over time.",
     "Participants agreed that recent money market conditions pointed to reserves being within the ample range and "
     "that beginning RMPs would be prudent to maintain a supply of ample reserves.",
     "In light of elevated inflation pressures and the strong labor market, participants continued to judge that the "
     "Committee's net asset purchases should be concluded soon."),
    ("All participants judged it appropriate to continue the process of reducing the Federal Reserve's securities "
     "holdings.",
     "Several participants did not see a compelling case for slowing the pace of runoff at this meeting.",
     "A few participants indicated that they could have supported a continuation of the current pace of balance sheet "
     "runoff at this time.",
     "Almost all participants agreed that it was appropriate to raise the target range for the federal funds rate.",
     "Participants agreed that their discussions at this meeting would help inform the Committee's future decisions "
     "regarding how and when to slow the pace of runoff.",
     "All participants judged that it was appropriate to continue the process of reducing the size of the Federal "
     "Reserve's balance sheet, as described in the Plans."))
# ... and what the change would do ("Some participants noted that a slower pace of runoff would also help guard against
# reserve scarcity ..."): the reason, often held by some participants, not their majority, unlike the rate's.
BALANCE_SHEET_WOULD_DO = OpenerRule(
    _rx(r"^(?!(?:a few|a couple|one|two|three|rather|however|but|instead)\b)"
        r"(?![^.]*\b(?:did not|not see|could have supported|manager|staff|rate increases|target range|policy rate)\b)"
        r"[^.]{0,120}?"
        r"\b(?:slowing|a slower pace|ending|stopping|concluding|reducing the pace|a (?:larger|greater) share"
        r"|RMPs|tapering|monthly caps)\b[^.]{0,120}?\b(?:would|could)\s+(?:also\s+)?(?:help|reduce|provide|allow"
        r"|facilitate|guard|ensure|smooth|increase)\b"),
    ("Some participants noted that a slower pace of runoff would also help guard against reserve scarcity emerging "
     "with little advance notice during a period of potentially rapid increase in the TGA.",
     "Some participants commented that slowing the pace of balance sheet runoff would help facilitate a smooth "
     "transition from abundant to ample reserve balances.",
     "Many participants indicated that a greater share of Treasury bills could provide the Federal Reserve with more "
     "flexibility to accommodate changes in the demand for reserves.",
     "Many participants also judged that monthly caps on the runoff of securities could help ensure that the pace of "
     "runoff would be measured and predictable."),
    ("Several participants did not see a compelling case for slowing the pace of runoff at this meeting.",
     "A few participants noted that slowing the pace of runoff could reduce the availability of short-term Treasury "
     "securities.",
     "Participants noted that this action would put the stance of monetary policy further into restrictive territory.",
     "Almost all participants observed that slowing the pace of rate increases at the current juncture would allow for "
     "appropriate risk management.",
     "The manager noted that either pausing or sufficiently slowing runoff would provide meaningful insurance against "
     "that possibility.",
     "Rather, a slower pace of runoff would facilitate ongoing declines in securities holdings consistent with "
     "reaching ample reserves."))
