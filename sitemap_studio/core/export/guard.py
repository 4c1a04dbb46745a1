"""What export may copy as it is, and what it must rewrite so that the output is schema-valid.

Export never puts garbage in the output: every file it writes is valid
against the official XSDs, whatever the input, with errors allowed or not.
The judge is our own rule set under the XSD profile (the same rules
``validate --profile xsd`` applies), asked per value and per entry:

* a plain row (the four protocol fields as text) is copied as it is when its
  lastmod, changefreq and priority are valid; a value that is not is left
  out of the written entry (it stays in the user's file, and the report
  counts it);
* a rich row (extensions, comments, odd structure) is copied when the rules
  find no schema error in it and it holds no element of a vocabulary without
  a schema (a PageMap block, an XInclude: the schema's wildcard is strict);
  otherwise it is written again from its parsed fields, leaving out each
  value, image, video or news item the schema would reject, and every
  element the parsed fields do not hold.

Values are judged once each and remembered (lastmod days, changefreq and
priority values repeat), so the cost on a clean file is a dictionary look-up.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.entries import (
    IMAGE_NS,
    MOBILE_NS,
    NEWS_NS,
    SITEMAP_NS,
    VIDEO_NS,
    XHTML_NS,
    Entry,
)
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.validation import entry_checks, values_rules
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.registry import Profile

#: Namespaces whose elements the official schemas (or, for xhtml:link, common use) allow.
KNOWN_NAMESPACES = frozenset({SITEMAP_NS, IMAGE_NS, VIDEO_NS, NEWS_NS, MOBILE_NS, XHTML_NS})
_REMEMBERED = 65_536
#: The changefreq values the XSD allows, exactly as written.
CHANGEFREQS = frozenset({"always", "hourly", "daily", "weekly", "monthly", "yearly", "never"})
#: A full date-time (seconds and zone) or a date: valid for the XSD when the date is real.
_FULL_LASTMOD = re.compile(
    r"(\d{4}-\d{2}-\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?"
    r"(?:Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00)))?\Z")
_ELEMENT_NAME = re.compile(rb"<([A-Za-z_][^\s/>]*)")
_VALUE_FIELDS = ("lastmod", "changefreq", "priority")
_ITEM_FIELDS = ("images", "videos", "news")
_NOUNS = {"images": "images", "videos": "videos", "news": "news items"}


@dataclass(slots=True)
class Repair:
    """An entry written again from its parsed fields, and what was left out of it."""

    entry: Entry
    #: What was left out, one phrase per kind ("an invalid lastmod", "invalid videos").
    left_out: list[str] = field(default_factory=list)


class ValueJudge:
    """Whether lastmod, changefreq and priority values are valid under the XSD."""

    __slots__ = ("_checks", "_context", "_known")

    def __init__(self) -> None:
        self._context = ValidationContext(profile=Profile.XSD)
        self._known: tuple[dict[str, bool], ...] = ({}, {}, {})
        self._checks = (values_rules.check_lastmod, values_rules.check_changefreq,
                        values_rules.check_priority)

    def lastmod_ok(self, text: str) -> bool:
        """:meth:`valid` for a lastmod, judged by its day when it has the full shape.

        Date-times repeat rarely, days often: a full date or date-time is valid
        exactly when its date is, so only the date is judged (and remembered).
        """
        shape = _FULL_LASTMOD.match(text)
        return self.valid(0, shape.group(1) if shape is not None else text)

    def valid(self, index: int, text: str) -> bool:
        """Whether ``text`` as written is a valid value of field ``index`` (0 lastmod, 1, 2)."""
        known = self._known[index]
        verdict = known.get(text)
        if verdict is None:
            probe = Reporter(Profile.XSD)
            value = text.strip(XML_WHITESPACE)
            self._checks[index](value, text if value != text else None, probe, self._context)
            verdict = not any(f.severity == Severity.ERROR for f in probe.findings)
            if len(known) < _REMEMBERED:
                known[text] = verdict
        return verdict


class EntryGuard:
    """Decides, for a rich entry, whether its bytes can be copied or how to write it again."""

    def __init__(self, declared: dict[str, str]) -> None:
        """``declared``: the namespace declarations of the entry's document root."""
        self._context = ValidationContext(profile=Profile.XSD)
        self._foreign_prefixes = frozenset(
            prefix.encode() for prefix, uri in declared.items() if prefix and
            uri not in KNOWN_NAMESPACES)
        self._default_known = declared.get("") in (None, *KNOWN_NAMESPACES)

    def holds_foreign(self, body: bytes) -> bool:
        """Whether ``body`` may hold an element of a vocabulary with no schema."""
        if b"xmlns" in body:
            return True  # declarations inside the entry: judge it on its parsed fields
        if not self._foreign_prefixes and self._default_known:
            return False
        for name in _ELEMENT_NAME.findall(body):
            prefix, colon, _local = name.partition(b":")
            if colon and prefix in self._foreign_prefixes:
                return True
            if not colon and not self._default_known:
                return True
        return False

    def repair(self, entry: Entry, body: bytes) -> Repair | None:
        """``None`` when ``body`` can be copied; else the entry to write instead."""
        errors = self._errors(entry)
        if not errors and not entry.notes and not self.holds_foreign(body):
            return None
        left_out: list[str] = []
        changes: dict[str, object] = {"notes": (), "raw": {}}
        for name in _VALUE_FIELDS:
            if name in errors:
                changes[name] = None
                left_out.append(f"an invalid {name}")
        for name in _ITEM_FIELDS:
            items = getattr(entry, name)
            if name in errors and items:
                kept = tuple(item for item in items if not self._errors(
                    _only(entry, name, item)).get(name))
                changes[name] = kept
                if len(kept) < len(items):
                    left_out.append(f"invalid {_NOUNS[name]}")
        if "mobile" in errors and entry.mobile:
            changes["mobile"] = False
            left_out.append("<mobile:mobile>")
        if entry.notes or self.holds_foreign(body):
            left_out.append("elements and text the schema does not allow there")
        return Repair(replace(entry, **changes), left_out)  # type: ignore[arg-type]

    def _errors(self, entry: Entry) -> dict[str, bool]:
        """The fields of ``entry`` with a schema error (``loc`` is judged elsewhere)."""
        reporter = Reporter(Profile.XSD)
        values = (entry.loc, entry.lastmod, entry.changefreq, entry.priority)
        raws = tuple(entry.raw.get(name) for name in ("loc", *_VALUE_FIELDS))
        entry_checks.check_entry(entry, values, raws,  # type: ignore[arg-type]
                                 entry.element, reporter, self._context, None, SourceFormat.XML)
        return {finding.field or "": True for finding in reporter.findings
                if finding.severity == Severity.ERROR and finding.field != "loc"}


def _only(entry: Entry, name: str, item: object) -> Entry:
    """``entry`` with ``item`` as its only item of ``name`` and no other extension items."""
    empty: dict[str, tuple[object, ...]] = {other: () for other in _ITEM_FIELDS}
    empty[name] = (item,)
    return replace(entry, alternates=(), mobile=False, notes=(), **empty)  # type: ignore[arg-type]


#: Builds the bytes of a repaired entry in the output's namespace context.
EntryWriter = Callable[[Entry], bytes]

__all__ = ["CHANGEFREQS", "KNOWN_NAMESPACES", "EntryGuard", "EntryWriter", "Repair", "ValueJudge"]
