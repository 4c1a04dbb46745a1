"""URLs: parsing, normalising and escaping URLs, host names as browsers read them (UTS #46),
showing them in messages, and which addresses may be fetched.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.urls.parsing import origin

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "origin": "parsing",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "origin",
]
