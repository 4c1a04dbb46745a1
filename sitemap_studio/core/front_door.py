"""Front doors of the core's subpackages: names loaded from their modules on first use."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``'s front door.

    ``homes`` maps each public name to the module of ``package`` that defines
    it; the module is imported when the name is first read, and the name is
    then kept on the package so later reads are plain attribute lookups.
    """

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(homes) | set(vars(sys.modules[package])))

    return __getattr__, __dir__
