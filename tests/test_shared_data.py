"""The shared test data sits beside the repository (a skip when missing, an error in CI)."""

from __future__ import annotations

from pathlib import Path


def test_hostile_inputs_are_there(hostile_dir: Path) -> None:
    assert (hostile_dir / "EXPECT.json").is_file()
    assert any(hostile_dir.glob("*.xml"))


def test_real_corpus_is_there(corpus_dir: Path) -> None:
    assert (corpus_dir / "MANIFEST.tsv").is_file()
    assert any(corpus_dir.glob("*.xml"))
