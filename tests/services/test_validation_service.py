"""Validation in the background, then incremental updates on the GUI thread; projects; cancel."""

from __future__ import annotations

from dataclasses import replace

from service_helpers import locs, urlset

from sitemap_studio.core.model.entries import Alternate
from sitemap_studio.core.project.workspace import FileRole, Workspace, WorkspaceItem
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.context import ValidationContext
from sitemap_studio.core.validation.registry import Profile
from sitemap_studio.services.validation_service import ValidationService

HREFLANG = ('<xhtml:link rel="alternate" hreflang="en" href="https://e.com/en/"/>'
            '<xhtml:link rel="alternate" hreflang="de" href="https://e.com/de/"/>')


def codes(validator) -> list[str]:
    return [finding.code for finding in validator.findings()]


def test_a_run_in_the_background_then_edits_update_the_findings(qtbot, runner) -> None:
    document = open_bytes(urlset("<loc>https://e.com/a</loc><priority>high</priority>",
                                 "<loc>https://e.com/b</loc>"))
    service = ValidationService(runner)
    busy: list[bool] = []
    service.busy_changed.connect(lambda doc, flag: busy.append(flag))
    with qtbot.waitSignal(service.validated, timeout=10_000) as blocker:
        job = service.validate(document, ValidationContext(), "a.xml")
        assert service.busy("a.xml")
        assert service.is_validating(document)
    key, validator = blocker.args
    assert key == "a.xml" and service.validator_for("a.xml") is validator
    assert codes(validator) == ["priority-not-decimal"]
    qtbot.waitUntil(lambda: not service.is_validating(document))
    assert busy == [True, False] and not service.busy("a.xml")
    assert not job.token.cancelled

    # The validator follows edits on the GUI thread, entry by entry.
    changed: list[set[int]] = []
    validator.findings_changed.connect(changed.append)
    document.set_text(document.id_at(0), "priority", "0.5")
    assert codes(validator) == []
    document.set_text(document.id_at(1), "loc", "https://e.com/a")
    assert codes(validator) == ["loc-duplicate"]
    assert document.id_at(1) in changed[-1]


def test_cancel_keeps_the_previous_validator(qtbot, runner) -> None:
    document = open_bytes(locs(*[f"https://e.com/{n}" for n in range(3000)]))
    service = ValidationService(runner)
    with qtbot.waitSignal(service.validated, timeout=10_000):
        service.validate(document, ValidationContext(), "k")
    first = service.validator_for("k")
    validated: list[object] = []
    service.validated.connect(lambda key, v: validated.append(v))
    with qtbot.waitSignal(service.validation_cancelled, timeout=10_000) as blocker:
        job = service.validate(document, ValidationContext(profile=Profile.GOOGLE), "k")
        service.cancel("k")
    assert blocker.args == ["k"]
    assert job.token.cancelled
    qtbot.waitUntil(lambda: not service.is_validating(document))
    assert validated == []
    assert service.validator_for("k") is first
    assert not service.busy("k")


def test_a_newer_run_replaces_a_running_one(qtbot, runner) -> None:
    document = open_bytes(locs("https://e.com/a"))
    service = ValidationService(runner)
    keys: list[object] = []
    service.validated.connect(lambda key, v: keys.append(v))
    old = service.validate(document, ValidationContext(), "k")
    with qtbot.waitSignal(service.validated, timeout=10_000) as blocker:
        service.validate(document, ValidationContext(profile=Profile.XSD), "k")
    assert old.token.cancelled
    qtbot.waitUntil(lambda: not service.is_validating(document))
    assert len(keys) == 1 and blocker.args[1].context.profile is Profile.XSD


def workspace_of(*documents) -> Workspace:
    items = [WorkspaceItem(f"/p/{n}.xml", FileRole.SITEMAP, None, doc)
             for n, doc in enumerate(documents)]
    items.append(WorkspaceItem("/p/broken.xml", FileRole.SITEMAP, None, None))
    return Workspace(None, items)


def test_members_are_handed_over_one_by_one(qtbot, runner) -> None:
    documents = [open_bytes(locs(*[f"https://e.com/{m}/{n}" for n in range(200)]))
                 for m in range(3)]
    workspace = workspace_of(*documents)
    key_of = {item.path: item.key for item in workspace.items}
    service = ValidationService(runner)
    seen: list[tuple[object, bool, bool]] = []

    def validated(key, validator) -> None:
        # When the first member arrives, the last is still being read by the run.
        seen.append((workspace.item(key).path, service.is_validating(validator.document),
                     service.busy(key_of["/p/2.xml"])))

    service.validated.connect(validated)
    progress: list[tuple[int, int]] = []
    job = service.validate_workspace(workspace, Profile.PROTOCOL, "https://e.com/")
    job.signals.progress.connect(lambda done, total: progress.append((done, total)))
    with qtbot.waitSignal(job.signals.finished, timeout=10_000):
        assert all(service.is_validating(doc) for doc in documents)
    assert [key for key, _, _ in seen] == ["/p/0.xml", "/p/1.xml", "/p/2.xml"]
    assert seen[0] == ("/p/0.xml", False, True)
    assert not any(service.is_validating(doc) for doc in documents)
    assert progress[-1] == (600, 600)
    assert service.validator_for(key_of["/p/broken.xml"]) is None


def test_hreflang_across_members_and_after_an_edit(qtbot, runner) -> None:
    en = open_bytes(urlset(f"<loc>https://e.com/en/</loc>{HREFLANG}"))
    de = open_bytes(locs("https://e.com/de/"))
    service = ValidationService(runner)
    en_item = WorkspaceItem("/p/en.xml", FileRole.SITEMAP, None, en)
    de_item = WorkspaceItem("/p/de.xml", FileRole.SITEMAP, None, de)
    job = service.validate_workspace(Workspace(None, [en_item, de_item]))
    with qtbot.waitSignal(job.signals.finished, timeout=10_000):
        pass
    assert codes(service.validator_for(de_item.key)) == ["hreflang-no-return-link"]
    changed: list[set[int]] = []
    service.validator_for(de_item.key).findings_changed.connect(changed.append)
    entry = de.entry_at(0)
    de.replace_entries([replace(entry, alternates=(
        Alternate("alternate", "de", "https://e.com/de/"),
        Alternate("alternate", "en", "https://e.com/en/")))])
    assert codes(service.validator_for(de_item.key)) == []
    assert codes(service.validator_for(en_item.key)) == []
    assert changed


def test_changing_the_profile_validates_again(qtbot, runner) -> None:
    single = open_bytes(urlset("<loc>https://e.com/a</loc><lastmod>2024-01</lastmod>"))
    member = open_bytes(urlset("<loc>https://e.com/b</loc><lastmod>2024-01</lastmod>"))
    service = ValidationService(runner)
    with qtbot.waitSignal(service.validated, timeout=10_000):
        service.validate(single, ValidationContext(), "single")
    workspace = workspace_of(member)
    member_key = workspace.items[0].key
    job = service.validate_workspace(workspace)
    with qtbot.waitSignal(job.signals.finished, timeout=10_000):
        pass
    assert service.validator_for("single").findings()[0].severity.name == "NOTICE"
    arrived: set[object] = set()
    service.validated.connect(lambda key, v: arrived.add(key))
    jobs = service.set_profile(Profile.XSD)
    assert len(jobs) == 2
    qtbot.waitUntil(lambda: arrived == {"single", member_key}, timeout=10_000)
    for key in ("single", member_key):
        validator = service.validator_for(key)
        assert validator.context.profile is Profile.XSD
        assert [f.severity.name for f in validator.findings()] == ["ERROR"]


def test_forget_stops_following(qtbot, runner) -> None:
    document = open_bytes(locs("https://e.com/a", "https://e.com/b"))
    service = ValidationService(runner)
    with qtbot.waitSignal(service.validated, timeout=10_000) as blocker:
        service.validate(document, ValidationContext(), "k")
    validator = blocker.args[1]
    service.forget(["k"])
    assert service.validator_for("k") is None
    document.set_text(document.id_at(1), "loc", "https://e.com/a")
    assert codes(validator) == []  # no longer following


def test_validating_one_member_does_not_stop_the_project_run(qtbot, runner) -> None:
    documents = [open_bytes(locs(f"https://e.com/{m}/a")) for m in range(2)]
    service = ValidationService(runner)
    arrived: list[object] = []
    service.validated.connect(lambda key, v: arrived.append(key))
    workspace = workspace_of(*documents)
    first, second = (item.key for item in workspace.items[:2])
    project_job = service.validate_workspace(workspace)
    single = service.validate(documents[0], ValidationContext(profile=Profile.XSD), first)
    assert not project_job.token.cancelled
    qtbot.waitUntil(lambda: len(arrived) == 2 and set(arrived) == {first, second},
                    timeout=10_000)
    qtbot.waitUntil(lambda: not runner.busy, timeout=10_000)
    assert not single.token.cancelled
    assert service.validator_for(first).context.profile is Profile.XSD
