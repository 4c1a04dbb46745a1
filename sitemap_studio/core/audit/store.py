"""The audit results of a workspace, by file and URL, and where a project keeps them.

A project keeps its last audit in a side file next to the project file,
``<project file>.audit.json`` (``shop.sitemap-project`` gets
``shop.sitemap-project.audit.json``), not inside the project file:

* an audit of a large site is megabytes of JSON; the project file stays small,
  readable and quick to diff;
* the side file is rewritten after every audit without touching the project
  file, so an audit never races an export or a settings change writing it;
* a side file that is lost, damaged or from a newer version costs only the
  results: the project opens as before and the side file is read as empty
  (:func:`load_results` says why, the caller shows it).

A file opened without a project keeps its results in memory only, for as long
as it is open: nothing is written next to a sitemap the user may upload as is.

Results are keyed by the file's *key* (a project member's path relative to the
project folder, with ``/``; a lone file's own path) and the URL audited; an
audit of some URLs replaces the results of those URLs and keeps the others.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sitemap_studio.core.audit.results import UrlAudit, Verdict
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback
from sitemap_studio.core.writing.atomic_files import atomic_write

#: The side file's name is the project file's with this appended.
SIDE_SUFFIX = ".audit.json"
#: The format of the side file; a newer one is not read (its results are not lost: the file
#: is left alone until the next audit).
STORE_FORMAT = 1


def side_file(project_path: str | os.PathLike[str]) -> str:
    """Where the project at ``project_path`` keeps its audit results."""
    return os.fspath(project_path) + SIDE_SUFFIX


def parse_checked_at(text: str) -> datetime | None:
    """The instant of a ``checked_at`` value (ISO 8601), or ``None`` when it is not one."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class VerdictCount:
    """One line of the summary: a verdict and how many URLs have it."""

    verdict: Verdict
    count: int


class AuditStore:
    """Audit results by file key and URL, with the time the last audit was taken."""

    def __init__(self) -> None:
        self._files: dict[str, dict[str, UrlAudit]] = {}
        #: When the last audit that added results finished (ISO 8601, UTC), or "".
        self.taken_at = ""

    def __len__(self) -> int:
        return sum(len(results) for results in self._files.values())

    def __bool__(self) -> bool:
        return any(self._files.values())

    def add(self, result: UrlAudit) -> None:
        """Keep ``result`` (replacing an earlier one of its file and URL)."""
        self._files.setdefault(result.file, {})[result.url] = result

    def add_all(self, results: Iterable[UrlAudit]) -> None:
        """Keep every one of ``results``."""
        for result in results:
            self.add(result)

    def of_file(self, key: str) -> dict[str, UrlAudit]:
        """The results of the file ``key``, by URL: a live view (results added later show
        in it), not to be changed by the caller."""
        return self._files.setdefault(key, {})

    def get(self, key: str, url: str) -> UrlAudit | None:
        """The result of ``url`` in file ``key``, if it was audited."""
        return self._files.get(key, {}).get(url)

    def results(self) -> Iterator[UrlAudit]:
        """Every result, file by file."""
        for results in self._files.values():
            yield from results.values()

    def snapshot(self) -> AuditStore:
        """A copy to hand to another thread (the results themselves are immutable)."""
        copy = AuditStore()
        copy._files = {key: dict(results) for key, results in self._files.items()}
        copy.taken_at = self.taken_at
        return copy

    def merge(self, other: AuditStore) -> None:
        """Keep ``other``'s results too; where both have a URL of a file, ``other``'s win."""
        self.add_all(other.results())
        self.taken_at = max(self.taken_at, other.taken_at)

    def checked_since(self, key: str, url: str, days: float, now: datetime) -> bool:
        """Whether ``url`` of ``key`` was checked less than ``days`` days before ``now``."""
        if days <= 0:
            return False
        result = self.get(key, url)
        if result is None:
            return False
        moment = parse_checked_at(result.checked_at)
        return moment is not None and now - moment < timedelta(days=days)

    def rename_file(self, old: str, new: str) -> None:
        """Keep the results of file ``old`` under ``new`` (a Save As)."""
        if old in self._files and old != new:
            self._files[new] = {url: _with_file(result, new)
                                for url, result in self._files.pop(old).items()}

    def counts(self, keys: Iterable[str] | None = None) -> list[VerdictCount]:
        """How many URLs have each verdict (of the files ``keys``, or all), in verdict order."""
        chosen = self._files if keys is None else {k: self._files.get(k, {}) for k in keys}
        totals = dict.fromkeys(Verdict, 0)
        for results in chosen.values():
            for result in results.values():
                totals[result.verdict] += 1
        return [VerdictCount(verdict, count) for verdict, count in totals.items() if count]

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The side file's content."""
        return {"format_version": STORE_FORMAT, "taken_at": self.taken_at,
                "results": [result.to_json() for result in self.results()]}

    @classmethod
    def from_json(cls, data: Any) -> AuditStore:
        """Read what :meth:`to_json` wrote; raises ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("the audit file does not hold a JSON object")
        version = data.get("format_version")
        if not isinstance(version, int) or version < 1:
            raise ValueError("the audit file has no format_version")
        if version > STORE_FORMAT:
            raise ValueError(f"the audit file is of format {version}, written by a newer "
                             f"Sitemap Studio (this one reads format {STORE_FORMAT})")
        results = data.get("results", [])
        if not isinstance(results, list):
            raise ValueError("the audit file's results are not a list")
        store = cls()
        store.taken_at = str(data.get("taken_at") or "")
        for number, item in enumerate(results, start=1):
            try:
                store.add(UrlAudit.from_json(item))
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                raise ValueError(f"result {number} of the audit file cannot be read: "
                                 f"{type(error).__name__}: {error}") from None
        return store


def _with_file(result: UrlAudit, key: str) -> UrlAudit:
    data = result.to_json()
    data["file"] = key
    return UrlAudit.from_json(data)


def load_results(path: str | os.PathLike[str], *, cancel: CancelToken | None = None,
                 progress: ProgressCallback | None = None) -> tuple[AuditStore, str | None]:
    """The results kept in the side file ``path``, and why they could not be read, if so.

    A missing file is no audit yet: an empty store and no complaint. A file
    that cannot be read gives an empty store and the reason (naming the file);
    the file itself is left as it is. (``cancel`` and ``progress`` are the job
    runner's; reading is one step.)
    """
    named = os.fspath(path)
    try:
        with open(named, "rb") as stream:
            data = json.loads(stream.read().decode("utf-8"))
        return AuditStore.from_json(data), None
    except FileNotFoundError:
        return AuditStore(), None
    except OSError as error:
        return AuditStore(), f"{named}: cannot read the audit results: {error.strerror or error}"
    except UnicodeDecodeError:
        return AuditStore(), f"{named}: the audit results are not UTF-8 text"
    except json.JSONDecodeError as error:
        return AuditStore(), (f"{named}, line {error.lineno}, column {error.colno}: the audit "
                              f"results are not valid JSON ({error.msg})")
    except ValueError as error:
        return AuditStore(), f"{named}: {error}"


def save_results(store: AuditStore, path: str | os.PathLike[str], *,
                 cancel: CancelToken | None = None,
                 progress: ProgressCallback | None = None) -> str:
    """Write ``store`` to the side file ``path`` atomically; returns ``path``.

    One result a line (compact, yet a diff shows which URLs changed). Raises
    ``SitemapError`` naming the file when it cannot be written; a cancel
    before the write leaves the old file as it was.
    """
    results = list(store.results())
    head = json.dumps({"format_version": STORE_FORMAT, "taken_at": store.taken_at})
    lines = [head[:-1] + ', "results": [\n']
    for number, result in enumerate(results, start=1):
        if cancel is not None and number % 4096 == 0:
            cancel.check()
        lines.append(json.dumps(result.to_json(), ensure_ascii=False, separators=(",", ":"))
                     + (",\n" if number < len(results) else "\n"))
        if progress is not None and number % 4096 == 0:
            progress(number, len(results))
    lines.append("]}\n")
    atomic_write(path, (line.encode("utf-8") for line in lines))
    return os.fspath(path)


def now_utc() -> datetime:
    """The current instant, aware, in UTC."""
    return datetime.now(UTC)


def iso_now() -> str:
    """The current instant as ISO 8601 text in UTC, to the second."""
    return now_utc().replace(microsecond=0).isoformat()


__all__ = [
    "SIDE_SUFFIX",
    "STORE_FORMAT",
    "AuditStore",
    "VerdictCount",
    "iso_now",
    "load_results",
    "now_utc",
    "parse_checked_at",
    "save_results",
    "side_file",
]
