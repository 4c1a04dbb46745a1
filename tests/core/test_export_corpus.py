"""Every real sitemap of the shared corpus exports to schema-valid files, each URL once.

The input may hold anything a published sitemap holds (errors included: the
export runs as with ``--allow-errors``); what export writes must still be
well-formed and valid against the official XSDs, and every URL of the input
must be accounted for: written once, merged as a duplicate, or left out with a
reason.
"""

from __future__ import annotations

import gzip
from collections import Counter
from pathlib import Path

import pytest
from helpers.shared_data import CORPUS_DIR, MISSING, corpus_files, read_manifest
from helpers.xsd_oracle import XsdOracle

from sitemap_studio.core.export_locs import LocRules
from sitemap_studio.core.export_options import ExportOptions
from sitemap_studio.core.loader import open_bytes, open_document
from sitemap_studio.core.split_export import export_documents

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def exportable_corpus() -> list[str]:
    """Corpus files with urlset entries (XML or text lists), from the manifest."""
    names = corpus_files(entries=True)
    if names == [MISSING]:
        return names
    rows = read_manifest(CORPUS_DIR)
    return [name for name in names if not rows[name]["format"].startswith("sitemapindex")]


def plain(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.name.endswith(".gz") else data


@pytest.mark.parametrize("name", exportable_corpus())
def test_a_real_sitemap_exports_valid_files_with_every_url_accounted_for(
        corpus_dir: Path, tmp_path: Path, core_xsd_oracle: XsdOracle, name: str) -> None:
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
