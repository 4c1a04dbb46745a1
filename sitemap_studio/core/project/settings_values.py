"""Checks on single project settings, shared by the project file reader and the dialogs.

Each ``*_problem`` function returns why a value cannot be used, as a message
to show after the setting's name, or ``None`` when the value is fine. Dialogs
call them as the user types; the project file reader prefixes the key path.
"""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any
from urllib.parse import urlsplit

INDEX_LASTMOD_POLICIES = ("newest", "none")

_INDEXNOW_KEY = re.compile(r"[A-Za-z0-9-]{8,128}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SPACE_OR_CONTROL = re.compile(r"[\s\x00-\x1f\x7f]")
_NOT_IN_HREF = re.compile(r"""[\s\x00-\x1f\x7f"'<>]""")
_WINDOWS_DRIVE = re.compile(r"[A-Za-z]:")


def shown(value: Any) -> str:
    """``value`` as JSON, shortened for a message (``"many"``, ``12``, ``null``)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def url_problem(value: str) -> str | None:
    """Why ``value`` is not an absolute http(s) URL, or ``None`` when it is one."""
    try:
        parts = urlsplit(value)
        absolute = parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:  # e.g. an unclosed [ in an IPv6 host
        absolute = False
    if _SPACE_OR_CONTROL.search(value) or not absolute:
        return f"must be an absolute http(s) URL, not {shown(value)}"
    return None


def folder_url_problem(value: str) -> str | None:
    """Why ``value`` is not a folder URL: absolute http(s), no query or fragment, ``/`` last."""
    problem = url_problem(value)
    if problem:
        return problem
    if "?" in value or "#" in value:
        return f"must be a folder URL without query or fragment, not {shown(value)}"
    if not value.endswith("/"):
        return (f"must end with '/' (it is the folder the files are published in), not "
                f"{shown(value)}")
    return None


def relative_path_problem(value: str) -> str | None:
    """Why ``value`` cannot be a member path: relative, inside the project folder, with ``/``."""
    if not value:
        return "must not be empty"
    if _CONTROL.search(value):
        return f"must not contain control characters: {shown(value)}"
    if "\\" in value:
        return f'must use "/" between folders, not "\\": {shown(value)}'
    if value.startswith("/") or _WINDOWS_DRIVE.match(value):
        return f"must be relative to the project file's folder, not absolute: {shown(value)}"
    normal = posixpath.normpath(value)
    if normal == ".." or normal.startswith("../"):
        return f"must stay inside the project file's folder, but {shown(value)} leads out of it"
    if normal == "." or value.endswith("/"):
        return f"must name a file, not a folder: {shown(value)}"
    return None


#: ``{n}`` or ``{n:03}`` (zero-padded to 3 digits) in a file name pattern: the 1-based file number.
NAME_PLACEHOLDER = re.compile(r"\{n(?::0([1-9]))?\}")
_SAFE_NAME = re.compile(r"[A-Za-z0-9._-]+")


def file_name_problem(value: str) -> str | None:
    """Why ``value`` cannot be an exported file's name (plain, URL-safe, ending in ``.xml``)."""
    if not _SAFE_NAME.fullmatch(value):
        return (f"must be a plain file name of letters, digits, '.', '_' and '-' "
                f"(no folders), not {shown(value)}")
    if value.startswith("."):
        return f"must not start with a dot: {shown(value)}"
    if ".." in value:
        return f"must not contain '..': {shown(value)}"
    if not value.lower().endswith(".xml"):
        return f"must end with .xml: {shown(value)}"
    return None


def name_pattern_problem(value: str) -> str | None:
    """Why ``value`` cannot name the exported files (``{n}`` once, then a file name)."""
    if len(NAME_PLACEHOLDER.findall(value)) != 1:
        return f"must contain {{n}} (or {{n:03}}) exactly once, not {shown(value)}"
    literal = NAME_PLACEHOLDER.sub("1", value)
    if "{" in literal or "}" in literal:
        return f"may contain no braces other than {{n}}: {shown(value)}"
    problem = file_name_problem(literal)
    return None if problem is None else problem.replace(shown(literal), shown(value))


def folder_problem(value: str) -> str | None:
    """Why ``value`` cannot be the export folder (relative to the project, or absolute)."""
    if not value.strip():
        return "must not be empty"
    if _CONTROL.search(value):
        return f"must not contain control characters: {shown(value)}"
    return None


def stylesheet_problem(value: str) -> str | None:
    """Why ``value`` cannot go into ``<?xml-stylesheet href="..."?>``."""
    if not value or _NOT_IN_HREF.search(value):
        return f"must be a URL or path without spaces, quotes or <>, not {shown(value)}"
    return None


def indexnow_key_problem(value: str) -> str | None:
    """Why ``value`` is not an IndexNow key (8 to 128 of a-z, A-Z, 0-9 and -)."""
    if not _INDEXNOW_KEY.fullmatch(value):
        return f'must be 8 to 128 characters of a-z, A-Z, 0-9 and "-", not {shown(value)}'
    return None


def index_lastmod_problem(value: str) -> str | None:
    """Why ``value`` is not an index lastmod policy ("newest" or "none")."""
    if value not in INDEX_LASTMOD_POLICIES:
        return f'must be "newest" or "none", not {shown(value)}'
    return None
