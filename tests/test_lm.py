"""The offline extractive engine and LM selection (fomc_qa.answering.lm), offline and fast.

Most tests use a deterministic bag-of-words hashing embedder; one test runs the bundled
MiniLM to check the calibrated threshold on real embeddings.
"""

from __future__ import annotations

import hashlib
import re

import dspy
import numpy as np
import pytest
from dspy.lm15 import Message, Request

from fomc_qa.answering import lm as lm_mod
from fomc_qa.answering.facets import question_facets
from fomc_qa.answering.lm import NO_ANSWER, ExtractiveEngine, Passage, facet_query, make_lm, parse_prompt, question_names
from fomc_qa.text.sentences import sentence_spans
from fomc_qa.answering.program import AnswerWithCitations

DECISION = (
    "In support of the Committee's goals to achieve maximum employment and inflation at the rate of 2 percent "
    "over the longer run, members agreed to maintain the target range for the federal funds rate at 5-1/4 to "
    "5-1/2 percent."
)
PASSAGES = (
    "[1] (FOMC Statement, 2024-01-31) Recent indicators suggest that economic activity has been expanding at a "
    "solid pace. Job gains have moderated since early last year but remain strong, and the unemployment rate has "
    "remained low.\n\n"
    f"[2] (FOMC Minutes, 2024-01-31, Committee Policy Actions) {DECISION} Members concurred that, in considering "
    "any adjustments to the target range for the federal funds rate, they would carefully assess incoming data, "
    "the evolving outlook, and the balance of risks.\n\n"
    "[3] (FOMC Minutes, 2024-01-31, Staff Review of the Economic Situation) Staff Review of the Economic "
    "Situation\nThe information available at the time of the meeting suggested that U.S. real gross domestic "
    "product had expanded at a solid pace in the fourth quarter."
)
QUESTION = "What target range for the federal funds rate did members agree to maintain in January 2024?"
# How the engine quotes DECISION: led by its source, so the answer says when it was said.
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


@pytest.fixture(autouse=True)
def _no_dspy_cache(monkeypatch):
    """No DSPy response cache (memory or disk) leaks between tests or onto disk."""
    from dspy.clients.cache import Cache

    monkeypatch.setattr(dspy, "cache", Cache(False, False, None, 0), raising=False)


@pytest.fixture
def embedder() -> HashingEmbedder:
    return HashingEmbedder()


@pytest.fixture
def extractive(embedder):
    return make_lm("extractive", embedder=embedder)


def _predict(lm, question=QUESTION, passages=PASSAGES, demos=(), module=dspy.Predict, adapter=None):
    predictor = module(AnswerWithCitations)
    predictor.demos = list(demos)
    with dspy.context(lm=lm, **({"adapter": adapter} if adapter else {})):
        return predictor(question=question, passages=passages)


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


def test_engine_answers_through_predict_with_a_verbatim_sentence_and_marker(extractive):
    prediction = _predict(extractive)
    assert prediction.answer.startswith(ANSWER)
    quoted = re.findall("\u201c([^\u201d]+)\u201d", prediction.answer)
    assert quoted and all(q in PASSAGES for q in quoted)
    assert extractive.model == "local/extractive"


def test_engine_is_deterministic(embedder):
    first = _predict(make_lm("extractive", embedder=embedder)).answer
    again = [_predict(make_lm("extractive", embedder=HashingEmbedder())).answer for _ in range(2)]
    assert again == [first, first]


def test_engine_says_the_passages_do_not_answer_off_topic_questions(extractive):
    assert _predict(extractive, question="Who won the football world cup in Qatar?").answer == NO_ANSWER


def test_engine_refuses_a_year_no_passage_mentions(extractive):
    question = "What target range for the federal funds rate did members maintain in December 2019?"
    assert _predict(extractive, question=question).answer == NO_ANSWER


def test_engine_refuses_a_name_no_passage_mentions_but_not_the_feds_own_words(extractive):
    question = "What target range for the federal funds rate did Wells Fargo agree to maintain?"
    assert _predict(extractive, question=question).answer == NO_ANSWER
    fed_words = "What target range for the federal funds rate did the Fed's FOMC members maintain on Wednesday?"
    assert _predict(extractive, question=fed_words).answer.startswith(ANSWER)


def test_procedural_sentences_lose_to_substantive_ones(embedder, monkeypatch):
    procedural = Passage(
        n=1,
        header="FOMC Minutes, 2024-01-31",
        text="It was agreed that the next meeting of the Committee would be held on Tuesday-Wednesday, March "
        "19-20, 2024. The meeting adjourned at 10:15 a.m. on January 31, 2024.",
    )
    decision = Passage(n=2, header="FOMC Minutes, 2024-01-31, Committee Policy Actions", text=DECISION)
    question = "What target range did members agree to maintain at the meeting on January 31, 2024?"
    engine = ExtractiveEngine(embedder=embedder, support_threshold=0.3, max_sentences=1)
    assert [c.text for c in engine.select(question, [procedural, decision])] == [DECISION]
    monkeypatch.setattr(lm_mod, "BOILERPLATE_PENALTY", 0.0)  # the dates alone would pick the adjournment
    assert engine.select(question, [procedural, decision])[0].text.startswith("The meeting adjourned")


def test_demos_are_not_taken_for_the_current_question(extractive):
    demo = dspy.Example(
        question="What did the staff say about real gross domestic product in the fourth quarter?",
        passages="[1] (FOMC Minutes, 2023-12-13, Staff Review) Real gross domestic product expanded in the "
        "fourth quarter at a pace well above the one in the third quarter.",
        answer="Real gross domestic product expanded in the fourth quarter. [1]",
    )
    prediction = _predict(extractive, demos=[demo])
    assert prediction.answer.startswith(ANSWER)
    assert "well above" not in prediction.answer


def test_parse_prompt_reads_the_last_user_message_and_drops_the_output_reminder():
    request = Request(
        model="local/extractive",
        system="Your input fields are:\n1. `question` (str): q\n2. `passages` (str): p\n"
        "Your output fields are:\n1. `reasoning` (str):\n2. `answer` (str): a\n"
        "All interactions will be structured in the following way\n\n[[ ## completed ## ]]",
        messages=(
            Message.user("[[ ## question ## ]]\nOld demo question?\n\n[[ ## passages ## ]]\n[1] Demo text here."),
            Message.assistant("[[ ## answer ## ]]\nDemo text here. [1]\n\n[[ ## completed ## ]]"),
            Message.user(
                f"[[ ## question ## ]]\n{QUESTION}\n\n[[ ## passages ## ]]\n{PASSAGES}\n\n"
                "Respond with the corresponding output fields, starting with the field `[[ ## answer ## ]]`."
            ),
        ),
    )
    prompt = parse_prompt(request)
    assert prompt.question == QUESTION
    assert [p.n for p in prompt.passages] == [1, 2, 3]
    assert prompt.passages[1].header == "FOMC Minutes, 2024-01-31, Committee Policy Actions"
    assert prompt.passages[1].text.startswith(DECISION)
    assert prompt.passages[2].text.endswith("in the fourth quarter.")
    assert prompt.output_fields == ["reasoning", "answer"]
    assert prompt.output_format == "chat"


def test_parse_prompt_plain_text_fallback():
    request = Request(model="m", messages=(Message.user(f"Question: {QUESTION}\n\n{PASSAGES}"),))
    prompt = parse_prompt(request)
    assert prompt.question == QUESTION
    assert len(prompt.passages) == 3


def test_chain_of_thought_gets_reasoning_and_answer(extractive):
    prediction = _predict(extractive, module=dspy.ChainOfThought)
    assert prediction.reasoning
    assert prediction.answer.startswith(ANSWER)


@pytest.mark.parametrize("adapter", [dspy.JSONAdapter(), dspy.XMLAdapter()], ids=["json", "xml"])
def test_other_adapters_parse_the_engine_output(extractive, adapter):
    prediction = _predict(extractive, adapter=adapter)
    assert prediction.answer.startswith(ANSWER)


def test_async_calls_use_the_async_engine(extractive):
    import asyncio

    async def ask():
        with dspy.context(lm=extractive):
            return await dspy.Predict(AnswerWithCitations).acall(question=QUESTION, passages=PASSAGES)

    assert asyncio.run(ask()).answer.startswith(ANSWER)


def test_usage_tracking_accepts_the_engine_usage(extractive):
    with dspy.context(lm=extractive, track_usage=True):
        prediction = dspy.Predict(AnswerWithCitations)(question=QUESTION, passages=PASSAGES)
    assert prediction.answer.startswith(ANSWER)
    assert isinstance(prediction.get_lm_usage(), dict)


def test_make_lm_selects_engine_or_hosted_model(monkeypatch, embedder):
    monkeypatch.delenv("FOMC_QA_LM", raising=False)
    monkeypatch.delenv("FOMC_QA_LM_API_BASE", raising=False)
    default = make_lm(embedder=embedder)
    assert isinstance(default.engine, ExtractiveEngine) and default.model == "local/extractive"
    hosted = make_lm("openai/my-model", api_base="http://127.0.0.1:9/v1")
    assert hosted.model == "openai/my-model"
    assert hosted.kwargs["temperature"] == 0.0 and hosted.kwargs["api_base"] == "http://127.0.0.1:9/v1"
    monkeypatch.setenv("FOMC_QA_LM", "ollama_chat/llama3.1")
    monkeypatch.setenv("FOMC_QA_LM_API_BASE", "http://127.0.0.1:11434")
    from_env = make_lm()
    assert from_env.model == "ollama_chat/llama3.1" and from_env.kwargs["api_base"] == "http://127.0.0.1:11434"


def test_lm_with_the_engine_saves_and_loads_its_state(embedder):
    state = make_lm("extractive", embedder=embedder).dump_state()
    assert state["engine"]["class"] == "fomc_qa.answering.lm:ExtractiveEngine"
    restored = dspy.LM.load_state(state, allow_custom_lm_class=True)
    assert isinstance(restored.engine, ExtractiveEngine)
    assert restored.engine.support_threshold == lm_mod.SUPPORT_THRESHOLD


def test_select_limits_sentences_and_skips_duplicates(embedder):
    repeated = Passage(n=1, header="FOMC Minutes, 2024-01-31", text=f"{DECISION} {DECISION}")
    other = Passage(n=2, header="FOMC Statement, 2024-01-31", text=DECISION)
    chosen = ExtractiveEngine(embedder=embedder).select(QUESTION, [repeated, other])
    assert [c.text for c in chosen] == [DECISION]


def test_real_minilm_answers_and_refuses():
    """The calibrated threshold on the real model (the one slow-ish test: loads MiniLM once)."""
    engine = ExtractiveEngine()
    user = Message.user(f"[[ ## question ## ]]\n{QUESTION}\n\n[[ ## passages ## ]]\n{PASSAGES}")
    prompt = parse_prompt(Request(model="m", messages=(user,)))
    assert engine.answer(prompt.question, prompt.passages).startswith(ANSWER)
    assert engine.answer("What is the capital of France?", prompt.passages) == NO_ANSWER


def test_the_default_embedder_is_the_shared_query_encoder():
    from fomc_qa.index.embed import get_encoder

    assert lm_mod.default_embedder() is get_encoder()


def test_source_label_names_document_date_and_section():
    assert lm_mod.source_label("FOMC Statement, 2022-05-04") == "FOMC statement of May 4, 2022"
    assert (
        lm_mod.source_label("FOMC Minutes, 2020-03-15, Videoconference meeting of March 2")
        == "FOMC minutes of March 15, 2020 (Videoconference meeting of March 2)"
    )
    assert lm_mod.source_label("") == ""


def test_a_passage_without_header_is_quoted_plainly(embedder):
    passage = Passage(n=1, header="", text=DECISION)
    question = "What target range for the federal funds rate did members agree to maintain?"
    assert ExtractiveEngine(embedder=embedder).answer(question, [passage]) == f"{DECISION} [1]"


VOTE = (
    "Voting against this action were Robert S. Kaplan, who preferred other forward guidance, and Neel Kashkari, "
    "who preferred forward guidance tied to core inflation."
)
DISSENT_TALK = "Two members dissented from the policy decision on the forward guidance for the federal funds rate."


def test_a_who_question_gets_the_sentence_naming_people(embedder, monkeypatch):
    passages = [
        Passage(n=1, header="FOMC Minutes, 2020-09-16, Committee Policy Action", text=DISSENT_TALK),
        Passage(n=2, header="FOMC Statement, 2020-09-16", text=VOTE),
    ]
    question = "Which members dissented on the forward guidance for the federal funds rate in September 2020?"
    engine = ExtractiveEngine(embedder=embedder, support_threshold=0.2)
    assert VOTE in [c.text for c in engine.select(question, passages)]
    monkeypatch.setattr(lm_mod, "_ANSWER_TYPES", ())
    assert VOTE not in [c.text for c in engine.select(question, passages)]


def test_a_quantity_question_favours_the_sentences_with_numbers(embedder, monkeypatch):
    talk = "Participants discussed how much to raise the target range for the federal funds rate."
    decision = "The Committee decided to raise the target range for the federal funds rate to 3/4 to 1 percent."
    passages = [Passage(n=1, header="FOMC Minutes, 2022-05-04", text=f"{talk} {decision}")]
    engine = ExtractiveEngine(embedder=embedder, support_threshold=0.2)

    def scores(question):
        return {c.text: c.score for c in engine.select(question, passages)}

    quantity = "How much did the Committee raise the target range for the federal funds rate?"
    bonus, with_bonus = lm_mod.ANSWER_TYPE_BONUS, scores(quantity)
    monkeypatch.setattr(lm_mod, "ANSWER_TYPE_BONUS", 0.0)
    without = scores(quantity)
    assert bonus > 0
    assert with_bonus[decision] == pytest.approx(without[decision] + bonus)  # it carries "3/4 to 1 percent"
    assert with_bonus[talk] == pytest.approx(without[talk])


def test_a_question_naming_two_meetings_quotes_each(embedder):
    january = "The Committee decided to keep the target range for the federal funds rate at 0 to 1/4 percent."
    june = "The Committee decided to raise the target range for the federal funds rate to 1-1/2 to 1-3/4 percent."
    passages = [
        Passage(n=1, header="FOMC Statement, 2022-06-15", text=june),
        Passage(n=2, header="FOMC Statement, 2022-06-15", text=june.replace("The Committee", "Members")),
        Passage(n=3, header="FOMC Statement, 2022-01-26", text=january),
    ]
    question = "How far had the federal funds target range moved between the January 2022 and June 2022 meetings?"
    answer = ExtractiveEngine(embedder=embedder, support_threshold=0.2).answer(question, passages)
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
    passages = [Passage(n=1, header=later[0], text=sentence), Passage(n=2, header=earlier[0], text=sentence)]
    engine = ExtractiveEngine(embedder=embedder, support_threshold=0.2)
    assert engine.answer(ordinal, passages) == f"{earlier[1]}: \u201c{sentence}\u201d [2]"
    assert engine.answer(plain, passages).startswith(later[1])


def test_the_year_a_question_counts_from_need_not_be_in_the_passages(embedder):
    sentence = "The Committee decided to maintain the target range for the federal funds rate at 5 to 5-1/4 percent."
    passages = [Passage(n=1, header="FOMC Statement, 2023-06-14", text=sentence)]
    engine = ExtractiveEngine(embedder=embedder, support_threshold=0.2)
    question = "When did the FOMC first hold the target range after the run of hikes that began in March 2022?"
    assert engine.answer(question, passages).startswith("FOMC statement of June 14, 2023")
    assert engine.answer("What did the FOMC decide about the target range in March 2022?", passages) == NO_ANSWER


def test_a_terse_lead_brings_the_next_sentence_of_its_paragraph(embedder):
    lead = "The manager next considered the recent behavior of Treasury yields."
    detail = "Longer-term yields had risen sharply after strong payrolls data, then partly retraced."
    other = "Participants discussed the labor market, Treasury yields and inflation at length."
    engine = ExtractiveEngine(embedder=embedder, support_threshold=0.05)
    question = "What did the manager say about Treasury yields?"
    together = engine.answer(question, [Passage(n=1, header="", text=f"{lead} {detail}\n\n{other}")])
    assert together.startswith(f"{lead} [1] {detail} [1]")
    apart = engine.answer(question, [Passage(n=1, header="", text=f"{lead}\n\n{detail}")])
    assert detail not in apart


def test_a_plural_name_is_found_by_its_singular(extractive):
    question = "What target range for the federal funds rate did members agree to maintain, and Treasuries?"
    assert _predict(extractive, question=question.replace(", and Treasuries", "")).answer.startswith(ANSWER)
    assert lm_mod._unsupported_specifics("Did Treasuries rally?", [Passage(1, "", "Treasury yields rose.")]) == set()


@pytest.mark.parametrize(
    ("question", "facets"),
    [
        ("Who dissented at the July 2025 meeting?", ["Who dissented at the July 2025 meeting?"]),
        ("What minimum bid rate and aggregate limit were set?", ["What minimum bid rate and aggregate limit were set?"]),
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
    assert lm_mod._terms("Governor Miran preferred slowing") == lm_mod._terms("governor miran prefers slow")
    assert "1/2" in lm_mod._terms("a 1/2 percentage point cut")


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
    part asks; without facets only the first part is answered."""
    question = ("In January 2020, to what level did the Board raise the interest rate on required and excess "
                "reserves, and by how much was this technical adjustment?")
    passages = [
        Passage(n=1, header="FOMC Minutes, 2020-01-29, Committee Policy Action", text=IOER_DECISION),
        Passage(n=2, header="FOMC Minutes, 2020-01-29, Developments in Financial Markets and Open Market Operations",
                text=f"{IOER_TECHNICAL} {IOER_SIZE}"),
    ]
    engine = ExtractiveEngine()
    answer = engine.answer(question, passages)
    assert "1.60 percent" in answer and "5 basis points" in answer
    assert answer.index("1.60 percent") < answer.index("5 basis points")
    single = engine.answer(question.split(", and")[0] + "?", passages)
    assert "5 basis points" not in single


def test_a_continuation_sentence_answers_the_second_facet():
    lead = ("The manager discussed staff analysis that had aimed at decomposing the increase of nearly 100 basis "
            "points in longer-term Treasury yields that had taken place since mid-September 2024.")
    follow = ("That analysis suggested an upward revision in financial markets' evaluation of the path of the real "
              "policy rate required to achieve the Committee's goals, especially at longer horizons.")
    header = "FOMC Minutes, 2025-01-29, Developments in Financial Markets and Open Market Operations"
    passages = [Passage(n=1, header=header, text=f"{lead} {follow} The manager noted that measures of inflation "
                        "compensation had generally risen slightly.")]
    question = ("How much had longer-term Treasury yields risen since mid-September 2024, according to the manager's "
                "review in the January 2025 minutes, and what did staff analysis attribute the rise to?")
    answer = ExtractiveEngine().answer(question, passages)
    assert "100 basis points" in answer and "real policy rate" in answer
