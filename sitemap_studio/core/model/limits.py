"""Safety caps on input, and the limits the sitemap protocol sets."""

from __future__ import annotations

import os
from dataclasses import dataclass

#: The protocol's limits for one sitemap file (sitemaps.org).
PROTOCOL_MAX_URLS = 50_000
PROTOCOL_MAX_BYTES = 52_428_800

#: Environment variables that raise the hard caps (also CLI options).
ENV_MAX_BYTES = "SITEMAP_STUDIO_MAX_BYTES"
ENV_MAX_ENTRIES = "SITEMAP_STUDIO_MAX_ENTRIES"

DEFAULT_MAX_BYTES = 256 * 1024 * 1024
DEFAULT_MAX_ENTRIES = 1_000_000


@dataclass(frozen=True, slots=True)
class Limits:
    """Hard caps that protect memory and time when opening untrusted files.

    Raise them with ``--max-bytes``/``--max-entries`` on the command line or
    the ``SITEMAP_STUDIO_MAX_BYTES``/``SITEMAP_STUDIO_MAX_ENTRIES`` variables.
    """

    max_uncompressed_bytes: int = DEFAULT_MAX_BYTES
    max_entries: int = DEFAULT_MAX_ENTRIES
    max_depth: int = 256

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Limits:
        """Build limits from the environment, falling back to the defaults."""
        env = os.environ if environ is None else environ
        return cls(
            max_uncompressed_bytes=_positive_int(env.get(ENV_MAX_BYTES), DEFAULT_MAX_BYTES),
            max_entries=_positive_int(env.get(ENV_MAX_ENTRIES), DEFAULT_MAX_ENTRIES),
        )


def _positive_int(text: str | None, default: int) -> int:
    if not text:
        return default
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        return default
    return value if value > 0 else default
