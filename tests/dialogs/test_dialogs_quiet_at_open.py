"""Dialogs open without red errors; a problem turns red once the user has typed or clicked."""

from __future__ import annotations

from dialog_helpers import document_of
from PySide6.QtCore import Qt

from sitemap_studio.core.project.project_file import Project
from sitemap_studio.core.project.workspace import open_workspace
from sitemap_studio.dialogs.bulk_edit_dialog import BulkEditDialog
from sitemap_studio.dialogs.dedupe_dialog import DedupeDialog
from sitemap_studio.dialogs.export_dialog import ExportDialog
from sitemap_studio.dialogs.feedback_label import FeedbackLabel
from sitemap_studio.dialogs.find_replace_dialog import FindReplaceDialog
from sitemap_studio.dialogs.import_dialog import ImportDialog
from sitemap_studio.dialogs.submission_dialog import SubmissionDialog

LOCS = [f"https://example.com/p{n}" for n in range(200)]


def _red(dialog) -> list[str]:
    return [label.text() for label in dialog.findChildren(FeedbackLabel)
            if label.is_red and label.text()]


def _shown(qtbot, dialog):
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_no_dialog_opens_with_a_red_error(qtbot, runner, tmp_path) -> None:
    plain = tmp_path / "plain.xml"
    plain.write_bytes(b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                      + b"".join(f"<url><loc>{loc}</loc></url>".encode() for loc in LOCS)
                      + b"</urlset>")
    document = document_of(*LOCS)
    dialogs = {
        "bulk edit": BulkEditDialog(3),
        "find and replace": FindReplaceDialog(document),
        "dedupe": DedupeDialog(document),
        "export": ExportDialog(runner, open_workspace(plain), None),
        "submission": SubmissionDialog(runner, Project(path=None, site_url="https://example.com/"),
                                       ["https://example.com/sitemap.xml"], LOCS),
        "import": ImportDialog(runner=runner, target_name=None),
    }
    for dialog in dialogs.values():
        _shown(qtbot, dialog)
    assert {name: _red(dialog) for name, dialog in dialogs.items()} == {
        name: [] for name in dialogs}
    # ... yet each says why OK is not available yet, in the normal colour.
    assert dialogs["bulk edit"].status_label.is_problem
    assert not dialogs["bulk edit"].ok_button.isEnabled()
    assert dialogs["submission"].indexnow_tab.key_label.text().startswith("No key yet")


def test_a_problem_turns_red_once_the_user_acts(qtbot, runner, tmp_path) -> None:
    bulk = _shown(qtbot, BulkEditDialog(3))
    check = bulk.rows["changefreq"].check
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    assert _red(bulk) == []  # a field is ticked: nothing wrong
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    assert _red(bulk) == ["Tick at least one field to change."]

    find = _shown(qtbot, FindReplaceDialog(document_of(*LOCS)))
    qtbot.keyClicks(find.find_edit, "x")
    qtbot.keyClick(find.find_edit, Qt.Key.Key_Backspace)
    qtbot.waitUntil(lambda: _red(find) == ["Type the text to find."])

    submission = _shown(qtbot, SubmissionDialog(runner, None, [], LOCS))
    qtbot.keyClicks(submission.indexnow_tab.key_edit, "short")
    assert any("key" in text for text in _red(submission))
