"""A document keeps one identity in the window: Save As, same names, revert, crash recovery.

Each open file is found by its workspace item's key, never by its path or
document object: after a Save As, a revert or a recovery the tree row, the
findings, the prompts and edits still reach the same file, and two members
named alike in different folders stay apart.
"""

from __future__ import annotations

import threading
from pathlib import Path

from helpers.main_window import (
    column_texts,
    make_window,
    open_and_wait,
    prompted_then_closed_saving,
    shown_title,
    urlset,
    wait_editable,
    write_project,
)
from PySide6.QtCore import Qt

from sitemap_studio.core.validation import Profile
from sitemap_studio.core.writing.saving import OutputFormat
from sitemap_studio.dialogs import recovery_dialog
from sitemap_studio.qt_models.all_entries_model import FILE_COLUMN
from sitemap_studio.services import saving

A_LOCS = [f"https://example.com/a/{n}" for n in range(3)]
B_LOCS = [f"https://example.com/b/{n}" for n in range(3)]
RELATIVE = "/not-absolute"  # an error wherever it lands
#: An English page listing a German one that does not link back: a cross-file finding.
EN = urlset("https://example.com/en/", extra=(
    '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>'
    '<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>')).replace(
    "<urlset ", '<urlset xmlns:xhtml="http://www.w3.org/1999/xhtml" ')
DE = urlset("https://example.com/de/")
NOT_BACK = ("https://example.com/de/ does not link back to this page (this page lists it as "
            "'de'); Google ignores hreflang pairs that are not reciprocal")
LISTED = "https://example.com/en/ lists this page as 'de' but this page does not link back to it"


def _validated(window) -> bool:
    states = window.session.states.values()
    return bool(states) and all(s.validator is not None and not s.validating for s in states)


def _open(qtbot, window, project: Path) -> None:
    with qtbot.waitSignal(window.workspace_loaded, timeout=30000):
        window.open_path(str(project))
    qtbot.waitUntil(lambda: _validated(window), timeout=30000)


def _rows(window) -> dict[str, tuple[str, str, str]]:
    """The project tree as the user reads it: each file's name, entries, errors, warnings."""
    model = window.project_model
    top = model.index(0, 0)
    return {model.index(row, 0, top).data(): tuple(
        model.index(row, column, top).data() for column in (1, 2, 3))
        for row in range(model.rowCount(top))}


def _click_row(qtbot, window, name: str) -> None:
    """Click the tree row naming ``name``, as the user picks a file."""
    model, view = window.project_model, window.project_view
    top = model.index(0, 0)
    index = next(model.index(row, 0, top) for row in range(model.rowCount(top))
                 if model.index(row, 0, top).data() == name)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualRect(index).center())
    assert view.currentIndex() == index
    wait_editable(qtbot, window)


def _edit_first_loc(window, loc: str) -> None:
    proxy = window.entry_table.proxy
    assert proxy.setData(proxy.index(0, 0), loc, Qt.ItemDataRole.EditRole)


def test_save_as_of_a_member_then_edit_validate_and_close(qtbot, tmp_path, monkeypatch) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    _open(qtbot, window, write_project(tmp_path, {"a.xml": urlset(*A_LOCS),
                                             "b.xml": urlset(*B_LOCS)}))
    _click_row(qtbot, window, "b.xml")
    _edit_first_loc(window, "https://example.com/b/first")
    target = tmp_path / "moved" / "b-new.xml"
    target.parent.mkdir()
    answers.save_as = (str(target), OutputFormat.XML, False)
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save_as.trigger()
    assert shown_title(window).startswith("b-new.xml (shop.sitemapproj)")
    assert list(_rows(window)) == ["a.xml", "b-new.xml"]
    assert window.project_view.currentIndex().data() == "b-new.xml"
    assert window.settings.recent_files()[0] == str(target)

    # An edit after the Save As lands in the new file, and its finding on its row.
    wait_editable(qtbot, window)
    _edit_first_loc(window, RELATIVE)
    qtbot.waitUntil(lambda: _rows(window)["b-new.xml"][1] == "1")
    assert _rows(window)["a.xml"][1] == "0"
    # Validating the whole project again (another profile) still finds the new file.
    window.window_actions.profile_actions[Profile.GOOGLE].trigger()
    qtbot.waitUntil(lambda: _validated(window), timeout=30000)
    assert _rows(window) == {"a.xml": ("3", "0", "0"), "b-new.xml": ("3", "1", "0")}
    assert column_texts(window, 0)[0] == RELATIVE  # still the file shown

    assert prompted_then_closed_saving(qtbot, window, answers) == [["b-new.xml"]]
    assert RELATIVE in target.read_text(encoding="utf-8")
    assert (tmp_path / "b.xml").read_text(encoding="utf-8") == urlset(*B_LOCS)
    assert (tmp_path / "a.xml").read_text(encoding="utf-8") == urlset(*A_LOCS)


def test_members_with_one_file_name_in_two_folders_stay_apart(qtbot, tmp_path,
                                                              monkeypatch) -> None:
    en_locs = [f"https://example.com/en/{n}" for n in range(2)]
    de_locs = [f"https://example.com/de/{n}" for n in range(3)]
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    _open(qtbot, window, write_project(tmp_path, {"en/sitemap.xml": urlset(*en_locs),
                                             "de/sitemap.xml": urlset(*de_locs)}))
    assert _rows(window) == {"en/sitemap.xml": ("2", "0", "0"),
                             "de/sitemap.xml": ("3", "0", "0")}

    # An edit in one file: its row, and only its row, shows the finding; only it is modified.
    _click_row(qtbot, window, "de/sitemap.xml")
    assert window.windowTitle().startswith("de/sitemap.xml (")  # the title tells them apart too
    _edit_first_loc(window, RELATIVE)
    qtbot.waitUntil(lambda: _rows(window)["de/sitemap.xml"][1] == "1")
    assert _rows(window)["en/sitemap.xml"][1] == "0"
    qtbot.waitUntil(lambda: window.issues_panel.model.rowCount() == 1)

    # All entries names each file apart, and an edit there lands in the right one.
    window.project_view.setCurrentIndex(window.project_model.all_entries_index())
    qtbot.waitUntil(lambda: window.all_view.shown and window.all_view.editable())
    proxy = window.all_table.proxy
    files = [proxy.index(row, FILE_COLUMN).data() for row in range(proxy.rowCount())]
    assert files == ["en/sitemap.xml"] * 2 + ["de/sitemap.xml"] * 3
    assert proxy.setData(proxy.index(1, 0), "https://example.com/en/changed",
                         Qt.ItemDataRole.EditRole)
    qtbot.waitUntil(lambda: _validated(window), timeout=30000)
    assert _rows(window) == {"en/sitemap.xml": ("2", "0", "0"),
                             "de/sitemap.xml": ("3", "1", "0")}
    assert sorted(window.session.label(s) for s in window.session.modified_states) == [
        "de/sitemap.xml", "en/sitemap.xml"]
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save_all.trigger()
    qtbot.waitUntil(lambda: not window.session.modified_states, timeout=10000)
    en_text = (tmp_path / "en" / "sitemap.xml").read_text(encoding="utf-8")
    de_text = (tmp_path / "de" / "sitemap.xml").read_text(encoding="utf-8")
    assert "https://example.com/en/changed" in en_text and RELATIVE not in en_text
    assert RELATIVE in de_text and "changed" not in de_text


def test_project_findings_land_on_the_right_member_after_a_rename(qtbot, tmp_path,
                                                                  monkeypatch) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    _open(qtbot, window, write_project(tmp_path, {"en.xml": EN, "de.xml": DE}))
    before = _rows(window)
    assert before == {"en.xml": ("1", "0", "1"), "de.xml": ("1", "0", "1")}
    assert _messages(qtbot, window, "en.xml") == [NOT_BACK]
    assert _messages(qtbot, window, "de.xml") == [LISTED]
    target = tmp_path / "deutsch.xml"
    answers.save_as = (str(target), OutputFormat.XML, False)
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save_as.trigger()
    assert _rows(window) == {"en.xml": before["en.xml"], "deutsch.xml": before["de.xml"]}
    # The whole project validated again: each cross-file finding is still its own file's.
    window.window_actions.profile_actions[Profile.GOOGLE].trigger()
    qtbot.waitUntil(lambda: _validated(window), timeout=30000)
    assert _rows(window) == {"en.xml": ("1", "0", "1"), "deutsch.xml": ("1", "0", "1")}
    assert _messages(qtbot, window, "deutsch.xml") == [LISTED]
    assert _messages(qtbot, window, "en.xml") == [NOT_BACK]


def _messages(qtbot, window, name: str) -> list[str]:
    """The findings the issues panel lists once the user picked ``name`` in the tree."""
    _click_row(qtbot, window, name)
    panel = window.issues_panel.model
    qtbot.waitUntil(lambda: panel.rowCount() > 0)
    return [finding.message for finding in panel.findings()]


def test_revert_and_crash_recovery_keep_the_member_and_its_findings(qtbot, tmp_path,
                                                                    monkeypatch) -> None:
    project = write_project(tmp_path, {"a.xml": urlset(*A_LOCS), "b.xml": urlset(*B_LOCS)})
    first, _ = make_window(qtbot, tmp_path, monkeypatch)
    _open(qtbot, first, project)
    _click_row(qtbot, first, "b.xml")
    _edit_first_loc(first, RELATIVE)
    with qtbot.waitSignal(first.session.journal.written, timeout=5000):
        pass
    # A crash: the window goes without asking or cleaning up.
    first.session.journal.setParent(None)
    first.files.may_close = lambda: True  # type: ignore[method-assign]
    first.session.close_all = lambda: None  # type: ignore[method-assign]
    first.close()

    monkeypatch.setattr(recovery_dialog.RecoveryDialog, "ask", classmethod(
        lambda cls, parent, recoveries: recovery_dialog.RecoveryChoice(
            recovery_dialog.RecoveryAction.RECOVER, recoveries[0])))
    window, answers = make_window(qtbot, tmp_path, monkeypatch, settings_name="again.ini")
    with qtbot.waitSignal(window.session.replaced, timeout=30000):
        window.open_path(str(project))  # offers b.xml's journal, recovered into the project
    qtbot.waitUntil(lambda: _validated(window), timeout=30000)
    assert _rows(window) == {"a.xml": ("3", "0", "0"), "b.xml": ("3", "1", "0")}
    assert window.project_view.currentIndex().data() == "b.xml"
    assert column_texts(window, 0)[0] == RELATIVE
    assert [window.session.label(s) for s in window.session.modified_states] == ["b.xml"]

    # Revert: the same row shows the file again, its findings follow.
    answers.confirm = True
    with qtbot.waitSignal(window.session.replaced, timeout=10000):
        window.window_actions.revert.trigger()
    qtbot.waitUntil(lambda: _validated(window), timeout=30000)
    assert _rows(window) == {"a.xml": ("3", "0", "0"), "b.xml": ("3", "0", "0")}
    assert window.project_view.currentIndex().data() == "b.xml"
    assert column_texts(window, 0) == B_LOCS
    assert not window.session.modified_states
    # Edits after the revert still reach b.xml and its row.
    wait_editable(qtbot, window)
    _edit_first_loc(window, RELATIVE)
    qtbot.waitUntil(lambda: _rows(window)["b.xml"][1] == "1")
    assert _rows(window)["a.xml"][1] == "0"


def test_a_save_overtaken_by_a_revert_leaves_later_edits_unsaved(qtbot, tmp_path,
                                                                 monkeypatch) -> None:
    gate = threading.Event()
    write_save = saving.write_save

    def held_write(*args, **kwargs):
        gate.wait(60)  # the save is slow: the user reverts and edits meanwhile
        return write_save(*args, **kwargs)

    monkeypatch.setattr(saving, "write_save", held_write)
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    path.write_text(urlset(*A_LOCS), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    try:
        _edit_first_loc(window, "https://example.com/saved")
        window.window_actions.save.trigger()
        answers.confirm = True
        with qtbot.waitSignal(window.session.replaced, timeout=10000):
            window.window_actions.revert.trigger()
        wait_editable(qtbot, window)
        _edit_first_loc(window, "https://example.com/after-revert")
    finally:
        with qtbot.waitSignal(window.session.saves.saved, timeout=10000):
            gate.set()
    assert "https://example.com/saved" in path.read_text(encoding="utf-8")
    assert column_texts(window, 0)[0] == "https://example.com/after-revert"
    assert window.isWindowModified() and shown_title(window).startswith("site.xml*")
    assert [window.session.label(s) for s in window.session.modified_states] == ["site.xml"]
