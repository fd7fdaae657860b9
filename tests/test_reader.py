"""The extractive reader (fomc_qa.answering.reader): sentence scoring, facets, answer types, ordinal
lead and out-of-scope checks, offline and fast, without DSPy.

Most tests use a deterministic bag-of-words hashing embedder; two run the bundled MiniLM on
real minutes sentences.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from fomc_qa.answering.passages import passage_with_header as headed  # a passage as the engine parses it
from fomc_qa.answering.reader import (
    NO_ANSWER,
    READER_CONFIG,
    answer_text,
    answer_types,
    read,
    source_label,
)
from fomc_qa.answering.reader.answer_types import PERSON, QUANTITY, asked_kinds
from fomc_qa.answering.reader.scoring import BOILERPLATE
from fomc_qa.answering.reader.sources import section_of
from fomc_qa.answering.reader.specifics import unsupported_specifics
from fomc_qa.answering.reader.terms import content_terms
from fomc_qa.index.embed import get_encoder
from fomc_qa.question.facets import facet_query, question_facets, question_names
from fomc_qa.text.sentences import qualifies, sentence_spans

DECISION = (
    "In support of the Committee's goals to achieve maximum employment and inflation at the rate of 2 percent "
    "over the longer run, members agreed to maintain the target range for the federal funds rate at 5-1/4 to "
    "5-1/2 percent."
)
CONCUR = (
    "Members concurred that, in considering any adjustments to the target range for the federal funds rate, they "
    "would carefully assess incoming data, the evolving outlook, and the balance of risks."
)
# The passages of a prompt as the engine parses them out of PASSAGES_TEXT (tests/test_engine.py checks it).
PASSAGES = [
    headed(
        n=1,
        header="FOMC Statement, 2024-01-31",
        text="Recent indicators suggest that economic activity has been expanding at a solid pace. Job gains have "
        "moderated since early last year but remain strong, and the unemployment rate has remained low.",
    ),
    headed(n=2, header="FOMC Minutes, 2024-01-31, Committee Policy Actions", text=f"{DECISION} {CONCUR}"),
    headed(
        n=3,
        header="FOMC Minutes, 2024-01-31, Staff Review of the Economic Situation",
        text="Staff Review of the Economic Situation\nThe information available at the time of the meeting "
        "suggested that U.S. real gross domestic product had expanded at a solid pace in the fourth quarter.",
    ),
]
PASSAGES_TEXT = "\n\n".join(f"[{p.n}] ({p.header}) {p.text}" for p in PASSAGES)
QUESTION = "What target range for the federal funds rate did members agree to maintain in January 2024?"
# How the reader quotes DECISION: led by its source, so the answer says when it was said.
ANSWER = f"FOMC minutes of January 31, 2024 (Committee Policy Actions): \u201c{DECISION}\u201d [2]"


class HashingEmbedder:
    """Deterministic bag-of-words embedder: signed feature hashing of lower-cased words."""

    dim = 512
    stop = frozenset("a an the of to in for and at did do does what which how was were is by on".split())

    def __init__(self) -> None:
        self.calls = 0

    def encode(self, texts: list[str]) -> np.ndarray:
        self.calls += 1
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"[a-z0-9]+(?:[-/][a-z0-9]+)*", text.lower()):
                if word in self.stop:
                    continue
                digest = hashlib.blake2b(word.encode(), digest_size=8).digest()
                out[row, int.from_bytes(digest[:4], "big") % self.dim] += 1.0 if digest[4] & 1 else -1.0
            norm = np.linalg.norm(out[row])
            out[row] = out[row] / norm if norm else out[row]
        return out


@pytest.fixture
def embedder() -> HashingEmbedder:
    return HashingEmbedder()


def _answer(question, passages, encoder, **settings) -> str:
    return answer_text(read(question, passages, encoder, **settings))


def test_the_reader_imports_no_dspy():
    code = "import sys, fomc_qa.answering.reader; sys.exit('dspy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_sentence_spans_are_verbatim_and_respect_abbreviations():
    text = (
        "Staff Review of the Economic Situation\nThe U.S. economy grew. In Jan. 2024, members agreed to hold "
        "rates at 5-1/4 to 5-1/2 percent. Mr. Powell spoke at 2 p.m. Eastern time.  The 4.9 percent rate held."
    )
    sentences = [text[a:b] for a, b in sentence_spans(text)]
    assert sentences == [
        "Staff Review of the Economic Situation",
        "The U.S. economy grew.",
        "In Jan. 2024, members agreed to hold rates at 5-1/4 to 5-1/2 percent.",
        "Mr. Powell spoke at 2 p.m. Eastern time.",
        "The 4.9 percent rate held.",
    ]


def test_procedural_sentences_lose_to_substantive_ones(embedder):
    procedural = headed(
        n=1,
        header="FOMC Minutes, 2024-01-31",
        text="It was agreed that the next meeting of the Committee would be held on Tuesday-Wednesday, March "
        "19-20, 2024. The meeting adjourned at 10:15 a.m. on January 31, 2024.",
    )
    decision = headed(n=2, header="FOMC Minutes, 2024-01-31, Committee Policy Actions", text=DECISION)
    question = "What target range did members agree to maintain at the meeting on January 31, 2024?"
    settings = {"support_threshold": 0.3, "max_sentences": 1}
    assert [c.text for c in read(question, [procedural, decision], embedder, **settings)] == [DECISION]
    unpenalized = replace(READER_CONFIG, boilerplate_penalty=0.0)  # the dates alone would pick the adjournment
    assert read(question, [procedural, decision], embedder, **settings, config=unpenalized)[0].text.startswith(
        "The meeting adjourned")


def test_the_minutes_opening_answers_how_a_meeting_was_held():
    """Real MiniLM: the opening sentence is procedural for every other question, but it is the answer to this one."""
    opening = ("A joint meeting of the Federal Open Market Committee and the Board of Governors was held by "
               "videoconference on Tuesday, June 9, 2020, at 10:00 a.m. and continued on Wednesday, June 10, 2020.")
    passages = [headed(n=1, header="FOMC Minutes, 2020-06-10", text=opening),
                headed(n=2, header="FOMC Minutes, 2020-06-10, Committee Policy Action", text=DECISION)]
    answer = read("Was the June 2020 FOMC meeting held by videoconference?", passages, get_encoder())
    assert answer and answer[0].text == opening


def test_select_limits_sentences_and_skips_duplicates(embedder):
    repeated = headed(n=1, header="FOMC Minutes, 2024-01-31", text=f"{DECISION} {DECISION}")
    other = headed(n=2, header="FOMC Statement, 2024-01-31", text=DECISION)
    chosen = read(QUESTION, [repeated, other], embedder)
    assert [c.text for c in chosen] == [DECISION]


def test_source_label_names_document_date_and_section():
    assert source_label(headed(1, "FOMC Statement, 2022-05-04", "")) == "FOMC statement of May 4, 2022"
    assert (
        source_label(headed(1, "FOMC Minutes, 2020-03-15, Videoconference meeting of March 2", ""))
        == "FOMC minutes of March 15, 2020 (Videoconference meeting of March 2)"
    )
    assert source_label(headed(1, "", "")) == ""


def test_a_passage_without_header_is_quoted_plainly(embedder):
    passage = headed(n=1, header="", text=DECISION)
    question = "What target range for the federal funds rate did members agree to maintain?"
    assert _answer(question, [passage], embedder) == f"{DECISION} [1]"


VOTE = (
    "Voting against this action were Robert S. Kaplan, who preferred other forward guidance, and Neel Kashkari, "
    "who preferred forward guidance tied to core inflation."
)
DISSENT_TALK = "Two members dissented from the policy decision on the forward guidance for the federal funds rate."


def test_a_who_question_gets_the_sentence_naming_people(embedder, monkeypatch):
    passages = [
        headed(n=1, header="FOMC Minutes, 2020-09-16, Committee Policy Action", text=DISSENT_TALK),
        headed(n=2, header="FOMC Statement, 2020-09-16", text=VOTE),
    ]
    question = "Which members dissented on the forward guidance for the federal funds rate in September 2020?"
    assert VOTE in [c.text for c in read(question, passages, embedder, support_threshold=0.2)]
    monkeypatch.setattr(answer_types, "ANSWER_TYPES", ())
    narrow = replace(READER_CONFIG, discussion_margin=0.0)  # without it the minutes lead quotes its neighbours
    assert VOTE not in [c.text for c in read(question, passages, embedder, support_threshold=0.2, config=narrow)]


def test_a_quantity_question_favours_the_sentences_with_numbers(embedder):
    talk = "Participants discussed how much to raise the target range for the federal funds rate."
    decision = "The Committee decided to raise the target range for the federal funds rate to 3/4 to 1 percent."
    passages = [headed(n=1, header="FOMC Minutes, 2022-05-04", text=f"{talk} {decision}")]

    def scores(question, config=READER_CONFIG):
        return {c.text: c.score for c in read(question, passages, embedder, support_threshold=0.2, config=config)}

    quantity = "How much did the Committee raise the target range for the federal funds rate?"
    bonus, with_bonus = READER_CONFIG.answer_type_bonus, scores(quantity)
    without = scores(quantity, replace(READER_CONFIG, answer_type_bonus=0.0))
    assert bonus > 0
    assert with_bonus[decision] == pytest.approx(without[decision] + bonus)  # it carries "3/4 to 1 percent"
    assert with_bonus[talk] == pytest.approx(without[talk])


def test_a_question_naming_two_meetings_quotes_each(embedder):
    january = "The Committee decided to keep the target range for the federal funds rate at 0 to 1/4 percent."
    june = "The Committee decided to raise the target range for the federal funds rate to 1-1/2 to 1-3/4 percent."
    passages = [
        headed(n=1, header="FOMC Statement, 2022-06-15", text=june),
        headed(n=2, header="FOMC Statement, 2022-06-15", text=june.replace("The Committee", "Members")),
        headed(n=3, header="FOMC Statement, 2022-01-26", text=january),
    ]
    question = "How far had the federal funds target range moved between the January 2022 and June 2022 meetings?"
    answer = _answer(question, passages, embedder, support_threshold=0.2)
    assert "FOMC statement of January 26, 2022" in answer and "FOMC statement of June 15, 2022" in answer


@pytest.mark.parametrize(
    ("sentence", "later", "earlier", "ordinal", "plain"),
    [
        ("The invasion of Ukraine by Russia is causing tremendous human and economic hardship.",
         ("FOMC Statement, 2022-05-04", "FOMC statement of May 4, 2022"),
         ("FOMC Statement, 2022-03-16", "FOMC statement of March 16, 2022"),
         "When did an FOMC statement first refer to Russia's invasion of Ukraine?",
         "What did the FOMC statement say about Russia's invasion of Ukraine?"),
        # counting from a date: the earliest meeting after it
        ("The Committee directs the Desk to purchase Treasury securities and MBS in the amounts needed.",
         ("FOMC Minutes, 2020-06-10, Committee Policy Action", "FOMC minutes of June 10, 2020"),
         ("FOMC Statement, 2020-03-23", "FOMC statement of March 23, 2020"),
         "After the March 15, 2020 meeting, when did the FOMC buy MBS in the amounts needed?",
         "What did the FOMC say about buying MBS in the amounts needed?"),
    ],
)
def test_a_first_question_leads_with_the_earliest_meeting(embedder, sentence, later, earlier, ordinal, plain):
    passages = [headed(n=1, header=later[0], text=sentence), headed(n=2, header=earlier[0], text=sentence)]
    assert _answer(ordinal, passages, embedder, support_threshold=0.2) == f"{earlier[1]}: \u201c{sentence}\u201d [2]"
    assert _answer(plain, passages, embedder, support_threshold=0.2).startswith(later[1])


def test_the_year_a_question_counts_from_need_not_be_in_the_passages(embedder):
    sentence = "The Committee decided to maintain the target range for the federal funds rate at 5 to 5-1/4 percent."
    passages = [headed(n=1, header="FOMC Statement, 2023-06-14", text=sentence)]
    question = "When did the FOMC first hold the target range after the run of hikes that began in March 2022?"
    assert _answer(question, passages, embedder, support_threshold=0.2).startswith("FOMC statement of June 14, 2023")
    march = "What did the FOMC decide about the target range in March 2022?"
    assert _answer(march, passages, embedder, support_threshold=0.2) == NO_ANSWER


def test_a_terse_lead_brings_the_next_sentence_of_its_paragraph(embedder):
    lead = "The manager next considered the recent behavior of Treasury yields."
    detail = "Longer-term yields had risen sharply after strong payrolls data, then partly retraced."
    other = "Participants discussed the labor market, Treasury yields and inflation at length."
    question = "What did the manager say about Treasury yields?"
    together = _answer(question, [headed(n=1, header="", text=f"{lead} {detail}\n\n{other}")], embedder,
                       support_threshold=0.05)
    assert together.startswith(f"{lead} [1] {detail} [1]")
    apart = _answer(question, [headed(n=1, header="", text=f"{lead}\n\n{detail}")], embedder, support_threshold=0.05)
    assert detail not in apart


def test_a_plural_name_is_found_by_its_singular(embedder):
    question = "What target range for the federal funds rate did members agree to maintain, and Treasuries?"
    assert _answer(question.replace(", and Treasuries", ""), PASSAGES, embedder).startswith(ANSWER)
    assert unsupported_specifics("Did Treasuries rally?", [headed(1, "", "Treasury yields rose.")]) == set()


def test_what_sets_the_scene_need_not_be_in_the_passages():
    """Scene-setting clauses and a year naming a thing are context the passages may not spell: "right after the SVB
    failure" (the minutes say "Silicon Valley Bank"), "compared with the 2017-19 episode" (the December 2021 minutes
    say "the previous experience"), "the 2020 framework" beside "January 2025" (read sets: in-scope questions were
    declined). Near misses: the asked thing's own year and name still count, and a year naming the thing with no
    other year ("the 2019 statement") is when it happened."""
    december = [headed(1, "FOMC Minutes, 2021-12-15, Participants' Views", "Participants judged that runoff would "
                       "likely start closer to liftoff than in the previous experience.")]
    assert unsupported_specifics("What did the December 2021 discussion conclude about the timing of runoff compared "
                                 "with the 2017-19 episode?", december) == set()
    assert unsupported_specifics("What did the 2017-19 episode teach about the timing of runoff in December 2021?",
                                 december) == set()
    assert unsupported_specifics("What did the 2019 statement say about runoff?", december) == {"2019"}
    march = [headed(2, "FOMC Minutes, 2023-03-22, Participants' Views", "Participants noted that the most significant "
                    "issues appeared to have been limited to a small number of banks.")]
    assert unsupported_specifics("In March 2023, right after the SVB failure, did participants consider pausing?",
                                 march) == set()
    assert unsupported_specifics("What did participants say about SVB in March 2023?", march) == {"svb"}
    assert unsupported_specifics("What did participants say about banks in March 2024?", march) == {"2024"}


def test_an_answer_quotes_a_passage_that_names_what_the_question_asks_about(embedder):
    about_china = headed(4, "FOMC Minutes, 2024-01-31, Staff Review of the Economic Situation",
                          "In China, inflation remained close to zero. Chinese growth picked up.")
    located = headed(5, "FOMC Minutes, 2024-01-31, Attendance",
                      "A joint meeting of the Federal Open Market Committee and the Board of Governors was held in "
                      "the offices of the Board of Governors in Washington, D.C., on January 30-31, 2024.")
    china = read("What did the staff say about inflation in China in January 2024?", [*PASSAGES, about_china], embedder)
    assert china and china[0].passage.n == 4
    # "Washington" is in a passage, but not in the one whose sentence would answer: no answer about Washington
    weather = "Was economic activity expanding at a solid pace in Washington in January 2024?"
    assert read(weather, [*PASSAGES, located], embedder) == []
    assert read(weather.replace(" in Washington", ""), [*PASSAGES, located], embedder)


@pytest.mark.parametrize(
    ("question", "facets"),
    [
        ("Who dissented at the July 2025 meeting?", ["Who dissented at the July 2025 meeting?"]),
        ("What minimum bid rate and aggregate limit were set?",
         ["What minimum bid rate and aggregate limit were set?"]),
        (
            "To what level did the Board raise the rate, and by how much was this technical adjustment?",
            ["To what level did the Board raise the rate", "by how much was this technical adjustment?"],
        ),
        ("What did the FOMC decide about the policy rate and about reserves in December?",
         ["What did the FOMC decide about the policy rate", "about reserves in December?"]),
        ("Who dissented? How did their views differ?", ["Who dissented?", "How did their views differ?"]),
        ("What changed, and why?", ["What changed, and why?"]),  # too short to stand alone
        ("Stephen Miran dissented in September 2025. What did he prefer, and what reasons do the minutes give?",
         ["What did he prefer", "what reasons do the minutes give?"]),  # the premise asks nothing
        ("Compare the cap set in May 2022 with the one in March 2025.",
         ["Compare the cap set in May 2022 with the one in March 2025."]),
        ("Did participants think the rate had peaked, and did they expect cuts in 2024?",
         ["Did participants think the rate had peaked", "did they expect cuts in 2024?"]),  # "and" + auxiliary
        # "and" + a preposition and a question word; a comma before another question
        ("What caps did participants settle on in March 2022, and over what period could they be phased in?",
         ["What caps did participants settle on in March 2022", "over what period could they be phased in?"]),
        ("How large did respondents expect purchases to be, what change did the manager propose, and in what "
         "securities should purchases be made?",
         ["How large did respondents expect purchases to be", "what change did the manager propose",
          "in what securities should purchases be made?"]),
        # a clause before the comma asks nothing of its own
        ("When the Committee opened its review in January 2025, what did the minutes say was not a focus?",
         ["When the Committee opened its review in January 2025, what did the minutes say was not a focus?"]),
        ("Before the pandemic hit, what did the FOMC do with the federal funds rate?",
         ["Before the pandemic hit, what did the FOMC do with the federal funds rate?"]),
        # a last noun phrase after ", and" asks a thing of its own; a list of three is one thing asked
        ("May 2022 staff forecast: PCE inflation for 2022 and 2023, and the main inflation risks?",
         ["May 2022 staff forecast: PCE inflation for 2022 and 2023", "the main inflation risks?"]),
        ("What happened to the Treasury redemption cap, and the MBS cap?",
         ["What happened to the Treasury redemption cap", "the MBS cap?"]),
        ("How did participants view growth, unemployment, and the labor market outlook?",
         ["How did participants view growth, unemployment, and the labor market outlook?"]),
        ("In 2022, strong demand, and the tight labor market?",
         ["In 2022, strong demand, and the tight labor market?"]),
    ],
)
def test_question_facets(question, facets):
    assert question_facets(question) == facets


def test_a_facet_keeps_the_names_of_its_question():
    question = "Stephen Miran dissented in September 2025. What did he prefer?"
    assert question_names(question) == ["Stephen", "Miran"]
    assert facet_query("What did he prefer?", question) == "What did he prefer? (Stephen Miran)"
    assert facet_query("What did Miran prefer?", question) == "What did Miran prefer? (Stephen)"
    assert question_names("In June 2022, what did the FOMC and the Board decide?") == []


def test_sentence_terms_are_stemmed_like_bm25():
    assert content_terms("Governor Miran preferred slowing") == content_terms("governor miran prefers slow")
    assert "1/2" in content_terms("a 1/2 percentage point cut")


IOER_DECISION = ("Consistent with the Committee's decision to leave the target range for the federal funds rate "
                 "unchanged, the Board of Governors voted unanimously to raise the interest rates on required and "
                 "excess reserve balances to 1.60 percent.")
IOER_TECHNICAL = ("This technical adjustment would reverse the small downward adjustment to administered rates made "
                  "in September, when money markets were volatile.")
IOER_SIZE = ("With this adjustment, the Board would lift the interest rates on required and excess reserves by "
             "5 basis points, and the FOMC would implement an equal-sized upward adjustment to the overnight "
             "reverse repurchase agreement offer rate.")


def test_a_two_part_question_gets_a_sentence_for_each_part():
    """Real MiniLM on the January 2020 minutes: the level comes from the policy action, the size of
    the technical adjustment from the manager's discussion, which names a quantity as the second
    part asks. (Since the near-best margin widened to 0.18, the second part's sentence is also near enough
    to be quoted without facets; the facets' own effect is tested with the continuation below.)"""
    question = ("In January 2020, to what level did the Board raise the interest rate on required and excess "
                "reserves, and by how much was this technical adjustment?")
    passages = [
        headed(n=1, header="FOMC Minutes, 2020-01-29, Committee Policy Action", text=IOER_DECISION),
        headed(n=2, header="FOMC Minutes, 2020-01-29, Developments in Financial Markets and Open Market Operations",
                text=f"{IOER_TECHNICAL} {IOER_SIZE}"),
    ]
    answer = _answer(question, passages, get_encoder())
    assert "1.60 percent" in answer and "5 basis points" in answer
    assert answer.index("1.60 percent") < answer.index("5 basis points")


def test_a_continuation_sentence_answers_the_second_facet():
    lead = ("The manager discussed staff analysis that had aimed at decomposing the increase of nearly 100 basis "
            "points in longer-term Treasury yields that had taken place since mid-September 2024.")
    follow = ("That analysis suggested an upward revision in financial markets' evaluation of the path of the real "
              "policy rate required to achieve the Committee's goals, especially at longer horizons.")
    header = "FOMC Minutes, 2025-01-29, Developments in Financial Markets and Open Market Operations"
    passages = [headed(n=1, header=header, text=f"{lead} {follow} The manager noted that measures of inflation "
                        "compensation had generally risen slightly.")]
    question = ("How much had longer-term Treasury yields risen since mid-September 2024, according to the manager's "
                "review in the January 2025 minutes, and what did staff analysis attribute the rise to?")
    answer = _answer(question, passages, get_encoder())
    assert "100 basis points" in answer and "real policy rate" in answer


def test_a_sentence_pointing_back_at_the_lead_is_quoted_with_it():
    """Real MiniLM on the March 2022 minutes: the lead announces "geopolitical developments"; the sentence after it
    ("They concurred that the invasion of Ukraine by Russia ...") names them, so it is quoted too."""
    lead = "Members agreed that geopolitical developments warranted several changes to the postmeeting statement."
    follow = ("They concurred that the invasion of Ukraine by Russia was causing tremendous human and economic "
              "hardship, and they agreed to update the statement to recognize this tragic situation.")
    passages = [headed(n=1, header="FOMC Minutes, 2022-03-16, Committee Policy Action", text=f"{lead} {follow}")]
    question = ("According to the minutes, what geopolitical event did members agree warranted changes to the "
                "postmeeting statement in March 2022?")
    answer = _answer(question, passages, get_encoder())
    assert "invasion of Ukraine" in answer


def test_a_question_naming_the_statement_is_answered_from_the_statement():
    """Real MiniLM on March 2023: the minutes' account of the bank failures reads closer to the question than the
    statement's one-line verdict, but the question asks what the statement said."""
    minutes = ("The Vice Chair for Supervision described the developments, including those at Silicon Valley Bank, "
               "Signature Bank, and Credit Suisse.")
    statement = "The U.S. banking system is sound and resilient."
    passages = [headed(n=1, header="FOMC Statement, 2023-03-22", text=statement),
                headed(n=3, header="FOMC Minutes, 2023-03-22, Recent Developments in the Banking Sector",
                        text=minutes)]
    question = ("In the March 2023 statement, issued less than two weeks after Silicon Valley Bank failed, how did the "
                "Committee characterize the U.S. banking system?")
    quotes = read(question, passages, get_encoder())
    assert quotes[0].text == statement
    assert read(question.replace("statement", "minutes"), passages, get_encoder())[0].text == minutes
    without = replace(READER_CONFIG, doc_type_bonus=0.0)
    assert read(question, passages, get_encoder(), config=without)[0].text == minutes  # what the bonus changes


def test_who_questions_are_answered_by_sentences_naming_people_by_title():
    kinds = asked_kinds("July 2021: who abstained on the FIMA Repo Facility, and why?")
    assert PERSON in kinds
    assert PERSON.search("Governor Bowman abstained from the vote.")
    assert PERSON.search("Voting against this action: Stephen I. Miran.")
    assert not PERSON.search("All but one member of the Committee voted to approve the facility.")


def test_a_quantity_in_words_answers_a_how_much_question():
    assert QUANTITY.search("participants generally favored reducing the monthly pace of runoff by roughly half")
    assert not QUANTITY.search("in the first half of 2024")


def test_a_what_caused_question_favours_the_sentence_that_gives_a_cause():
    """Real MiniLM on the September 2024 minutes: the manager's announcement of the episode reads closer to the
    question than the sentence that says what caused it."""
    announce = "The manager also discussed the brief episode of elevated market volatility in early August."
    cause = ("These sharp moves appeared to be the result of a rapid unwinding of some speculative trading positions "
             "induced by unrelated events, such as the unexpectedly inflation-focused communications from the Bank "
             "of Japan (BOJ) in late July.")
    header = "FOMC Minutes, 2024-09-18, Developments in Financial Markets and Open Market Operations"
    passages = [headed(n=1, header=header, text=announce), headed(n=2, header=header, text=cause)]
    quotes = read("What caused the early-August 2024 market selloff according to the Sept 2024 minutes?", passages,
                  get_encoder(), max_sentences=1)
    assert quotes[0].text == cause


def test_a_paragraph_that_goes_on_with_the_answer_is_quoted_on():
    """Real MiniLM on the October 2025 minutes: the lead names the benefits and costs; the next sentence of its
    paragraph, nearly as close to the question, gives the benefit."""
    lead = ("The staff provided background on the SRF, including potential benefits and costs of central clearing "
            "for SRF transactions.")
    benefit = ("Central clearing could increase counterparties' willingness to use the SRF when there is upward "
               "pressure on repo rates, which would damp pressures on the federal funds rate.")
    costs = ("The main potential costs mentioned were increased systemic importance of providers of central "
             "clearing and the expansion of the Federal Reserve's footprint in financial markets.")
    study = "Participants who commented generally supported further study of central clearing of SRF transactions."
    header = "FOMC Minutes, 2025-10-29, Special Topic: The Standing Repo Facility"
    passages = [headed(n=1, header=header, text=f"{lead} {benefit} {costs}\n\n{study}"),
                headed(n=2, header="FOMC Minutes, 2025-10-29, Developments in Financial Markets and Open Market "
                        "Operations", text="Meanwhile, the standing repo facility (SRF) was used more frequently over "
                        "the period, albeit not in large volumes.")]
    question = ("Oct 2025 special topic on the Standing Repo Facility: what did staff see as the main benefit and "
                "main costs of central clearing SRF trades?")
    texts = [q.text for q in read(question, passages, get_encoder())]
    assert texts[:2] == [lead, benefit]


# The October 2025 minutes' balance sheet special topic, three of its chunks as retrieved (trimmed to the sentences
# that matter), for the near-best margin below.
_SOMA_HEADER = "FOMC Minutes, 2025-10-29, Special Topic: Balance Sheet Issues"
_SOMA = [
    "In light of these developments, participants discussed whether to stop balance sheet runoff soon and what the "
    "maturity composition of the SOMA Treasury portfolio (SOMA portfolio) should be in the longer run. Consequently, "
    "participants agreed that their discussions at this meeting would help inform the Committee's future decisions "
    "regarding the long-run composition of the SOMA portfolio.",
    "The staff reviewed the composition of the SOMA portfolio and provided some considerations regarding the SOMA "
    "portfolio's long-run composition, including issues related to market functioning, potential macroeconomic "
    "implications, interactions with the Treasury's management of the federal debt, monetary policy implementation, "
    "and the Federal Reserve's net income.\n\nParticipants agreed that the recent tightening in money market "
    "conditions indicated that it would soon be appropriate to end balance sheet runoff and that reinvestments of "
    "principal payments received on agency securities holdings should be directed into Treasury bills.",
    "Overall, most participants favored a long-run composition of the SOMA portfolio that matched the composition of "
    "Treasury securities outstanding, indicating that a proportional allocation would provide enough flexibility and "
    "may be simpler to communicate. Various participants noted that it was not necessary to decide on the long-run "
    "composition of the SOMA portfolio at this time, as the shift toward a long-run composition would take place "
    "over a number of years.",
]


def test_a_near_best_sentence_of_the_top_passages_answers_the_rest_of_the_question():
    """Real MiniLM: the lead restates the question; the sentences that answer it (bills, proportional allocation)
    score within extra_margin of it, so they are quoted (with 0.12 the proportional one was not)."""
    passages = [headed(n=i, header=_SOMA_HEADER, text=text) for i, text in enumerate(_SOMA, start=1)]
    question = ("Per the Oct 2025 minutes (balance sheet issues), where should agency principal payments be reinvested "
                "once runoff ends, and what long-run SOMA composition did most participants favor?")
    answer = _answer(question, passages, get_encoder())
    assert "directed into Treasury bills" in answer and "proportional allocation" in answer
    # a two-part question's budget is max_sentences + multi_part_extra, and an answer led by the minutes quotes
    # discussion_extra more
    budget = 2 + READER_CONFIG.multi_part_extra + READER_CONFIG.discussion_extra
    assert len(read(question, passages, get_encoder(), max_sentences=2)) == budget


def test_the_lead_s_answer_type_bonus_does_not_narrow_the_near_best_margin():
    """Real MiniLM on the March 2024 minutes: the lead carries a quantity ("$1.5 trillion") and so its bonus; the
    sentence with the other quantity asked for ("by roughly half") is near the lead's support before that bonus."""
    header = "FOMC Minutes, 2024-03-20, Considerations for Slowing the Pace of Balance Sheet Reduction"
    first = ("Participants began a discussion related to slowing the pace of balance sheet runoff consistent with the "
             "Committee's Plans for Reducing the Size of the Federal Reserve's Balance Sheet announced in May 2022. "
             "Since balance sheet runoff began in June 2022, the Federal Reserve's total securities holdings had "
             "declined roughly $1.5 trillion.")
    second = ("Rather, a slower pace of runoff would facilitate ongoing declines in securities holdings consistent "
              "with reaching ample reserves.\n\nIn their discussions regarding how to adjust the pace of runoff, "
              "participants generally favored reducing the monthly pace of runoff by roughly half from the recent "
              "overall pace.")
    passages = [headed(n=1, header=header, text=first), headed(n=2, header=header, text=second)]
    question = ("March 2024 QT discussion: how far had the Fed's securities holdings fallen since runoff began, by how "
                "much did participants generally want to cut the monthly runoff pace, and through which cap?")
    answer = _answer(question, passages, get_encoder())
    assert "$1.5 trillion" in answer and "roughly half" in answer


def test_a_named_minutes_section_is_answered_from_that_section():
    """Real MiniLM on the October 2025 minutes: the question names the special topic; the manager's review mentions
    the facility in one sentence, which alone would crowd out the special topic's answer."""
    markets = headed(n=1, header="FOMC Minutes, 2025-10-29, Developments in Financial Markets and Open Market "
                      "Operations", text="Meanwhile, the standing repo facility (SRF) was used more frequently over "
                      "the period, albeit not in large volumes.")
    topic = headed(n=2, header="FOMC Minutes, 2025-10-29, Special Topic: The Standing Repo Facility", text=(
        "Central clearing could increase counterparties' willingness to use the SRF when there is upward pressure on "
        "repo rates, which would damp pressures on the federal funds rate. A few participants raised concerns about "
        "risks associated with centrally clearing the SRF, including increased systemic importance of providers of "
        "central clearing. Participants who commented generally supported further study of central clearing of SRF "
        "transactions."))
    question = ("October 2025 special topic on the Standing Repo Facility: what design change was under discussion, "
                "what concerns were raised, and where did participants land?")
    answer = _answer(question, [markets, topic], get_encoder())
    assert "systemic importance" in answer and "further study" in answer
    assert section_of(topic) == "Special Topic: The Standing Repo Facility"


def test_an_acronym_is_a_form_of_the_name_containing_its_words():
    from fomc_qa.text.names import name_forms

    assert "srf" in name_forms("standing repo facility") and "tga" in name_forms("treasury general account")


def test_a_list_the_lead_announces_is_quoted_whole():
    """Real MiniLM: "focused on three different concepts" is answered by its "First, ... Second, ... Third, ..."."""
    paragraph = (
        "The staff's briefing on considerations regarding the use of an inflation range focused on three different "
        "concepts of an inflation range. First, an uncertainty range could communicate the magnitude of the inherent "
        "variability of inflation. Second, an operational range could signal that the Committee would prefer "
        "inflation to be away from its longer-run objective for a time. Third, an indifference range could "
        "communicate that monetary policy would not respond to deviations of inflation within that range.\n"
        "Participants discussed the role of foreign central banks' experience with inflation ranges at length.")
    passages = [headed(n=1, header="FOMC Minutes, 2020-01-29, Review of Monetary Policy Strategy", text=paragraph)]
    question = "What three concepts of an inflation range did the staff briefing lay out in January 2020?"
    answer = _answer(question, passages, get_encoder(), max_sentences=4)
    places = [answer.find(f"{kind} range") for kind in ("uncertainty", "operational", "indifference")]
    assert -1 not in places and places == sorted(places)
    # the items follow the lead as one unit, before any near-best sentence of the discussion
    assert "foreign central banks" not in answer or answer.find("foreign central banks") > places[-1]


def test_a_quoted_minutes_sentence_brings_the_next_sentence_of_its_paragraph(embedder):
    """A minutes paragraph goes on with where participants landed: the next sentence is quoted right after the one
    it follows, though its own support would not have admitted it; a statement's next sentence is another topic."""
    config = replace(READER_CONFIG, discussion_extra=0)
    topic = "Participants discussed the standing repo facility and central clearing of its transactions."
    landed = "Those who commented generally supported further study."
    other = "Staff noted that the standing repo facility was used at quarter-end."
    passages = [headed(n=1, header="FOMC Minutes, 2025-10-29, Special Topic", text=f"{topic} {landed}"),
                headed(n=2, header="FOMC Minutes, 2025-10-29, Developments in Financial Markets", text=other)]
    question = "What did participants say about the standing repo facility and central clearing?"

    def quoted(**settings):
        nonlocal config
        config = replace(config, **settings)
        return [c.text for c in read(question, passages, embedder, support_threshold=0.1, max_sentences=2,
                                     config=config)]

    assert quoted(follow_max=0) == [topic, other]
    assert quoted(follow_max=6, follow_margin=2.0) == [topic, landed, other]
    assert quoted(follow_margin=0.0) == [topic, other]  # the next sentence is far below the lead
    config = replace(config, follow_margin=2.0)
    statement = [headed(n=1, header="FOMC Statement, 2025-10-29", text=f"{topic} {landed}"), passages[1]]
    assert landed not in [c.text for c in read(question, statement, embedder, support_threshold=0.1, max_sentences=2,
                                               config=config)]


def test_a_notation_vote_is_boilerplate_only_when_it_approves_the_minutes():
    minutes = ("By notation vote completed on July 20, 2020, the Committee unanimously approved the minutes of the "
               "Committee meeting held on June 9–10, 2020.")
    framework = ("By notation vote completed on August 27, 2020, the Committee unanimously approved updates to its "
                 "Statement on Longer-Run Goals and Monetary Policy Strategy.")
    assert BOILERPLATE.match(minutes) and not BOILERPLATE.match(framework)


_BACKDROP = ("In their consideration of the appropriate stance of monetary policy, participants concurred that the "
             "labor market was very tight and the near-term inflation outlook had deteriorated.")
_AGREED = ("Against this backdrop, almost all participants agreed that it was appropriate to raise the target range "
           "for the federal funds rate 75 basis points at this meeting.")
_TIMING = ("Participants judged that the appropriate timing of balance sheet runoff would likely be closer to that of "
           "policy rate liftoff than in the Committee's previous experience.")
_LEANING = ("They also discussed how this relative timing might differ from the previous experience, in which balance "
            "sheet runoff commenced almost two years after policy rate liftoff.")


@pytest.mark.parametrize(("question", "before", "chosen", "plain"), [
    # "Against this backdrop, ..." rests on the sentence that holds its reason
    ("Why did participants agree to raise the target range 75 basis points at this meeting?", _BACKDROP, _AGREED,
     _AGREED.replace("Against this backdrop, almost", "Almost")),
    # "They also discussed ..." says neither who "they" are nor which timing
    ("How long after liftoff did balance sheet runoff start in the previous experience?", _TIMING, _LEANING,
     _LEANING.replace("They also", "Participants also")),
], ids=["opens-on-the-last", "leans-for-its-subject"])
def test_a_quoted_minutes_sentence_resting_on_the_one_before_brings_it(embedder, question, before, chosen, plain):
    """A quoted minutes sentence that opens on the one before it ("Against this backdrop, ...") or leans on it for
    its subject ("They also discussed ...") brings that sentence, quoted right before whatever its support (the
    answer's lead can then carry both); the same sentence naming its own subject (the near miss) does not."""
    config = replace(READER_CONFIG, follow_max=6, follow_margin=0.0, discussion_extra=0)
    for lead, brings in ((chosen, True), (plain, False)):
        passages = [headed(n=1, header="FOMC Minutes, 2022-06-15, Participants' Views", text=f"{before} {lead}")]
        quoted = [c.text for c in read(question, passages, embedder, support_threshold=0.1, max_sentences=1,
                                       config=config)]
        assert quoted == ([before, lead] if brings else [lead]), quoted


def test_a_why_quotes_the_participants_judgement_with_what_the_action_would_do_from_the_next_chunk(embedder):
    """July 2023: the chunk ends on the participants' judgement, the next (overlapping by that sentence) goes on with
    what the hike would do, worded unlike "rationale"; the reader quotes the two together, the reason after."""
    judged = ("Amid these economic conditions, almost all participants judged it appropriate to raise the target range "
              "for the federal funds rate to 5-1/4 to 5-1/2 percent at this meeting.")
    before = ("Although inflation had moderated since the middle of last year, it remained well above the Committee's "
              "longer-run goal of 2 percent.")
    reason = ("Participants noted that this action would put the stance of monetary policy further into restrictive "
              "territory, consistent with reducing demand-supply imbalances in the economy.")
    section = "Participants' Views on Current Conditions and the Economic Outlook"
    passages = [
        replace(headed(1, f"FOMC Minutes, 2023-07-26, {section}", f"{before} {judged}"),
                chunk_id="minutes-2023-07-26#034"),
        replace(headed(2, f"FOMC Minutes, 2023-07-26, {section}",
                       f"{judged} {reason} A number of participants noted that balance sheet runoff need not end."),
                chunk_id="minutes-2023-07-26#035"),
        replace(headed(3, "FOMC Statement, 2023-07-26", "The Committee decided to raise the target range for the "
                       "federal funds rate to 5-1/4 to 5-1/2 percent in July 2023."),
                chunk_id="statement-2023-07-26#000"),
    ]
    texts = [q.text for q in read("July 2023 hike to 5-1/4 to 5-1/2 percent - rationale?", passages, embedder)]
    assert judged in texts and reason in texts, texts
    assert texts.index(reason) == texts.index(judged) + 1
    assert texts.index(before) == texts.index(judged) - 1  # the sentence "these economic conditions" points back to
    assert reason not in [q.text for q in read("July 2023 hike to 5-1/4 to 5-1/2 percent?", passages, embedder)]


def test_a_why_steps_over_the_securities_decision_to_what_maintaining_the_range_was_supported_by(embedder):
    """December 2023: the participants' judgement ends its chunk; the next opens with the securities decision taken
    beside it, and only then says what supported the hold. The reader steps over the side decision; without it
    (a sentence that is no reason in between) it does not reach further."""
    judged = ("In light of current economic conditions and their implications for the outlook for economic activity "
              "and inflation, as well as the balance of risks, all participants judged it appropriate to maintain the "
              "target range for the federal funds rate at 5-1/4 to 5-1/2 percent at this meeting.")
    side = ("All participants also agreed that it was appropriate to continue the process of reducing the Federal "
            "Reserve's securities holdings, as described in the previously announced plans.")
    reason = ("Participants assessed that maintaining the current policy stance was supported by intermeeting data "
              "indicating that inflation had continued to move toward the Committee's 2 percent objective and that "
              "the labor market had continued to move into better balance.")
    other = "Participants noted that the staff's survey of households showed that spending had slowed a little."
    section = "Participants' Views on Current Conditions and the Economic Outlook"

    def passages(between: str) -> list:
        return [
            replace(headed(1, f"FOMC Minutes, 2023-12-13, {section}",
                           f"Participants noted that growth had slowed from its strong pace. {judged}"),
                    chunk_id="minutes-2023-12-13#031"),
            replace(headed(2, f"FOMC Minutes, 2023-12-13, {section}", f"{between} {reason} Participants continued to "
                           "be resolute in their commitment to bring inflation down."),
                    chunk_id="minutes-2023-12-13#032"),
        ]

    texts = [q.text for q in read("Dec '23 hold - why?", passages(side), embedder)]
    assert judged in texts and reason in texts, texts
    assert texts.index(reason) == texts.index(judged) + 1
    texts = [q.text for q in read("Dec '23 hold - why?", passages(other), embedder)]
    assert reason not in texts or texts.index(reason) != texts.index(judged) + 1, texts  # near miss: only the side
    # decision is stepped over


def test_a_why_of_a_hold_judged_without_a_reason_quotes_what_the_committee_waits_for(embedder):
    """June 2025: "All participants viewed it as appropriate to maintain the target range ..." gives no reason, and
    "rationale for holding at 4-1/4 to 4-1/2 percent" shares few words with the paragraph that does ("... well
    positioned to wait for more clarity ..."): a one-part why of the hold quotes it after the judgement. Near misses:
    a judgement with a reason clause of its own, and a why of several parts (their places are the other parts')."""
    section = "Participants' Views on Current Conditions and the Economic Outlook"
    bare = ("All participants viewed it as appropriate to maintain the target range for the federal funds rate at "
            "4-1/4 to 4-1/2 percent.")
    reasoned = ("In light of elevated uncertainty, all participants viewed it as appropriate to maintain the target "
                "range for the federal funds rate at 4-1/4 to 4-1/2 percent.")
    waits = ("In considering the outlook for monetary policy, participants generally agreed that, with economic growth "
             "and the labor market still solid, the Committee was well positioned to wait for more clarity on the "
             "outlook for inflation and economic activity.")

    def passages(judged: str) -> list:
        return [
            replace(headed(1, f"FOMC Minutes, 2025-06-18, {section}",
                           f"Participants noted that inflation remained somewhat elevated. {judged} Participants "
                           "judged it appropriate to continue the process of reducing the Federal Reserve's "
                           "securities holdings."), chunk_id="minutes-2025-06-18#030"),
            replace(headed(2, f"FOMC Minutes, 2025-06-18, {section}",
                           f"{waits} Several participants noted that tariffs could push up prices for some time."),
                    chunk_id="minutes-2025-06-18#031"),
            replace(headed(3, "FOMC Statement, 2025-06-18", "The Committee decided to maintain the target range for "
                           "the federal funds rate at 4-1/4 to 4-1/2 percent."), chunk_id="statement-2025-06-18#000"),
        ]

    question = "What was the rationale for holding at 4-1/4 to 4-1/2 percent in June 2025?"
    texts = [q.text for q in read(question, passages(bare), embedder)]
    assert bare in texts and waits in texts and texts.index(waits) == texts.index(bare) + 1, texts
    texts = [q.text for q in read(question, passages(reasoned), embedder)]
    assert waits not in texts or texts.index(waits) != texts.index(reasoned) + 1, texts
    two_parts = "Why hold at 4-1/4 to 4-1/2 percent in June 2025, and what did participants say about tariffs?"
    texts = [q.text for q in read(two_parts, passages(bare), embedder)]
    assert waits not in texts or texts.index(waits) != texts.index(bare) + 1, texts


def test_a_name_the_chosen_sentences_leave_out_brings_the_best_sentence_that_spells_it(embedder):
    """"... a quarter-point cut and an end date for QT": every best-supported sentence is about the cut, so without
    the sentence naming QT in the Committee's words the answer would quote no passage spelling the name, and decline."""
    cut = headed(n=1, header="FOMC Statement, 2025-10-29", text=(
        "In support of its goals and in light of the shift in the balance of risks, the Committee decided to lower "
        "the target range for the federal funds rate by 1/4 percentage point to 3-3/4 to 4 percent. The Committee "
        "judged that downside risks to employment rose in recent months."))
    qt = headed(n=2, header="FOMC Statement, 2025-10-29", text=(
        "Inflation has moved up since earlier in the year. The Committee decided to conclude the reduction of its "
        "aggregate securities holdings on December 1."))
    question = "October 2025 brought another quarter-point cut and an end date for QT. What reasons were given?"
    answer = _answer(question, [cut, qt], embedder)
    assert "conclude the reduction of its aggregate securities holdings" in answer
    # near miss: a name a chosen passage already spells brings nothing more
    plain = _answer("October 2025: why the quarter-point cut?", [cut, qt], embedder)
    assert "aggregate securities holdings" not in plain


def test_a_why_of_a_balance_sheet_decision_quotes_the_participants_reasons_not_the_rates(embedder):
    """March 2025: the question asks why the Treasury redemption cap was cut. The participants' judgement of the
    rate ("all participants viewed it as appropriate to maintain the target range") is another decision's; their
    support for slowing runoff and what a slower pace would do (guard against reserve scarcity as the TGA rises) are
    the answer, quoted right after the first sentence although worded unlike the question. Near miss: the same
    question about the rate's hold quotes the rate's judgement, not the runoff's reasons."""
    section = "Participants' Views on Current Conditions and the Economic Outlook"
    rate = ("In this context, and amid elevated uncertainty around the economic outlook, all participants viewed it as "
            "appropriate to maintain the target range for the federal funds rate at 4-1/4 to 4-1/2 percent.")
    supported = "Almost all participants supported a slowing of the pace of runoff at this meeting."
    guard = ("Some participants noted that a slower pace of runoff would also help guard against reserve scarcity "
             "emerging with little advance notice during a period of potentially rapid increase in the TGA.")
    against = "Several participants did not see a compelling case for slowing the pace of runoff at this meeting."
    passages = [
        replace(headed(1, "FOMC Minutes, 2025-03-19, Committee Policy Actions",
                       "Beginning in April, the Committee will slow the pace of decline of its securities holdings by "
                       "reducing the monthly redemption cap on Treasury securities from $25 billion to $5 billion."),
                chunk_id="minutes-2025-03-19#038"),
        replace(headed(2, f"FOMC Minutes, 2025-03-19, {section}", f"Participants noted that inflation remained "
                       f"somewhat elevated. {rate}"), chunk_id="minutes-2025-03-19#030"),
        replace(headed(3, f"FOMC Minutes, 2025-03-19, {section}", f"Participants assessed that balance sheet reduction "
                       f"had gone well thus far. {supported} {guard} {against}"), chunk_id="minutes-2025-03-19#032"),
    ]
    texts = [q.text for q in read("Mar '25: why cut the monthly Treasury redemption cap to $5bn?", passages,
                                  embedder)]
    assert texts[1:3] == [supported, guard], texts
    assert rate not in texts and against not in texts[:3], texts
    held = [q.text for q in read("Mar '25: why did the Committee hold rates?", passages, embedder)]
    assert rate in held and guard not in held[:2], held


def test_a_why_of_two_decisions_quotes_the_rates_reasons_then_the_balance_sheets(embedder):
    """October 2025: "why cut, and why end runoff?" asks two decisions' reasons: the participants' judgement of the
    cut with what it would do, then their judgement of ending runoff (each worded unlike its part). Near miss: a why of
    the cut alone does not bring the runoff's."""
    section = "Participants' Views on Current Conditions and the Economic Outlook"
    cut = ("Against this backdrop, many participants were in favor of lowering the target range for the federal funds "
           "rate at this meeting.")
    because = ("Those who favored a lowering of the target range generally observed that such a decision was "
               "appropriate because downside risks to employment had increased in recent months.")
    runoff = ("In light of their assessment that reserve balances had reached or were approaching ample levels, almost "
              "all participants noted that it was appropriate to conclude the reduction in the Committee's aggregate "
              "securities holdings on December 1.")
    passages = [
        replace(headed(1, "FOMC Statement, 2025-10-29", "The Committee decided to lower the target range for the "
                       "federal funds rate by 1/4 percentage point to 3-3/4 to 4 percent and to conclude the "
                       "reduction of its aggregate securities holdings on December 1."),
                chunk_id="statement-2025-10-29#000"),
        replace(headed(2, f"FOMC Minutes, 2025-10-29, {section}", f"Participants noted that inflation had moved up. "
                       f"{cut} {because} {runoff}"), chunk_id="minutes-2025-10-29#030"),
    ]
    texts = [q.text for q in read("Oct 2025: why cut another 25bp, and why end balance sheet runoff on December 1?",
                                  passages, embedder)]
    assert cut in texts and because in texts and runoff in texts, texts
    assert texts.index(cut) < texts.index(because) < texts.index(runoff), texts
    alone = [q.text for q in read("Oct 2025: why cut another 25bp?", passages, embedder)]
    assert cut in alone and because in alone, alone
    assert runoff not in alone or alone.index(runoff) > alone.index(because), alone


def test_a_chosen_minutes_sentence_brings_the_next_one_when_it_turns_it(embedder):
    """March 2022: "Many participants noted that ... they would have preferred a 50 basis point increase" quoted
    without "A number of these participants indicated, however, that, in light of greater near-term uncertainty
    associated with Russia's invasion of Ukraine, they judged that a 25 basis point increase would be appropriate"
    says the opposite of what the minutes do. Near miss: a next sentence that goes on without turning it."""
    section = "Participants' Views on Current Conditions and the Economic Outlook"
    preferred = ("Many participants noted that, with inflation well above the Committee's objective, they would have "
                 "preferred a 50 basis point increase in the target range for the federal funds rate at this meeting.")
    turned = ("A number of these participants indicated, however, that, in light of greater near-term uncertainty "
              "associated with Russia's invasion of Ukraine, they judged that a 25 basis point increase would be "
              "appropriate at this meeting.")
    going_on = ("A number of these participants indicated that one or more 50 basis point increases could be "
                "appropriate at future meetings.")

    def passages(after: str) -> list:
        return [replace(headed(1, f"FOMC Minutes, 2022-03-16, {section}",
                               f"All participants agreed that it was appropriate to raise the target range at this "
                               f"meeting. {preferred} {after}"), chunk_id="minutes-2022-03-16#044")]

    question = "March 2022: how many participants would have preferred a 50 basis point increase?"
    texts = [q.text for q in read(question, passages(turned), embedder)]
    assert preferred in texts and turned in texts and texts.index(turned) == texts.index(preferred) + 1, texts
    assert not qualifies(going_on) and qualifies(turned)
