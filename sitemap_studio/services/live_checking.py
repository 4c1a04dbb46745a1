"""Run Check Live Site in the background, one file's result at a time.

Nothing touches the network until :meth:`LiveCheckService.check` or
:meth:`LiveCheckService.check_project` is called (the dialog's Check
button). The core check runs as a :class:`~sitemap_studio.services.jobs.Job`;
each file's result reaches the GUI thread as ``file_checked`` as soon as it
is complete, and the whole report as ``finished``. Starting a new check
cancels the one under way; its late signals are dropped.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from sitemap_studio.core.project import Workspace
from sitemap_studio.core.publish_check import (
    FileCheck,
    LiveCheckOptions,
    LiveReport,
    check_project,
    check_urls,
)
from sitemap_studio.services.jobs import Job, JobRunner
from sitemap_studio.services.single_run import SingleRunService


class LiveCheckService(SingleRunService):
    """Runs one live check at a time for a dialog."""

    #: (FileCheck): one file is checked.
    file_checked = Signal(object)
    #: (LiveReport): the check is over.
    finished = Signal(object)

    def __init__(self, runner: JobRunner, parent: QObject | None = None) -> None:
        super().__init__(runner, parent)

    def check(self, url: str, options: LiveCheckOptions) -> Job:
        """Check ``url`` (and an index's children) live."""
        return self._start(Job(check_urls, [url], options, partial_keyword="on_file"))

    def check_project(self, workspace: Workspace, options: LiveCheckOptions) -> Job:
        """Check where ``workspace``'s project publishes, and compare with a fresh export."""
        return self._start(Job(check_project, workspace, options, partial_keyword="on_file"))

    def _start(self, job: Job) -> Job:
        job.signals.partial.connect(self._file)
        job.signals.succeeded.connect(self._finished)
        return self.start_run(job)

    def _file(self, item: FileCheck) -> None:
        if self.from_current():
            self.file_checked.emit(item)

    def _finished(self, report: LiveReport) -> None:
        if self.end_run():
            self.finished.emit(report)


__all__ = ["LiveCheckService"]
