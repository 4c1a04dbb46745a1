"""IndexNow: keys, the key file, GET links and JSON batches (sending is in indexnow_submit).

IndexNow (indexnow.org) lets a site tell participating search engines which
URLs changed. The site proves it owns a host with a key: a text file holding
the key, served at ``https://host/<key>.txt`` or at a ``keyLocation`` on the
same host (which then covers only URLs below that file's folder).

Nothing here sends anything: submitting a batch is :mod:`indexnow_submit`'s
job, and only on the user's request.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import string
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import quote, urlsplit, urlunsplit

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.project.settings_values import indexnow_key_problem, shown, url_problem
from sitemap_studio.core.urls.parsing import (
    normalize_host,
    normalize_url,
    percent_encode_iri,
    split_host,
)
from sitemap_studio.core.writing.atomic_files import atomic_write

__all__ = [
    "KEY_ALPHABET", "MAX_URLS_PER_BATCH", "WrittenKit", "batch_file_name", "batches",
    "generate_key", "get_link", "key_file", "key_location_url", "key_problem", "write_kit",
]

KEY_ALPHABET = string.ascii_letters + string.digits + "-"
MIN_KEY_LENGTH, MAX_KEY_LENGTH = 8, 128
#: IndexNow takes at most 10,000 URLs in one POST.
MAX_URLS_PER_BATCH = 10_000
_ALPHANUMERIC = string.ascii_letters + string.digits
_BATCH_FILE = re.compile(r"indexnow-batch-[a-z0-9._-]+-[0-9]+\.json")
_UNSAFE_IN_NAME = re.compile(r"[^a-z0-9.-]")

class _Chooser(Protocol):
    def choice(self, seq: str, /) -> str: ...


@dataclass(slots=True)
class WrittenKit:
    """The files :func:`write_kit` wrote, and the stale batch files it removed."""

    key_file: str
    batch_files: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


# --- keys ---------------------------------------------------------------------------------------


def generate_key(length: int = 32, rng: _Chooser = secrets) -> str:
    """A new random key of ``length`` (8 to 128) characters of a-z, A-Z, 0-9 and ``-``.

    The first character is a letter or digit, so the key file's name never
    looks like a command-line option.
    """
    if not MIN_KEY_LENGTH <= length <= MAX_KEY_LENGTH:
        raise ValueError(f"an IndexNow key has {MIN_KEY_LENGTH} to {MAX_KEY_LENGTH} "
                         f"characters, not {length}")
    return rng.choice(_ALPHANUMERIC) + "".join(rng.choice(KEY_ALPHABET)
                                               for _ in range(length - 1))


def key_problem(key: str) -> str | None:
    """Why ``key`` is not an IndexNow key, or ``None`` when it is one."""
    return indexnow_key_problem(key)


def key_file(key: str) -> tuple[str, str]:
    """``(file name, content)`` of the key file: ``<key>.txt`` holding the key."""
    _check_key(key)
    return f"{key}.txt", key


def key_location_url(site_url: str, key: str) -> str:
    """Where the key file goes: ``<key>.txt`` in the site URL's folder.

    For a site at the root of its host (``https://example.com/``) that is the
    host's root, which covers every URL of the host; a site URL with a path
    (``https://example.com/shop``) puts it in that folder, which covers only
    the URLs below it.
    """
    _check_key(key)
    if problem := url_problem(site_url):
        raise SitemapError(f"the site URL {problem}", code="indexnow-bad-url")
    parts = urlsplit(percent_encode_iri(site_url))
    folder = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urlunsplit((parts.scheme, parts.netloc, folder + key_file(key)[0], "", ""))


def _check_key(key: str) -> None:
    if problem := key_problem(key):
        raise SitemapError(f"the IndexNow key {problem}", code="indexnow-bad-key")


def _check_endpoint(endpoint: str) -> None:
    if problem := url_problem(endpoint):
        raise SitemapError(f"the IndexNow endpoint {problem}", code="indexnow-bad-url")


# --- links and batches --------------------------------------------------------------------------


def get_link(endpoint: str, url: str, key: str, key_location: str | None = None) -> str:
    """The GET link that submits one ``url``: ``endpoint?url=...&key=...[&keyLocation=...]``.

    Each value is percent-encoded per RFC 3986: everything but the unreserved
    characters (letters, digits, ``-._~``) becomes ``%XX`` of its UTF-8
    bytes, so ``&``, ``=``, ``?``, ``#``, ``/`` and ``%`` inside the URL
    cannot change the link's meaning.
    """
    _check_endpoint(endpoint)
    _check_key(key)
    values = [("url", url), ("key", key)]
    if key_location is not None:
        values.append(("keyLocation", key_location))
    try:
        query = "&".join(f"{name}={quote(value, safe='')}" for name, value in values)
    except UnicodeEncodeError:
        raise SitemapError(f"cannot encode {shown(url)}: it is not valid Unicode",
                           code="indexnow-bad-url") from None
    if "?" not in endpoint:
        return f"{endpoint}?{query}"
    return f"{endpoint}{'' if endpoint.endswith(('?', '&')) else '&'}{query}"


def batches(
    urls: Iterable[str],
    key: str,
    key_location: str | None = None,
    *,
    max_urls: int = MAX_URLS_PER_BATCH,
    cancel: CancelToken | None = None,
) -> list[dict[str, Any]]:
    """The JSON bodies that submit ``urls``: one host per body, at most ``max_urls`` URLs each.

    IndexNow requires every URL of a request to be on the host the body names.
    Bodies come sorted by host, URLs in the order given; a URL given again
    (after normalisation) is left out. ``keyLocation`` goes only into the
    bodies of its own host: on another host it would not be accepted, so
    those hosts need the key file at their root. Raises :class:`SitemapError`
    for a URL that is not an absolute http(s) URL.
    """
    _check_key(key)
    if not 1 <= max_urls <= MAX_URLS_PER_BATCH:
        raise ValueError(f"max_urls must be 1 to {MAX_URLS_PER_BATCH}, not {max_urls}")
    location_host = None
    if key_location is not None:
        if problem := url_problem(key_location):
            raise SitemapError(f"the key location {problem}", code="indexnow-bad-url")
        location_host = _batch_host(key_location)
    by_host: dict[str, list[str]] = {}
    seen: set[str] = set()
    for count, url in enumerate(urls):
        if not count % 8192:
            check(cancel)
        host = _batch_host(url)
        if host is None:
            raise SitemapError(f"cannot submit {shown(url)}: IndexNow takes absolute http(s) "
                               "URLs", code="indexnow-bad-url")
        normal = normalize_url(url)
        if normal not in seen:
            seen.add(normal)
            by_host.setdefault(host, []).append(url)
    bodies: list[dict[str, Any]] = []
    for host in sorted(by_host):
        listed = by_host[host]
        for start in range(0, len(listed), max_urls):
            body: dict[str, Any] = {"host": host, "key": key}
            if host == location_host:
                body["keyLocation"] = key_location
            body["urlList"] = listed[start:start + max_urls]
            bodies.append(body)
    return bodies


def submittable(url: str) -> bool:
    """Whether IndexNow can take ``url`` (an absolute http(s) URL with a host)."""
    return _batch_host(url) is not None


def _batch_host(url: str) -> str | None:
    found = split_host(url)
    if found is None or found[0] not in ("http", "https"):
        return None
    return normalize_host(found[1])


# --- writing the kit ----------------------------------------------------------------------------


def batch_file_name(host: str, number: int) -> str:
    """``indexnow-batch-<host>-<number>.json``, with anything unsafe in the host as ``_``."""
    return f"indexnow-batch-{_UNSAFE_IN_NAME.sub('_', host.lower())}-{number}.json"


def write_kit(
    out_dir: str | os.PathLike[str],
    key: str,
    bodies: list[dict[str, Any]],
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> WrittenKit:
    """Write the key file and one JSON file per batch into ``out_dir``, each atomically.

    The folder is created when missing. Batch files of an earlier run that
    this run did not write again (``indexnow-batch-<host>-<n>.json``) are
    removed, so that the folder never holds a stale batch. Raises
    :class:`SitemapError` when a file cannot be written.
    """
    folder = os.path.abspath(os.fspath(out_dir))
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise SitemapError(f"cannot create the folder: {exc.strerror or exc}", path=folder,
                           code="write-failed") from None
    name, content = key_file(key)
    written = WrittenKit(_write(folder, name, content.encode("ascii")))
    numbers: dict[str, int] = {}
    for done, body in enumerate(bodies, start=1):
        check(cancel)
        host = str(body.get("host", ""))
        numbers[host] = numbers.get(host, 0) + 1
        text = json.dumps(body, indent=2, ensure_ascii=False) + "\n"
        written.batch_files.append(_write(folder, batch_file_name(host, numbers[host]),
                                          text.encode("utf-8")))
        report(progress, done, len(bodies))
    fresh = {os.path.basename(path) for path in written.batch_files}
    for entry in sorted(os.listdir(folder)):
        if _BATCH_FILE.fullmatch(entry) and entry not in fresh:
            stale = os.path.join(folder, entry)
            try:
                os.remove(stale)
            except OSError as exc:
                raise SitemapError(f"cannot remove a batch file of an earlier run: "
                                   f"{exc.strerror or exc}", path=stale,
                                   code="write-failed") from None
            written.removed.append(stale)
    return written


def _write(folder: str, name: str, data: bytes) -> str:
    path = os.path.join(folder, name)
    if os.path.dirname(os.path.abspath(path)) != folder or name in ("", ".", ".."):
        raise SitemapError(f"refusing to write {shown(name)} outside the output folder",
                           path=folder, code="write-failed")
    atomic_write(path, [data])
    return path
