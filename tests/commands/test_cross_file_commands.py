"""One undo step over several files, each file's change on its own stack."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QUndoStack

from sitemap_studio.commands.cross_file_commands import AcrossFilesEditor, FileEdit, edit_across
from sitemap_studio.core.project import FileRole, WorkspaceItem
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.services.document_state import DocumentState

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _doc(*locs: str):
    body = "".join(f"<url><loc>{loc}</loc></url>" for loc in locs)
    return open_bytes(f'<urlset xmlns="{NS}">{body}</urlset>'.encode())


def _files():
    first, second = _doc("http://e.com/a", "http://e.com/b"), _doc("http://e.com/c")
    return first, second, QUndoStack(), QUndoStack(), QUndoStack()


def _secure(document, rows):
    return [replace(document.entry_at(row), loc=document.text(row, 0).replace("http:", "https:"))
            for row in rows]


def test_one_step_undoes_and_redoes_every_file() -> None:
    first, second, stack_a, stack_b, steps = _files()
    raw_a, raw_b = first.to_bytes(), second.to_bytes()
    assert edit_across(steps, [FileEdit(stack_a, first, _secure(first, [0, 1])),
                               FileEdit(stack_b, second, _secure(second, [0]))], "Secure")
    assert steps.count() == 1 and stack_a.count() == 1 and stack_b.count() == 1
    assert not stack_a.isClean() and not stack_b.isClean()  # both files are modified
    assert first.text(1, 0) == "https://e.com/b" and second.text(0, 0) == "https://e.com/c"
    steps.undo()
    assert first.to_bytes() == raw_a and second.to_bytes() == raw_b
    assert stack_a.isClean() and stack_b.isClean()
    steps.redo()
    assert first.text(0, 0) == "https://e.com/a" and second.text(0, 0) == "https://e.com/c"
    assert steps.undoText() == "Secure"


def test_a_refused_file_leaves_every_file_as_it_was() -> None:
    first, second, stack_a, stack_b, steps = _files()
    raw_a = first.to_bytes()
    bad = [replace(second.entry_at(0), loc="https://e.com/\x01")]
    refusals: list[str] = []
    assert not edit_across(steps, [FileEdit(stack_a, first, _secure(first, [0])),
                                   FileEdit(stack_b, second, bad)], "Secure",
                           on_error=lambda error: refusals.append(error.message))
    assert refusals and first.to_bytes() == raw_a
    assert steps.count() == stack_a.count() == stack_b.count() == 0


def test_a_step_whose_file_moved_on_is_dropped() -> None:
    first, second, stack_a, stack_b, steps = _files()
    edit_across(steps, [FileEdit(stack_a, first, _secure(first, [0])),
                        FileEdit(stack_b, second, _secure(second, [0]))], "Secure")
    stack_a.undo()  # the file's own view undid its part
    steps.undo()
    assert steps.count() == 0
    assert second.text(0, 0) == "https://e.com/c"  # nothing undone behind the user's back


def test_an_editor_answers_with_the_reason_the_core_refused_an_edit() -> None:
    """The table model's editors, for one file and across files, say why the core refused."""
    for kind in ("across files", "one file"):
        text_list = open_bytes(b"https://e.com/a\nhttps://e.com/b\n", "list.txt")
        steps, stack = QUndoStack(), QUndoStack()
        editor = AcrossFilesEditor(steps, stack, text_list) if kind == "across files" else \
            DocumentState(WorkspaceItem("list.txt", FileRole.SITEMAP, document=text_list), stack)
        answer = editor.edit_entries([replace(text_list.entry_at(0), lastmod="2024-01-01")],
                                     "Edit lastmod")
        assert answer.refusal is not None and "holds only URLs" in answer.refusal, kind
        assert not answer.accepted
        assert text_list.to_bytes() == b"https://e.com/a\nhttps://e.com/b\n"
        assert steps.count() == 0 and stack.count() == 0
        answer = editor.edit_entries([replace(text_list.entry_at(1), loc="https://e.com/c")],
                                     "Edit loc")
        assert answer.accepted and text_list.text(1, 0) == "https://e.com/c"
        assert stack.count() == 1
