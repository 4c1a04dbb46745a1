"""What a comparison found: URLs added, removed, changed and moved, and where they cluster."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sitemap_studio.core.compare.sides import Side
from sitemap_studio.core.model.entries import Entry

#: The fields a change can name, in the order they are reported.
COMPARED_FIELDS = ("lastmod", "changefreq", "priority", "images", "videos", "news",
                   "alternates")


#: Which value names an extension item in a short description, in order of preference.
_ITEM_NAMES = ("loc", "href", "content_loc", "player_loc", "thumbnail_loc", "title",
               "publication_name")
_ITEMS_SHOWN = 3


def shown_value(value: object) -> str:
    """A field value in a few words: the text, ``(none)``, or the first items of a list."""
    if value is None:
        return "(none)"
    if isinstance(value, list):
        if not value:
            return "(none)"
        names = [next((str(item[key]) for key in _ITEM_NAMES if item.get(key)), "(item)")
                 if isinstance(item, dict) else str(item) for item in value[:_ITEMS_SHOWN]]
        more = len(value) - _ITEMS_SHOWN
        return ", ".join(names) + (f" and {more} more" if more > 0 else "")
    return str(value)


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One field of a URL that differs: its value in OLD and in NEW (JSON-ready)."""

    name: str
    old: Any
    new: Any


@dataclass(frozen=True, slots=True)
class ChangedUrl:
    """A URL present on both sides whose values differ."""

    url: str
    fields: tuple[FieldChange, ...]


@dataclass(frozen=True, slots=True)
class MovedUrl:
    """A URL listed in another file on the NEW side than on the OLD side."""

    url: str
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class PrefixCount:
    """How many URLs one host and first path segment gained, lost and changed."""

    prefix: str
    added: int
    removed: int
    changed: int
    moved: int

    @property
    def net(self) -> int:
        """URLs gained minus URLs lost."""
        return self.added - self.removed


@dataclass(slots=True)
class CompareResult:
    """The outcome of comparing OLD with NEW, URL by URL (a URL is its ``loc``).

    ``old`` and ``new`` keep the sides read, so that a removed URL's entry can
    be taken across (:meth:`removed_entries`).
    """

    old: Side
    new: Side
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[ChangedUrl] = field(default_factory=list)
    moved: list[MovedUrl] = field(default_factory=list)
    unchanged: int = 0
    old_urls: int = 0
    new_urls: int = 0
    prefixes: list[PrefixCount] = field(default_factory=list)
    #: Where each removed URL is on the OLD side: (file index, row).
    removed_at: dict[str, tuple[int, int]] = field(default_factory=dict)

    def summary(self) -> dict[str, int]:
        """The counts of the JSON ``summary``."""
        return {"added": len(self.added), "removed": len(self.removed),
                "changed": len(self.changed), "unchanged": self.unchanged,
                "moved": len(self.moved)}

    def percent_of_old(self, count: int) -> float:
        """``count`` as a percentage of OLD's URLs (100 for any count when OLD is empty)."""
        if self.old_urls == 0:
            return 100.0 if count else 0.0
        return 100.0 * count / self.old_urls

    def removed_entries(self, urls: list[str] | None = None) -> list[Entry]:
        """The OLD side's entries of the removed URLs (``urls``, or all), in that order."""
        found = []
        for url in self.removed if urls is None else urls:
            where = self.removed_at.get(url)
            if where is not None:
                file_index, row = where
                found.append(self.old.files[file_index].document.entry_at(row))
        return found

    def to_json(self) -> dict[str, Any]:
        """The form ``sitemap-studio diff --format json`` prints."""
        return {
            "added": self.added,
            "removed": self.removed,
            "changed": [{"url": item.url,
                         "fields": {change.name: [change.old, change.new]
                                    for change in item.fields}} for item in self.changed],
            "moved": [{"url": item.url, "from": item.source, "to": item.target}
                      for item in self.moved],
            "summary": self.summary(),
            "prefixes": [{"prefix": p.prefix, "added": p.added, "removed": p.removed,
                          "changed": p.changed, "moved": p.moved} for p in self.prefixes],
        }
