"""The report of Check Live Site as text: one block per file, a mark, its problems, a verdict."""

from __future__ import annotations

from sitemap_studio.core.publish_check.problems import FileCheck, LiveReport

PASS, FAIL = "PASS", "FAIL"


def file_heading(item: FileCheck) -> str:
    """``PASS https://.../sitemap.xml (urlset, 120 URLs, HTTP 200)``."""
    facts = []
    if item.kind:
        noun = "sitemaps" if item.kind == "sitemapindex" else "URLs"
        facts.append(f"{item.kind}, {item.urls or 0:,} {noun}")
    if item.status is not None:
        facts.append(f"HTTP {item.status}")
    if item.uncompressed_bytes is not None:
        facts.append(f"{item.uncompressed_bytes:,} bytes")
    shown = f" ({', '.join(facts)})" if facts else ""
    return f"{PASS if item.passed else FAIL} {item.url}{shown}"


def verdict(report: LiveReport) -> str:
    """The last line: how many files, how many failed, whether the project matches."""
    failed = sum(not item.ok for item in report.files)
    counted = f"{len(report.files)} file{'' if len(report.files) == 1 else 's'} checked, " \
              f"{failed} with problems"
    if report.matches_project is None:
        return counted
    same = "match" if report.matches_project else "do not match"
    return f"{counted}; the live files {same} what the project would export now"


def report_lines(report: LiveReport) -> list[str]:
    """The whole report, line by line."""
    lines = []
    for item in report.files:
        lines.append(file_heading(item))
        if item.parent is not None:
            lines.append(f"    listed in {item.parent}")
        for problem in item.problems:
            lines.append(f"    {problem.title}: {problem.message}")
            if problem.evidence:
                lines.append(f"      evidence: {problem.evidence}")
            lines.append(f"      what to do: {problem.action}")
        if item.match is not None:
            lines.append(f"    compared with the project's export: {item.match.message}")
    lines.extend(f"note: {note}" for note in report.notes)
    lines.append(verdict(report))
    return lines


__all__ = ["FAIL", "PASS", "file_heading", "report_lines", "verdict"]
