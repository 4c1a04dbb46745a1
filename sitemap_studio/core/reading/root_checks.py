"""What the reader says about a sitemap's root start tag: its namespace and its attributes.

Each finding points at what it is about: the root element for its namespace, the
attribute itself for an attribute the XSD does not declare.
"""

from __future__ import annotations

import re

from sitemap_studio.core.model.entries import SITEMAP_NS
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.model.text_position import line_column
from sitemap_studio.core.reading.prolog import Prolog
from sitemap_studio.core.reading.xml_tokens import ATTRIBUTE, TAG_NAME

OBSOLETE_NS = "http://www.google.com/schemas/sitemap/0.84"
#: Attributes every XSD allows on any element (schema hints for validators).
XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"


def root_findings(utf8: bytes, prolog: Prolog) -> list[Finding]:
    """Findings about the root's namespace and the attributes its start tag carries."""
    return [*_namespace_findings(utf8, prolog), *_attribute_findings(utf8, prolog)]


def _namespace_findings(utf8: bytes, prolog: Prolog) -> list[Finding]:
    ns = prolog.namespace
    if ns == SITEMAP_NS:
        return []
    name = prolog.local_name
    if ns is None:
        code, message = "namespace-missing", (
            f'<{name}> has no namespace: add xmlns="{SITEMAP_NS}" (crawlers may reject the '
            "file)")
    elif ns == OBSOLETE_NS:
        code, message = "namespace-obsolete", (
            f"obsolete Google 0.84 namespace {ns}: upgrade to {SITEMAP_NS} (the sitemaps.org "
            f"XSD declares <{name}> only in that namespace)")
    elif _near_miss(ns):
        code, message = "namespace-near-miss", (
            f"namespace {ns} is almost but not exactly {SITEMAP_NS}; it must match character "
            "for character")
    else:
        code, message = "namespace-wrong", f"wrong namespace {ns}: expected {SITEMAP_NS}"
    line, column = line_column(utf8, prolog.root_start)
    severity = Severity.WARNING if code == "namespace-obsolete" else Severity.ERROR
    return [Finding(severity, code, message, line=line, column=column,
                    source=RuleSource.PROTOCOL)]


def _near_miss(ns: str) -> bool:
    simplified = re.sub(r"^https?://(www\.)?", "", ns.strip().lower()).rstrip("/")
    return simplified == "sitemaps.org/schemas/sitemap/0.9"


def _attribute_findings(utf8: bytes, prolog: Prolog) -> list[Finding]:
    """``version="1.0"``, ``generatedBy="Wix"``, ``acme:generator``: none is declared by the XSD."""
    tag = utf8[prolog.root_start : prolog.root_tag_end]
    name_end = TAG_NAME.match(tag)
    findings: list[Finding] = []
    line, column = line_column(utf8, prolog.root_start)
    walked = 0  # offset in the tag that (line, column) describes; advanced in one pass
    for match in ATTRIBUTE.finditer(tag, name_end.end() if name_end else 0):
        qname = match.group(1).decode("utf-8", "replace")
        prefix = qname.rpartition(":")[0]
        if qname == "xmlns" or prefix == "xmlns" or (
                prefix and prolog.namespaces.get(prefix) == XSI_NS):
            continue
        line, column = _advance(tag[walked : match.start(1)], line, column)
        walked = match.start(1)
        findings.append(Finding(
            Severity.NOTICE, "root-attribute",
            f"attribute '{qname}' on <{prolog.local_name}>: the sitemaps.org XSD declares no "
            f"attributes on <{prolog.local_name}> (crawlers ignore it)",
            line=line, column=column, source=RuleSource.XSD))
    return findings


def _advance(passed: bytes, line: int, column: int) -> tuple[int, int]:
    """(line, column) after the bytes ``passed``, from (line, column)."""
    breaks = passed.count(b"\n")
    if breaks:
        return line + breaks, len(passed[passed.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
    return line, column + len(passed.decode("utf-8", "replace"))
