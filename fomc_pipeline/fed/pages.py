"""Cleaning an FOMC statement or minutes page into document text with section spans.

Only the `div#article` container counts: navigation, header, footer, scripts, the share menu and
the "Last Update" line are page chrome, not document. The text is one paragraph per block
element of the article, joined by a blank line ("\\n\\n"); inside a paragraph, whitespace runs are
collapsed to single spaces, except that a `<br>` line break is kept as a single "\\n" (it only
occurs in attendance lists and the signature, where one name per line is the meaning; the
chunker splits sentences at newlines, so "Jerome H. Powell, Chair" stays one line instead of
running into the next name). A table row (the officer list of January minutes) is one
paragraph, its cells joined by " — ". Everything else is kept verbatim: entities decoded, non-breaking
spaces made plain spaces (Python's whitespace class covers them), invisible soft hyphens and
zero-width characters dropped, quotes and dashes untouched, so that citations can quote the text.

Press-release boilerplate is not statement text and is dropped by general rules (`is_page_boilerplate`):
the attachment and "Related Content" side panels (links to other releases: the Implementation Note,
related announcements), the "For media inquiries ..." line, a bare "Implementation Note issued <date>"
link line, a "Related Content" heading and the link titles after it, and the "More information
regarding ... may be found on ... website" pointer. Left in, they become "sentences" of the statement
that retrieval can rank and a reader can quote.

Minutes section headings (`<p><strong>Heading</strong><br/>first paragraph</p>`, or a `<p>`
holding only a `<strong>`) become their own paragraph, and each `Section` spans from its heading
to the end of the paragraph before the next heading (or the end of the text). Footnote markers
and "Return to text" back-links are removed; the footnotes themselves are document text and are
kept at the end under a final "Footnotes" heading. That heading is the one line of text not on
the page: without it the notes would be counted as part of whatever section happens to come last
("Notation Vote" or "Attendance"), mislabelling every chunk made from them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.builder import ParserRejectedMarkup
from bs4.element import PreformattedString

from fomc_qa.models import DOC_TYPES, Section

FOOTNOTES_HEADING = "Footnotes"
MIN_CHARS = {"statement": 300, "minutes": 5000}

_BLOCK_TAGS = frozenset(
    "address article aside blockquote center dd details div dl dt fieldset figcaption figure footer "
    "form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th "
    "thead tr ul".split()
)
_CHROME_SELECTORS = (
    "script", "style", "noscript", "template", "nav", "form",
    ".article__time", "h3.title", ".releaseTime", ".share", ".shareDL__dropdown",
    "#lastUpdate", ".lastUpdate", "#back-top",
    ".panel-attachments", ".panel-related",  # side panels linking to other releases, not document text
)
_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
                "September", "October", "November", "December")
_MONTH = "(?:" + "|".join(_MONTH_NAMES) + ")"
_DATE_LINE_RE = re.compile(
    rf"^{_MONTH}\s+\d{{1,2}}(?:\s*[-–—]\s*(?:{_MONTH}\s+)?\d{{1,2}})?,\s*\d{{4}}$"
)
_ARTICLE_OPEN_RE = re.compile(r"""<div\b[^>]*?\bid\s*=\s*["']?article["'\s>/]""", re.I)
_DIV_TOKEN_RE = re.compile(
    r"<!--.*?-->|<script\b.*?</script\s*>|<style\b.*?</style\s*>|<(/?)div\b[^>]*>", re.I | re.S
)
_BOILERPLATE_RES = (
    re.compile(r"For media inquiries\b.{0,200}"),
    re.compile(rf"Implementation Note issued {_MONTH} \d{{1,2}}, \d{{4}}"),
    re.compile(r"More information (?:regarding|about|on) .{1,200} (?:may|can) be found (?:on|at) .{1,200}\.?"),
    re.compile(r"Related Content"),
)
_RELATED_HEADING = "related content"
_FOOTNOTE_MARK_RE = re.compile(r"[\d*†‡§]+")
# Soft hyphens ("al\xadthough" in the 2020 minutes) and zero-width characters are invisible on the
# page but would make words unfindable by exact-match search and BM25, so they are dropped.
_INVISIBLE_RE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff]")


class PageParseError(ValueError):
    """A statement or minutes page cannot be turned into a document; the message names the URL."""


@dataclass(frozen=True)
class CleanPage:
    """A page's document content: what `FOMCDocument` needs besides identity and provenance."""

    title: str
    release_date: dt.date | None
    text: str
    sections: tuple[Section, ...]


def parse_page(html: str, doc_type: str, url: str) -> CleanPage:
    """Clean one statement or minutes page; raise PageParseError rather than return a partial or
    empty document (a missing or unclosed article, a truncated page, implausibly little text)."""
    if doc_type not in DOC_TYPES:
        raise ValueError(f"doc_type must be one of {DOC_TYPES}, got {doc_type!r}")
    article = _soup(_article_html(html, url), url).find(id="article")
    if not isinstance(article, Tag):
        raise PageParseError(f"{url}: no div#article container")

    release_date = _release_date(article)
    statement_title = _text(article.select_one("h3.title"))
    for selector in _CHROME_SELECTORS:
        for node in article.select(selector):
            node.decompose()
    page_heading = article.find(["h1", "h2", "h3"])
    heading_text = _text(page_heading)
    if page_heading is not None:
        page_heading.decompose()
    _remove_footnote_markers(article)
    footnotes = _extract_footnotes(article)

    minutes = doc_type == "minutes"
    paragraphs = list(_blocks(article, headings=minutes))
    if footnotes and minutes:
        paragraphs.append(("heading", FOOTNOTES_HEADING))
    for note in footnotes:
        paragraphs.extend(_blocks(note, headings=False))
    paragraphs = [(kind, t) for kind, t in _drop_related_links(paragraphs)
                  if t and not re.fullmatch(r"_+", t) and not is_page_boilerplate(t)]
    if minutes:
        paragraphs = _plain_headings(paragraphs)
    text, sections = _assemble(paragraphs)

    if doc_type == "statement":
        title = statement_title or heading_text or _head_title(html) or "FOMC statement"
    else:
        title = _minutes_title(heading_text, paragraphs, html)
    minimum = MIN_CHARS[doc_type]
    if len(text) < minimum:
        raise PageParseError(
            f"{url}: only {len(text)} characters of {doc_type} text (expected at least {minimum}); "
            "not a complete FOMC page"
        )
    return CleanPage(title=title, release_date=release_date, text=text, sections=sections)


def _soup(html: str, url: str) -> BeautifulSoup:
    """Python's HTML parser gives up on some malformed markup ("<![a"): a damaged page, named as such."""
    try:
        return BeautifulSoup(html, "html.parser")
    except ParserRejectedMarkup as exc:
        raise PageParseError(f"{url}: markup the HTML parser rejects ({str(exc).strip().splitlines()[-1]})") from exc


def is_page_boilerplate(paragraph: str) -> bool:
    """True for a whole paragraph that is press-release furniture rather than document text (see the
    module docstring); shared with readers of documents cleaned before this rule existed."""
    text = paragraph.strip()
    return any(pattern.fullmatch(text) for pattern in _BOILERPLATE_RES)


def _drop_related_links(paragraphs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A "Related Content" heading ends the document: what follows it are titles of linked pages."""
    for i, (_, text) in enumerate(paragraphs):
        if text.strip().lower() == _RELATED_HEADING:
            return paragraphs[:i]
    return paragraphs


def _article_html(html: str, url: str) -> str:
    """The `div#article` element's HTML, located by balancing div tags from its opening tag.

    This is the truncation check: a page cut short either loses its closing `</html>` or leaves
    the article open (its divs never balance), and either way is refused. Only documents that
    open with `<html>` are held to the closing tag, so hand-written fragments still parse.
    """
    if re.search(r"<html[\s>]", html, re.I) and not re.search(r"</html\s*>", html, re.I):
        raise PageParseError(f"{url}: page is truncated (no closing </html> tag)")
    opening = _ARTICLE_OPEN_RE.search(html)
    if opening is None:
        raise PageParseError(f"{url}: no div#article container")
    depth = 0
    for token in _DIV_TOKEN_RE.finditer(html, opening.start()):
        if token.group(1) is None:
            continue  # comment, script or style
        depth += -1 if token.group(1) else 1
        if depth == 0:
            return html[opening.start(): token.end()]
    raise PageParseError(f"{url}: the article is cut off (div#article is never closed); page truncated")


def _release_date(article: Tag) -> dt.date | None:
    """The statement's release date from its dateline ("January 29, 2020"); minutes pages have none."""
    node = article.select_one(".article__time")
    match = re.fullmatch(rf"({_MONTH})\s+(\d{{1,2}}),\s*(\d{{4}})", _text(node))
    if match is None:
        return None
    month = _MONTH_NAMES.index(match.group(1)) + 1
    try:
        return dt.date(int(match.group(3)), month, int(match.group(2)))
    except ValueError:
        return None


def _remove_footnote_markers(article: Tag) -> None:
    """Footnote reference links, bare superscript numbers and "Return to text" back-links."""
    for anchor in article.find_all("a", href=re.compile(r"^#fn", re.I)):
        anchor.decompose()
    for sup in article.find_all("sup"):
        if _FOOTNOTE_MARK_RE.fullmatch(sup.get_text(strip=True)):
            sup.decompose()
    for anchor in article.find_all("a"):
        if _text(anchor).lower() == "return to text":
            anchor.decompose()


def _extract_footnotes(article: Tag) -> list[Tag]:
    """Footnote paragraphs are the blocks holding a footnote target anchor (`<a name="fn1">`)."""
    notes: list[Tag] = []
    for anchor in article.find_all("a", attrs={"name": re.compile(r"^fn", re.I)}):
        block = anchor.find_parent(["p", "li"])
        if block is not None and block not in notes:
            notes.append(block)
    for note in notes:
        note.extract()
    return notes


def _blocks(node: Tag, headings: bool) -> Iterator[tuple[str, str]]:
    """(kind, text) paragraphs of a block element, kind "heading" or "para", in document order."""
    if node.name == "hr":
        return
    if headings and node.name in ("h1", "h2", "h3", "h4", "h5", "h6"):
        yield "heading", _lines(node.contents).replace("\n", " ")
        return
    if node.name == "tr":
        cells = [_lines(cell.contents) for cell in node.find_all(["td", "th"])]
        yield "para", " — ".join(c.replace("\n", " ") for c in cells if c)
        return
    if not any(isinstance(d, Tag) and d.name in _BLOCK_TAGS for d in node.descendants):
        yield from _leaf(node, headings)
        return
    inline: list[NavigableString | Tag] = []
    for child in node.children:
        if isinstance(child, Tag) and child.name in _BLOCK_TAGS:
            if inline:
                yield "para", _lines(inline)
                inline = []
            yield from _blocks(child, headings)
        else:
            inline.append(child)
    if inline:
        yield "para", _lines(inline)


def _leaf(node: Tag, headings: bool) -> Iterator[tuple[str, str]]:
    """A paragraph, split into heading line + body when it opens with a bold line of its own."""
    parts = [c for c in node.children if not _is_blank(c)]
    lead = parts[0] if parts else None
    if headings and isinstance(lead, Tag) and lead.name in ("strong", "b"):
        rest = parts[1:]
        line = _lines([lead]).replace("\n", " ")
        if rest and isinstance(rest[0], Tag) and rest[0].name == "br":
            body = rest[1:]
        elif not rest:
            body = []
        else:
            body = None  # an inline bold label such as "Voting for this action:"
        standalone = body is not None and not (
            body and all(isinstance(c, Tag) and c.name in ("strong", "b", "br") for c in body)
        )  # the secretary's signature is bold on every line
        if standalone and line and _DATE_LINE_RE.match(line):
            yield "para", line
            yield "para", _lines(body)
            return
        if standalone and _is_heading(line, node):
            yield "heading", line
            yield "para", _lines(body)
            return
    yield "para", _lines(node.contents)


_PLAIN_HEADING_RE = re.compile(r"[A-Z][\w'-]*(?: [\w'-]+){0,11}")


def _plain_headings(paragraphs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A few minutes set a heading in plain type ("Recent Developments in the Banking Sector", March 2023): a short
    line without punctuation, capitalized, that opens a prose paragraph. (Attendance lines carry commas; prose ends
    with a period.)"""
    out = list(paragraphs)
    for i, ((kind, text), (next_kind, following)) in enumerate(zip(paragraphs, paragraphs[1:], strict=False)):
        if kind == "para" and next_kind == "para" and _PLAIN_HEADING_RE.fullmatch(text) \
                and len(following.split()) > 25 and following.endswith("."):
            out[i] = ("heading", text)
    return out


def _is_heading(line: str, paragraph: Tag) -> bool:
    if not line or len(line) > 150 or not line[0].isupper():
        return False
    if line.endswith(":") and not line.isupper():  # "Voting against this action:" but not "PRESENT:"
        return False
    return "center" not in (paragraph.get("style") or "").replace(" ", "").lower()


def _is_blank(node: object) -> bool:
    if isinstance(node, PreformattedString):
        return True  # comments, CDATA, processing instructions
    if isinstance(node, NavigableString):
        return not node.strip()
    return isinstance(node, Tag) and node.name == "a" and not node.get_text(strip=True) and not node.find("img")


def _lines(nodes: list) -> str:
    """Text of inline content: `<br>` ends a line, whitespace collapsed within each line."""
    lines: list[str] = [""]
    stack = list(reversed(nodes))
    while stack:
        node = stack.pop()
        if isinstance(node, PreformattedString):
            continue
        if isinstance(node, NavigableString):
            lines[-1] += str(node)
        elif isinstance(node, Tag):
            if node.name == "br":
                lines.append("")
            elif node.name not in ("script", "style"):
                stack.extend(reversed(node.contents))
    cleaned = (re.sub(r"\s+", " ", _INVISIBLE_RE.sub("", line)).strip() for line in lines)
    return "\n".join(line for line in cleaned if line)


def _assemble(paragraphs: list[tuple[str, str]]) -> tuple[str, tuple[Section, ...]]:
    starts: list[tuple[str, int]] = []
    pieces: list[str] = []
    offset = 0
    ends: list[int] = []
    for kind, text in paragraphs:
        if pieces:
            offset += 2
        if kind == "heading":
            starts.append((text, offset))
        pieces.append(text)
        offset += len(text)
        ends.append(offset)
    full = "\n\n".join(pieces)
    sections = []
    for i, (heading, start) in enumerate(starts):
        end = starts[i + 1][1] - 2 if i + 1 < len(starts) else len(full)
        sections.append(Section(heading=heading, char_start=start, char_end=end))
    return full, tuple(sections)


def _minutes_title(heading_text: str, paragraphs: list[tuple[str, str]], html: str) -> str:
    """"Minutes of the Federal Open Market Committee, <date line>": the date line is the article's
    own; pages without one (June 2021) fall back to the date in the page's <title>."""
    base = heading_text or "Minutes of the Federal Open Market Committee"
    date_line = next((t for kind, t in paragraphs[:3] if kind == "para" and _DATE_LINE_RE.match(t)), None)
    if date_line is None:
        head = _head_title(html)
        match = re.search(rf"({_MONTH}\s+\d.*\d{{4}})\s*$", head)
        date_line = match.group(1) if match else None
    return f"{base}, {date_line}" if date_line and date_line not in base else base


def _head_title(html: str) -> str:
    match = re.search(r"<title[^>]*>(.*?)</title\s*>", html, re.I | re.S)
    if not match:
        return ""
    title = re.sub(r"\s+", " ", _soup(match.group(1), "<title>").get_text()).strip()
    return re.sub(r"^(?:Federal Reserve Board|The Fed)\s*-\s*", "", title)


def _text(node: Tag | None) -> str:
    return re.sub(r"\s+", " ", node.get_text(" ").replace("\xa0", " ")).strip() if node else ""
