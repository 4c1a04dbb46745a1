"""Every corpus and hostile file the official XSDs reject, ``validate --profile xsd`` rejects too.

The oracle is :class:`~helpers.xsd_oracle.XsdOracle` (``../shared/schemas`` through a wrapper
importing the extension schemas; ``xhtml:link`` lax, as it has no official schema); for the
project's own fixtures it is their recorded verdict when ``../shared`` is missing; a file
that is not XML, or whose root is not a sitemaps.org ``urlset``/``sitemapindex``, is rejected
by it as by ``xmllint --schema``. For each file the oracle rejects, the CLI must exit 1 (an
error) or 2 (unreadable), and each schema error must be matched by one of our errors on the
line libxml2 names, so that the reason, not just the verdict, is the XSD's. One difference in
pointing is allowed: libxml2 reports character content on the element that holds it, where
we point at the text itself, so such an error is matched by a stray-text finding anywhere.
The files are small (at most a few kB), which keeps the oracle quick.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers.shared_data import (
    CORPUS_SOURCES,
    HOSTILE_CASES,
    MISSING,
    OWN,
    DataSources,
    corpus_files,
    plain_bytes,
    read_manifest,
)
from helpers.xsd_oracle import RecordedOracle, XsdOracle

from sitemap_studio.cli import main

FILES = [pytest.param(source, "corpus", name, id=f"{source}/corpus/{name}")
         for source in CORPUS_SOURCES
         for name in corpus_files(formats=("xml", "text", "broken"), source=source)] + [
         pytest.param(source, "hostile", name, id=f"{source}/hostile/{name}")
         for source, cases in HOSTILE_CASES.items() for name in sorted(cases) or [MISSING]]
CHARACTER_CONTENT = "Character content other than whitespace is not allowed"
STRAY_TEXT = ("stray-text", "structure-stray-text")


def _oracle_errors(oracle: XsdOracle | RecordedOracle, path: Path) -> list[str]:
    try:
        data = plain_bytes(path.read_bytes())
    except (OSError, EOFError) as exc:  # a truncated gzip stream: xmllint cannot read it
        return [f"unreadable: {exc}"]
    return oracle.validate(data)


@pytest.mark.parametrize(("source", "folder", "name"), FILES)
def test_what_the_xsd_rejects_the_xsd_profile_rejects(
        source: str, folder: str, name: str, data_sources: DataSources,
        request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]) -> None:
    sources = data_sources
    path = (sources.corpus(source) if folder == "corpus" else sources.hostile(source)) / name
    assert name != MISSING
    # Our own files were judged by the official XSDs once (the record is checked whenever
    # ../shared is there); the shared files need the XSDs themselves.
    oracle = request.getfixturevalue("fixed_xsd_oracle" if source == OWN
                                     else "official_xsd_oracle")
    errors = _oracle_errors(oracle, path)
    status = main(["validate", "--profile", "xsd", "--format", "json", str(path)])
    [report] = json.loads(capsys.readouterr().out)["files"]
    if not errors:
        return  # the profile may add the protocol's own errors; nothing to compare
    assert status in (1, 2), f"the XSD rejects {name}, validate --profile xsd passes it:\n" + (
        "\n".join(errors[:10]))
    if status == 2:
        assert report["error"]["message"]
        return
    ours = [issue for issue in report["issues"] if issue["severity"] == "error"]
    lines = {issue["line"] for issue in ours}
    unmatched = []
    for error in errors:
        located = re.match(r"(\d+):\d+: ", error)
        if located is None:  # the root itself is refused: any error of ours is about it
            continue
        if CHARACTER_CONTENT in error and any(i["code"] in STRAY_TEXT for i in ours):
            continue
        if int(located.group(1)) not in lines:
            unmatched.append(error)
    assert not unmatched, (
        f"XSD errors in {name} with no error of ours on their line:\n" + "\n".join(unmatched)
        + "\nours:\n" + "\n".join(f"{i['line']}:{i['column']} {i['code']}" for i in ours))


@pytest.mark.parametrize("name", corpus_files(formats=("xml",), source=OWN))
def test_our_manifest_says_which_files_the_xsd_accepts(
        data_sources: DataSources, fixed_xsd_oracle: RecordedOracle, name: str) -> None:
    """A file tests/corpus/MANIFEST.tsv calls valid (valid_per_sitemaps_org) passes the XSDs.

    The protocol asks more than its XSDs (absolute URLs, for one): a file may be invalid
    and still pass them, never the other way round."""
    folder = data_sources.corpus(OWN)
    claimed = read_manifest(folder)[name]["valid_per_sitemaps_org"]
    errors = _oracle_errors(fixed_xsd_oracle, folder / name)
    if claimed.startswith("yes"):
        assert errors == [], f"{name}: the manifest says {claimed!r}"
    else:
        assert claimed.startswith("no: ")
