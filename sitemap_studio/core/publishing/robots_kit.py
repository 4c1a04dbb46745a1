"""robots.txt for publishing: the ``Sitemap:`` lines to add, and a check of an existing file.

Crawlers find sitemaps through ``Sitemap: <complete URL>`` lines in the site's
robots.txt (sitemaps.org, "Specifying the Sitemap location in your robots.txt
file"); this is one of the live routes now that the ping endpoints are retired.
Nothing here fetches anything: the check reads text the caller has.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.project.settings_values import shown, url_problem
from sitemap_studio.core.urls.parsing import (
    normalize_host,
    normalize_url,
    origin,
    percent_encode_iri,
    private_host_kind,
    split_host,
)
from sitemap_studio.core.validation.registry import Rule
from sitemap_studio.core.validation.robots_rules import (
    ROBOTS_DUPLICATE,
    ROBOTS_EMPTY,
    ROBOTS_FOREIGN_HOST,
    ROBOTS_INVALID,
    ROBOTS_MISSING,
    ROBOTS_PRIVATE_HOST,
    ROBOTS_RELATIVE,
    ROBOTS_SCHEME,
)

__all__ = ["check_robots", "robots_lines", "robots_txt_url", "sitemap_line_findings"]

# A Sitemap field after its comment is cut off; group 1 is the blank before the colon.
_FIELD = re.compile(r"[ \t]*sitemap([ \t]*):", re.IGNORECASE)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_BLANK = re.compile(r"\s")


def robots_lines(sitemap_urls: list[str]) -> list[str]:
    """``Sitemap: <url>`` lines for robots.txt, one per sitemap, in the order given.

    A URL given twice gets one line. Raises :class:`SitemapError` for a URL
    that is not an absolute http(s) URL (robots.txt needs the complete URL) or
    that contains ``#``, which starts a comment in robots.txt.
    """
    lines: list[str] = []
    for url in sitemap_urls:
        problem = url_problem(url)
        if problem:
            raise SitemapError(f"a robots.txt Sitemap: line needs the complete URL: the sitemap "
                               f"URL {problem}", code="robots-sitemap-relative")
        if "#" in url:
            raise SitemapError(f"the sitemap URL {shown(url)} contains '#', which starts a "
                               "comment in robots.txt: remove the fragment",
                               code="robots-sitemap-invalid")
        # One form for a URL everywhere it is published: a URI (punycode host, %-escapes).
        line = f"Sitemap: {percent_encode_iri(url)}"
        if line not in lines:
            lines.append(line)
    return lines


def robots_txt_url(site_url: str) -> str | None:
    """Where the robots.txt of ``site_url``'s host lives (``https://host/robots.txt``)."""
    found = origin(site_url)
    return None if found is None else found + "/robots.txt"


def check_robots(text: str, expected_sitemaps: list[str], site_url: str | None) -> list[Finding]:
    """What is wrong with the ``Sitemap:`` lines of an existing robots.txt ``text``.

    Each finding carries the 1-based line (and the column of the value);
    comments (from ``#`` to the end of the line) are ignored. Reports values
    that are empty, relative, not http(s), malformed, on a private host, on
    another host than ``site_url``'s (when given), listed twice, written as
    ``Sitemap :``, and every URL of ``expected_sitemaps`` that no line lists
    (those findings have no line).
    """
    findings: list[Finding] = []
    site_host = _host(site_url) if site_url else None
    listed: dict[str, int] = {}
    for number, line in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
        content = line.split("#", 1)[0]
        match = _FIELD.match(content)
        if match is None:
            continue
        if match.group(1):
            findings.append(Finding(
                Severity.NOTICE, "robots-field-spacing",
                "blank before the colon in 'Sitemap :'; most crawlers accept it, write "
                "'Sitemap:'", line=number, column=1, source=RuleSource.STUDIO))
        rest = content[match.end():]
        value = rest.strip(" \t")
        column = match.end() + len(rest) - len(rest.lstrip(" \t")) + 1

        def report(rule: Rule, message: str, line: int = number, column: int = column) -> None:
            findings.append(Finding(rule.severity, rule.code, message, line=line,
                                    column=column, source=rule.source))

        problem = _value_problem(value, site_url)
        if problem is not None:
            report(*problem)
            continue
        key = normalize_url(value)
        if key in listed:
            report(ROBOTS_DUPLICATE, f"{value} is listed again (first on line {listed[key]})")
            continue
        listed[key] = number
        host = _host(value)
        kind = private_host_kind(host) if host else None
        if kind is not None:
            report(ROBOTS_PRIVATE_HOST, f"{value} is on {kind} ({host}), which crawlers cannot "
                                        "reach: use the sitemap's public URL")
        elif site_host is not None and host != site_host:
            report(ROBOTS_FOREIGN_HOST,
                   f"{value} is on another host ({host}) than the site ({site_host}): search "
                   "engines accept a sitemap on another host only as a cross-host submission, "
                   "with both hosts verified as yours; if it is a leftover, list the site's "
                   "own sitemap instead")
    findings.extend(_disallow_all(text))
    for url in expected_sitemaps:
        if normalize_url(url) not in listed:
            findings.append(Finding(
                ROBOTS_MISSING.severity, ROBOTS_MISSING.code,
                f"robots.txt does not list {url}: add the line 'Sitemap: {url}'",
                source=ROBOTS_MISSING.source))
    return findings


def sitemap_line_findings(text: str, site_url: str | None) -> list[Finding]:
    """What ``validate`` says of a robots.txt beyond its URLs' own rules: a ``Sitemap:`` line
    with no URL (which lists no entry) and a sitemap on another host than ``site_url``."""
    wanted = (ROBOTS_EMPTY.code, ROBOTS_FOREIGN_HOST.code)
    return [found for found in check_robots(text, [], site_url) if found.code in wanted]


_RULE = re.compile(r"[ \t]*(user-agent|allow|disallow)[ \t]*:[ \t]*(.*?)[ \t]*$", re.IGNORECASE)


def _disallow_all(text: str) -> list[Finding]:
    """``Disallow: /`` in a group with no ``Allow:``: those crawlers may fetch nothing at all."""
    groups: list[tuple[list[str], int | None, bool]] = []  # agents, Disallow: / line, any Allow
    agents: list[str] = []
    block: int | None = None
    allows = False
    in_rules = False
    for number, line in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
        match = _RULE.match(line.split("#", 1)[0])
        if match is None:
            continue
        field, value = match.group(1).lower(), match.group(2)
        if field == "user-agent":
            if in_rules:
                groups.append((agents, block, allows))
                agents, block, allows, in_rules = [], None, False, False
            agents.append(value or "*")
            continue
        in_rules = True
        if field == "allow" and value:
            allows = True
        elif field == "disallow" and value in ("/", "/*") and block is None:
            block = number
    groups.append((agents, block, allows))
    findings = []
    for names, line, allowed in groups:
        if line is None or allowed:
            continue
        who = ("every crawler (User-agent: *)" if "*" in names or not names
               else ", ".join(names))
        findings.append(Finding(
            Severity.WARNING, "robots-disallow-all",
            f"'Disallow: /' blocks {who} from the whole site: they may fetch no page and no "
            "sitemap. Remove it unless the site must stay out of search engines",
            line=line, column=1, source=RuleSource.STUDIO))
    return findings


def _value_problem(value: str, site_url: str | None) -> tuple[Rule, str] | None:
    """Why a ``Sitemap:`` value is not a usable absolute http(s) URL, if it is not."""
    if not value:
        return ROBOTS_EMPTY, "the Sitemap: line names no URL"
    scheme = _SCHEME.match(value)
    if scheme is None:
        how = "a protocol-relative URL" if value.startswith("//") else "a relative URL"
        hint = ""
        if site_url and not url_problem(site_url):
            hint = f", such as {urljoin(site_url, value)}"
        return ROBOTS_RELATIVE, (f"{shown(value)} is {how}; robots.txt needs the complete "
                                 f"URL{hint or ', starting with https://'}")
    name = scheme.group(1).lower()
    if name not in ("http", "https"):
        return ROBOTS_SCHEME, (f"{shown(value)} uses '{scheme.group(1)}:', not http or https; "
                               "crawlers fetch sitemaps only over http(s)")
    if _BLANK.search(value):
        return ROBOTS_INVALID, f"{shown(value)} contains blanks: escape a space as %20"
    if not value[scheme.end():].startswith("//") or split_host(value) is None:
        return ROBOTS_INVALID, (f"{shown(value)} is not a valid URL: it needs a host (and a "
                                f"numeric port, if any) after '{name}://'")
    return None


def _host(url: str) -> str | None:
    found = split_host(url)
    return None if found is None else normalize_host(found[1])
