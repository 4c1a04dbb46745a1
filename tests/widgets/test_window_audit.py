"""The window's URL audit, driven as a user does, against real HTTP servers on 127.0.0.1.

Start from the toolbar, watch the Status, Verdict and Final URL columns fill,
cancel midway, apply the fixes and undo them, reopen the project and find the
results again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from helpers.audit_server import AuditSite, audit_site, page, redirect
from helpers.local_http import guard_network
from helpers.main_window import column_texts, make_window, open_and_wait, urlset
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolBar

from sitemap_studio.core.audit.fixes import FixKind
from sitemap_studio.core.audit.targets import AuditRequest, AuditScope
from sitemap_studio.core.project.project_file import SitemapRef, new_project, save_project
from sitemap_studio.dialogs.audit_results_dialog import AuditResultsDialog
from sitemap_studio.dialogs.audit_start_dialog import AuditStartDialog
from sitemap_studio.qt_models.entry_table_model import AUDIT_COLUMN

STATUS, VERDICT, FINAL = AUDIT_COLUMN, AUDIT_COLUMN + 1, AUDIT_COLUMN + 2
NOINDEX_PAGE = '<html><head><meta name="robots" content="noindex"></head><body>x</body></html>'
MODIFIED = "Fri, 20 Nov 2026 08:30:00 GMT"


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch) -> Any:
    guard_network(monkeypatch)
    with audit_site() as served:
        served["/ok"] = page(headers={"Last-Modified": MODIFIED})
        served["/old"] = redirect("/new")
        served["/new"] = page()
        served["/noindex"] = page(NOINDEX_PAGE)
        yield served


def project_of(tmp_path: Path, locs: list[str], name: str = "site.sitemapproj") -> Path:
    """A project ``name`` of one sitemap, a.xml, listing ``locs``."""
    (tmp_path / "a.xml").write_text(urlset(*locs), encoding="utf-8")
    project = new_project(tmp_path / name)
    project.sitemaps.append(SitemapRef("a.xml", None))
    save_project(project)
    return tmp_path / name


def project_with(tmp_path: Path, site: AuditSite, paths: list[str]) -> Path:
    """A project of one sitemap, a.xml, listing ``paths`` of ``site``."""
    return project_of(tmp_path, [site.url(p) for p in paths])


def answer_audit(monkeypatch: pytest.MonkeyPatch, scope: AuditScope = AuditScope.SHOWN,
                 allow_private: bool = True, skip_days: int = 0) -> list[dict[AuditScope, int]]:
    asked: list[dict[AuditScope, int]] = []

    def ask(parent: object, counts: dict[AuditScope, int], **kwargs: object) -> AuditRequest:
        asked.append(counts)
        return AuditRequest(scope, allow_private, skip_days)

    monkeypatch.setattr(AuditStartDialog, "ask", classmethod(lambda cls, *a, **k: ask(*a, **k)))
    return asked


def kept_results(qtbot: Any, side: Path) -> dict[str, Any]:
    """The results file beside the project, once written (in the background)."""
    qtbot.waitUntil(side.exists, timeout=30_000)
    data: dict[str, Any] = json.loads(side.read_text(encoding="utf-8"))
    return data


def run_audit_from_toolbar(qtbot: Any, window: Any) -> None:
    toolbar_action = window.window_actions.audit
    assert toolbar_action in window.findChild(QToolBar, "main_toolbar").actions()
    with qtbot.waitSignal(window.audits.service.finished, timeout=60_000):
        toolbar_action.trigger()


def test_audit_fills_the_columns_and_the_issues_and_is_kept_with_the_project(
        qtbot, tmp_path, monkeypatch, site) -> None:
    path = project_with(tmp_path, site, ["/ok", "/old", "/gone", "/noindex"])
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, path)
    header = window.entry_table.view.horizontalHeader()
    assert all(header.isSectionHidden(c) for c in (STATUS, VERDICT, FINAL))
    assert not window.window_actions.audit_results.isEnabled()
    asked = answer_audit(monkeypatch)
    run_audit_from_toolbar(qtbot, window)
    assert asked == [{AuditScope.SHOWN: 4, AuditScope.PROJECT: 4}]
    assert not any(header.isSectionHidden(c) for c in (STATUS, VERDICT, FINAL))
    assert column_texts(window, VERDICT) == ["indexable", "redirect", "not-found", "noindex"]
    assert column_texts(window, STATUS) == ["200", "301 \N{RIGHTWARDS ARROW} 200", "404", "200"]
    assert column_texts(window, FINAL) == ["", site.url("/new"), "", ""]
    issues = window.issues_panel.model.findings()
    audit_issues = [f for f in issues if f.code.startswith("audit-")]
    assert [f.code for f in audit_issues] == ["audit-redirect", "audit-not-found",
                                              "audit-noindex"]
    assert "404" in audit_issues[1].message
    assert "noindex" in audit_issues[2].message.lower()
    assert "1 indexable" in window.message_label.text()
    assert answers.errors == []
    kept = kept_results(qtbot, tmp_path / "site.sitemapproj.audit.json")
    assert sorted(r["verdict"] for r in kept["results"]) == [
        "indexable", "noindex", "not-found", "redirect"]
    assert {r["file"] for r in kept["results"]} == {"a.xml"}

    # Reopened (in a new window, as after a restart), the project shows the results again.
    window.close()
    again, _answers = make_window(qtbot, tmp_path, monkeypatch, "settings-2.ini")
    open_and_wait(qtbot, again, path)
    qtbot.waitUntil(lambda: column_texts(again, VERDICT)[0] == "indexable", timeout=15_000)
    assert column_texts(again, VERDICT) == ["indexable", "redirect", "not-found", "noindex"]
    assert not again.entry_table.view.horizontalHeader().isSectionHidden(VERDICT)
    assert again.window_actions.audit_results.isEnabled()


def audited_window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   site: AuditSite) -> tuple[Any, Any, Path]:
    """A window showing the four-URL project, audited from the toolbar."""
    path = project_with(tmp_path, site, ["/ok", "/old", "/gone", "/noindex"])
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, path)
    answer_audit(monkeypatch)
    run_audit_from_toolbar(qtbot, window)
    return window, answers, path


def test_fixes_apply_as_one_step_each_and_undo(qtbot, tmp_path, monkeypatch, site) -> None:
    window, _answers, _path = audited_window(qtbot, tmp_path, monkeypatch, site)
    before = column_texts(window, 0)
    chosen: list[FixKind] = []

    def choose(kind: FixKind) -> None:
        def ask(cls: object, parent: object, counts: object, plans: Any, **kwargs: object) -> Any:
            return plans[kind]
        monkeypatch.setattr(AuditResultsDialog, "ask", classmethod(ask))
        chosen.append(kind)
        window.window_actions.audit_results.trigger()

    choose(FixKind.REPLACE_REDIRECTS)
    assert column_texts(window, 0) == [before[0], site.url("/new"), before[2], before[3]]
    assert column_texts(window, VERDICT)[1] == "indexable"
    window.window_actions.undo.trigger()
    assert column_texts(window, 0) == before
    assert column_texts(window, VERDICT)[1] == "redirect"

    choose(FixKind.REMOVE)
    assert column_texts(window, 0) == [before[0], before[1]]
    window.window_actions.undo.trigger()
    assert column_texts(window, 0) == before

    choose(FixKind.LASTMOD)
    assert column_texts(window, 1)[0] == "2026-11-20T08:30:00+00:00"
    window.window_actions.undo.trigger()
    assert column_texts(window, 1)[0] in (None, "")
    window.window_actions.redo.trigger()
    window.window_actions.save.trigger()
    qtbot.waitUntil(lambda: not window.isWindowModified(), timeout=15_000)
    assert "<lastmod>2026-11-20T08:30:00+00:00</lastmod>" in (tmp_path / "a.xml").read_text(
        encoding="utf-8")


def test_cancel_midway_keeps_what_came(qtbot, tmp_path, monkeypatch, site) -> None:
    with audit_site() as slow_site:
        async def stall(request: web.Request) -> web.StreamResponse:
            assert slow_site.release is not None
            await slow_site.release.wait()
            return web.Response(text="late")

        for number in range(12):
            slow_site[f"/slow-{number}"] = stall
        locs = [site.url("/ok"), site.url("/new")] + [slow_site.url(f"/slow-{n}")
                                                      for n in range(12)]
        cancel_midway(qtbot, tmp_path, monkeypatch, locs)


def cancel_midway(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                  locs: list[str]) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, project_of(tmp_path, locs))
    answer_audit(monkeypatch)
    window.window_actions.audit.trigger()
    assert window.window_actions.cancel_audit.isEnabled()
    assert not window.window_actions.audit.isEnabled()
    qtbot.waitUntil(lambda: column_texts(window, VERDICT)[:2] == ["indexable", "indexable"],
                    timeout=30_000)
    qtbot.waitUntil(window.progress.isVisible, timeout=15_000)
    assert "URLs" in window.progress.label.text()
    with qtbot.waitSignal(window.audits.service.finished, timeout=30_000) as finished:
        qtbot.mouseClick(window.progress.cancel_button, Qt.MouseButton.LeftButton)
    assert finished.args == [True]
    assert "cancelled after 2 of 14 URLs" in window.message_label.text()
    assert column_texts(window, VERDICT)[2:] == [None] * 12
    assert window.window_actions.audit.isEnabled()
    kept = kept_results(qtbot, tmp_path / "site.sitemapproj.audit.json")
    assert len(kept["results"]) == 2


def test_private_hosts_are_not_fetched_unless_allowed(qtbot, tmp_path, monkeypatch,
                                                      site) -> None:
    path = project_with(tmp_path, site, ["/ok"])
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, path)
    answer_audit(monkeypatch, allow_private=False)
    run_audit_from_toolbar(qtbot, window)
    assert column_texts(window, VERDICT) == ["unreachable"]
    assert site.seen == []
    issue = next(f for f in window.issues_panel.model.findings()
                 if f.code == "audit-unreachable")
    assert "loopback" in issue.message and "private-address box" in issue.message


def test_move_to_quarantine_keeps_the_entries_outside_the_project(
        qtbot, tmp_path, monkeypatch, site) -> None:
    window, answers, path = audited_window(qtbot, tmp_path, monkeypatch, site)
    before = column_texts(window, 0)
    offered: list[set[FixKind]] = []

    def ask(cls: object, parent: object, counts: object, plans: Any, **kwargs: object) -> Any:
        offered.append(set(plans))
        return plans[FixKind.QUARANTINE]

    monkeypatch.setattr(AuditResultsDialog, "ask", classmethod(ask))
    window.window_actions.audit_results.trigger()
    assert FixKind.QUARANTINE in offered[0]
    assert column_texts(window, 0) == before[:2]
    quarantine = str(path) + ".quarantine.xml"
    qtbot.waitUntil(lambda: window.session.state_at(quarantine) is not None and len(
        window.session.state_at(quarantine).document) == 2, timeout=15_000)
    moved = window.session.state_at(quarantine).document
    assert [moved.text(row, 0) for row in range(2)] == before[2:]
    window.window_actions.save_all.trigger()
    qtbot.waitUntil(lambda: not window.session.modified_states, timeout=15_000)
    text = Path(quarantine).read_text(encoding="utf-8")
    assert site.url("/gone") in text and site.url("/noindex") in text
    members = json.loads(path.read_text(encoding="utf-8"))["sitemaps"]
    assert [member["path"] for member in members] == ["a.xml"]
    assert answers.errors == []
    assert window.audits.scope_counts()[AuditScope.PROJECT] == 2  # the quarantine is not in it
    assert window.current is not None and window.current.path.endswith("a.xml")
    window.window_actions.undo.trigger()
    assert column_texts(window, 0) == before


def test_a_reaudit_skips_urls_checked_lately_and_settings_are_kept(
        qtbot, tmp_path, monkeypatch, site) -> None:
    window, _answers, _path = audited_window(qtbot, tmp_path, monkeypatch, site)
    assert window.settings.allow_private() and window.settings.audit_skip_days() == 0
    asked_before = len(site.seen)
    answer_audit(monkeypatch, skip_days=7)
    window.window_actions.audit.trigger()
    assert window.message_label.text() == (
        "Nothing to audit; 4 URLs checked within 7 days kept")
    assert len(site.seen) == asked_before
    assert window.settings.audit_skip_days() == 7
    assert column_texts(window, VERDICT) == ["indexable", "redirect", "not-found", "noindex"]


def test_a_lone_file_keeps_its_results_in_memory_only(qtbot, tmp_path, monkeypatch,
                                                      site) -> None:
    lone = tmp_path / "lone.xml"
    lone.write_text(urlset(site.url("/ok"), site.url("/gone")), encoding="utf-8")
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, lone)
    asked = answer_audit(monkeypatch)
    run_audit_from_toolbar(qtbot, window)
    assert asked == [{AuditScope.SHOWN: 2}]
    assert column_texts(window, VERDICT) == ["indexable", "not-found"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("lone")) == [
        "lone.xml"]
    offered: list[set[FixKind]] = []

    def ask(cls: object, parent: object, counts: object, plans: Any, **kwargs: object) -> Any:
        offered.append(set(plans))
        return None

    monkeypatch.setattr(AuditResultsDialog, "ask", classmethod(ask))
    window.window_actions.audit_results.trigger()
    assert offered == [{FixKind.REPLACE_REDIRECTS, FixKind.REMOVE, FixKind.LASTMOD}]


def test_a_selection_is_audited_alone(qtbot, tmp_path, monkeypatch, site) -> None:
    path = project_with(tmp_path, site, ["/ok", "/old", "/gone", "/noindex"])
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, path)
    window.entry_table.select_rows([1, 2])
    asked = answer_audit(monkeypatch, scope=AuditScope.SELECTION)
    run_audit_from_toolbar(qtbot, window)
    assert asked[0][AuditScope.SELECTION] == 2
    assert column_texts(window, VERDICT) == [None, "redirect", "not-found", None]
    assert "/ok" not in {seen.path for seen in site.seen}


def test_an_audit_of_two_thousand_urls_fills_every_row(qtbot, tmp_path, monkeypatch) -> None:
    guard_network(monkeypatch)
    with audit_site() as big:
        for number in range(2000):
            big[f"/p/{number}"] = page(status=404 if number % 100 == 7 else 200)
        path = project_of(tmp_path, [big.url(f"/p/{n}") for n in range(2000)],
                          "big.sitemapproj")
        window, answers = make_window(qtbot, tmp_path, monkeypatch)
        open_and_wait(qtbot, window, path)
        answer_audit(monkeypatch)
        with qtbot.waitSignal(window.audits.service.finished, timeout=300_000):
            window.window_actions.audit.trigger()
    verdicts = column_texts(window, VERDICT)
    assert verdicts.count("indexable") == 1980 and verdicts.count("not-found") == 20
    assert window.message_label.text().startswith("Audited 2,000 URLs: 1,980 indexable, "
                                                  "20 not-found")
    listed = window.issues_panel.model.findings()
    assert sum(finding.code == "audit-not-found" for finding in listed) == 20
    kept = kept_results(qtbot, tmp_path / "big.sitemapproj.audit.json")
    assert len(kept["results"]) == 2000
    assert answers.errors == []


def test_closing_during_an_audit_drops_its_late_results(qtbot, tmp_path, monkeypatch,
                                                        site) -> None:
    async def stall(request: web.Request) -> web.StreamResponse:
        assert site.release is not None
        await site.release.wait()
        return web.Response(text="late")

    site["/slow"] = stall
    path = project_with(tmp_path, site, ["/ok", "/slow"])
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, path)
    answer_audit(monkeypatch)
    window.window_actions.audit.trigger()
    qtbot.waitUntil(lambda: column_texts(window, VERDICT)[0] == "indexable", timeout=30_000)
    window.window_actions.close.trigger()
    assert not window.audits.busy and window.window_actions.audit.isEnabled() is False
    assert not window.audits.store
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=30_000)
    assert not window.audits.store
    assert not (tmp_path / "site.sitemapproj.audit.json").exists()


def test_a_damaged_results_file_costs_only_the_results(qtbot, tmp_path, monkeypatch,
                                                       site) -> None:
    path = project_with(tmp_path, site, ["/ok"])
    side = tmp_path / "site.sitemapproj.audit.json"
    side.write_text('{"format_version": 1,\n "results": [oops]}', encoding="utf-8")
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, path)
    qtbot.waitUntil(lambda: bool(answers.errors), timeout=15_000)  # read in the background
    [(title, message)] = answers.errors
    assert title == "The audit results cannot be read"
    assert str(side) in message and "line 2, column 14" in message
    assert column_texts(window, 0) == [site.url("/ok")]
    assert window.entry_table.view.horizontalHeader().isSectionHidden(VERDICT)
    assert side.read_text(encoding="utf-8").endswith("[oops]}")  # left as it was
