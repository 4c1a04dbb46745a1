"""The Import dialog driven through its widgets: CSV mapping, a live site, duplicates, target."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from dialog_helpers import document_of, locs
from helpers.local_http import guard_network
from helpers.site_server import Route, Site, gzipped, site_server, sitemapindex, urlset
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from sitemap_studio.commands.import_commands import import_entries
from sitemap_studio.core.fetching.site_fetch import FROM_ROBOTS
from sitemap_studio.core.imports.plan import DuplicatePolicy, ImportSummary, existing_keys
from sitemap_studio.core.imports.request import ImportTarget
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.dialogs import import_dialog
from sitemap_studio.dialogs.import_dialog import (
    LIVE_SITE,
    MAPPING,
    OPTIONS,
    SOURCE,
    ImportDialog,
    show_import_summary,
)
from sitemap_studio.services.jobs import JobRunner

SITE = "https://example.com"
WAIT = 5000
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    guard_network(monkeypatch)


@pytest.fixture
def site() -> Iterator[Site]:
    with site_server() as served:
        yield served


def make_dialog(qtbot, runner: JobRunner, **options) -> ImportDialog:
    settings = {"target_name": "shop.xml", "existing_locs": (), "can_create_new": True,
                **options}
    dialog = ImportDialog(None, runner=runner, **settings)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def open_file(qtbot, dialog: ImportDialog, path: Path, step: int) -> None:
    dialog.source_page.file_radio.setChecked(True)
    dialog.source_page.path_edit.setText(str(path))
    assert dialog.next_button.isEnabled()
    qtbot.mouseClick(dialog.next_button, LEFT)
    qtbot.waitUntil(lambda: dialog.current_step() == step, timeout=WAIT)


def choose(combo, text: str) -> None:
    """Pick the item of ``combo`` whose text starts with ``text``, as a user would."""
    for index in range(combo.count()):
        if combo.itemText(index).startswith(text):
            combo.setCurrentIndex(index)
            return
    raise AssertionError(f"no item {text!r} in {[combo.itemText(i) for i in range(combo.count())]}")


def cell(model, row: int, column: int) -> str:
    return model.data(model.index(row, column))


# --- CSV mapping --------------------------------------------------------------------------------


def test_csv_mapping_through_the_widgets(qtbot, runner, tmp_path: Path, qtmodeltester) -> None:
    path = tmp_path / "export.csv"
    path.write_text("Title;Address;Seen;Weight\n"
                    f"Home;{SITE}/;2024-01-01;0.9\n"
                    f"Shop;{SITE}/shop;2024-13-01;high\n"
                    "Nothing;;2024-01-02;0.1\n", encoding="utf-8")
    dialog = make_dialog(qtbot, runner)
    open_file(qtbot, dialog, path, MAPPING)
    page = dialog.csv_page
    model = page.preview_model
    qtmodeltester.check(model)
    assert page.delimiter_combo.currentText() == "Semicolon"
    assert page.header_check.isChecked()
    # "Address" names the loc column; lastmod and priority are found by their values.
    assert page.field_combos["loc"].currentText() == "2: Address"
    assert page.field_combos["lastmod"].currentText() == "3: Seen"
    assert page.field_combos["changefreq"].currentText() == "(none)"
    assert page.field_combos["priority"].currentText() == "4: Weight"
    assert model.rowCount() == 3 and cell(model, 0, 1) == f"{SITE}/"

    choose(page.field_combos["priority"], "(none)")
    assert cell(model, 0, 4) == "" and cell(model, 1, 4) == ""
    choose(page.field_combos["priority"], "4: Weight")
    assert cell(model, 0, 4) == "0.9" and cell(model, 1, 4) == "high"
    assert "priority 'high'" in cell(model, 1, 5) and "2024-13-01" in cell(model, 1, 5)
    assert cell(model, 2, 5).startswith("no URL")
    assert "1 without a URL" in page.preview_label.text()
    qtmodeltester.check(model)

    # Two fields on one column: Next is disabled and the dialog says why.
    choose(page.field_combos["lastmod"], "4: Weight")
    assert not dialog.next_button.isEnabled()
    assert dialog.reason_label.is_problem and "more than one field" in dialog.reason_label.text()
    choose(page.field_combos["lastmod"], "(none)")
    assert dialog.next_button.isEnabled() and cell(model, 0, 2) == ""

    # Without the header row the first line becomes a row, with findings; choices stay.
    qtbot.mouseClick(page.header_check, LEFT)
    assert not page.header_check.isChecked()
    assert model.rowCount() == 4 and cell(model, 0, 0) == "1"
    assert "priority 'Weight'" in cell(model, 0, 5) and "relative" in cell(model, 0, 5)
    assert page.field_combos["loc"].currentText() == "Column 2"
    assert page.field_combos["priority"].currentText() == "Column 4"
    qtbot.mouseClick(page.header_check, LEFT)
    assert model.rowCount() == 3

    qtbot.mouseClick(dialog.next_button, LEFT)
    qtbot.waitUntil(lambda: dialog.current_step() == OPTIONS, timeout=WAIT)
    assert dialog.import_button.isEnabled()
    request = dialog.request()
    assert [(e.loc, e.lastmod, e.priority) for e in request.entries] == [
        (f"{SITE}/", None, "0.9"), (f"{SITE}/shop", None, "high")]
    assert request.flagged == {1}
    assert [(p.line, p.severity) for p in request.problems] == [(3, Severity.WARNING),
                                                                 (4, Severity.ERROR)]
    qtmodeltester.check(dialog.options_page.problems_model)
    assert "export.csv (CSV, 3 rows)" in dialog.options_page.summary_label.text()


def test_delimiter_and_encoding_overrides(qtbot, runner, tmp_path: Path) -> None:
    path = tmp_path / "pages.txt"
    path.write_bytes(f"{SITE}/caf\u00e9\t2024-01-01\n{SITE}/b\t2024-01-02\n".encode("cp1252"))
    dialog = make_dialog(qtbot, runner)
    open_file(qtbot, dialog, path, MAPPING)
    page = dialog.csv_page
    assert page.encoding_combo.currentText() == "Windows-1252"
    assert page.delimiter_combo.currentText() == "Tab"
    assert cell(page.preview_model, 0, 1) == f"{SITE}/caf\u00e9"
    choose(page.delimiter_combo, "Comma")
    assert page.preview_model.columnCount() == 6 and page.field_combos["lastmod"].count() == 2
    choose(page.delimiter_combo, "Tab")
    choose(page.encoding_combo, "UTF-8")
    assert page.preview_model.rowCount() == 0
    assert "cannot be read as UTF-8" in page.preview_label.text()
    assert not dialog.next_button.isEnabled()
    choose(page.encoding_combo, "ISO-8859-1")
    assert cell(page.preview_model, 0, 1) == f"{SITE}/caf\u00e9"
    assert dialog.next_button.isEnabled()


def test_a_file_that_cannot_be_read_says_where(qtbot, runner, tmp_path: Path) -> None:
    path = tmp_path / "broken.xml"
    path.write_text('<urlset xmlns="x">\n<url><loc>a & b</loc></url></urlset>')
    dialog = make_dialog(qtbot, runner)
    dialog.source_page.path_edit.setText(str(path))
    qtbot.mouseClick(dialog.next_button, LEFT)
    qtbot.waitUntil(lambda: "Cannot import" in dialog.reason_label.text(), timeout=WAIT)
    assert "broken.xml:2:" in dialog.reason_label.text() and dialog.current_step() == SOURCE
    dialog.source_page.path_edit.setText(str(tmp_path / "nope.xml"))
    assert not dialog.next_button.isEnabled() and "No such file" in dialog.reason_label.text()


# --- a live site --------------------------------------------------------------------------------


def serve(site: Site) -> None:
    page = site.url
    site.routes["/robots.txt"] = Route(body=f"User-agent: *\nSitemap: {page('/index.xml')}\n"
                                       .encode())
    site.routes["/index.xml"] = Route(body=sitemapindex(
        page("/pages.xml.gz"), page("/gone.xml"), page("/slow.xml"), page("/old.xml"),
        page("/huge.xml")))
    site.routes["/pages.xml.gz"] = Route(body=gzipped(urlset(f"{SITE}/a", f"{SITE}/b")))
    site.routes["/slow.xml"] = Route(stall=True)
    site.routes["/old.xml"] = Route(301, headers={"Location": "/new.xml"})
    site.routes["/new.xml"] = Route(body=urlset(f"{SITE}/c"))
    site.routes["/huge.xml"] = Route(body=urlset(*[f"{SITE}/{n}" for n in range(200)]))


def test_live_site_import(qtbot, runner, site: Site, stack, qtmodeltester) -> None:
    serve(site)
    target = document_of(f"{SITE}/a", f"{SITE}/old")
    dialog = make_dialog(qtbot, runner, existing_locs=lambda: existing_keys(target).keys(),
                         fetch_timeout=0.5, limits=Limits(max_uncompressed_bytes=4096))
    dialog.source_page.live_radio.setChecked(True)
    qtbot.mouseClick(dialog.next_button, LEFT)
    assert dialog.current_step() == LIVE_SITE
    live = dialog.live_page
    qtbot.keyClicks(live.site_edit, "ftp://x")
    assert not live.discover_button.isEnabled() and live.site_problem_label.isVisible()
    live.site_edit.clear()
    qtbot.keyClicks(live.site_edit, site.base)
    assert live.discover_button.isEnabled() and not dialog.next_button.isEnabled()
    assert site.requests == []  # nothing is fetched before Discover

    with qtbot.waitSignal(live.service.discovered, timeout=WAIT):
        qtbot.mouseClick(live.discover_button, LEFT)
    assert site.requests == ["/robots.txt"]
    candidates = live.candidate_model
    qtmodeltester.check(candidates)
    assert candidates.checked_urls() == [site.url("/index.xml")]
    assert cell(candidates, 0, 1) == FROM_ROBOTS and candidates.rowCount() == 6

    with qtbot.waitSignal(live.service.fetched, timeout=WAIT):
        qtbot.mouseClick(live.fetch_button, LEFT)
    statuses = live.status_model
    qtmodeltester.check(statuses)
    shown = {cell(statuses, row, 0).strip(): cell(statuses, row, 1)
             for row in range(statuses.rowCount())}
    assert shown == {
        site.url("/index.xml"): "HTTP 200 OK: sitemap index, 5 sitemaps",
        site.url("/pages.xml.gz"): "HTTP 200 OK: 2 URLs",
        site.url("/gone.xml"): "HTTP 404 Not Found",
        site.url("/slow.xml"): "timed out: no answer from 127.0.0.1 within 0.5 s",
        site.url("/old.xml"): f"HTTP 200 OK (redirected to {site.url('/new.xml')}): 1 URL",
        site.url("/huge.xml"): "HTTP 200 OK: too big: more than the limit of 4,096 bytes "
                               f"({len(site.routes['/huge.xml'].body):,} bytes announced); "
                               "not downloaded",
    }
    assert cell(statuses, 1, 2) == "2" and cell(statuses, 2, 2) == ""
    assert "3 URLs failed" in live.state_label.text()
    assert dialog.next_button.isEnabled()

    qtbot.mouseClick(dialog.next_button, LEFT)
    assert dialog.current_step() == OPTIONS
    assert "1 of the imported URLs are already listed" in \
        dialog.options_page.duplicates_label.text()
    dialog.options_page.policy_radios[DuplicatePolicy.REPLACE].setChecked(True)
    request = dialog.request()
    assert [e.loc for e in request.entries] == [f"{SITE}/a", f"{SITE}/b", f"{SITE}/c"]
    assert request.policy == DuplicatePolicy.REPLACE and request.target == ImportTarget.CURRENT
    assert len([p for p in request.problems if p.code == "import-url-failed"]) == 3

    # What the window does with the request: one undoable step, and a summary.
    before = target.to_bytes()
    summary = import_entries(stack, target, request.entries, request.policy,
                             flagged=request.flagged, target_name="shop.xml")
    assert summary == ImportSummary(added=2, replaced=1, skipped=0, with_findings=0,
                                    target="shop.xml")
    assert locs(target) == [f"{SITE}/a", f"{SITE}/old", f"{SITE}/b", f"{SITE}/c"]
    stack.undo()
    assert target.to_bytes() == before

    qtbot.mouseClick(dialog.back_button, LEFT)
    assert dialog.current_step() == LIVE_SITE and live.batch is not None


def test_cancel_stops_the_fetch(qtbot, runner, site: Site) -> None:
    site.routes["/robots.txt"] = Route(body=(f"Sitemap: {site.url('/slow.xml')}\n"
                                             f"Sitemap: {site.url('/later.xml')}\n").encode())
    site.routes["/slow.xml"] = Route(stall=True)
    site.routes["/later.xml"] = Route(body=urlset(f"{SITE}/later"))
    dialog = make_dialog(qtbot, runner, fetch_timeout=5)
    dialog.source_page.live_radio.setChecked(True)
    qtbot.mouseClick(dialog.next_button, LEFT)
    live = dialog.live_page
    live.site_edit.setText(site.base)
    with qtbot.waitSignal(live.service.discovered, timeout=WAIT):
        qtbot.mouseClick(live.discover_button, LEFT)
    assert live.candidate_model.checked_urls() == [site.url("/slow.xml"), site.url("/later.xml")]
    qtbot.mouseClick(live.fetch_button, LEFT)
    qtbot.waitUntil(site.stalled.is_set, timeout=WAIT)
    assert live.cancel_button.isEnabled() and live.progress_bar.isVisible()
    assert not live.fetch_button.isEnabled() and not dialog.back_button.isEnabled()
    with qtbot.waitSignal(live.service.cancelled, timeout=WAIT):
        qtbot.mouseClick(live.cancel_button, LEFT)
        site.release.set()  # the stalled request ends now, well before its 5 s timeout
    assert "/later.xml" not in site.requests
    assert live.batch is None and "Cancelled" in live.state_label.text()
    assert not live.progress_bar.isVisible() and live.fetch_button.isEnabled()
    assert not dialog.next_button.isEnabled()


# --- duplicates, target, ask() and the summary --------------------------------------------------


def test_new_sitemap_target_needs_a_good_name(qtbot, runner, tmp_path: Path) -> None:
    (tmp_path / "taken.xml").write_text("")
    dialog = make_dialog(qtbot, runner, target_name=None, project_folder=str(tmp_path),
                         taken_names=["sub/members.xml"],
                         clipboard_text=f"{SITE}/a\n{SITE}/b\n")
    dialog.source_page.clipboard_radio.setChecked(True)
    qtbot.mouseClick(dialog.next_button, LEFT)
    qtbot.waitUntil(lambda: dialog.current_step() == OPTIONS, timeout=WAIT)
    options = dialog.options_page
    assert options.new_radio.isChecked() and not options.current_radio.isEnabled()
    assert options.duplicates_label.text() == ""
    for name, reason in [("", "Enter a file name"), ("taken.xml", "already exists"),
                         ("members.xml", "already has"), ("pages", "End the file name")]:
        options.name_edit.setText(name)
        assert not dialog.import_button.isEnabled(), name
        assert reason in dialog.reason_label.text(), name
    options.name_edit.clear()
    qtbot.keyClicks(options.name_edit, "imported.xml")
    assert dialog.import_button.isEnabled() and not dialog.reason_label.is_problem
    request = dialog.request()
    assert request.target == ImportTarget.NEW and request.new_name == "imported.xml"
    assert [e.loc for e in request.entries] == [f"{SITE}/a", f"{SITE}/b"]
    assert request.description == "the clipboard (one URL a line)"


def test_ask_returns_the_request_or_none(qtbot, runner, run_modal) -> None:
    text = f"loc\tpriority\n{SITE}/a\t0.5\n{SITE}/z\t0.1\n"

    def ask():
        return ImportDialog.ask(None, runner=runner, target_name="shop.xml",
                                existing_locs={f"{SITE}/a"}, can_create_new=False,
                                clipboard_text=text)

    def drive(dialog: ImportDialog) -> None:
        assert not dialog.options_page.new_radio.isEnabled()
        dialog.source_page.clipboard_radio.setChecked(True)
        qtbot.mouseClick(dialog.next_button, LEFT)
        qtbot.waitUntil(lambda: dialog.current_step() == OPTIONS, timeout=WAIT)
        assert "1 of the imported URLs" in dialog.options_page.duplicates_label.text()
        dialog.options_page.policy_radios[DuplicatePolicy.KEEP_BOTH].setChecked(True)
        qtbot.mouseClick(dialog.import_button, LEFT)

    request = run_modal(ImportDialog, ask, drive)
    assert request is not None and request.policy == DuplicatePolicy.KEEP_BOTH
    assert [(e.loc, e.priority) for e in request.entries] == [(f"{SITE}/a", "0.5"),
                                                              (f"{SITE}/z", "0.1")]
    assert run_modal(ImportDialog, ask, lambda dialog: dialog.reject()) is None


def test_show_import_summary(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.text()) or 0)
    show_import_summary(None, ImportSummary(3, 1, 2, 1, "shop.xml"))
    assert shown == [import_dialog.summary_text(ImportSummary(3, 1, 2, 1, "shop.xml"))]
    assert shown[0].startswith("4 entries came in into shop.xml")
