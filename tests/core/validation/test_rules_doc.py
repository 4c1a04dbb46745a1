"""docs/rules.md is generated from the registry and kept in step with it."""

from __future__ import annotations

from pathlib import Path

from sitemap_studio.core.validation.registry import RULES
from sitemap_studio.core.validation.rules_doc import render

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules.md"


def test_rules_md_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == render(), (
        "docs/rules.md is out of date: run "
        "python -m sitemap_studio.core.validation.rules_doc > docs/rules.md")


def test_every_rule_is_documented_with_a_source() -> None:
    text = render()
    for code, rule in RULES.items():
        assert f"`{code}`" in text
        assert rule.checks.strip()
    assert "&lt;image:caption&gt;" in text
