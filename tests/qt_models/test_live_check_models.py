"""The tables of Check Live Site: a mark per file, the problems of one file, qtmodeltester-clean."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sitemap_studio.core.publish_check import Code, FileCheck, FileMatch, MatchState
from sitemap_studio.qt_models.live_check_models import (
    file_passed,
    live_files_model,
    live_problems_model,
    mark_icon,
    problem_rows,
)


def files() -> list[FileCheck]:
    index = FileCheck("https://example.com/index.xml", kind="sitemapindex", status=200, urls=2,
                      fetched=True)
    good = FileCheck("https://example.com/a.xml", parent=index.url, kind="urlset", status=200,
                     urls=12_000, fetched=True,
                     match=FileMatch(MatchState.SAME, "the same bytes"))
    bad = FileCheck("https://example.com/b.xml", parent=index.url, status=404)
    bad.add(Code.COULDNT_FETCH, "the server answered 404 Not Found", "GET ...: HTTP 404")
    stale = FileCheck("https://example.com/c.xml", parent=index.url, kind="urlset", status=200,
                      urls=3, fetched=True,
                      match=FileMatch(MatchState.DIFFERENT, "1 added, 2 missing", 1, 2))
    return [index, good, bad, stale]


def test_files_table_marks_each_file(qapp, qtmodeltester) -> None:
    model = live_files_model()
    qtmodeltester.check(model)
    checked = files()
    for item in checked:
        model.append(item)
        qtmodeltester.check(model)
    texts = [[model.index(row, column).data() for column in range(1, 6)]
             for row in range(model.rowCount())]
    assert texts == [["index", "2", "200", "none", ""],
                     ["sitemap", "12,000", "200", "none", "same"],
                     ["", "", "404", "1", ""],
                     ["sitemap", "3", "200", "none", "different URLs"]]
    assert [file_passed(item) for item in checked] == [True, True, False, False]
    icon = model.index(2, 0).data(Qt.ItemDataRole.DecorationRole)
    assert icon.cacheKey() == mark_icon(False).cacheKey()
    assert model.index(2, 0).data(Qt.ItemDataRole.ToolTipRole) == \
        "Couldn't fetch: the server answered 404 Not Found"
    model.set_records([])
    qtmodeltester.check(model)
    assert model.rowCount() == 0


def test_problems_table_shows_evidence_and_what_to_do(qapp, qtmodeltester) -> None:
    model = live_problems_model()
    _index, good, bad, stale = files()
    model.set_records(problem_rows(bad))
    qtmodeltester.check(model)
    row = [model.index(0, column).data() for column in range(4)]
    assert row[:3] == ["Couldn't fetch", "the server answered 404 Not Found", "GET ...: HTTP 404"]
    assert row[3].startswith("Make the URL answer 200 OK")
    model.set_records(problem_rows(stale))
    assert model.index(0, 0).data() == "Project export"
    assert model.index(0, 3).data() == "Export the project and upload the files again."
    model.set_records(problem_rows(good))
    assert [model.index(0, c).data() for c in range(2)] == ["Project export", "the same bytes"]
    model.set_records(problem_rows(FileCheck("https://example.com/d.xml", status=200)))
    assert model.index(0, 0).data() == "No problem"
    qtmodeltester.check(model)
