"""The findings a validator holds: per entry (by kind) and about the file, and their readers.

:class:`~sitemap_studio.core.validation.engine.DocumentValidator` fills these
stores and keeps them current; the views (the table, the issues panel, the
command line) read them through these methods.
"""

from __future__ import annotations

from collections import Counter

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.validation.duplicate_findings import DuplicateFindings, rows_of


class HeldFindings:
    """Findings of one document's entries and of the file itself, as last computed."""

    def __init__(self, document: SitemapDocument) -> None:
        self.document = document
        #: Duplicate URLs: their index and each copy's finding.
        self.duplicates = DuplicateFindings(document)
        #: Each entry's own rules' findings (its values), and its hreflang findings.
        self._own: dict[int, list[Finding]] = {}
        self._alts: dict[int, list[Finding]] = {}
        self._file: list[Finding] = []

    def entry_findings(self, entry_id: int) -> list[Finding]:
        """Every finding about one entry."""
        duplicate = self.duplicates.found.get(entry_id)
        return [*self._own.get(entry_id, ()), *((duplicate,) if duplicate else ()),
                *self._alts.get(entry_id, ())]

    def file_findings(self) -> list[Finding]:
        """Findings about the file as a whole."""
        return list(self._file)

    def flagged_ids(self) -> set[int]:
        """Ids of entries that have at least one finding."""
        return set(self._own) | set(self.duplicates.found) | set(self._alts)

    def findings(self) -> list[Finding]:
        """File findings first, then entry findings in row order."""
        own, duplicates, alts = self._own, self.duplicates.found, self._alts
        flagged = list(self.flagged_ids() if own or alts else duplicates)
        rows = rows_of(self.document, flagged)
        in_order = map(flagged.__getitem__, sorted(range(len(flagged)), key=rows.__getitem__))
        result = list(self._file)
        if own or alts:
            for entry_id in in_order:
                result.extend(self.entry_findings(entry_id))
        else:  # only copies of earlier URLs: the case where most entries can be flagged
            result.extend(map(duplicates.__getitem__, in_order))
        return result

    def counts(self) -> Counter[Severity]:
        """How many findings of each severity there are."""
        counter: Counter[Severity] = Counter(f.severity for f in self._file)
        counter.update(f.severity for f in self.duplicates.found.values())
        for store in (self._own, self._alts):
            for found in store.values():
                counter.update(f.severity for f in found)
        return counter
