"""The recovery dialog: the journals it lists, and recover, discard (confirmed) or later."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from dialog_helpers import urlset
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from sitemap_studio.core.project.workspace_loading import read_file
from sitemap_studio.core.reading.fingerprints import fingerprint_of
from sitemap_studio.core.writing.recovery import (
    Recovery,
    discard_recovery,
    find_recoveries,
    read_recovery,
    write_recovery,
)
from sitemap_studio.dialogs.recovery_dialog import (
    RecoveryAction,
    RecoveryChoice,
    RecoveryDialog,
    size_text,
)


def journal_of(path: Path, *, journal: Path | None = None) -> Recovery:
    """Edit the sitemap at ``path`` (or a new one) and journal the edits."""
    if journal is None:
        path.write_bytes(urlset("https://e.com/a", "https://e.com/b"))
        document = read_file(path)
        original, fingerprint = path, fingerprint_of(document)
    else:
        document = read_file(_scratch(path))
        original, fingerprint = None, None
    entry = document.entry_at(0)
    document.replace_entries([replace(entry, loc="https://e.com/edited")])
    return read_recovery(write_recovery(document, original, fingerprint, journal_path=journal))


def _scratch(folder: Path) -> Path:
    path = folder / "scratch.xml"
    path.write_bytes(urlset("https://e.com/new"))
    return path


@pytest.fixture
def recoveries(tmp_path: Path) -> list[Recovery]:
    """Four journals: unchanged original, changed since, missing original, never saved."""
    unchanged = journal_of(tmp_path / "shop.xml")
    changed_path = tmp_path / "blog.xml"
    journal_of(changed_path)
    changed_path.write_bytes(urlset("https://e.com/changed-on-disk"))
    missing_path = tmp_path / "gone.xml"
    journal_of(missing_path)
    missing_path.unlink()
    unsaved = journal_of(tmp_path, journal=tmp_path / ".untitled-1.sitemap-studio-recovery")
    found = {recovery.name: recovery for recovery in find_recoveries([tmp_path])}
    assert set(found) == {"shop.xml", "blog.xml", "gone.xml", "Untitled"}
    assert found["shop.xml"] == unchanged and found["Untitled"] == unsaved
    return [found[name] for name in ("shop.xml", "blog.xml", "gone.xml", "Untitled")]


def make_dialog(qtbot, recoveries) -> RecoveryDialog:
    dialog = RecoveryDialog(recoveries)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def cells(dialog: RecoveryDialog) -> list[list[str]]:
    model = dialog.model
    return [[model.index(row, column).data() for column in range(model.columnCount())]
            for row in range(model.rowCount())]


def answer_confirmation(qtbot, button_text: str, seen: list[str]) -> None:
    """Once the confirmation box is up, note its text and click the button named ``button_text``."""

    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, click)
            return
        seen.append(f"{box.text()} {box.informativeText()}")
        [button] = [b for b in box.buttons() if b.text() == button_text]
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, click)


def test_every_journal_is_listed_with_the_state_of_its_file(qtbot, qtmodeltester, recoveries,
                                                           tmp_path) -> None:
    dialog = make_dialog(qtbot, recoveries)
    assert dialog.windowTitle() == "Recover Unsaved Edits"
    rows = cells(dialog)
    assert [row[0] for row in rows] == ["shop.xml", "blog.xml", "gone.xml", "Untitled"]
    assert [row[1] for row in rows] == [str(tmp_path)] * 3 + [""]
    assert [row[4] for row in rows] == ["unchanged", "changed since", "missing", "never saved"]
    assert rows[0][2] == recoveries[0].written_at.astimezone().strftime("%Y-%m-%d %H:%M")
    assert rows[0][3] == f"{recoveries[0].header.length} bytes"
    foreground = [dialog.model.index(row, 4).data(Qt.ItemDataRole.ForegroundRole)
                  for row in range(4)]
    assert [brush is not None for brush in foreground] == [False, True, True, False]
    assert "for these 4 documents." in dialog.intro_label.text()
    qtmodeltester.check(dialog.model)


def test_the_details_warn_about_a_changed_file(qtbot, recoveries) -> None:
    dialog = make_dialog(qtbot, recoveries)
    assert dialog.selected is recoveries[0]
    assert not dialog.details.is_problem
    assert recoveries[0].journal_path in dialog.details.text()
    dialog.table.selectRow(1)
    assert dialog.selected is recoveries[1]
    assert dialog.details.is_problem
    assert "changed on disk" in dialog.details.text()
    dialog.table.selectRow(2)
    assert "no longer there" in dialog.details.text()
    dialog.table.selectRow(3)
    assert dialog.details.text().startswith("Edits of a document that was never saved")


def test_recover_returns_the_selected_journal(qtbot, recoveries) -> None:
    dialog = make_dialog(qtbot, recoveries)
    assert dialog.recover_button.isDefault()
    dialog.table.selectRow(1)
    qtbot.mouseClick(dialog.recover_button, Qt.MouseButton.LeftButton)
    assert dialog.choice == RecoveryChoice(RecoveryAction.RECOVER, recoveries[1])
    assert not dialog.isVisible()
    assert os.path.exists(recoveries[1].journal_path)


def test_later_keeps_the_journal(qtbot, recoveries) -> None:
    dialog = make_dialog(qtbot, recoveries[:1])
    assert "for this document." in dialog.intro_label.text()
    qtbot.mouseClick(dialog.later_button, Qt.MouseButton.LeftButton)
    assert dialog.choice == RecoveryChoice(RecoveryAction.LATER, recoveries[0])
    assert os.path.exists(recoveries[0].journal_path)


def test_discard_asks_first(qtbot, recoveries) -> None:
    dialog = make_dialog(qtbot, recoveries)
    dialog.table.selectRow(2)
    seen: list[str] = []
    answer_confirmation(qtbot, "&Keep", seen)
    qtbot.mouseClick(dialog.discard_button, Qt.MouseButton.LeftButton)
    assert seen == ["Discard the unsaved edits of gone.xml? The recovery journal is deleted. "
                    "This cannot be undone."]
    assert dialog.isVisible() and dialog.choice is None
    answer_confirmation(qtbot, "&Discard", seen)
    qtbot.mouseClick(dialog.discard_button, Qt.MouseButton.LeftButton)
    assert len(seen) == 2
    assert dialog.choice == RecoveryChoice(RecoveryAction.DISCARD, recoveries[2])
    # The caller deletes the journal; the dialog only decides.
    assert os.path.exists(recoveries[2].journal_path)
    assert discard_recovery(dialog.choice.recovery)
    assert not os.path.exists(recoveries[2].journal_path)


def test_escape_decides_nothing(qtbot, recoveries) -> None:
    dialog = make_dialog(qtbot, recoveries)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible() and dialog.choice is None


def test_ask_until_every_journal_is_decided(qtbot, run_modal, recoveries) -> None:
    left = list(recoveries)
    decided: list[RecoveryChoice] = []

    def recover_first(dialog: RecoveryDialog) -> None:
        qtbot.keyClick(dialog.table, Qt.Key.Key_Return)

    def later_last(dialog: RecoveryDialog) -> None:
        dialog.table.selectRow(dialog.model.rowCount() - 1)
        dialog.later_button.click()

    for drive in (recover_first, later_last):
        choice = run_modal(RecoveryDialog, lambda: RecoveryDialog.ask(None, left), drive)
        assert choice is not None
        decided.append(choice)
        left.remove(choice.recovery)
    assert [(c.action, c.recovery.name) for c in decided] == [
        (RecoveryAction.RECOVER, "shop.xml"), (RecoveryAction.LATER, "Untitled")]

    def close(dialog: RecoveryDialog) -> None:
        dialog.reject()

    assert run_modal(RecoveryDialog, lambda: RecoveryDialog.ask(None, left), close) is None
    assert RecoveryDialog.ask(None, []) is None  # nothing to show: no dialog


def test_sizes_are_readable() -> None:
    assert [size_text(n) for n in (0, 1, 999, 1000, 12_345, 4_000_000, 7 * 10**12)] == [
        "0 bytes", "1 byte", "999 bytes", "1.0 KB", "12.3 KB", "4.0 MB", "7,000.0 GB"]
