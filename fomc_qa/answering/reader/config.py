"""The reader's knobs, in one frozen `ReaderConfig`; `READER_CONFIG` is the default every caller reads with.

A sentence's support for a question = cosine(sentence, question with its jargon spelled in the Committee's words,
`fomc_qa.text.glossary`) + lexical_weight * the weighted share of the question's content terms found in the sentence
or its passage header (so a date or a document type named in the question favours the matching meeting's passages)
+ rank_prior / passage number (the retriever's order, which already fused lexical and date evidence, breaks
near-ties) + the bonuses below, minus the boilerplate penalty. Measured with all-MiniLM-L6-v2 over minutes
paragraphs of 2020-2025: sentences that answer the question score about 0.6-1.0, on-topic sentences that do not
answer it 0.45-0.6, off-topic ones 0.15-0.35. How the values were chosen, with dated measurements:
docs/reader-tuning.md.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReaderConfig:
    # Support below this for every sentence means the passages do not answer: it rejects off-topic questions
    # (near-topic ones are left to the program's retrieval floor).
    support_threshold: float = 0.45
    # A question naming a meeting whose passages the retriever found ("What did the staff's April 2020 baseline look
    # like?") is in scope by then: its shorthand may share few words with the minutes, so this lower bar applies.
    named_meeting_threshold: float = 0.35
    # Sentences are read in the order of support + learned_weight * the sentence model's logit
    # (`fomc_qa.answering.sentence_model`); thresholds and margins stay on the support scale.
    learned_weight: float = 1.0
    # Weight of the question's terms found in the sentence or its header (see the module docstring).
    lexical_weight: float = 0.2
    # Weight of the retriever's order (rank_prior / passage number), a tie-breaker.
    rank_prior: float = 0.03
    # Added to a sentence carrying the kind of thing the question asks for (a number for "how much", people for
    # "who", a date for "when", a cause for "why": `answer_types`); below the on-topic band's width, so it reorders
    # on-topic sentences without lifting an off-topic one over the threshold by itself.
    answer_type_bonus: float = 0.1
    # Added to a sentence spelling a name the question asks about ("China", "Credit Suisse",
    # `fomc_qa.text.names.topic_names`): the name is the question's subject.
    name_bonus: float = 0.1
    # Added to a sentence of the kind of document the question names ("in the March 2023 statement"): the minutes
    # repeat the statement's topics in other words, and without it a minutes sentence can outrank the statement's own.
    doc_type_bonus: float = 0.1
    # Added to a sentence of the minutes section the question names (`fomc_qa.retrieval.sections`): the same program
    # is mentioned in other sections, in sentences that name it more often than they answer the question.
    section_bonus: float = 0.1
    # At most this many sentences per answer (before the multi-part, discussion and follower allowances): room for
    # a comparison of up to four meetings and, after a lead restating a multi-part question, for its parts' answers.
    max_sentences: int = 6
    # Near-best sentences quoted after the lead score within extra_margin of it (also: how near the best a "first" /
    # "last" question's earliest / latest meeting must be to lead).
    extra_margin: float = 0.18
    # The wider margin for what the question asks that the lead lacks: a missing answer type, a named meeting's
    # best sentence, a multi-part question's near-best sentences, a next sentence going on with a lead.
    wide_margin: float = 0.25
    # Near-best sentences come from the retriever's top_passages best passages only.
    top_passages: int = 3
    # A sentence this similar (cosine) to one already quoted repeats it and is left out.
    duplicate_cosine: float = 0.9
    # A question asking several things (`question_facets`) gets up to this many more sentences, from as many more
    # passages: a part's answer is near the best for that part, not for the whole question.
    multi_part_extra: int = 2
    # A minutes discussion answers across its paragraph, not in one sentence: an answer led by a minutes sentence
    # quotes near-best sentences within discussion_margin of the lead, and up to discussion_extra more of them.
    discussion_margin: float = 0.4
    discussion_extra: int = 2
    # A minutes paragraph states a point and goes on with its reason, its extent or who held the other view: a quoted
    # minutes sentence brings the next sentence of its paragraph when that one is within follow_margin of the lead's
    # support, quoted right after it (at most follow_max such sentences per answer, beyond max_sentences).
    follow_margin: float = 0.5
    follow_max: int = 6
    # Procedural sentences of the minutes (adjournment, approval of the previous minutes, footnotes) name dates and
    # meetings, so they match date-heavy questions, yet answer nothing: they score this much lower, which only a
    # question about the procedure itself ("when was the next meeting scheduled?") overcomes.
    boilerplate_penalty: float = 0.4
    # A part of a multi-part question (fomc_qa.question.facets) that the chosen sentences do not hold gets its own best
    # sentence, scored against the part alone, when that scores at least facet_threshold.
    facet_threshold: float = 0.45
    # Added, for a part, to the sentence right after a chosen one that opens by pointing back to it ("That analysis
    # suggested ..."): it often holds what the second part asks.
    continuation_bonus: float = 0.1
    # A lead shorter than this many words announces what its paragraph goes on to say ("The manager next considered
    # the recent behavior of Treasury yields."): the paragraph's next sentence is quoted with it when on topic.
    short_lead_words: int = 12


READER_CONFIG = ReaderConfig()
