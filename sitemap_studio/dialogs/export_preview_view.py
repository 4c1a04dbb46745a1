"""What an export would write, in the export dialog: the files planned, then a line that sums up.

The table lists each file the settings shown would produce (name, URL count,
size against the limits) before anything is written; the line under it
gives the totals, the index, and whether the sizes are estimates. The plan
comes from :mod:`sitemap_studio.core.export.preview`; the dialog re-plans on
each change of the settings and shows the result here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import QVBoxLayout, QWidget

from sitemap_studio.core.export import ExportPlan
from sitemap_studio.dialogs.feedback_label import FeedbackLabel, plural
from sitemap_studio.dialogs.read_only_tables import read_only_table
from sitemap_studio.qt_models.publish_models import human_size, plan_model


class ExportPreviewView(QWidget):
    """The files an export would write, and their totals in words.

    ``max_urls`` and ``max_bytes`` give the limits the table measures each
    file against (the settings' current values).
    """

    def __init__(self, max_urls: Callable[[], int], max_bytes: Callable[[], int],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.plan_model = plan_model(max_urls, max_bytes, self)
        self.preview_view = read_only_table(self.plan_model, self, stretch=(0,))
        layout.addWidget(self.preview_view, 1)
        self.preview_label = FeedbackLabel(self)
        layout.addWidget(self.preview_label)

    def show_plan(self, plan: ExportPlan, gzip: bool, estimated: Sequence[str]) -> None:
        """Show ``plan``'s files and totals; ``estimated`` names the inputs whose sizes are
        estimates (re-written with the output's namespace prefixes)."""
        self.plan_model.set_records(plan.files)
        text = (f"{plural(len(plan.files), 'file')}, {plural(plan.urls, 'URL')}, "
                f"{human_size(plan.raw_bytes)} uncompressed")
        if gzip:
            text += " (gzipped on disk)"
        if plan.index is not None:
            text += (f"; plus {plan.index.name} listing them (about "
                     f"{human_size(plan.index.bytes)})")
        if not plan.exact:
            text += (". Sizes are estimates: entries of " + ", ".join(estimated)
                     + " are re-written with the output's namespace prefixes")
        self.preview_label.show_info(text + ".")


__all__ = ["ExportPreviewView"]
