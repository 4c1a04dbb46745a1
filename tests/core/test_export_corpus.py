"""Every corpus sitemap (ours and the shared real ones) exports to valid files, each URL once.

The input may hold anything a published sitemap holds (errors included: the
export runs as with ``--allow-errors``); what export writes must still be
well-formed and valid against the official XSDs (the strict-XSD profile without
``../shared``, see tests/conftest.py), and every URL of the input
must be accounted for: written once, merged as a duplicate, or left out with a
reason.
"""

from __future__ import annotations

import gzip
from collections import Counter
from pathlib import Path

import pytest
from helpers.shared_data import (
    CORPUS_SOURCES,
    MISSING,
    DataSources,
    corpus_dir_of,
    corpus_files,
    read_manifest,
)
from helpers.xsd_oracle import ProfileOracle, XsdOracle

from sitemap_studio.core.export.locs import LocRules
from sitemap_studio.core.export.options import ExportOptions
from sitemap_studio.core.export.split import export_documents
from sitemap_studio.core.reading.loader import open_bytes, open_document

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def exportable_corpus() -> list[object]:
    """``(source, name)`` of the corpus files with urlset entries (XML or text lists)."""
    params = []
    for source in CORPUS_SOURCES:
        names = corpus_files(entries=True, source=source)
        if names != [MISSING]:
            rows = read_manifest(corpus_dir_of(source))
            names = [n for n in names if not rows[n]["format"].startswith("sitemapindex")]
        params += [pytest.param(source, name, id=f"{source}/{name}") for name in names]
    return params


@pytest.fixture
def corpus_dir(data_sources: DataSources, source: str, name: str) -> Path:
    """The folder of the case's corpus (a missing shared corpus skips, or fails in CI)."""
    assert name != MISSING or source == "shared"
    return data_sources.corpus(source)


def plain(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.name.endswith(".gz") else data


@pytest.mark.parametrize(("source", "name"), exportable_corpus())
def test_a_corpus_sitemap_exports_valid_files_with_every_url_accounted_for(
        corpus_dir: Path, tmp_path: Path, core_xsd_oracle: XsdOracle | ProfileOracle,
        name: str) -> None:
    doc = open_document(corpus_dir / name)
    # The hosts the input lists (its relative URLs resolve against the commonest one): the
    # user gives a base URL per host, as `--base-url` once per host.
    # (A protocol-relative `//host/path` takes the scheme of the site URL.)
    site = "https://example.com/"
    for _ in range(2):
        rules = LocRules(site)
        origins = Counter(loc.origin for row in range(len(doc))
                          if not isinstance(loc := rules.prepare(doc.text(row, 0)), str))
        bases = [f"{origin}/" for origin, _count in origins.most_common()] or [site]
        site = bases[0]
    options = ExportOptions(str(tmp_path / "out"), bases[0], max_urls=7,
                            host_base_urls=bases[1:])
    report = export_documents([doc], options)

    written: list[str] = []
    for each in report.sets:
        folder = Path(each.out_dir)
        index = (folder / "sitemap-index.xml").read_bytes()
        core_xsd_oracle.assert_valid(index, f"{name}: the index of {each.origin}")
        for item in each.files:
            data = plain(folder / item.name.rsplit("/", 1)[-1])
            core_xsd_oracle.assert_valid(data, f"{name}: {item.name}")
            reread = open_bytes(data, "out.xml")
            assert reread.info["namespace"] == NS
            written.extend(entry.loc or "" for entry in reread.entries())
    assert len(written) == len(set(written)), "a URL was written twice"
    notes = report.notes
    assert len(written) == report.urls
    assert report.urls + notes.merged + notes.left_out.total == len(doc)
