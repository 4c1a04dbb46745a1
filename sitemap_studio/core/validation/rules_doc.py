"""Render ``docs/rules.md`` from the rule registry (``python -m ...rules_doc > docs/rules.md``)."""

from __future__ import annotations

import sys

from sitemap_studio.core.validation import engine, robots_rules  # noqa: F401  (registers rules)
from sitemap_studio.core.validation.registry import PROFILE_TITLES, RULES, Profile, Rule

HEADER = """# Validation rules

Generated from the rule registry (`sitemap_studio/core/validation/`) by
`python -m sitemap_studio.core.validation.rules_doc > docs/rules.md`; a test
keeps this file in step with the code.

Every finding has a stable code, a severity, the source of the rule and, where
there is one, a quick fix. The severity depends on the profile you validate
with (`--profile`, or the Validation menu):

"""


def _severity(rule: Rule, profile: Profile) -> str:
    severity = rule.severity_for(profile)
    return "off" if severity is None else severity.value


def _cell(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("|", "\\|").replace("\n", " "))


def render() -> str:
    """The whole Markdown document."""
    lines = [HEADER.rstrip("\n"), ""]
    lines.extend(f"- `{profile.value}`: {title}" for profile, title in PROFILE_TITLES.items())
    lines.append("")
    profiles = list(Profile)
    head = ["Code", *[f"{p.value}" for p in profiles], "Source", "Checks", "Quick fix"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for code in sorted(RULES):
        rule = RULES[code]
        cells = [f"`{code}`", *[_severity(rule, p) for p in profiles], rule.source.value,
                 _cell(rule.checks), _cell(rule.fix or "")]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(render())
