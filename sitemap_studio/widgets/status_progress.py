"""Progress of background work in the status bar, shown only when it takes a while."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from sitemap_studio.services.jobs import Job

#: Work that finishes sooner than this shows nothing.
SHOW_AFTER_MS = 600


class StatusProgress(QWidget):
    """A label, a bar and Cancel for one job at a time; hidden until :data:`SHOW_AFTER_MS`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job: Job | None = None
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(220)
        self.bar.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("progress_cancel")
        self.cancel_button.clicked.connect(self.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SHOW_AFTER_MS)
        self._timer.timeout.connect(self._appear)
        self.hide()

    def follow(self, job: Job, label: str) -> None:
        """Show ``job``'s progress if it is still running after a moment."""
        self.job = job
        self.label.setText(label)
        self.bar.setRange(0, 0)
        job.signals.progress.connect(self._progress)
        job.signals.finished.connect(lambda: self._finished(job))
        self._timer.start()

    def cancel(self) -> None:
        """Cancel the job followed."""
        if self.job is not None:
            self.job.cancel()
            self.label.setText("Cancelling\N{HORIZONTAL ELLIPSIS}")
            self.cancel_button.setEnabled(False)

    def _appear(self) -> None:
        if self.job is not None:
            self.cancel_button.setEnabled(True)
            self.show()

    def _progress(self, done: int, total: int) -> None:
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))

    def _finished(self, job: Job) -> None:
        if job is self.job:
            self.job = None
            self._timer.stop()
            self.hide()
