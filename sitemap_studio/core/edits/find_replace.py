"""Plan a find and replace over the locations of a document (http to https, a new domain).

Planning changes nothing: :func:`plan_replace` returns the new entries, how
many matches there were and a few examples, and the caller applies the
entries in one step. A result that cannot be a location (empty, a line
break, a character XML cannot carry) is refused for that entry and reported,
never written.

Speed: a plain, case-sensitive find in a document as read (no edits yet, no
character references) searches the file's bytes and maps the few hits to
rows. Otherwise the locations are read 65,536 rows at a time as column
texts; a plain find first tests the whole block at once (one ``in`` or one
regex search over the block joined), and only blocks that may match are
looked at row by row. A regular expression is tried on every row (it may be
anchored), still without building an entry per row. Entries are built only
for the rows that change.
"""

from __future__ import annotations

import dataclasses
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from sitemap_studio.core.model.documents import OBJECT_ROW, SitemapDocument
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

#: How many examples a plan keeps for the preview.
MAX_EXAMPLES = 20
#: Rows read per block.
_CHUNK = 65536
#: Past this many rows holding a plain find, reading the whole column is faster.
_FEW_HITS = 2048
#: Joins a block's texts; XML text cannot hold it, so a plain find never matches across rows.
_SEPARATOR = "\x00"
#: Characters XML 1.0 cannot carry at all, not even as character references.
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_LINE_BREAK = re.compile("[\r\n\x85\u2028\u2029]")


class PatternError(ValueError):
    """A find pattern or a replacement template that does not compile.

    ``part`` is ``"find"`` or ``"replace"``; ``position`` the 0-based index
    in that text where the problem is, when known.
    """

    def __init__(self, message: str, part: str, position: int | None) -> None:
        super().__init__(message)
        self.part = part
        self.position = position


@dataclass(frozen=True, slots=True)
class RefusedChange:
    """A replacement that was not planned because its result cannot be a location."""

    row: int
    entry_id: int
    old: str
    new: str
    reason: str


@dataclass(slots=True)
class ReplacePlan:
    """What a find and replace would do.

    ``changes`` are the new entries, in row order. ``matches`` counts every
    occurrence found, also in entries whose result is refused or unchanged.
    ``examples`` holds up to :data:`MAX_EXAMPLES` ``(old, new)`` locations.
    """

    changes: list[Entry] = field(default_factory=list)
    matches: int = 0
    examples: list[tuple[str, str]] = field(default_factory=list)
    refused: list[RefusedChange] = field(default_factory=list)

    @property
    def preview_count(self) -> int:
        """How many entries would change."""
        return len(self.changes)


def illegal_character(text: str) -> str | None:
    """The first character of ``text`` that XML 1.0 cannot carry, or ``None``."""
    found = _XML_ILLEGAL.search(text)
    return None if found is None else found.group()


def location_problem(loc: str) -> str | None:
    """Why ``loc`` (already trimmed) cannot be written as a location, or ``None``."""
    if not loc:
        return "the result would be an empty location"
    bad = illegal_character(loc)
    if bad is not None:
        return f"the result would hold U+{ord(bad):04X}, which XML cannot carry"
    if _LINE_BREAK.search(loc):
        return "the result would hold a line break"
    return None


def compile_find(find: str, *, regex: bool, case_sensitive: bool) -> re.Pattern[str]:
    """The pattern that finds ``find``; :class:`PatternError` (with a position) when invalid."""
    if not find:
        raise PatternError("there is nothing to find", "find", 0)
    flags = 0 if case_sensitive else re.IGNORECASE
    try:
        return re.compile(find if regex else re.escape(find), flags)
    except re.error as error:
        position = error.pos
        where = "" if position is None else f" at position {position}"
        raise PatternError(f"invalid regular expression{where}: {error.msg}", "find",
                           position) from None


def _substitution(pattern: re.Pattern[str], replacement: str,
                  regex: bool) -> Callable[[str], tuple[str, int]]:
    """A function giving (result, count) for one location."""
    if not regex:
        return lambda text: pattern.subn(lambda _match: replacement, text)
    try:
        pattern.sub(replacement, "")  # compiles the template: bad group references fail here
    except (re.error, IndexError) as error:
        position = getattr(error, "pos", None)
        message = getattr(error, "msg", str(error))
        where = "" if position is None else f" at position {position}"
        raise PatternError(f"invalid replacement{where}: {message}", "replace",
                           position) from None
    return lambda text: pattern.subn(replacement, text)


def plan_replace(
    document: SitemapDocument,
    find: str,
    replace: str,
    *,
    regex: bool = False,
    case_sensitive: bool = True,
    rows: Iterable[int] | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> ReplacePlan:
    """Plan replacing ``find`` by ``replace`` in the locations of ``document``.

    With ``regex``, ``find`` is a Python regular expression and
    ``replace`` may refer to groups (``\\1``, ``\\g<name>``); otherwise
    both are plain text. ``rows`` limits the search to those rows (a
    selection). Matching is on the location as shown (trimmed, references
    resolved); the result is trimmed too. Raises :class:`PatternError` for a
    pattern or template that does not compile.
    """
    pattern = compile_find(find, regex=regex, case_sensitive=case_sensitive)
    substitute = _substitution(pattern, replace, regex)
    plan = ReplacePlan()
    if rows is not None:
        for row in sorted(set(rows)):
            _plan_row(document, row, document.text(row, 0), substitute, plan)
        return plan
    if not regex and _SEPARATOR in find:
        return plan  # no location can hold U+0000
    literal = None if regex or not case_sensitive else find
    if literal is not None:
        candidates = _rows_holding(document, literal)
        if candidates is not None:
            for row in candidates:
                value = document.text(row, 0)
                if value is not None and literal in value:
                    _plan_row(document, row, value, substitute, plan)
            return plan
    block_test = None if regex else _block_test(find, literal, pattern)
    total = len(document)
    for start in range(0, total, _CHUNK):
        check(cancel)
        stop = min(start + _CHUNK, total)
        texts = document.column_texts(0, start, stop)
        if block_test is not None and not block_test(_SEPARATOR.join(filter(None, texts))):
            # Only entries held as objects (edited, new, rich) can still match.
            if OBJECT_ROW in texts:
                for offset, text in enumerate(texts):
                    if text == OBJECT_ROW:
                        _plan_row(document, start + offset, document.text(start + offset, 0),
                                  substitute, plan)
            report(progress, stop, total)
            continue
        for offset, text in enumerate(texts):
            if text is None:
                continue
            row = start + offset
            value = document.text(row, 0) if text == OBJECT_ROW else text.strip(XML_WHITESPACE)
            if value is None:
                continue
            if literal is not None:
                if literal not in value:
                    continue
            elif pattern.search(value) is None:
                continue
            _plan_row(document, row, value, substitute, plan)
        report(progress, stop, total)
    return plan


def _block_test(find: str, literal: str | None,
                pattern: re.Pattern[str]) -> Callable[[str], bool]:
    """Whether a block of joined locations may hold a plain ``find`` (no false negatives)."""
    if literal is not None:
        return lambda joined: literal in joined
    if find.isascii():
        # For ASCII on both sides, ignoring case is comparing lower case; re.IGNORECASE also
        # matches a few non-ASCII letters to ASCII ones (K, long s), so other blocks use it.
        lowered = find.lower()
        return lambda joined: (lowered in joined.lower() if joined.isascii()
                               else pattern.search(joined) is not None)
    return lambda joined: pattern.search(joined) is not None


def _rows_holding(document: SitemapDocument, literal: str) -> list[int] | None:
    """Rows whose bytes hold ``literal``, found in the raw bytes; ``None`` when that cannot work.

    Works on a document exactly as read (rows in file order, every row's
    bytes in :attr:`SitemapDocument.raw`) without character references or
    CDATA sections, which could spell a location differently from its bytes,
    and gives up (``None``) past :data:`_FEW_HITS` rows, where reading the
    column is faster. Rows are candidates only: the caller checks each location.
    """
    needle = literal.encode("utf-8", "surrogatepass")
    raw = document.raw
    if (not document.is_pristine or b"\r" in needle or b"\n" in needle
            or b"&" in raw or b"<![CDATA[" in raw):
        return None
    total = len(document)
    rows: list[int] = []
    found = raw.find(needle)
    while found >= 0:
        row = bisect_right(range(total), found, key=lambda at: document.state(at).start) - 1
        if row < 0:
            found = raw.find(needle, found + 1)
            continue
        state = document.state(row)
        if found < state.end:
            if len(rows) == _FEW_HITS:
                return None
            rows.append(row)
        found = raw.find(needle, max(found + 1, state.end))
    return rows


def _plan_row(document: SitemapDocument, row: int, value: str | None,
              substitute: Callable[[str], tuple[str, int]], plan: ReplacePlan) -> None:
    """Add the replacement for ``row`` (location ``value``) to ``plan``."""
    if value is None:
        return
    result, count = substitute(value)
    if not count:
        return
    plan.matches += count
    new = result.strip(XML_WHITESPACE)
    if new == value:
        return
    problem = location_problem(new)
    if problem is not None:
        plan.refused.append(RefusedChange(row, document.id_at(row), value, result, problem))
        return
    entry = document.entry_at(row)
    raw = {name: text for name, text in entry.raw.items() if name != "loc"}
    plan.changes.append(dataclasses.replace(entry, loc=new, raw=raw))
    if len(plan.examples) < MAX_EXAMPLES:
        plan.examples.append((value, new))


__all__ = [
    "MAX_EXAMPLES",
    "PatternError",
    "RefusedChange",
    "ReplacePlan",
    "compile_find",
    "illegal_character",
    "location_problem",
    "plan_replace",
]
