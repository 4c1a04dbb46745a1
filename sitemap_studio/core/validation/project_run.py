"""Validate a project's members one after another, handing each over once its findings are final.

:meth:`ProjectValidator.run` gives the findings of every member at the end.
:func:`run_members` does the same work but calls ``member_done(key)`` as soon
as a member's findings can no longer change: right after its own run when no
member uses hreflang, otherwise once every member is indexed and its
cross-file hreflang findings are refreshed.

Threads: run it in a worker with nothing else touching the members. When no
member uses hreflang, a member handed over is never touched again by the run
(its validator may start following its document at once); with hreflang the
members share one index that the run reads until it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.validation.project import ProjectValidator


def shares_alternates(project: ProjectValidator) -> bool:
    """Whether the members' findings depend on each other through the hreflang index."""
    return any(validator.index_all_pages for validator in project.validators.values())


def run_members(
    project: ProjectValidator,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
    member_done: Callable[[Hashable], object] | None = None,
) -> ProjectValidator:
    """Validate every member (the work of :meth:`ProjectValidator.run`), reporting each one.

    No validator is left following its document (``follow=False``); call
    :meth:`DocumentValidator.listen` for each on the thread that edits the
    documents.

    Raises:
        Cancelled: ``cancel`` was set; members already reported are complete.
    """
    shared = shares_alternates(project)
    total = project.run_each(cancel, progress, follow=False,
                             member_done=None if shared else member_done)
    if shared:
        for key, validator in project.validators.items():
            check(cancel)
            validator.refresh_alternates(project.alternates.entry_ids(key))
            if member_done is not None:
                member_done(key)
    report(progress, total, total)
    return project
