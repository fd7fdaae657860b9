"""Which minutes sections a question names (fomc_qa.retrieval.sections)."""

import pytest

from fomc_qa.retrieval.sections import named_sections

# The sections of the December 10, 2025 minutes (and two other meetings' own sections).
TITLES = [
    "Attendance",
    "Developments in Financial Markets and Open Market Operations",
    "Special Topic: Balance Sheet Issues",
    "Staff Review of the Economic Situation",
    "Staff Review of the Financial Situation",
    "Staff Economic Outlook",
    "Participants' Views on Current Conditions and the Economic Outlook",
    "Committee Policy Actions",
    "Considerations for Slowing the Pace of Balance Sheet Reduction",
    "Discussion of Forward Guidance, Asset Purchases, and Yield Curve Caps or Targets",
    "Review of Monetary Policy Strategy, Tools, and Communications",
]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("In the staff review of the financial situation at the March 2023 meeting, what did OIS quotes imply?",
         {"Staff Review of the Financial Situation"}),
        ("What unemployment rates did the staff's review of the economy cite?",
         {"Staff Review of the Economic Situation"}),
        ("How did the staff economic outlook in the May 2025 minutes assess recession risk?",
         {"Staff Economic Outlook"}),
        ("When did Desk survey respondents expect runoff to slow, according to the financial markets review?",
         {"Developments in Financial Markets and Open Market Operations"}),
        ("According to the manager's review in the January 2025 minutes, how much had yields risen?",
         {"Developments in Financial Markets and Open Market Operations"}),
        ("How does the dissent line up with the participants' discussion in the minutes?",
         {"Participants' Views on Current Conditions and the Economic Outlook"}),
        ("In the December 2025 balance sheet discussion, which securities could RMPs use?",
         {"Special Topic: Balance Sheet Issues", "Considerations for Slowing the Pace of Balance Sheet Reduction"}),
        ("In the June 2020 discussion of yield curve caps or targets, which programs did the staff review?",
         {"Discussion of Forward Guidance, Asset Purchases, and Yield Curve Caps or Targets"}),
        ("Sept 2023 minutes, staff review: what weighed on China's activity?",
         {"Staff Review of the Economic Situation", "Staff Review of the Financial Situation"}),
        ("June 2022 policy action per the minutes: which language was dropped?", {"Committee Policy Actions"}),
        ("According to the manager at the June 2022 meeting, what moved market pricing?",
         {"Developments in Financial Markets and Open Market Operations"}),
        ("Dec 2025 Desk survey: expected size of reserve management purchases?",
         {"Developments in Financial Markets and Open Market Operations"}),
        ("Who was the SOMA manager in 2020?", set()),  # the person, not the manager's report
        ("Which two topics did the framework review discussion take up in January 2020?",
         {"Review of Monetary Policy Strategy, Tools, and Communications"}),
        # no section named: a topic alone, without a cue such as "discussion", narrows nothing
        ("What did participants say about the balance sheet in December 2025?", set()),
        ("What target range did the Committee set in May 2022?", set()),
    ],
)
def test_named_sections(question, expected):
    assert named_sections(question, TITLES) == expected


def test_only_sections_the_meeting_has():
    assert named_sections("What did the staff economic outlook say?", ["Committee Policy Action"]) == frozenset()
    assert named_sections("the balance sheet discussion", [None, "Attendance"]) == frozenset()
