"""What an export wrote and what it did to the input, in words a webmaster uses.

:class:`ExportReport` holds the files written (one set, with its index, per
host), and :class:`ExportNotes` what happened on the way: URLs merged as
duplicates, relative URLs resolved, entries left out and why, values left
out of entries so that the files stay schema-valid, and the errors of the
input that were written anyway because the user allowed it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

#: Examples kept per reason (the counts are always complete).
EXAMPLES = 20


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 URL``, ``2 URLs``; ``many`` for irregular plurals."""
    return f"{count:,} {noun if count == 1 else (many or noun + 's')}"


@dataclass(frozen=True, slots=True)
class ExportedFile:
    """One written sitemap file: its name, URL count, and uncompressed and stored sizes.

    In an export of several hosts the name starts with the host's folder.
    """

    name: str
    urls: int
    raw_bytes: int
    stored_bytes: int
    lastmod: str | None = None


@dataclass(frozen=True, slots=True)
class ExportedIndex:
    """The written sitemap index: its name, how many sitemaps it lists, and its size."""

    name: str
    sitemaps: int
    bytes: int


@dataclass(slots=True)
class ExportedSet:
    """The files of one host: where they went and the URL they are published under."""

    origin: str
    base_url: str
    out_dir: str
    files: list[ExportedFile] = field(default_factory=list)
    index: ExportedIndex | None = None
    removed: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Example:
    """One entry the report names: where it is and its ``<loc>`` (before and after)."""

    path: str | None
    line: int | None
    loc: str | None
    after: str | None = None

    def where(self) -> str:
        """``file:line`` (or what is known of it)."""
        where = self.path or "(unsaved)"
        return f"{where}:{self.line}" if self.line is not None else where


@dataclass(slots=True)
class Tally:
    """A count per reason with the first few examples of each."""

    counts: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[Example]] = field(default_factory=dict)

    def add(self, reason: str, example: Example) -> None:
        """Count one more for ``reason``, keeping the first :data:`EXAMPLES` examples."""
        self.counts[reason] += 1
        kept = self.examples.setdefault(reason, [])
        if len(kept) < EXAMPLES:
            kept.append(example)

    @property
    def total(self) -> int:
        """How many were counted over every reason."""
        return sum(self.counts.values())


@dataclass(slots=True)
class ExportNotes:
    """What export did to the input on its way out."""

    #: URLs written once although the input held them more than once.
    merged: int = 0
    #: Relative locations resolved against the site URL ("resolved"), or escaped ("encoded").
    changed: Tally = field(default_factory=Tally)
    #: Entries not written, by reason.
    left_out: Tally = field(default_factory=Tally)
    #: Entries written without values or items the schema rejects, by what was left out.
    trimmed: Tally = field(default_factory=Tally)
    #: Error findings of the input written anyway (errors allowed), by rule code.
    carried: Counter[str] = field(default_factory=Counter)


@dataclass(slots=True)
class ExportReport:
    """What an export wrote (``out_dir`` is the resolved folder), and what it did on the way.

    ``sets`` has one item per host; with one host its files are in
    ``out_dir`` itself, with several each host has a folder there.
    """

    out_dir: str
    sets: list[ExportedSet] = field(default_factory=list)
    notes: ExportNotes = field(default_factory=ExportNotes)

    @property
    def files(self) -> list[ExportedFile]:
        """Every sitemap file written, host by host."""
        return [item for each in self.sets for item in each.files]

    @property
    def index(self) -> ExportedIndex | None:
        """The index of the first (with one host, the only) set."""
        return self.sets[0].index if self.sets else None

    @property
    def removed(self) -> list[str]:
        """Files of the previous export no longer produced (only files our manifest listed)."""
        return [name for each in self.sets for name in each.removed]

    @property
    def urls(self) -> int:
        """URLs written over all files."""
        return sum(item.urls for item in self.files)

    @property
    def raw_bytes(self) -> int:
        """Uncompressed bytes of all sitemap files (the indexes not included)."""
        return sum(item.raw_bytes for item in self.files)

    @property
    def stored_bytes(self) -> int:
        """Bytes on disk of all sitemap files (gzipped when compressing; indexes not included)."""
        return sum(item.stored_bytes for item in self.files)

    def lines(self, *, examples: int = 5) -> list[str]:
        """The report as text: the files, the indexes, the totals, then what was done."""
        result: list[str] = []
        width = max((len(item.name) for item in self.files), default=0)
        for each in self.sets:
            if len(self.sets) > 1:
                result.append(f"{each.origin}: published under {each.base_url}")
            for item in each.files:
                line = f"{item.name:<{width}}  {item.urls:>6} urls  {item.raw_bytes:>10} bytes"
                if item.name.endswith(".gz"):
                    line += f"  {item.stored_bytes:>10} bytes gzipped"
                result.append(line)
            if each.index is not None:
                public = each.base_url + each.index.name.rsplit("/", 1)[-1]
                listed = plural(each.index.sitemaps, "sitemap")
                result.append(f"{each.index.name}  index of {listed}, {each.index.bytes} bytes, "
                              f"at {public}")
        gzipped = bool(self.files) and all(item.name.endswith(".gz") for item in self.files)
        stored = f", {self.stored_bytes} bytes gzipped" if gzipped else ""
        result.append(f"total: {len(self.files)} files, {self.urls} urls, {self.raw_bytes} "
                      f"bytes{stored}, in {self.out_dir}")
        result.extend(f"removed (no longer produced): {name}" for name in self.removed)
        result.extend(self.note_lines(examples=examples))
        return result

    def note_lines(self, *, examples: int = 5) -> list[str]:
        """What export did to the input, one paragraph per kind, with examples."""
        notes = self.notes
        result: list[str] = []
        if notes.merged:
            result.append(f"merged: {plural(notes.merged, 'URL')} listed more than once in the "
                          "input, written once (the first copy wins)")
        for reason, count in notes.changed.counts.most_common():
            what = ("resolved against the site URL" if reason == "resolved" else
                    "written as URIs (characters percent-encoded as UTF-8, punycode host)")
            noun = "relative URL" if reason == "resolved" else "URL"
            result.append(f"{reason}: {plural(count, noun)} {what}")
            result.extend(f"  {e.where()}: {e.loc} -> {e.after}"
                          for e in notes.changed.examples[reason][:examples])
        for reason, count in notes.left_out.counts.most_common():
            result.append(f"left out: {plural(count, 'entry', 'entries')}: {reason}")
            result.extend(f"  {e.where()}: {e.loc if e.loc is not None else '(no loc)'}"
                          for e in notes.left_out.examples[reason][:examples])
            more = count - min(count, examples)
            if more:
                result.append(f"  ... and {more:,} more")
        for reason, count in notes.trimmed.counts.most_common():
            result.append(f"written without {reason}: {plural(count, 'entry', 'entries')} "
                          "(the schema does not allow it; your file keeps it)")
            result.extend(f"  {e.where()}: {e.loc}"
                          for e in notes.trimmed.examples[reason][:examples])
        if notes.carried:
            total = sum(notes.carried.values())
            codes = ", ".join(f"{code} x{count:,}" for code, count in
                              notes.carried.most_common())
            result.append(f"errors carried into the output (allowed): {plural(total, 'error')} "
                          f"({codes})")
        return result


__all__ = [
    "EXAMPLES", "Example", "ExportNotes", "ExportReport", "ExportedFile", "ExportedIndex",
    "ExportedSet", "Tally", "plural",
]
