"""One cause, one line: the findings that repeat one cause over many entries, gathered.

A site built on localhost gets ``loc-private-host`` on every entry; listing the
same sentence 259 times hides the other findings. A *cause* is the finding's
code, its severity and its message with the entry-specific words taken out
(quoted values, and words holding a digit, a slash, a percent sign or an
ellipsis: URLs, paths, line and entry numbers; and a bracket with a number after
them).
Findings sharing a cause form one group, in the order of their first member; a
cause met once is a group of one. Grouping is for reading only: every finding
stays in its group, with its own entry and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.validation.registry import RULES

#: A quoted value, a word holding a digit, a slash, a percent sign or an ellipsis name one
#: entry's particulars rather than the cause, and so does a bracket with a number after them.
_PARTICULAR_RE = re.compile(
    r"""(?<!\w)(?:'[^']*'|"[^"]*")(?!\w)"""
    r"|(?<!\S)[^\s0-9/%\u2026]*+[0-9/%\u2026]\S*(?:\s\([^()]*[0-9][^()]*\))?")

Cause = tuple[str, Severity, str]


def cause_of(finding: Finding) -> Cause:
    """The finding's code, severity and message with its entry-specific words blanked."""
    return finding.code, finding.severity, _PARTICULAR_RE.sub("\u2026", finding.message)


@dataclass(frozen=True, slots=True)
class FindingGroup:
    """Findings with one cause, in the order found (at least one)."""

    cause: Cause
    findings: tuple[Finding, ...]

    @property
    def first(self) -> Finding:
        """The first finding of the group: its location stands for the group's."""
        return self.findings[0]

    @property
    def code(self) -> str:
        """The findings' code."""
        return self.findings[0].code

    @property
    def severity(self) -> Severity:
        """The findings' severity."""
        return self.findings[0].severity

    def __len__(self) -> int:
        return len(self.findings)

    def summary(self) -> str:
        """What the group is about: the message when all say the same, else what the rule
        checks (or the first message, for a finding no rule registers)."""
        message = self.findings[0].message
        if all(finding.message == message for finding in self.findings):
            return message
        registered = RULES.get(self.code)
        return registered.checks if registered is not None else message


def group_findings(findings: Iterable[Finding],
                   causes: dict[tuple[str, Severity, str], Cause] | None = None
                   ) -> list[FindingGroup]:
    """Gather ``findings`` by cause, in the order of each cause's first finding.

    Linear in the number of findings; a message said again (every copy of one URL
    says the same) is reduced to its cause once. ``causes``, kept by the caller
    between calls, remembers the causes of messages already seen.
    """
    members: dict[Cause, list[Finding]] = {}
    if causes is None:
        causes = {}
    last: Finding | None = None
    group: list[Finding] = []
    for finding in findings:
        # The copies of one URL come one after another, sharing one message object.
        if last is not None and finding.message is last.message and \
                finding.code == last.code and finding.severity is last.severity:
            group.append(finding)
            continue
        last = finding
        said = (finding.code, finding.severity, finding.message)
        cause = causes.get(said)
        if cause is None:
            cause = causes[said] = cause_of(finding)
        found = members.get(cause)
        if found is None:
            group = members[cause] = [finding]
        else:
            group = found
            group.append(finding)
    return [FindingGroup(cause, tuple(group)) for cause, group in members.items()]
