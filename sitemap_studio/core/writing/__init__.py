"""Writing: saving documents losslessly and atomically, writing new sitemaps, editing an entry's
XML, and the crash-recovery journals.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.writing.atomic_files import atomic_write
    from sitemap_studio.core.writing.conversion_notes import conversion_note
    from sitemap_studio.core.writing.journal_places import recovery_places
    from sitemap_studio.core.writing.overwrite import OverwriteRefused
    from sitemap_studio.core.writing.recovery import (
        RECOVERED_FROM_INFO,
        Recovery,
        discard_recovery,
        fallback_recovery_path,
        find_recoveries,
        load_recovery,
        recovery_path,
        write_recovery,
    )
    from sitemap_studio.core.writing.saving import OutputFormat, output_for
    from sitemap_studio.core.writing.snapshots import (
        SavePlan,
        SaveResult,
        plan_save,
        save_document,
        take_snapshot,
        write_save,
    )
    from sitemap_studio.core.writing.text_escape import escape_text

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "atomic_write": "atomic_files",
    "conversion_note": "conversion_notes",
    "discard_recovery": "recovery",
    "escape_text": "text_escape",
    "fallback_recovery_path": "recovery",
    "find_recoveries": "recovery",
    "load_recovery": "recovery",
    "output_for": "saving",
    "OutputFormat": "saving",
    "OverwriteRefused": "overwrite",
    "plan_save": "snapshots",
    "RECOVERED_FROM_INFO": "recovery",
    "Recovery": "recovery",
    "recovery_path": "recovery",
    "recovery_places": "journal_places",
    "save_document": "snapshots",
    "SavePlan": "snapshots",
    "SaveResult": "snapshots",
    "take_snapshot": "snapshots",
    "write_recovery": "recovery",
    "write_save": "snapshots",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "RECOVERED_FROM_INFO",
    "OutputFormat",
    "OverwriteRefused",
    "Recovery",
    "SavePlan",
    "SaveResult",
    "atomic_write",
    "conversion_note",
    "discard_recovery",
    "escape_text",
    "fallback_recovery_path",
    "find_recoveries",
    "load_recovery",
    "output_for",
    "plan_save",
    "recovery_path",
    "recovery_places",
    "save_document",
    "take_snapshot",
    "write_recovery",
    "write_save",
]
