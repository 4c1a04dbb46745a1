"""Running members one by one gives ProjectValidator.run's findings, member by member."""

from __future__ import annotations

import pytest

from sitemap_studio.core.model.errors import Cancelled
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.project import Member, ProjectValidator
from sitemap_studio.core.validation.project_run import run_members, shares_alternates

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"


def urlset(*entries: str) -> bytes:
    return (f'<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">'
            + "".join(f"<url>{e}</url>" for e in entries) + "</urlset>").encode()


LINKS = ('<xhtml:link rel="alternate" hreflang="en" href="https://e.com/en/"/>'
         '<xhtml:link rel="alternate" hreflang="de" href="https://e.com/de/"/>')


def members(hreflang: bool) -> list[Member]:
    first = urlset(f"<loc>https://e.com/en/</loc>{LINKS if hreflang else ''}",
                   "<loc>https://e.com/x</loc><priority>9</priority>")
    second = urlset("<loc>https://e.com/de/</loc>", "<loc>https://e.com/x</loc>")
    return [Member("en.xml", open_bytes(first)), Member("de.xml", open_bytes(second))]


def findings(project: ProjectValidator) -> dict[str, list[tuple[str, str]]]:
    return {key: sorted((f.code, f.message) for f in v.findings())
            for key, v in project.validators.items()}


@pytest.mark.parametrize("hreflang", [False, True])
def test_same_findings_as_a_whole_run(hreflang: bool) -> None:
    expected = findings(ProjectValidator(members(hreflang)).run())
    project = ProjectValidator(members(hreflang))
    assert shares_alternates(project) is hreflang
    done: list[tuple[str, dict[str, list[tuple[str, str]]]]] = []
    progress: list[tuple[int, int]] = []
    run_members(project, member_done=lambda key: done.append((key, findings(project))),
                progress=lambda d, t: progress.append((d, t)))
    assert [key for key, _ in done] == ["en.xml", "de.xml"]
    # A member handed over already has its final findings.
    for key, seen in done:
        assert seen[key] == expected[key]
    assert findings(project) == expected
    assert progress[-1] == (4, 4)
    if hreflang:
        assert ("hreflang-no-return-link" in [c for c, _ in expected["de.xml"]])


def test_cancel_stops_between_members() -> None:
    token = CancelToken()
    project = ProjectValidator(members(False))
    done: list[str] = []

    def member_done(key: str) -> None:
        done.append(key)
        token.cancel()

    with pytest.raises(Cancelled):
        run_members(project, cancel=token, member_done=member_done)
    assert done == ["en.xml"]
