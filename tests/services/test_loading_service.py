"""Loading in the background: members arrive one by one, cancel keeps what was read."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from service_helpers import locs

from sitemap_studio.core.model.errors import Cancelled
from sitemap_studio.core.project import workspace_loading
from sitemap_studio.core.project.workspace import WorkspaceItem
from sitemap_studio.core.project.workspace_loading import WorkspacePlan, read_file
from sitemap_studio.core.reading.fingerprints import fingerprint_file, fingerprint_of
from sitemap_studio.core.writing.recovery import find_recoveries, write_recovery
from sitemap_studio.services.loading import LoadService


@pytest.fixture
def project(site: Path) -> Path:
    for number in range(3):
        (site / f"s{number}.xml").write_bytes(locs(f"https://e.com/{number}/a",
                                                   f"https://e.com/{number}/b"))
    (site / "broken.xml").write_bytes(b"<urlset><url>")
    path = site / "site.sitemapproj"
    path.write_text(json.dumps({
        "format_version": 2,
        "site_url": "https://e.com/",
        "sitemaps": [{"path": "s0.xml"}, {"path": "s1.xml"}, {"path": "broken.xml"},
                     {"path": "s2.xml"}],
    }))
    return path


class Gate:
    """Holds the worker before it reads the member named ``name``, until released."""

    def __init__(self, monkeypatch, name: str) -> None:
        self.name = name
        self.reached = threading.Event()
        self.opened = threading.Event()
        real = workspace_loading.open_document

        def open_document(path, *args, **kwargs):
            if Path(path).name == self.name:
                self.reached.set()
                assert self.opened.wait(5)
            return real(path, *args, **kwargs)

        monkeypatch.setattr(workspace_loading, "open_document", open_document)


def test_members_arrive_before_the_workspace_is_done(qtbot, runner, project, monkeypatch) -> None:
    gate = Gate(monkeypatch, "s1.xml")
    service = LoadService(runner)
    events: list[object] = []
    service.plan_ready.connect(lambda plan: events.append(plan))
    service.item_loaded.connect(lambda item: events.append(item))
    with qtbot.waitSignal(service.item_loaded, timeout=5000) as first:
        job = service.load(project)
    # The first member is here, and the worker goes on to wait before the second one.
    qtbot.waitUntil(gate.reached.is_set, timeout=5000)
    assert not gate.opened.is_set() and service.loading
    item = first.args[0]
    assert isinstance(item, WorkspaceItem) and item.document is not None
    assert item.path == str(project.parent / "s0.xml")
    assert isinstance(events[0], WorkspacePlan) and len(events[0].members) == 4
    with qtbot.waitSignal(service.loaded, timeout=5000) as done:
        gate.opened.set()
    workspace = done.args[0]
    assert [i.path for i in workspace.items] == [i.path for i in events[1:]]
    assert [Path(i.path).name for i in workspace.items] == ["s0.xml", "s1.xml", "broken.xml",
                                                            "s2.xml"]
    broken = workspace.items[2]
    assert broken.document is None and broken.error.path == str(project.parent / "broken.xml")
    assert fingerprint_of(workspace.items[3].document) == fingerprint_file(
        project.parent / "s2.xml")
    assert job.token.cancelled is False and not service.loading


def test_cancel_during_loading_keeps_the_members_read(qtbot, runner, project,
                                                      monkeypatch) -> None:
    gate = Gate(monkeypatch, "s1.xml")
    service = LoadService(runner)
    loaded: list[object] = []
    service.loaded.connect(loaded.append)
    job = service.load(project)
    qtbot.waitUntil(gate.reached.is_set, timeout=5000)
    with qtbot.waitSignal(service.load_cancelled, timeout=5000) as blocker:
        service.cancel()
        gate.opened.set()
    partial = blocker.args[0]
    assert [Path(i.path).name for i in partial.items] == ["s0.xml"]
    assert partial.project is not None and partial.project.site_url == "https://e.com/"
    assert job.token.cancelled and loaded == [] and not service.loading


def test_progress_reaches_the_end(qtbot, runner, project) -> None:
    service = LoadService(runner)
    job = service.load(project)
    progress: list[tuple[int, int]] = []
    job.signals.progress.connect(lambda done, total: progress.append((done, total)))
    with qtbot.waitSignal(service.loaded, timeout=5000):
        pass
    assert progress and progress[-1] == (10_000, 10_000)
    assert [done for done, _ in progress] == sorted(done for done, _ in progress)


def test_a_lone_file_that_cannot_be_read_fails(qtbot, runner, site) -> None:
    path = site / "bad.xml"
    path.write_bytes(b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url>\n')
    service = LoadService(runner)
    with qtbot.waitSignal(service.load_failed, timeout=5000) as blocker:
        service.load(path)
    failed_path, error = blocker.args
    assert failed_path == str(path) and error.located().startswith(f"{path}:")


def test_a_new_load_replaces_one_under_way(qtbot, runner, project, site, monkeypatch) -> None:
    gate = Gate(monkeypatch, "s1.xml")
    service = LoadService(runner)
    first = service.load(project)
    qtbot.waitUntil(gate.reached.is_set, timeout=5000)
    lone = site / "s2.xml"
    cancelled: list[object] = []
    service.load_cancelled.connect(cancelled.append)
    with qtbot.waitSignal(service.loaded, timeout=5000) as blocker:
        service.load(lone)
        gate.opened.set()
    assert first.token.cancelled and cancelled == []
    assert [i.path for i in blocker.args[0].items] == [str(lone)]


def test_revert_and_recover(qtbot, runner, site) -> None:
    path = site / "s.xml"
    path.write_bytes(locs("https://e.com/a"))
    document = read_file(path)
    document.set_text(document.id_at(0), "loc", "https://e.com/edited")
    service = LoadService(runner)
    with qtbot.waitSignal(service.reverted, timeout=5000) as blocker:
        service.revert(document)
    assert blocker.args[1] is document and blocker.args[2].entry_at(0).loc == "https://e.com/a"

    write_recovery(document, path, fingerprint_of(document))
    [recovery] = find_recoveries([str(path)])
    with qtbot.waitSignal(service.recovered, timeout=5000) as blocker:
        service.recover(recovery)
    assert blocker.args[0] is recovery
    assert blocker.args[1].to_bytes() == document.to_bytes()
    assert path.read_bytes() == locs("https://e.com/a")


def test_iter_workspace_yields_lazily(project) -> None:
    from sitemap_studio.core.model.progress import CancelToken

    token = CancelToken()
    items = workspace_loading.iter_workspace(project, cancel=token)
    assert Path(next(items).path).name == "s0.xml"
    token.cancel()
    with pytest.raises(Cancelled):
        next(items)
