"""Reading: opening any input the core reads, safely: the one XML parser factory, encodings, the
fast entry scanner, text lists, feeds, robots.txt, and the recognition of files that are not
sitemaps.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.reading.fingerprints import fingerprint_of, set_fingerprint
    from sitemap_studio.core.reading.loader import open_document
    from sitemap_studio.core.reading.repair import Repaired, is_stray_ampersand, open_repaired
    from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "fingerprint_of": "fingerprints",
    "is_stray_ampersand": "repair",
    "open_document": "loader",
    "open_repaired": "repair",
    "Repaired": "repair",
    "set_fingerprint": "fingerprints",
    "XML_WHITESPACE": "xml_tokens",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "XML_WHITESPACE",
    "Repaired",
    "fingerprint_of",
    "is_stray_ampersand",
    "open_document",
    "open_repaired",
    "set_fingerprint",
]
