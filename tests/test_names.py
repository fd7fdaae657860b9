"""The names a question specifies, the ones it asks about, and the spellings the documents use for them."""

from fomc_qa.text.names import (
    acronyms_spelled_out,
    mentions,
    name_forms,
    specific_names,
    spelled_acronyms,
    topic_names,
)


def test_specific_names_skip_the_first_word_calendar_and_fed_words():
    assert specific_names("What did the Fed say about China's economy in January 2025?") == ["china"]
    assert specific_names("Did Esther George dissent? What did George prefer?") == ["esther george"]
    assert specific_names("What did Chair Powell say about the Treasury General Account?") == [
        "powell", "treasury general account"]
    assert specific_names("Who managed the System Open Market Account?") == ["system open market account"]
    assert specific_names("Did the Federal Open Market Committee meet?") == []
    assert specific_names("How did the Bank of Japan's policy move the yen?") == ["bank of japan"]
    assert specific_names("How did the Committee describe inflation in March 2022?") == []
    assert specific_names("When did the FOMC buy Treasuries and MBS without limit?") == ["mbs"]  # "and" lists
    assert specific_names("May 2025 Desk review: what hit Treasury liquidity after the April 2 tariffs?") == []
    # the SOMA, like the Desk, is the Fed's own: its manager's briefing need not spell it
    assert specific_names("What did the SOMA manager's briefing raise in January 2020?") == []
    # a possessive ends a name: "the Desk's CMBS purchases" names the Desk (the Fed's own) and CMBS, no "Desk CMBS"
    # a passage would have to spell (an in-scope question was declined for it)
    assert specific_names("What change to the Desk's CMBS purchases did the staff propose?") == ["cmbs"]
    assert specific_names("What did Credit Suisse's collapse do to Treasury yields?") == ["credit suisse"]
    # any possessive ends a name: "China's COVID lockdowns" names China and COVID, which the statement spells apart
    # ("COVID-related lockdowns in China"; an in-scope question was declined for want of "china covid")
    assert specific_names("Why did the statement drop the sentence on China's COVID lockdowns?") == ["china", "covid"]
    # the documents' own country is no name ("U.S. Treasury market functioning"; a dev question was declined for want
    # of "us treasury")
    assert specific_names("How did participants judge US Treasury market functioning in November 2022?") == [
        "treasury"]
    assert specific_names("What did the U.S. staff say about Japan?") == ["japan"]


def test_topic_names_leave_out_scene_setting_clauses():
    question = ("In the March 2023 statement, issued less than two weeks after Silicon Valley Bank failed, "
                "how did the Committee characterize the U.S. banking system?")
    assert specific_names(question) == ["silicon valley bank"]
    assert topic_names(question) == []
    assert topic_names("What did the minutes say about Credit Suisse in March 2023?") == ["credit suisse"]


def test_name_forms_cover_places_plurals_and_acronyms():
    assert "japan" in name_forms("Japanese") and "chinese" in name_forms("china")
    assert "treasury" in name_forms("treasuries")
    assert mentions("the overnight reverse repurchase agreement facility", "RRP")
    assert mentions("the euro area economy", "European")
    assert not mentions("the yen depreciated", "chinese")
    assert mentions("voting against this action was esther l. george", "esther george")
    assert mentions("the tga rose", "treasury general account") and mentions("the boj eased", "bank of japan")
    assert not mentions("the general counsel of the system open market account", "treasury general account")
    # a place in the documents' own spelling of its central bank ("the Banco Central do Brasil", "the Norges Bank")
    assert mentions("the banco central do brasil and the bank of korea", "Brazil")
    assert mentions("the norges bank", "norway")


def test_spelled_out_acronyms_join_the_query():
    from fomc_qa.text.glossary import expand

    assert acronyms_spelled_out("What did the staff say about the standing repo facility?") == ["SRF"]
    assert acronyms_spelled_out("What did the staff say about the SRF and the standing repo facility?") == []
    assert expand("the standing repo facility in 2025").endswith("(SRF)")
    # shorthand for slowing the hikes reads in the Committee's words
    assert "slowing the pace of increases" in expand("Dec 2022 downshift to 50bp: why?")
    assert "slowing the pace" not in expand("Why did the economy slow in 2022?")


def test_titled_names_are_fed_participants():
    from fomc_qa.text.names import titled_names

    assert titled_names("Chair Powell's colleagues held rates steady.") == ["powell"]
    assert titled_names("What did Governor Christopher Waller argue?") == ["christopher waller"]
    assert titled_names("What did the staff say about China?") == []


def test_analysts_program_words_are_spelled_as_the_fed_writes_them():
    assert mentions("the committee will slow the pace of balance sheet runoff", "QT")
    assert mentions("the committee will continue its asset purchases", "QE")


def test_an_acronym_the_documents_only_spell_out_is_found_by_its_initials():
    text = ("Borrowing from the new Bank Term Funding Program had been small. Federal Home Loan Banks (FHLBs) sought "
            "to maintain liquidity.")
    assert {"btfp", "fhlb", "fhlbs"} <= spelled_acronyms(text)
    assert "tlac" not in spelled_acronyms(text)
    assert spelled_acronyms("the staff reviewed the outlook") == set()


def test_ust_is_the_documents_treasury_securities():
    assert mentions("monthly caps of about $60 billion for treasury securities", "ust")


def test_an_analysts_abbreviation_is_found_by_the_words_the_minutes_write():
    """"did AI come up?": the June 2024 minutes write "artificial intelligence", never "AI"; a question using the
    abbreviation is about what they say. Near miss: a word merely containing the letters ("wait") is no mention."""
    from fomc_qa.answering.passages import passage_with_header as headed
    from fomc_qa.answering.reader.specifics import unsupported_specifics

    said = [headed(1, "", "Some participants noted that artificial intelligence could raise productivity growth.")]
    assert unsupported_specifics("At the June meeting, did AI come up?", said) == set()
    assert mentions("participants cited commercial real estate", "CRE")
    unsaid = [headed(1, "", "Participants were well positioned to wait for more clarity.")]
    assert unsupported_specifics("At the June meeting, did AI come up?", unsaid) == {"ai"}
