"""A question asking what share of the Committee held a view ("how many participants ...?", "how divided were
they?") is answered by the minutes' sentence saying the share ("A majority of participants judged ..."), not by a
figure: read once as `Ask.SHARE`, an answer type of the reader, the lead of a composed answer."""

from __future__ import annotations

from fomc_qa.answering.compose import compose
from fomc_qa.answering.reader.answer_types import QUANTITY, SHARE, asked_kinds
from fomc_qa.question.analysis import analyze
from fomc_qa.question.asks import Ask, ask_of

VIEWS = "FOMC minutes of September 20, 2023 (Participants' Views on Current Conditions and the Economic Outlook)"


def _raw(*quotes: tuple[str, int]) -> str:
    return " ".join(f"{VIEWS}: \u201c{text}\u201d [{n}]" for text, n in quotes)


def test_a_share_of_participants_is_asked_apart_from_a_count_of_votes_or_moves():
    assert ask_of("Sep 2023 minutes: how many participants saw another hike as likely") is Ask.SHARE
    assert ask_of("How divided were participants over the December 2025 cut?") is Ask.SHARE
    assert ask_of("How many members dissented in 2022?") is Ask.HOW_MANY  # a vote's count
    assert ask_of("How wide was the target range?") is not Ask.SHARE


def test_the_reader_looks_for_a_share_not_a_figure():
    kinds = asked_kinds("How many participants saw another hike as likely?")
    assert SHARE in kinds and QUANTITY not in kinds
    assert QUANTITY in asked_kinds("How many hikes were there in 2022?")
    assert SHARE.search("A majority of participants judged that one more increase would likely be appropriate.")
    assert not SHARE.search("The staff judged that the risks to inflation were tilted to the upside.")


def test_the_lead_says_the_majority_s_share_before_a_few_participants_view():
    raw = _raw(
        ("Although inflation had moderated, it remained well above the Committee's longer-run goal of 2 percent.", 1),
        ("Several participants commented that the focus should shift from how high to raise the policy rate to how "
         "long to hold it.", 2),
        ("A majority of participants judged that one more increase in the target federal funds rate at a future "
         "meeting would likely be appropriate, while some judged it likely that no further increases would be "
         "warranted.", 3))
    lead = compose(analyze("At the September 2023 meeting, how many participants still saw another hike as likely?"),
                   raw).lead
    assert lead.startswith("The September 20, 2023 minutes say that a majority of participants judged")
    # near miss: a question asking no share leads with the reader's first sentence
    other = compose(analyze("What did participants say about inflation in September 2023?"), raw).lead
    assert other.startswith("The September 20, 2023 minutes say that although inflation had moderated")
