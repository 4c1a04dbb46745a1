"""robots.txt: read its ``Sitemap:`` lines as a list of sitemaps, without fetching anything."""

from __future__ import annotations

import re
from dataclasses import replace

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.reading.text_reader import refuse_fields_beyond_loc

#: A ``Sitemap:`` line; group 1 is the URL. The field name is case-insensitive.
SITEMAP_LINE = re.compile(rb"[ \t]*sitemap[ \t]*:[ \t]*([^ \t#]+)", re.IGNORECASE)
_SPACED_FIELD = re.compile(rb"[ \t]*sitemap[ \t]+:", re.IGNORECASE)
_DIRECTIVE = re.compile(rb"^[ \t]*(user-agent|disallow|allow|sitemap|crawl-delay|host)[ \t]*:",
                        re.IGNORECASE | re.MULTILINE)


def looks_like_robots(name: str | None, utf8: bytes) -> bool:
    """Whether a file is a robots.txt (by name, or by its directives)."""
    if name and name.lower().rsplit("/", 1)[-1].startswith("robots"):
        return True
    head = utf8[:4096]
    return len(_DIRECTIVE.findall(head)) >= 2 and bool(
        re.search(rb"^[ \t]*user-agent[ \t]*:", head, re.IGNORECASE | re.MULTILINE))


def robots_findings(utf8: bytes) -> list[Finding]:
    """Notes on ``Sitemap:`` lines written in an unusual way."""
    findings = []
    for number, line in enumerate(utf8.split(b"\n"), start=1):
        if _SPACED_FIELD.match(line):
            findings.append(Finding(
                Severity.NOTICE, "robots-field-spacing",
                "blank before the colon in 'Sitemap :'; most crawlers accept it, write 'Sitemap:'",
                line=number, column=1, source=RuleSource.STUDIO))
    return findings


class RobotsCodec:
    """Entries of a robots.txt are its ``Sitemap:`` lines; editing replaces the URL."""

    format = SourceFormat.ROBOTS

    def edited_body(self, body: bytes, old: Entry, new: Entry) -> tuple[bytes, Entry]:
        """The line with its URL replaced."""
        refuse_fields_beyond_loc(new, "a robots.txt")
        match = SITEMAP_LINE.match(body)
        value = (new.loc or "").encode("utf-8")
        if match is None:
            return b"Sitemap: " + value, replace(new, raw={}, notes=())
        return body[: match.start(1)] + value + body[match.end(1) :], replace(new, raw={},
                                                                               notes=())

    def new_body(self, entry: Entry) -> tuple[bytes, Entry]:
        """A new ``Sitemap:`` line."""
        refuse_fields_beyond_loc(entry, "a robots.txt")
        return b"Sitemap: " + (entry.loc or "").encode("utf-8"), replace(entry, raw={}, notes=())
