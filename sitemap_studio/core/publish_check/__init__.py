"""Check Live Site: is what is published fetchable, valid, and what the project would export?

Front door of the package: :func:`check_urls` checks any sitemap URL (an
index with its children), :func:`check_project` checks where a project
publishes its index and compares every file with a fresh export. Both return
a :class:`LiveReport` of :class:`FileCheck` values whose problems are named
in Search Console's words; :func:`report_lines` renders it as text and
:meth:`LiveReport.to_json` as the CLI's JSON.
"""

from sitemap_studio.core.publish_check.export_match import public_index_urls
from sitemap_studio.core.publish_check.problems import (
    Code,
    FileCheck,
    FileMatch,
    LiveReport,
    MatchState,
    Problem,
)
from sitemap_studio.core.publish_check.run import (
    MAX_CHILDREN,
    LiveCheckOptions,
    check_project,
    check_urls,
)
from sitemap_studio.core.publish_check.text_report import (
    file_heading,
    report_lines,
    verdict,
)

__all__ = [
    "MAX_CHILDREN", "Code", "FileCheck", "FileMatch", "LiveCheckOptions", "LiveReport",
    "MatchState", "Problem", "check_project", "check_urls", "file_heading", "public_index_urls",
    "report_lines", "verdict",
]
