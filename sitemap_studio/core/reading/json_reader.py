"""Strict JSON input for small settings files: located errors, no silent loss, no traceback.

Beyond :func:`json.loads` this refuses what would otherwise be lost or broken
on the next save: a key repeated in one object (JSON keeps the last one
silently), ``NaN``/``Infinity`` and out-of-range numbers (not JSON), and lone
surrogates (UTF-8 cannot store them). Every refusal is a :class:`ReadError`
with the JSON line and column, or the key path (``export.max_urls``).
"""

from __future__ import annotations

import json
import math
import os
import stat
from typing import Any

from sitemap_studio.core.model.errors import ReadError

_MAX_NUMBER_DIGITS = 100


def read_json_file(path: str, *, max_bytes: int, what: str) -> Any:
    """Read and parse the UTF-8 JSON file at ``path`` (``what`` names it in messages)."""
    data = _read_file(path, max_bytes, what)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[line_start : exc.start].decode("utf-8-sig")) + 1
        raise ReadError(
            f"not UTF-8 text (byte 0x{data[exc.start]:02x}); {what} is UTF-8 JSON",
            path=path,
            line=line,
            column=column,
            code="json-encoding",
        ) from None
    try:
        return parse_json(text, what=what)
    except ReadError as exc:
        raise exc.with_path(path) from None


def parse_json(text: str, *, what: str) -> Any:
    """Parse ``text``; ``what`` names the input in messages ("a project file")."""
    if not text.strip():
        raise ReadError(f"the file is empty; {what} holds JSON", line=1, column=1, code="json")
    try:
        value = json.loads(
            text,
            object_pairs_hook=_object_from_pairs,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
        _check_tree(value, "")
    except json.JSONDecodeError as exc:
        raise ReadError(
            f"not valid JSON: {exc.msg}", line=exc.lineno, column=exc.colno, code="json"
        ) from None
    except _BadNumber as exc:
        raise ReadError(f"not valid JSON: {exc}", code="json") from None
    except RecursionError:
        raise ReadError("not valid JSON: nested too deeply", code="json") from None
    return value


def key_path(key: str, name: str) -> str:
    """``name`` inside the object at ``key`` (``""`` is the top level)."""
    return f"{key}.{name}" if key else name


def _read_file(path: str, max_bytes: int, what: str) -> bytes:
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise ReadError(
                f"cannot open: this is a folder, not {what}", path=path, code="cannot-open"
            )
        if not stat.S_ISREG(info.st_mode):
            raise ReadError("cannot open: not a regular file", path=path, code="cannot-open")
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise ReadError(
            f"cannot open: {exc.strerror or exc}", path=path, code="cannot-open"
        ) from None
    except ValueError as exc:  # an embedded NUL character in the name
        raise ReadError(f"cannot open: {exc}", path=path, code="cannot-open") from None
    if len(data) > max_bytes:
        raise ReadError(
            f"larger than {max_bytes} bytes, so not {what}", path=path, code="json-too-large"
        )
    return data


class _BadNumber(ValueError):
    """A number the JSON module accepts but a settings file cannot hold."""


class _Duplicated(dict[str, Any]):
    """A JSON object in which ``duplicate`` appeared more than once (reported after parsing)."""

    __slots__ = ("duplicate",)

    def __init__(self, pairs: list[tuple[str, Any]], duplicate: str) -> None:
        super().__init__(pairs)
        self.duplicate = duplicate


def _object_from_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) == len(pairs):
        return result
    seen: set[str] = set()
    for name, _ in pairs:
        if name in seen:
            return _Duplicated(pairs, name)
        seen.add(name)
    return result  # not reached: fewer keys than pairs means one repeats


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_NUMBER_DIGITS:
        raise _BadNumber(f"a number with {len(text)} digits is too long")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(f"the number {text[:40]} is out of range")
    return value


def _parse_constant(text: str) -> Any:
    raise _BadNumber(f"{text} is not a JSON value")


def _check_tree(value: Any, key: str) -> None:
    """Refuse repeated keys and text that UTF-8 cannot store, anywhere in the value."""
    if isinstance(value, dict):
        if isinstance(value, _Duplicated):
            raise _invalid(
                key_path(key, value.duplicate),
                "this key appears more than once in its object; keep one",
            )
        for name, item in value.items():
            _check_text(name, key)
            _check_tree(item, key_path(key, name))
    elif isinstance(value, list):
        for number, item in enumerate(value):
            _check_tree(item, f"{key}[{number}]")
    elif isinstance(value, str):
        _check_text(value, key)


def _check_text(text: str, key: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        where = ascii(key) if _unstorable(key) else key or "the top level"
        raise _invalid(
            where, f"holds a lone surrogate {text[exc.start]!a}, which UTF-8 cannot store"
        ) from None


def _unstorable(text: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in text)


def _invalid(key: str, message: str) -> ReadError:
    return ReadError(f"{key}: {message}", code="json")
