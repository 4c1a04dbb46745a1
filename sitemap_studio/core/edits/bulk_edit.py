"""Plan a bulk edit: one value for lastmod, changefreq or priority on many entries.

Planning changes nothing: :func:`bulk_set` returns the new entries, and the
caller applies them in one step (``SitemapDocument.replace_entries``, or an
undo command). A value is checked the way the cell editors check it, so a
bulk edit cannot write what a single edit would refuse.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import CHANGEFREQ_VALUES, FIELDS, Entry
from sitemap_studio.core.model.values import diagnose_datetime, parse_priority, parse_w3c_datetime
from sitemap_studio.core.model.w3c_dates import EXPECTED_FORMS
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

#: The fields a bulk edit may set.
BULK_FIELDS = ("lastmod", "changefreq", "priority")
#: Below this many ids, rows are looked up one by one; above it, one pass maps them all.
_FEW_IDS = 32


def checked_value(field: str, value: str | None) -> str | None:
    """``value`` trimmed and checked for ``field``; ``ValueError`` saying why it is refused.

    ``None`` (remove the field) is always accepted. lastmod must be a W3C
    Datetime, changefreq one of :data:`CHANGEFREQ_VALUES` (lower case, as the
    schema has them), priority a decimal from 0.0 to 1.0.
    """
    if field not in BULK_FIELDS:
        raise ValueError(f"{field!r} cannot be set in bulk; choose one of {', '.join(BULK_FIELDS)}")
    if value is None:
        return None
    text = value.strip(XML_WHITESPACE)
    if not text:
        raise ValueError(f"an empty {field} is not valid; remove the field instead")
    if field == "lastmod":
        if parse_w3c_datetime(text) is None:
            diagnosis = diagnose_datetime(text)
            reason = diagnosis.problem or f"expected {EXPECTED_FORMS}"
            hint = f"; write {diagnosis.suggestion}" if diagnosis.suggestion else ""
            raise ValueError(f"lastmod {text!r} is not a W3C Datetime: {reason}{hint}")
    elif field == "changefreq":
        if text not in CHANGEFREQ_VALUES:
            allowed = ", ".join(CHANGEFREQ_VALUES)
            if text.lower() in CHANGEFREQ_VALUES:
                raise ValueError(f"changefreq values are lower case: write {text.lower()!r}")
            raise ValueError(f"changefreq {text!r} is not one of {allowed}")
    else:
        number = parse_priority(text)
        if number is None:
            raise ValueError(f"priority {text!r} is not a decimal number such as 0.5")
        if not 0 <= number <= 1:
            raise ValueError(f"priority {text!r} is out of range: it must be from 0.0 to 1.0")
    return text


def with_field(entry: Entry, field: str, value: str | None) -> Entry:
    """``entry`` with protocol field ``field`` (one of :data:`FIELDS`) set to ``value``.

    The field's as-written text (``entry.raw``) goes: it described the old value.
    """
    raw = {name: written for name, written in entry.raw.items() if name != field}
    if field == "loc":
        return replace(entry, loc=value, raw=raw)
    if field == "lastmod":
        return replace(entry, lastmod=value, raw=raw)
    if field == "changefreq":
        return replace(entry, changefreq=value, raw=raw)
    if field == "priority":
        return replace(entry, priority=value, raw=raw)
    raise ValueError(f"{field!r} is not one of {', '.join(FIELDS)}")


def rows_for_ids(document: SitemapDocument, entry_ids: Iterable[int]) -> dict[int, int]:
    """Current row of each id still in ``document`` (ids that are gone are left out).

    Few ids are looked up one by one; many are mapped in one pass over the
    document, so selecting a million rows does not cost a million searches.
    """
    wanted = list(dict.fromkeys(entry_ids))
    if len(wanted) <= _FEW_IDS:
        found: dict[int, int] = {}
        for entry_id in wanted:
            try:
                found[entry_id] = document.row_of(entry_id)
            except KeyError:
                continue
        return found
    every = {document.id_at(row): row for row in range(len(document))}
    return {entry_id: every[entry_id] for entry_id in wanted if entry_id in every}


def bulk_set(
    document: SitemapDocument, entry_ids: Sequence[int], field: str, value: str | None
) -> list[Entry]:
    """The entries of ``entry_ids`` with ``field`` set to ``value`` (``None`` removes it).

    Raises ``ValueError`` (saying why) for a value the field cannot take, or
    for changefreq or priority on ``<sitemap>`` entries of an index, which the
    protocol does not give those fields. Entries that already hold the value
    are left out, as are ids no longer in the document; the rest come in row
    order.
    """
    text = checked_value(field, value)
    index = FIELDS.index(field)
    rows = sorted(rows_for_ids(document, entry_ids).values())
    changed = [row for row in rows if document.text(row, index) != text]
    if text is not None and field != "lastmod":
        for row in changed:
            if document.element_at(row) == "sitemap":
                raise ValueError(f"a sitemap index entry (<sitemap>) has no {field}; only loc "
                                 "and lastmod")
    return [with_field(document.entry_at(row), field, text) for row in changed]


@dataclass(frozen=True, slots=True)
class BulkEditChoice:
    """The fields a bulk edit sets: ``(field, value)`` pairs, one per field of :data:`BULK_FIELDS`.

    A value of ``None`` removes the field; fields not named are left as they
    are. Each pair is one :func:`bulk_set` call; :meth:`entries` merges them.
    """

    values: tuple[tuple[str, str | None], ...]

    def __post_init__(self) -> None:
        names = [name for name, _value in self.values]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is named twice: {', '.join(names)}")
        for name, value in self.values:
            checked_value(name, value)

    def entries(self, document: SitemapDocument, entry_ids: Sequence[int]) -> list[Entry]:
        """The entries of ``entry_ids`` with every chosen field set, in row order.

        Entries that change in no field are left out. Raises ``ValueError``
        as :func:`bulk_set` does (changefreq or priority on index entries).
        """
        merged: dict[int, Entry] = {}
        for name, value in self.values:
            for entry in bulk_set(document, entry_ids, name, value):
                earlier = merged.get(entry.id)
                merged[entry.id] = entry if earlier is None else with_field(
                    earlier, name, entry.value(name))
        rows = rows_for_ids(document, merged)
        return [merged[entry_id] for entry_id in sorted(merged, key=rows.__getitem__)]

    def describe(self) -> str:
        """A short text for the undo step: ``"Set changefreq to weekly, remove priority"``."""
        parts = [f"remove {name}" if value is None else f"set {name} to {value.strip()}"
                 for name, value in self.values]
        text = ", ".join(parts)
        return text[:1].upper() + text[1:]


__all__ = ["BULK_FIELDS", "BulkEditChoice", "bulk_set", "checked_value", "rows_for_ids",
           "with_field"]
