"""Find and replace over the locations of several documents (the *All entries* view).

Each document is planned by :func:`~sitemap_studio.core.edits.find_replace.plan_replace`
on its own; :class:`FilesPlan` adds the totals up, so a preview can say what
the whole project would see, and keeps each file's plan to apply.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sitemap_studio.core.edits.find_replace import MAX_EXAMPLES, ReplacePlan, plan_replace
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, report


@dataclass(slots=True)
class FilesPlan(ReplacePlan):
    """A plan over several documents: the totals, and ``files``, each document's own plan.

    ``changes`` and ``refused`` of the totals are every file's, in file order;
    their ids and rows are the file's own, so apply ``files`` one by one.
    """

    files: list[ReplacePlan] = field(default_factory=list)


def plan_replace_across(
    documents: Sequence[SitemapDocument],
    find: str,
    replace: str,
    *,
    regex: bool = False,
    case_sensitive: bool = True,
    rows: Sequence[Iterable[int] | None] | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> FilesPlan:
    """Plan a find and replace in every document's locations.

    ``rows`` limits each document to some of its rows (one entry per
    document, ``None`` for all of them). Raises
    :class:`~sitemap_studio.core.edits.find_replace.PatternError` as
    :func:`plan_replace` does.
    """
    total = FilesPlan()
    for number, document in enumerate(documents):
        plan = plan_replace(document, find, replace, regex=regex, case_sensitive=case_sensitive,
                            rows=None if rows is None else rows[number], cancel=cancel)
        total.files.append(plan)
        total.changes.extend(plan.changes)
        total.refused.extend(plan.refused)
        total.matches += plan.matches
        total.examples.extend(plan.examples[:MAX_EXAMPLES - len(total.examples)])
        report(progress, number + 1, len(documents))
    return total


__all__ = ["FilesPlan", "plan_replace_across"]
