"""The test data is there: our own always; the shared data beside the repository when present
(each source is a case of ``hostile_dir``/``corpus_dir``; a missing shared folder fails in CI)."""

from __future__ import annotations

from pathlib import Path


def test_hostile_inputs_are_there(hostile_dir: Path) -> None:
    assert (hostile_dir / "EXPECT.json").is_file()
    assert any(hostile_dir.glob("*.xml"))


def test_corpus_is_there(corpus_dir: Path) -> None:
    assert (corpus_dir / "MANIFEST.tsv").is_file()
    assert any(corpus_dir.glob("*.xml"))
