"""Validate several sitemaps together: a project, or the files given on the command line.

Cross-file rules need the whole set: hreflang alternates must be reciprocal
across sitemaps, and an index may not list another index of the project.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.validation.context import ValidationContext
from sitemap_studio.core.validation.engine import DocumentValidator
from sitemap_studio.core.validation.hreflang import HreflangIndex
from sitemap_studio.core.validation.registry import Profile


@dataclass(slots=True)
class Member:
    """One document to validate, with what is known about where it is published.

    ``path`` is the file as users see it (an index's file name counts in the
    index rules); ``key`` says which document it is, and keys its validator
    in :attr:`ProjectValidator.validators`. It defaults to ``path``, which is
    enough where nothing is renamed (a command line); the window passes the
    workspace item's key, which a Save As does not change.
    """

    path: str
    document: SitemapDocument
    public_url: str | None = None
    key: Hashable = None

    def __post_init__(self) -> None:
        if self.key is None:
            self.key = self.path


class ProjectValidator:
    """Validators of several documents sharing one hreflang index."""

    def __init__(self, members: list[Member], profile: Profile = Profile.PROTOCOL,
                 site_url: str | None = None) -> None:
        self.members = members
        self.alternates = HreflangIndex({member.key: member.path for member in members})
        indexes: set[str] = set()
        for member in members:
            if member.document.kind == DocumentKind.INDEX:
                indexes.add(os.path.basename(member.path))
                if member.public_url:
                    indexes.add(member.public_url)
        self.validators: dict[Hashable, DocumentValidator] = {}
        uses_hreflang = any(m.document.extension_totals()[3] for m in members)
        for member in members:
            context = ValidationContext(
                profile=profile, site_url=site_url, sitemap_url=member.public_url,
                kind=member.document.kind,
                project_indexes=frozenset(indexes - {os.path.basename(member.path)}
                                          - {member.public_url or ""}))
            validator = DocumentValidator(member.document, context, alternates=self.alternates,
                                          key=member.key, index_all_pages=uses_hreflang)
            validator.alternates_affected.connect(self._route)
            self.validators[member.key] = validator

    def run(self, cancel: CancelToken | None = None,
            progress: ProgressCallback | None = None) -> ProjectValidator:
        """Validate every member, then the cross-file hreflang clusters."""
        total = self.run_each(cancel, progress)
        for key, validator in self.validators.items():
            validator.refresh_alternates(self.alternates.entry_ids(key))
        report(progress, total, total)
        return self

    def run_each(self, cancel: CancelToken | None, progress: ProgressCallback | None, *,
                 follow: bool = True,
                 member_done: Callable[[Hashable], object] | None = None) -> int:
        """Run each member's validator in turn, with one progress over all of them.

        Cross-file hreflang findings are not refreshed here. ``member_done`` is
        called with each member's key after its run. Returns the progress total.
        """
        total = sum(len(member.document) for member in self.members) or 1
        done = 0
        for member in self.members:
            check(cancel)
            base = done

            def member_progress(count: int, whole: int, base: int = base) -> None:
                report(progress, base + count, total)

            self.validators[member.key].run(cancel, member_progress, follow=follow)
            done += len(member.document)
            if member_done is not None:
                member_done(member.key)
        return total

    def close(self) -> None:
        """Let go of every validator (and the memory of their indexes) at once."""
        for validator in self.validators.values():
            validator.alternates_affected.disconnect(self._route)
        self.validators = {}
        self.alternates = HreflangIndex()

    def _route(self, affected: set[tuple[object, int]]) -> None:
        by_key: dict[Hashable, set[int]] = {}
        for key, entry_id in affected:
            by_key.setdefault(key, set()).add(entry_id)
        for key, ids in by_key.items():
            validator = self.validators.get(key)
            if validator is not None:
                validator.refresh_alternates(ids)
                validator.findings_changed.emit(ids)
