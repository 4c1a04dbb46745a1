"""``sitemap-studio validate`` agrees with its authorities (issue 12, issues 22).

Each test writes the file a user has to disk, runs the CLI's ``main`` and reads what
the user reads: the exit status and the printed findings (text or JSON).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sitemap_studio.cli import main

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
NEWS = "http://www.google.com/schemas/sitemap-news/0.9"
HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
PROFILES = ("protocol", "xsd", "google")


def urlset(body: str, root_attributes: str = "", namespaces: str = "") -> bytes:
    return (f'{HEAD}<urlset xmlns="{SM}"{namespaces}{root_attributes}>\n{body}</urlset>\n'
            ).encode()


def run(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> tuple[int, list[dict]]:
    """Exit status and the JSON issues of one file."""
    # The fixtures are on example.com: name it as the site, so site-placeholder-host stays out.
    site = () if "--site-url" in options else ("--site-url", "https://example.com")
    status = main(["validate", "--format", "json", *site, *options, str(path)])
    files = json.loads(capsys.readouterr().out)["files"]
    assert [item["path"] for item in files] == [str(path)]
    return status, files[0]["issues"]


def by_code(issues: list[dict], code: str) -> list[dict]:
    return [issue for issue in issues if issue["code"] == code]


def where(data: bytes, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the ``nth`` occurrence of ``needle`` in ``data``."""
    text = data.decode("utf-8")
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(needle, offset + 1)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


# --- root attributes the XSD does not declare (issue 22) --------------------------------------

ROOT_ATTRIBUTES = ' version="1.0" generatedBy="Wix.com"'


@pytest.mark.parametrize(("profile", "severity", "status"), [
    ("protocol", "notice", 0), ("xsd", "error", 1), ("google", "notice", 0)])
def test_undeclared_root_attributes_follow_the_profile(tmp_path: Path, capsys, profile: str,
                                                        severity: str, status: int) -> None:
    path = tmp_path / "wix.xml"
    data = urlset("  <url><loc>https://example.com/a</loc></url>\n", ROOT_ATTRIBUTES)
    path.write_bytes(data)
    code, issues = run(capsys, path, "--profile", profile)
    assert code == status
    found = by_code(issues, "root-attribute")
    assert [(i["severity"], i["line"], i["column"]) for i in found] == [
        (severity, *where(data, 'version="1.0" gen')), (severity, *where(data, "generatedBy="))]
    assert "'version'" in found[0]["message"] and "XSD" in found[0]["message"]
    assert "'generatedBy'" in found[1]["message"]


def test_schema_location_and_namespace_declarations_are_not_root_attributes(
        tmp_path: Path, capsys) -> None:
    xsi = ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="a b"'
    path = tmp_path / "xsi.xml"
    path.write_bytes(urlset("  <url><loc>https://example.com/a</loc></url>\n", xsi))
    assert run(capsys, path, "--profile", "xsd") == (0, [])


# --- Google's old 0.84 namespace ----------------------------------------------------------------


def test_the_old_google_namespace_is_an_error_under_the_xsd_only(tmp_path: Path,
                                                                  capsys) -> None:
    path = tmp_path / "old.xml"
    path.write_bytes(urlset("  <url><loc>https://example.com/a</loc></url>\n").replace(
        SM.encode(), b"http://www.google.com/schemas/sitemap/0.84"))
    assert run(capsys, path)[0] == 0
    status, issues = run(capsys, path, "--profile", "xsd")
    assert status == 1
    [issue] = by_code(issues, "namespace-obsolete")
    assert (issue["severity"], issue["line"], issue["column"]) == ("error", 2, 1)


# --- elements the strict wildcard rejects -------------------------------------------------------

PAGEMAP = ('    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">\n'
           '      <DataObject type="document"><Attribute name="title">T</Attribute></DataObject>\n'
           "    </PageMap>\n")
XINCLUDE = '    <xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="more.xml"/>\n'


@pytest.mark.parametrize(("block", "name"), [(PAGEMAP, "PageMap"), (XINCLUDE, "xi:include")],
                         ids=["pagemap", "xinclude"])
def test_elements_no_official_schema_declares_are_xsd_errors(tmp_path: Path, capsys,
                                                            block: str, name: str) -> None:
    path = tmp_path / "foreign.xml"
    data = urlset(f"  <url>\n    <loc>https://example.com/a</loc>\n{block}  </url>\n")
    path.write_bytes(data)
    for profile in ("protocol", "google"):
        assert run(capsys, path, "--profile", profile) == (0, [])
    status, issues = run(capsys, path, "--profile", "xsd")
    assert status == 1
    [issue] = by_code(issues, "extension-undeclared")
    at = where(data, block.strip()[:8])
    assert (issue["severity"], issue["line"], issue["column"]) == ("error", *at)
    assert f"<{name}>" in issue["message"] and "strict" in issue["message"]


def test_an_undeclared_element_before_the_first_entry_is_an_xsd_error(tmp_path: Path,
                                                                       capsys) -> None:
    path = tmp_path / "lead.xml"
    data = urlset('  <acme:meta xmlns:acme="urn:acme">x</acme:meta>\n'
                  "  <url><loc>https://example.com/a</loc></url>\n")
    path.write_bytes(data)
    status, issues = run(capsys, path, "--profile", "xsd")
    assert status == 1
    assert [(i["line"], i["column"]) for i in by_code(issues, "extension-undeclared")] == [
        where(data, "<acme:meta")]


# --- an entry in no namespace -------------------------------------------------------------------


@pytest.mark.parametrize(("profile", "severity", "status"), [
    ("protocol", "warning", 0), ("xsd", "error", 1), ("google", "warning", 0)])
def test_an_entry_in_no_namespace_is_at_least_a_warning(tmp_path: Path, capsys, profile: str,
                                                        severity: str, status: int) -> None:
    path = tmp_path / "nons.xml"
    data = urlset("  <url><loc>https://example.com/a</loc></url>\n"
                  '  <url xmlns=""><loc>https://example.com/b</loc></url>\n')
    path.write_bytes(data)
    code, issues = run(capsys, path, "--profile", profile)
    assert code == status
    [issue] = issues
    assert (issue["code"], issue["severity"], issue["line"], issue["column"]) == (
        "entry-no-namespace", severity, *where(data, '<url xmlns=""'))
    assert "https://example.com/b" in issue["message"]


# --- size as published --------------------------------------------------------------------------


def test_size_is_measured_in_the_bytes_as_published(tmp_path: Path, capsys) -> None:
    """A UTF-16 file over 50 MiB on disk is too big even when its UTF-8 form is not."""
    entry = "  <url><loc>https://example.com/{:07d}/" + "p" * 1900 + "</loc></url>\n"
    count = 53_900_000 // (2 * len(entry.format(0))) + 1
    body = "".join(entry.format(n) for n in range(count))
    text = (f'<?xml version="1.0" encoding="UTF-16"?>\n<urlset xmlns="{SM}">\n{body}'
            "</urlset>\n")
    path = tmp_path / "utf16.xml"
    path.write_bytes(text.encode("utf-16"))
    published = path.stat().st_size
    assert published > 52_428_800 > len(text.encode("utf-8"))
    status, issues = run(capsys, path)
    assert status == 1
    [issue] = by_code(issues, "limit-bytes")
    assert f"{published:,} bytes" in issue["message"]


# --- empty news:title ---------------------------------------------------------------------------


def test_an_empty_news_title_is_called_empty(tmp_path: Path, capsys) -> None:
    news = ("<news:news><news:publication><news:name>N</news:name><news:language>en"
            "</news:language></news:publication><news:publication_date>2024-01-15"
            "</news:publication_date>\n      <news:title></news:title></news:news>")
    path = tmp_path / "news.xml"
    data = urlset(f"  <url><loc>https://example.com/a</loc>\n    {news}</url>\n",
                  namespaces=f' xmlns:news="{NEWS}"')
    path.write_bytes(data)
    status, issues = run(capsys, path)
    assert status == 1
    [issue] = [i for i in issues if i["severity"] == "error"]
    assert "empty" in issue["message"] and "<news:title>" in issue["message"]
    assert "has no" not in issue["message"]
    assert (issue["line"], issue["column"]) == where(data, "<news:title>")


# --- where findings point, and in which order files come ----------------------------------------

SPREAD = urlset("  <url>\n    <loc>https://example.com/a</loc>\n    <lastmod>2024-13-01</lastmod>\n"
                "    <priority>high</priority>\n  </url>\n"
                "  <url>\n    <loc>https://example.com/a</loc>\n  </url>\n"
                "  https://example.com/c.txt\n")


def test_each_finding_points_at_its_field(tmp_path: Path, capsys) -> None:
    path = tmp_path / "spread.xml"
    path.write_bytes(SPREAD)
    status, issues = run(capsys, path)
    assert status == 1
    seen = {(i["code"], i["field"]): (i["line"], i["column"]) for i in issues}
    assert seen[("lastmod-impossible-date", "lastmod")] == where(SPREAD, "<lastmod>")
    assert seen[("priority-not-decimal", "priority")] == where(SPREAD, "<priority>")
    assert seen[("loc-duplicate", "loc")] == where(SPREAD, "<loc>", 1)
    assert seen[("stray-text", None)] == where(SPREAD, "https://example.com/c.txt")
    assert main(["validate", str(path)]) == 1
    text = capsys.readouterr().out
    line, column = where(SPREAD, "<priority>")
    assert f"{path}:{line}:{column}: error priority-not-decimal: " in text


def test_files_come_out_in_the_order_given(tmp_path: Path, capsys) -> None:
    second = tmp_path / "a.xml"
    second.write_bytes(SPREAD)
    broken = tmp_path / "m-broken.xml"
    broken.write_bytes(b"<urlset>\n<url>\n</urlset>")
    first = tmp_path / "z.xml"
    first.write_bytes(SPREAD)
    given = [str(first), str(broken), str(second)]
    assert main(["validate", "--format", "json", *given]) == 2
    assert [item["path"] for item in json.loads(capsys.readouterr().out)["files"]] == given
    assert main(["validate", *given]) == 2
    captured = capsys.readouterr()
    files = list(dict.fromkeys(line.split(":")[0] for line in captured.out.splitlines()))
    assert files == [str(first), str(second)]
    assert str(broken) in captured.err


# --- robots.txt ---------------------------------------------------------------------------------

ROBOTS = ("User-agent: *\nDisallow: /private/\n"
          "Sitemap:\n"
          "Sitemap: https://example.com/sitemap.xml\n"
          "Sitemap: https://example.com/news.xml\n"
          "Sitemap: https://old-cdn.example.net/sitemap.xml\n")


@pytest.mark.parametrize("options", [(), ("--site-url", "https://example.com/")],
                         ids=["majority-host", "site-url"])
def test_robots_lines_without_a_url_or_on_another_host(tmp_path: Path, capsys,
                                                       options: tuple[str, ...]) -> None:
    path = tmp_path / "robots.txt"
    path.write_bytes(ROBOTS.encode())
    status, issues = run(capsys, path, *options)
    assert status == 1
    found = {i["code"]: (i["severity"], i["line"], i["column"]) for i in issues}
    data = ROBOTS.encode()
    empty_line = where(data, "Sitemap:\n")[0]
    assert found["robots-sitemap-empty"] == ("error", empty_line, len("Sitemap:") + 1)
    assert found["robots-sitemap-foreign-host"] == (
        "warning", *where(data, "https://old-cdn.example.net"))
    assert len(issues) == 2


def test_structure_findings_point_at_the_element_concerned(tmp_path: Path, capsys) -> None:
    data = urlset('  <url loc="x"><loc>https://example.com/a</loc></url>\n'
                  "  <url><loc>https://example.com/b</loc><url><loc>https://example.com/c</loc>"
                  "</url></url>\n"
                  "  <url><loc>https://example.com/d</loc><note>n</note></url>\n")
    path = tmp_path / "structure.xml"
    path.write_bytes(data)
    status, issues = run(capsys, path)
    assert status == 1
    seen = {i["code"]: (i["line"], i["column"]) for i in issues}
    assert seen["structure-attribute"] == where(data, '<url loc="x">')
    assert seen["structure-nested-entry"] == where(data, "<url><loc>https://example.com/c")
    assert seen["structure-unknown-element"] == where(data, "<note>")


IMAGE = "http://www.google.com/schemas/sitemap-image/1.1"
VIDEO = "http://www.google.com/schemas/sitemap-video/1.1"


@pytest.mark.parametrize(("item", "element"), [
    ("<image:image>\n      <image:loc> </image:loc></image:image>", "<image:loc>"),
    ("<video:video><video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>\n"
     "      <video:title></video:title><video:description>D</video:description>"
     "<video:content_loc>https://example.com/v.mp4</video:content_loc></video:video>",
     "<video:title>"),
], ids=["image-loc", "video-title"])
def test_other_empty_required_values_are_called_empty(tmp_path: Path, capsys, item: str,
                                                      element: str) -> None:
    data = urlset(f"  <url><loc>https://example.com/a</loc>\n    {item}</url>\n",
                  namespaces=f' xmlns:image="{IMAGE}" xmlns:video="{VIDEO}"')
    path = tmp_path / "empty.xml"
    path.write_bytes(data)
    status, issues = run(capsys, path)
    assert status == 1
    [issue] = [i for i in issues if i["severity"] == "error"]
    assert f"empty {element}" in issue["message"] and "has no" not in issue["message"]
    assert (issue["line"], issue["column"]) == where(data, element)
