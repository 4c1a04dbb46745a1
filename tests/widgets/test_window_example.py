"""Help > Open the Example Project copies the bundled example to the user's folder and opens it.

The bundled copy lives inside the installation (site-packages, an app bundle): saving or
exporting it would write there, or fail. These tests drive the real menu action with the
folder question answered through ``prompts.ask_example_folder``.
"""

from __future__ import annotations

from pathlib import Path

from helpers.main_window import make_window, shown_title, wait_editable
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from sitemap_studio.resource_paths import EXAMPLE_COPY_NAME, example_project_path
from sitemap_studio.widgets import prompts

NEW_LOC = "https://shop.example.com/a-page-of-ours"


def bundled_files() -> dict[str, bytes]:
    """The bundled example's files and their bytes (its export folder aside)."""
    folder = example_project_path().parent
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


def help_action(window, text: str) -> QAction:
    """The action of the window's Help menu whose text starts with ``text``."""
    menus = {a.text(): a.menu() for a in window.menuBar().actions() if a.menu() is not None}
    actions = [a for a in menus["&Help"].actions() if a.text().startswith(text)]
    assert len(actions) == 1, [a.text() for a in menus["&Help"].actions()]
    return actions[0]


def answer_folder(monkeypatch, folder: Path | None) -> list[str]:
    """Answer the folder question with ``folder``; the start folders it was asked with."""
    asked: list[str] = []

    def ask(parent, start: str) -> str | None:
        asked.append(start)
        return None if folder is None else str(folder)

    monkeypatch.setattr(prompts, "ask_example_folder", ask)
    return asked


def open_example_from_the_menu(qtbot, window) -> None:
    with qtbot.waitSignal(window.workspace_loaded, timeout=15000):
        help_action(window, "Open the &Example Project").trigger()
    wait_editable(qtbot, window)


def test_the_example_is_copied_to_the_chosen_folder_and_the_copy_is_opened(
    qtbot, tmp_path, monkeypatch
) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    documents = tmp_path / "Documents"
    documents.mkdir()
    asked = answer_folder(monkeypatch, documents)
    before = bundled_files()
    open_example_from_the_menu(qtbot, window)

    copy = documents / EXAMPLE_COPY_NAME
    assert asked == [prompts.documents_folder()]
    assert {p.name: p.read_bytes() for p in copy.iterdir()} == before
    assert {s.path for s in window.session.states.values()} == {
        str(copy / n) for n in before if n.endswith(".xml")}
    assert window.current is not None
    assert Path(window.current.document.source.path).parent == copy
    assert shown_title(window).startswith("sitemap-pages.xml (example.sitemapproj)")
    assert answers.errors == []

    # Save writes the copy; the installed example stays as it was.
    proxy = window.entry_table.proxy
    assert proxy.setData(proxy.index(0, 0), NEW_LOC, Qt.ItemDataRole.EditRole)
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save.trigger()
    saved = Path(window.current.document.source.path)
    assert NEW_LOC in saved.read_text("utf-8")
    assert bundled_files() == before


def test_a_second_copy_goes_beside_the_first_and_leaves_it_alone(
    qtbot, tmp_path, monkeypatch
) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    first = tmp_path / EXAMPLE_COPY_NAME
    first.mkdir()
    (first / "example.sitemapproj").write_text("my own edits", "utf-8")
    answer_folder(monkeypatch, tmp_path)
    open_example_from_the_menu(qtbot, window)
    second = tmp_path / f"{EXAMPLE_COPY_NAME} 2"
    assert (first / "example.sitemapproj").read_text("utf-8") == "my own edits"
    assert sorted(p.name for p in first.iterdir()) == ["example.sitemapproj"]
    assert sorted(p.name for p in second.iterdir()) == sorted(bundled_files())
    assert Path(window.current.document.source.path).parent == second


def test_cancelling_the_folder_question_copies_and_opens_nothing(
    qtbot, tmp_path, monkeypatch
) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    answer_folder(monkeypatch, None)
    help_action(window, "Open the &Example Project").trigger()
    qtbot.wait(50)
    assert window.session.states == {} and window.current is None
    assert answers.errors == []
    assert not list(tmp_path.rglob("example.sitemapproj"))


def test_a_folder_that_cannot_take_the_copy_is_reported_and_nothing_opens(
    qtbot, tmp_path, monkeypatch
) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("a file, not a folder", "utf-8")
    answer_folder(monkeypatch, not_a_folder)
    help_action(window, "Open the &Example Project").trigger()
    qtbot.wait(50)
    ((title, message),) = answers.errors
    assert title == "Cannot copy the example project"
    assert message.startswith(f"{not_a_folder}: ")
    assert window.session.states == {} and window.current is None
    assert not_a_folder.read_text("utf-8") == "a file, not a folder"
