"""What Check Live Site finds, as data: problems in Search Console's words, and per-file results.

Each problem has a stable ``code`` (scripts switch on it), the ``title``
Search Console shows for the same trouble, a ``message`` saying what is wrong
with this file, the ``evidence`` it rests on (a status line, a header, a
line and column, a robots.txt rule) and the ``action`` that fixes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Code(StrEnum):
    """Every kind of problem the check reports."""

    COULDNT_FETCH = "couldnt-fetch"
    NOT_FETCHED_PRIVATE = "private-address"
    REDIRECTED = "redirected"
    ROBOTS_BLOCKED = "blocked-by-robots"
    ROBOTS_UNREACHABLE = "robots-unreachable"
    HTML = "sitemap-is-html"
    CONTENT_TYPE = "wrong-content-type"
    COMPRESSION = "compression-error"
    PARSING = "parsing-error"
    UNSUPPORTED = "unsupported-format"
    SIZE_LIMIT = "size-limit"
    TOO_MANY_URLS = "too-many-urls"
    URL_NOT_ALLOWED = "url-not-allowed"
    INVALID_URL = "invalid-url"
    INVALID_DATE = "invalid-date"
    NESTED_INDEX = "nested-indexes"
    CHILDREN_FAILED = "child-sitemaps-failed"
    NO_SITEMAP_LINE = "robots-sitemap-missing"
    SITEMAP_LINE_ELSEWHERE = "robots-sitemap-elsewhere"


#: Search Console's title for each problem, and what to do about it.
_WORDS: dict[Code, tuple[str, str]] = {
    Code.COULDNT_FETCH: ("Couldn't fetch", "Make the URL answer 200 OK with the sitemap to "
                         "any client (check the address, DNS, the certificate and the server), "
                         "then resubmit it."),
    Code.NOT_FETCHED_PRIVATE: ("Couldn't fetch", "Use the public address of the site; give "
                               "--allow-private (or allow private addresses in the window) only "
                               "to check a test server of your own."),
    Code.REDIRECTED: ("Redirected", "Submit the final URL, and put it in robots.txt's Sitemap: "
                      "line, instead of the one that redirects."),
    Code.ROBOTS_BLOCKED: ("Blocked by robots.txt", "Remove or narrow the Disallow rule that "
                          "matches the sitemap's path, or move the sitemap to an allowed path."),
    Code.ROBOTS_UNREACHABLE: ("Couldn't fetch", "Make /robots.txt answer 200 (or 404 when "
                              "there is none): while it fails with a server error or not at "
                              "all, crawlers fetch nothing from the site."),
    Code.HTML: ("Sitemap is HTML", "Serve the XML file itself (Content-Type application/xml), "
                "not a page about it; check that the URL is not rewritten to an HTML page."),
    Code.CONTENT_TYPE: ("Unsupported format", "Serve sitemaps as application/xml or text/xml "
                        "(text/plain for a URL list, application/gzip for a .gz file)."),
    Code.COMPRESSION: ("Compression error", "Upload the .gz file again as it was exported, "
                       "and make sure the server does not compress it a second time or send a "
                       "Content-Encoding it did not apply."),
    Code.PARSING: ("Parsing error", "Fix the XML at the line and column shown (sitemap-studio "
                   "validate shows every finding), export again and upload."),
    Code.UNSUPPORTED: ("Unsupported format", "Publish an XML <urlset> or <sitemapindex>, or a "
                       "text file with one URL per line, at this URL."),
    Code.SIZE_LIMIT: ("Sitemap file size limit exceeded", "Split the sitemap into files of at "
                      "most 52,428,800 bytes uncompressed (export does) and list them in an "
                      "index."),
    Code.TOO_MANY_URLS: ("Too many URLs", "Split the sitemap into files of at most 50,000 URLs "
                         "(export does) and list them in an index."),
    Code.URL_NOT_ALLOWED: ("URL not allowed", "List only URLs of the sitemap's own host, "
                           "scheme and port, at or below its folder, or move the sitemap up to "
                           "the site's root."),
    Code.INVALID_URL: ("Invalid URL", "Write every <loc> as an absolute, percent-encoded "
                       "http(s) URL."),
    Code.INVALID_DATE: ("Invalid date", "Write lastmod in W3C Datetime form: 2024-01-15 or "
                        "2024-01-15T10:30:00+01:00."),
    Code.NESTED_INDEX: ("Nested indexes", "List the sitemaps themselves in the index: an index "
                        "may not list another index."),
    Code.CHILDREN_FAILED: ("Sitemap index has sitemaps with errors", "Fix the problems of the "
                           "sitemaps named in the evidence; each has its own entry in this "
                           "report."),
    Code.NO_SITEMAP_LINE: ("No Sitemap: line in robots.txt", "Add a line 'Sitemap: URL' with "
                           "this URL to robots.txt (sitemap-studio kit prints it)."),
    Code.SITEMAP_LINE_ELSEWHERE: ("robots.txt points elsewhere", "Change robots.txt's "
                                  "Sitemap: line to this URL, or add a line for it."),
}


def title_of(code: Code) -> str:
    """Search Console's words for ``code``."""
    return _WORDS[code][0]


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem of one file: what, on what evidence, and what to do."""

    code: Code
    message: str
    evidence: str = ""

    @property
    def title(self) -> str:
        """Search Console's words for this kind of problem."""
        return _WORDS[self.code][0]

    @property
    def action(self) -> str:
        """What to do about it."""
        return _WORDS[self.code][1]

    def to_json(self) -> dict[str, str]:
        """``{"code", "title", "message", "evidence", "action"}``."""
        return {"code": str(self.code), "title": self.title, "message": self.message,
                "evidence": self.evidence, "action": self.action}


class MatchState(StrEnum):
    """How a live file compares with what the project would export now."""

    SAME = "same"  #: the same bytes after decompression
    SAME_URLS = "same-urls"  #: other bytes, the same URLs
    DIFFERENT = "different"  #: other URLs
    NOT_LIVE = "not-live"  #: the project would export it; it could not be read live
    NOT_IN_PROJECT = "not-in-project"  #: live, but the project would not export it


@dataclass(frozen=True, slots=True)
class FileMatch:
    """The comparison of one file with the project's export."""

    state: MatchState
    message: str
    added: int = 0
    missing: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"state", "message", "added", "missing"}``."""
        return {"state": str(self.state), "message": self.message, "added": self.added,
                "missing": self.missing}


@dataclass(slots=True)
class FileCheck:
    """What the check found for one file (an index, a sitemap, a child of an index).

    Attributes:
        url: The URL checked.
        parent: The index that listed it (``None`` for a file asked for).
        kind: ``"sitemapindex"``, ``"urlset"``, ``"text"`` or ``""`` when unknown.
        status: The last HTTP status, ``None`` when no answer came.
        final_url: Where redirects ended.
        fetched: Whether a body was read.
        raw_bytes: Bytes as served; ``uncompressed_bytes`` after decompression.
        urls: Entries (URLs, or sitemaps for an index) read.
        problems: Every problem found.
        body: The bytes after decompression (for the comparison; not in JSON).
        locs: The locations listed, in order (for the comparison; not in JSON).
        match: The comparison with the project's export, when there is a project.
    """

    url: str
    parent: str | None = None
    kind: str = ""
    status: int | None = None
    final_url: str | None = None
    fetched: bool = False
    raw_bytes: int | None = None
    uncompressed_bytes: int | None = None
    urls: int | None = None
    problems: list[Problem] = field(default_factory=list)
    body: bytes | None = field(default=None, repr=False)
    locs: list[str] | None = field(default=None, repr=False)
    match: FileMatch | None = None

    @property
    def ok(self) -> bool:
        """Whether the file has no problem (the JSON's ``ok``)."""
        return not self.problems

    @property
    def passed(self) -> bool:
        """No problem, and the same bytes as the project's export when compared (a green mark)."""
        return self.ok and (self.match is None or self.match.state == MatchState.SAME)

    def add(self, code: Code, message: str, evidence: str = "") -> None:
        """Record a problem."""
        self.problems.append(Problem(code, message, evidence))

    def to_json(self) -> dict[str, Any]:
        """The file's entry of the JSON report."""
        return {
            "url": self.url, "ok": self.ok,
            "problems": [problem.to_json() for problem in self.problems],
            "parent": self.parent, "kind": self.kind or None, "status": self.status,
            "final_url": self.final_url, "raw_bytes": self.raw_bytes,
            "uncompressed_bytes": self.uncompressed_bytes, "urls": self.urls,
            "match": None if self.match is None else self.match.to_json(),
        }


@dataclass(slots=True)
class LiveReport:
    """The whole report: one :class:`FileCheck` per file, and the comparison's verdict.

    ``matches_project`` is ``None`` when there is no project to compare with.
    ``notes`` say what the check left out (children beyond its limit).
    """

    files: list[FileCheck] = field(default_factory=list)
    matches_project: bool | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Every file passed and, with a project, the live files match its export."""
        return all(item.ok for item in self.files) and self.matches_project is not False

    @property
    def anything_fetched(self) -> bool:
        """Whether at least one file was read."""
        return any(item.fetched for item in self.files)

    def to_json(self) -> dict[str, Any]:
        """``{"files": [...], "matches_project": true|false|null}`` (and any notes)."""
        data: dict[str, Any] = {"files": [item.to_json() for item in self.files],
                                "matches_project": self.matches_project}
        if self.notes:
            data["notes"] = list(self.notes)
        return data


__all__ = ["Code", "FileCheck", "FileMatch", "LiveReport", "MatchState", "Problem", "title_of"]
