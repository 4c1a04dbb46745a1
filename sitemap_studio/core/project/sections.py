"""Reading one JSON object of a project file: typed, checked values named by their key path.

A :class:`Section` hands out the known keys of an object, each checked for its
type and, for text, by a problem function from ``project_values``; every
problem is a :class:`ReadError` naming the key path (``export.max_urls``,
``sitemaps[2].path``). What was not asked for is :meth:`Section.rest`, kept
and written back by the project file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.project.settings_values import shown
from sitemap_studio.core.reading.json_reader import key_path

#: Checks one text value: what is wrong with it, or ``None`` (``project_values``).
Problem = Callable[[str], str | None]


class Section:
    """Reads the known keys of one JSON object, naming each by its key path; the rest is extra."""

    def __init__(self, data: dict[str, Any], key: str) -> None:
        self._data = data
        self._key = key
        self._used: set[str] = set()

    def key(self, name: str) -> str:
        return key_path(self._key, name)

    def value(self, name: str, default: Any) -> Any:
        self._used.add(name)
        return self._data.get(name, default)

    def rest(self) -> dict[str, Any]:
        return {name: value for name, value in self._data.items() if name not in self._used}

    def text(self, name: str, default: str, problem: Problem) -> str:
        value = self.value(name, default)
        if not isinstance(value, str):
            raise invalid(self.key(name), f"must be a string, not {shown(value)}")
        return self._checked(name, value, problem)

    def optional_text(self, name: str, problem: Problem) -> str | None:
        value = self.value(name, None)
        if value is None:
            return None
        if not isinstance(value, str):
            raise invalid(self.key(name), f"must be a string or null, not {shown(value)}")
        return self._checked(name, value, problem)

    def _checked(self, name: str, value: str, problem: Problem) -> str:
        message = problem(value)
        if message:
            raise invalid(self.key(name), message)
        return value

    def integer(self, name: str, default: int, highest: int) -> int:
        value = self.value(name, default)
        if not is_int(value) or not 1 <= value <= highest:
            raise invalid(
                self.key(name), f"must be an integer from 1 to {highest}, not {shown(value)}"
            )
        return int(value)

    def boolean(self, name: str, default: bool) -> bool:
        value = self.value(name, default)
        if not isinstance(value, bool):
            raise invalid(self.key(name), f"must be true or false, not {shown(value)}")
        return value

    def array(self, name: str) -> list[Any]:
        value = self.value(name, [])
        if not isinstance(value, list):
            raise invalid(self.key(name), f"must be a list, not {shown(value)}")
        return value

    def text_list(self, name: str, problem: Problem) -> list[str]:
        """A list of strings, each checked with ``problem`` (``name[i]`` names a bad one)."""
        result = []
        for number, item in enumerate(self.array(name)):
            if not isinstance(item, str):
                raise invalid(f"{self.key(name)}[{number}]", f"must be a string, not {shown(item)}")
            message = problem(item)
            if message:
                raise invalid(f"{self.key(name)}[{number}]", message)
            result.append(item)
        return result

    def section(self, name: str) -> Section:
        value = self.value(name, {})
        if not isinstance(value, dict):
            raise invalid(self.key(name), f"must be an object, not {shown(value)}")
        return Section(value, self.key(name))


def is_int(value: Any) -> bool:
    """Whether ``value`` is a JSON integer (``true`` and ``false`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def invalid(key: str, message: str) -> ReadError:
    """The error for a bad value at key path ``key``."""
    return ReadError(f"{key}: {message}", code="project-invalid")
