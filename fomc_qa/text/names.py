"""The names a question specifies (people, places, institutions, facilities) and the spellings the
documents may use for them.

A name is a capitalized word after the first word of each of the question's sentences, minus calendar
words and the Fed's own vocabulary, which the documents spell differently ("the Fed", "Reserve Bank
presidents"). The documents may write a name as its singular ("Treasuries" in "Treasury securities")
or, for a place, as the place or its adjective ("the Japanese yen" beside "Japan"). The reader declines
a question whose names no passage holds; the retriever makes sure each name the filtered meetings hold
reaches the passages.
"""

from __future__ import annotations

import re

MONTHS = "january february march april may june july august september october november december".split()
COMMON_NAMES = frozenset(
    MONTHS
    + "monday tuesday wednesday thursday friday saturday sunday fed fomc federal reserve open market committee"
    " chair chairman vice governor governors president presidents bank banks board system minutes statement statements"
    " treasury treasuries desk soma compare two three".split()
)
STOPWORDS = frozenset(
    """a about above after again against all also am an and any are as at be been before being below between both
    but by can could did do does doing during each few for from further had has have having how i if in into is it
    its itself just me more most my no nor not of off on once only or other our out over own same should so some such
    than that the their them then there these they this those through to too under until up very was we were what
    when where which while who whom why will with would you your fomc committee federal reserve fed say said
    tell describe explain according""".split()
)

# A place and its other spellings in the documents: the adjective, and the local name in its central bank's
# ("the Banco Central do Brasil", "the Norges Bank", "the Sveriges Riksbank").
_PLACES = (
    ("japan", "japanese"), ("china", "chinese"), ("europe", "european", "euro area"), ("canada", "canadian"),
    ("mexico", "mexican"), ("germany", "german"), ("france", "french"), ("italy", "italian"), ("spain", "spanish"),
    ("russia", "russian"), ("ukraine", "ukrainian"), ("switzerland", "swiss"), ("india", "indian"),
    ("korea", "korean"), ("brazil", "brazilian", "brasil"), ("australia", "australian"), ("asia", "asian"),
    ("america", "american"), ("britain", "british", "united kingdom", "u.k.", "uk"), ("israel", "israeli"),
    ("iran", "iranian"), ("turkey", "turkish"), ("argentina", "argentine"), ("africa", "african"),
    ("sweden", "swedish", "sveriges"), ("norway", "norwegian", "norges"), ("denmark", "danish", "danmarks"),
    ("netherlands", "dutch"), ("greece", "greek"),
    ("taiwan", "taiwanese"),
)
_PLACE_FORMS = {word: forms for forms in _PLACES for word in forms if " " not in word}
# Acronyms the documents use (each is in the 2020-2025 statements or minutes) beside the words they stand for.
_ACRONYMS = {
    "rrp": ("rrp", "reverse repurchase"), "iorb": ("iorb", "interest on reserve balances",
                                                    "interest rate on reserve balances", "reserve balances"),
    "ioer": ("ioer", "interest on excess reserves", "excess reserve"), "srf": ("srf", "standing repo"),
    "soma": ("soma", "system open market account"), "mbs": ("mbs", "mortgage-backed"),
    "pce": ("pce", "personal consumption expenditures"), "cpi": ("cpi", "consumer price index"),
    "gdp": ("gdp", "gross domestic product"), "sep": ("sep", "summary of economic projections"),
    "tga": ("tga", "treasury general account"),
}
# Institutions the documents name in full and analysts abbreviate: spellings of one name, not shorthand to search.
_ABBREVIATIONS = {
    "ecb": ("ecb", "european central bank"), "boj": ("boj", "bank of japan"), "boe": ("boe", "bank of england"),
    "svb": ("svb", "silicon valley bank"), "boc": ("boc", "bank of canada"), "snb": ("snb", "swiss national bank"),
    "pboc": ("pboc", "people's bank of china"), "uk": ("uk", "united kingdom"), "eu": ("eu", "european union"),
    # analysts' abbreviations of the economy's things the documents write out ("did AI come up?": "artificial
    # intelligence")
    "ai": ("ai", "artificial intelligence"), "cre": ("cre", "commercial real estate"),
    "ppi": ("ppi", "producer price"), "eci": ("eci", "employment cost index"),
    "arp": ("arp", "american rescue plan"), "ppp": ("ppp", "paycheck protection program"),
    "cp": ("cp", "commercial paper"), "abs": ("abs", "asset-backed"), "mmfs": ("mmfs", "money market funds"),
    "mmf": ("mmf", "money market fund"), "ig": ("ig", "investment-grade"), "hy": ("hy", "high-yield"),
    "lfpr": ("lfpr", "labor force participation"), "nfp": ("nfp", "payroll"),
    # analysts' words for programs the documents describe in their own
    "qt": ("qt", "runoff", "reduce its holdings", "reducing its holdings", "balance sheet reduction",
           "reduction of its securities holdings", "decline of its securities holdings", "redemption cap",
           "reduction of its aggregate securities holdings", "reduce the federal reserve's holdings",
           "reducing the federal reserve's holdings", "reduce the federal reserve's securities holdings",
           "reducing the federal reserve's securities holdings", "decline in securities holdings",
           "reduction in soma securities holdings"),
    "qe": ("qe", "asset purchases", "increase its holdings", "purchases of treasury securities"),
    "ust": ("ust", "treasury securities", "treasuries", "treasury"),
    "usts": ("usts", "treasury securities", "treasuries", "treasury"),
    "tsy": ("tsy", "treasury securities", "treasuries", "treasury"),
    "tsys": ("tsys", "treasury securities", "treasuries", "treasury"),
}


_RUN = re.compile(r"[A-Z][A-Za-z&'’]*[A-Za-z](?:(?:\s+(?:of|on|for|the|de))*\s+[A-Z][A-Za-z&'’]*[A-Za-z])*")


def specific_names(question: str) -> list[str]:
    """The names the question specifies, lower case, in order, each once: runs of capitalized words ("Bank of
    Japan", "Treasury General Account", "Esther George") without titles and calendar words at their ends ("Chair
    Powell" -> "powell"), unless every word is the Fed's own vocabulary ("the Federal Open Market Committee"). A
    sentence's first word counts only as the start of a longer run."""
    names: dict[str, None] = {}
    for sentence in re.split(r"(?<=[.?!])\s+", question.strip()):
        for run in _RUN.finditer(sentence):
            words = run.group(0).split()
            if run.start() == 0 and (len(words) == 1 or not words[1][0].isupper()):
                words = words[1:]  # "Per the December 2023 minutes": capitalized only as the first word
            for group in _possessors(words):
                _add_name(names, group)
    return list(names)


def _possessors(words: list[str]) -> list[list[str]]:
    """A run of capitalized words split after each possessive: "the Desk's CMBS purchases" names the Desk and CMBS,
    not a "Desk CMBS"; "China's COVID lockdowns" names China and COVID, which a passage may spell apart ("COVID-related
    lockdowns in China"). "The People's Bank of China" names the People and the Bank of China: each is spelled where
    it is."""
    groups: list[list[str]] = [[]]
    for w in words:
        bare = w.removesuffix("'s").removesuffix("’s")
        groups[-1].append(bare)
        if bare != w:
            groups.append([])
    return [g for g in groups if g]


def _add_name(names: dict[str, None], words: list[str]) -> None:
    """One run's name, less its titles and calendar words at the ends, unless all of it is the Fed's vocabulary."""
    if all(is_common(w) for w in words):
        return  # "the Federal Open Market Committee", "Board of Governors"
    while words and words[0].lower() in _EDGE_WORDS:
        words.pop(0)
    while words and words[-1].lower() in _EDGE_WORDS:
        words.pop()
    name = " ".join(words).lower()
    if words and not any(name in known.split() for known in names):  # "George" after "Esther George"
        names.setdefault(name, None)


# Words a run of names sheds at its ends: titles and the calendar ("Chair Powell" -> powell), not the words
# of an institution's name ("System Open Market Account", "Bank of Japan").
_MONTH_ABBREVIATIONS = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())
_EDGE_WORDS = frozenset(MONTHS) | _MONTH_ABBREVIATIONS | STOPWORDS | frozenset(
    "chair chairman vice governor governors president presidents fed fomc committee monday tuesday wednesday "
    "thursday friday saturday sunday us u.s.".split())  # "US Treasury market": the documents' own country


_TITLED = re.compile(r"\b(?:Chair(?:man|woman)?|Vice Chair|Governor|President|Secretary|Manager)\s+"
                     r"((?:[A-Z][a-z]+\.?\s+){0,2}[A-Z][A-Za-z'’-]*[a-z])")


def titled_names(question: str) -> list[str]:
    """The names the question gives a Fed title ("Chair Powell's colleagues", "Governor Waller"): FOMC
    participants, whom the minutes' discussion does not name, so a passage need not spell them to answer."""
    return [" ".join(m.group(1).removesuffix("'s").removesuffix("’s").split()).lower()
            for m in _TITLED.finditer(question)]


def is_common(word: str) -> bool:
    """Whether a capitalized word is calendar or Fed vocabulary, or a stopword: not a name by itself."""
    return word.lower() in COMMON_NAMES or word.lower() in STOPWORDS or word.lower() in _MONTH_ABBREVIATIONS


# A clause that sets the scene ("issued less than two weeks after Silicon Valley Bank failed", "amid the
# turmoil at Credit Suisse") names context, not what the question asks about.
_CONTEXT_CLAUSE = re.compile(
    r"(?<=\S)\s+(?:\w+\s+){0,4}?(?:after|since|following|amid|amidst|despite|in the wake of|in light of|because of"
    r"|compared (?:with|to)|relative to)\b[^,;?]*", re.IGNORECASE)


def asked_part(question: str) -> str:
    """The question less its scene-setting clauses ("right after the SVB failure", "compared with the 2017-19
    episode"): the context the documents may tell in other words or not at all."""
    return _CONTEXT_CLAUSE.sub(" ", question)


def topic_names(question: str) -> list[str]:
    """The names of what the question asks about: its specific names outside scene-setting clauses."""
    return specific_names(asked_part(question))


def name_forms(name: str) -> list[str]:
    """The lower-case spellings a document may use for a name: itself, the singular it may be a plural
    of ("treasuries" -> "treasury"), the other spelling of the place it names ("japanese" -> "japan"), an
    acronym's words ("rrp" -> "reverse repurchase") or the acronym of the words ("treasury general account")."""
    word = name.lower()
    table = {**_ACRONYMS, **_ABBREVIATIONS}
    forms = list(_PLACE_FORMS.get(word) or table.get(word) or (word,))
    # "standing repo facility" -> srf ("standing repo"): a name containing an acronym's spelled words, or within them
    forms += [short for short, spelled in table.items()
              if " " in word and any(word in f or (" " in f and f in word) for f in spelled[1:])]
    if word.endswith("ies") and len(word) > 4:
        forms.append(word[:-3] + "y")
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        forms.append(word[:-1])
    return forms


def acronyms_spelled_out(text: str) -> list[str]:
    """The acronyms whose words the text spells without the acronym ("the standing repo facility" -> SRF):
    the minutes define an acronym once and use it after, so a search for the words alone misses most uses."""
    lower = text.lower()
    return [acronym.upper() for acronym, forms in _ACRONYMS.items()
            if not re.search(rf"\b{acronym}\b", lower) and any(f in lower for f in forms[1:] if " " in f)]


_CAPITALIZED_RUN = re.compile(r"\b[A-Z][\w'-]*(?:\s+(?:(?:of|and|for|the)\s+)?[A-Z][\w'-]*)+")


def spelled_acronyms(text: str) -> set[str]:
    """The acronyms a text spells in full ("Bank Term Funding Program" -> "btfp", "Federal Home Loan Banks" ->
    "fhlb"), lower-case: a question may use the acronym of a name the documents only write out."""
    found = set()
    for run in _CAPITALIZED_RUN.finditer(text):
        initials = "".join(w[0] for w in run.group(0).split() if w[0].isupper()).lower()
        found.update({initials, initials + "s"} if len(initials) >= 3 else ())
    return found


def mentions(text_lower: str, name: str) -> bool:
    """Whether lower-case text spells the name in one of its forms; a person's middle initial may stand
    between the words ("Esther George" in "Esther L. George")."""
    return any(re.search(_pattern(form), text_lower) for form in name_forms(name))


def _pattern(form: str) -> str:
    return r"\b" + r"(?:\s+[a-z]\.)?\s+".join(re.escape(word) for word in form.split()) + r"\b"
