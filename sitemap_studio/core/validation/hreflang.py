"""Hreflang alternates (``xhtml:link``): per-entry checks and the cross-document cluster index.

Two halves:

* :func:`check_alternates` (in :mod:`hreflang_links`) looks at one entry alone:
  every hreflang link has an absolute http(s) ``href``, a valid BCP 47
  ``hreflang`` (or ``x-default``) and ``rel="alternate"``; no hreflang value
  names two pages; no page is labelled with two languages; at most one
  x-default.
* :class:`HreflangIndex` (here) holds the links of every entry of a project (or
  of one document) and reports what needs the other pages: each page lists
  itself, every link is returned (Google ignores a pair that is not
  reciprocal), the cluster agrees on one x-default and on each page's language.

The language, region and area code lists and the check of one hreflang value
are in :mod:`bcp47`. This module also re-exports the public names of both, so
the engine and callers can keep to ``hreflang``. URLs are compared in the form
``core.urls.normalize_url`` gives.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, KeysView, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from sitemap_studio.core.model.entries import Alternate, Entry
from sitemap_studio.core.model.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.urls.parsing import normalize_url
from sitemap_studio.core.validation.bcp47 import (
    AMBIGUOUS,
    AMBIGUOUS_LANGUAGES,
    DEPRECATED_LANGUAGES,
    INVALID,
    LANGUAGE_DEPRECATED,
    LANGUAGE_LONG,
    LANGUAGE_UNKNOWN,
    LANGUAGES,
    LONG_LANGUAGES,
    M49_AREAS,
    REGION_ALONE,
    REGION_NUMERIC,
    REGION_ONLY,
    REGION_SLIPS,
    REGION_UNKNOWN,
    REGIONS,
    UNDERSCORE,
    HreflangProblem,
    check_hreflang_value,
    codes,
)
from sitemap_studio.core.validation.context import Reporter
from sitemap_studio.core.validation.hreflang_links import (
    CONFLICT,
    DUPLICATE_VALUE,
    FIELD,
    HREF,
    REL,
    X_DEFAULT,
    absolute_from,
    check_alternates,
    is_absolute_http,
    primary_language,
)
from sitemap_studio.core.validation.registry import Profile, Rule, rule

__all__ = [
    "AMBIGUOUS", "AMBIGUOUS_LANGUAGES", "CONFLICT", "DEPRECATED_LANGUAGES", "DUPLICATE_VALUE",
    "FIELD", "HREF", "INVALID", "LANGUAGES", "LANGUAGE_DEPRECATED", "LANGUAGE_LONG",
    "LANGUAGE_UNKNOWN", "LONG_LANGUAGES", "M49_AREAS", "MISSING_SELF", "NO_RETURN", "REGIONS",
    "REGION_ALONE", "REGION_NUMERIC", "REGION_ONLY", "REGION_SLIPS", "REGION_UNKNOWN", "REL",
    "UNDERSCORE", "X_DEFAULT", "Describe", "EntryKey", "HreflangIndex", "HreflangProblem",
    "absolute_from", "check_alternates", "check_hreflang_value", "codes", "is_absolute_http",
]

W, N = Severity.WARNING, Severity.NOTICE
GOOGLE = RuleSource.GOOGLE

MISSING_SELF = rule("hreflang-missing-self", N, GOOGLE,
                    "a page with hreflang links lists itself too (Google asks for it; pages are "
                    "still clustered without it)", fix="add a link to the page itself")
NO_RETURN = rule("hreflang-no-return-link", W, GOOGLE,
                 "hreflang links are reciprocal: if A lists B, B lists A (checked for pages in "
                 "the project; Google ignores one-way links)")


# --- the cross-document index -----------------------------------------------------------------

EntryKey = tuple[Hashable, int]
#: Names an entry of the reporting entry's own document ("entry 3 (line 7)").
Describe = Callable[[int], str]


@dataclass(frozen=True, slots=True)
class _Link:
    value: str  # as written, trimmed
    primary: str  # lower-case language subtag, or 'x-default'
    href: str  # as written, trimmed
    target: str  # normalised


@dataclass(frozen=True, slots=True)
class _Page:
    loc: str  # as written
    key: str  # normalised
    links: tuple[_Link, ...]
    #: The links by target, in order, and each x-default target's href: what the checks of
    #: other pages look up, in one step rather than by reading every link of this page.
    to: dict[str, tuple[_Link, ...]] = field(compare=False, repr=False)
    x_defaults: dict[str, str] = field(compare=False, repr=False)

    def targets(self) -> KeysView[str]:
        return self.to.keys()


def _page(loc: str, links: tuple[_Link, ...]) -> _Page:
    grouped: dict[str, list[_Link]] = {}
    for link in links:
        grouped.setdefault(link.target, []).append(link)
    to = {target: tuple(same) for target, same in grouped.items()}
    x_defaults = {link.target: link.href for link in links if link.primary == "x-default"}
    return _Page(loc.strip(), normalize_url(loc), links, to, x_defaults)


class HreflangIndex:
    """Every entry's hreflang links across the documents of a project, for cluster checks.

    Keys are ``(doc_key, entry_id)``. :meth:`add` and :meth:`remove` return the
    keys whose findings may have changed, so the engine re-reports only those.
    """

    def __init__(self, names: Mapping[Hashable, str] | None = None) -> None:
        """Start empty.

        Args:
            names: The documents' file names by ``doc_key``. Where several entries
                could be named in a message, the first by file name, then entry id,
                is (a document without a name goes by its key).
        """
        self._names = dict(names or {})
        self._pages: dict[EntryKey, _Page] = {}
        self._by_loc: dict[str, set[EntryKey]] = {}
        self._by_target: dict[str, set[EntryKey]] = {}

    def __len__(self) -> int:
        return len(self._pages)

    def __contains__(self, key: object) -> bool:
        return key in self._pages

    def add(self, doc_key: Hashable, entry_id: int, loc: str | None,
            alternates: Iterable[Alternate], *, collect: bool = True) -> set[EntryKey]:
        """Index (or re-index) one entry; the keys whose findings may have changed.

        With ``collect=False`` (a full run, which reports every entry afterwards) the result
        is left empty: collecting it costs as many steps as pages share the entry's URL or
        link to it, for each of them.
        """
        key = (doc_key, entry_id)
        affected = self.remove(doc_key, entry_id) if key in self._pages else set()
        if not loc or not loc.strip():
            return affected
        links = tuple(
            _Link(a.hreflang.strip(), primary_language(a.hreflang), a.href.strip(),
                  normalize_url(a.href))
            for a in alternates
            if a.hreflang is not None and a.hreflang.strip() and a.href and a.href.strip())
        page = _page(loc, links)
        self._pages[key] = page
        self._by_loc.setdefault(page.key, set()).add(key)
        for target in page.targets():
            self._by_target.setdefault(target, set()).add(key)
        if collect:
            affected |= self._related(key, page)
        return affected

    def remove(self, doc_key: Hashable, entry_id: int) -> set[EntryKey]:
        """Forget one entry; the keys (other than it) whose findings may have changed."""
        key = (doc_key, entry_id)
        page = self._pages.pop(key, None)
        if page is None:
            return set()
        _discard(self._by_loc, page.key, key)
        for target in page.targets():
            _discard(self._by_target, target, key)
        return self._related(key, page) - {key}

    def entry_ids(self, doc_key: Hashable) -> list[int]:
        """Ids of the entries of one document that are in the index."""
        return [entry_id for key, entry_id in self._pages if key == doc_key]

    def remove_document(self, doc_key: Hashable) -> set[EntryKey]:
        """Forget every entry of one document; the keys in other documents that may change."""
        affected: set[EntryKey] = set()
        for key in [k for k in self._pages if k[0] == doc_key]:
            affected |= self.remove(*key)
        return {k for k in affected if k[0] != doc_key}

    def _order(self, key: EntryKey) -> str:
        """Where ``key`` comes among entries that could be named: by file name, then id."""
        doc_key, entry_id = key
        return repr((self._names.get(doc_key, doc_key), entry_id))

    def _related(self, key: EntryKey, page: _Page) -> set[EntryKey]:
        """Entries whose findings can depend on ``page``: itself, its namesakes, and its links."""
        related = {key}
        related |= self._by_loc.get(page.key, set())
        related |= self._by_target.get(page.key, set())
        for target in page.targets():
            related |= self._by_loc.get(target, set())
        return related

    def report_many(self, doc_key: Hashable, entry_ids: Iterable[int],
                    reporter: Callable[[int], Reporter], describe: Describe | None = None) -> None:
        """:meth:`report` for many entries of one document, ``reporter(entry_id)`` for each.

        Entries with the same URL and the same links get the same findings (every check
        compares URLs, and each excludes the page's own URL), so those are worked out once
        and repeated: N copies of one page of a cluster cost N steps, not N times N.
        """
        done: dict[_Page, list[tuple[Rule, str, dict[str, Any]]]] = {}
        for entry_id in entry_ids:
            page = self._pages.get((doc_key, entry_id))
            if page is None:
                continue
            target = reporter(entry_id)
            calls = done.get(page)
            if calls is None:
                recorder = _Recorder(target.profile)
                self.report(doc_key, entry_id, recorder, describe)
                calls = done[page] = recorder.calls
            for rule_, message, options in calls:
                target(rule_, message, **options)

    def report(self, doc_key: Hashable, entry_id: int, report: Reporter,
               describe: Describe | None = None) -> None:
        """Report one entry's cluster findings: self link, return links, x-default, language.

        ``describe`` names entries of the same document (``entry 3 (line 7)``);
        pages in other documents are named by their URL alone.
        """
        key = (doc_key, entry_id)
        page = self._pages.get(key)
        if page is None:
            return
        name = _Namer(self._pages, doc_key, describe)
        if page.links:
            self._report_self(page, report)
            self._report_outgoing(page, report, name)
            self._report_x_default(key, page, report, name)
        self._report_incoming(page, report, name)
        self._report_labels(key, page, report, name)

    def _report_self(self, page: _Page, report: Reporter) -> None:
        if page.key in page.targets():
            return
        labels = {link.value for other in self._linking_to(page.key)
                  for link in self._pages[other].to[page.key]}
        fix = None
        if len(labels) == 1:
            value = labels.pop()
            fix = QuickFix(f"Add a link to this page itself as '{value}'", _add_self_link(value))
        report(MISSING_SELF, "the hreflang links do not include this page itself; Google asks "
                             "each page to list its own URL among its alternates", field=FIELD,
               fix=fix)

    def _report_outgoing(self, page: _Page, report: Reporter, name: _Namer) -> None:
        seen: set[str] = set()
        for link in page.links:
            if link.target == page.key or link.target in seen:
                continue
            seen.add(link.target)
            others = self._by_loc.get(link.target)
            if not others:
                continue  # not in the project: nothing to check against
            if any(page.key in self._pages[other].to for other in others):
                continue
            first = min(others, key=self._order)
            report(NO_RETURN, f"{name.page(first)} does not link back to this "
                              f"page (this page lists it as '{link.value}'); Google ignores "
                              "hreflang pairs that are not reciprocal", field=FIELD)

    def _report_incoming(self, page: _Page, report: Reporter, name: _Namer) -> None:
        mine = page.targets()
        reported: set[str] = set()
        for other in sorted(self._linking_to(page.key), key=self._order):
            source = self._pages[other]
            if source.key == page.key or source.key in mine or source.key in reported:
                continue
            reported.add(source.key)
            values = sorted({link.value for link in source.to[page.key]})
            shown = "', '".join(values)
            report(NO_RETURN, f"{name.page(other)} lists this page as '{shown}' but this page "
                              "does not link back to it", field=FIELD)

    def _report_x_default(self, key: EntryKey, page: _Page, report: Reporter,
                          name: _Namer) -> None:
        mine = {link.target for link in page.links if link.primary == "x-default"}
        if not mine:
            return
        for target in sorted({link.target for link in page.links} - {page.key}):
            for other in sorted(self._by_loc.get(target, set()) - {key}, key=self._order):
                theirs = self._pages[other].x_defaults
                if theirs and not mine & theirs.keys():
                    shown = ", ".join(sorted(theirs.values()))
                    report(X_DEFAULT, f"{name.page(other)} names a different x-default page "
                                      f"({shown}); a cluster has one x-default", field=FIELD)
                    return

    def _report_labels(self, key: EntryKey, page: _Page, report: Reporter,
                       name: _Namer) -> None:
        own = {link.primary: link.value for link in page.links
               if link.target == page.key and link.primary != "x-default"}
        given: dict[str, list[tuple[EntryKey, str]]] = {}
        for other in sorted(self._linking_to(page.key) - {key}, key=self._order):
            if self._pages[other].key == page.key:
                continue  # a duplicate of this page: its own labels are reported on it
            for link in self._pages[other].to[page.key]:
                if link.primary != "x-default":
                    given.setdefault(link.primary, []).append((other, link.value))
        if not given or len(given.keys() | own.keys()) < 2:
            return
        parts = [f"this page says '{value}'" for value in own.values()]
        for labels in given.values():
            other, value = labels[0]
            more = f" (and {len(labels) - 1} more)" if len(labels) > 1 else ""
            parts.append(f"{name.page(other)}{more} says '{value}'")
        report(CONFLICT, "the cluster disagrees about this page's language: " + "; ".join(parts),
               field=FIELD)

    def _linking_to(self, target: str) -> set[EntryKey]:
        return self._by_target.get(target, set())


class _Recorder(Reporter):
    """A reporter that keeps the calls made to it, to replay them on other reporters."""

    __slots__ = ("calls",)

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.calls: list[tuple[Rule, str, dict[str, Any]]] = []

    def __call__(self, rule: Rule, message: str, **options: Any) -> None:
        """Record one call (see :meth:`Reporter.__call__`)."""
        self.calls.append((rule, message, options))


class _Namer:
    """Names other entries in messages: by URL, plus where they are in the same document."""

    def __init__(self, pages: dict[EntryKey, _Page], doc_key: Hashable,
                 describe: Describe | None) -> None:
        self.pages = pages
        self.doc_key = doc_key
        self.describe = describe

    def page(self, key: EntryKey) -> str:
        loc = self.pages[key].loc
        if self.describe is None or key[0] != self.doc_key:
            return loc
        where = self.describe(key[1])
        return f"{loc} ({where})" if where else loc


def _discard(index: dict[str, set[EntryKey]], name: str, key: EntryKey) -> None:
    keys = index.get(name)
    if keys is not None:
        keys.discard(key)
        if not keys:
            del index[name]


def _add_self_link(value: str) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        if not entry.loc:
            return entry
        link = Alternate(rel="alternate", hreflang=value, href=entry.loc)
        return replace(entry, alternates=(*entry.alternates, link))

    return apply
