"""The rule registry: every check's code, severity per profile, source and fix, in one place.

``docs/rules.md`` is generated from this registry, and the validator asks it
how severe a finding is under the profile the user picked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from sitemap_studio.core.model.findings import RuleSource, Severity


class Profile(StrEnum):
    """Which authority the user wants sitemaps judged by."""

    PROTOCOL = "protocol"
    XSD = "xsd"
    GOOGLE = "google"


PROFILE_TITLES = {
    Profile.PROTOCOL: "the sitemaps.org protocol text",
    Profile.XSD: "the official XSD schemas, strictly",
    Profile.GOOGLE: "Google Search Central's current documentation",
}


@dataclass(frozen=True, slots=True)
class Rule:
    """One check: what it finds, how bad it is under each profile, where the rule comes from.

    ``severities`` maps a profile to the severity there; a profile missing from
    it uses ``severity``; ``None`` as a value means the rule does not apply
    under that profile.
    """

    code: str
    severity: Severity
    source: RuleSource
    checks: str
    fix: str | None = None
    severities: dict[Profile, Severity | None] = field(default_factory=dict)

    def severity_for(self, profile: Profile) -> Severity | None:
        """Severity under ``profile``, or ``None`` when the rule is off there."""
        if profile in self.severities:
            return self.severities[profile]
        return self.severity


RULES: dict[str, Rule] = {}


def rule(
    code: str,
    severity: Severity,
    source: RuleSource,
    checks: str,
    fix: str | None = None,
    **severities: Severity | None,
) -> Rule:
    """Register a rule; keyword arguments name per-profile severities (``xsd=Severity.ERROR``)."""
    if code in RULES:
        raise ValueError(f"rule {code!r} registered twice")
    registered = Rule(code, severity, source, checks, fix,
                      {Profile(name): value for name, value in severities.items()})
    RULES[code] = registered
    return registered
