"""A progress dialog that appears only when a job takes longer than a moment."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

from sitemap_studio.services.jobs import Job

#: Jobs that finish sooner than this never show a dialog.
SHOW_AFTER_MS = 600


class DelayedProgress(QObject):
    """Shows ``job``'s progress in a dialog after :data:`SHOW_AFTER_MS`; Cancel cancels it."""

    def __init__(self, job: Job, label: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.job = job
        self.dialog = QProgressDialog(label, "Cancel", 0, 100, parent)
        self.dialog.setWindowTitle("Sitemap Studio")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(0)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.canceled.connect(job.cancel)
        self.dialog.hide()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._show)
        self._timer.start(SHOW_AFTER_MS)
        job.signals.progress.connect(self._progress)
        job.signals.finished.connect(self.close)

    def _show(self) -> None:
        if not self.job.token.cancelled:
            self.dialog.show()

    def _progress(self, done: int, total: int) -> None:
        if total > 0:
            self.dialog.setMaximum(total)
            self.dialog.setValue(min(done, total))

    def close(self) -> None:
        """Hide the dialog for good."""
        self._timer.stop()
        self.dialog.hide()
        self.dialog.deleteLater()
        self.deleteLater()
