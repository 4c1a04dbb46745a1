"""The build-stamp rule's counts, kept in a few integers, say what a full count says."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from sitemap_studio.core.model.findings import Finding
from sitemap_studio.core.validation.context import Reporter
from sitemap_studio.core.validation.lastmod_counts import LastmodCounts
from sitemap_studio.core.validation.registry import Profile
from sitemap_studio.core.validation.values_rules import check_lastmod_churn

STAMPS = [None, "", "2024-03-01", "2024-03-02", "2024-03-03T10:00:00Z"]


def churn_by_count(stamps: list[str | None]) -> list[Finding]:
    report = Reporter(Profile.PROTOCOL)
    check_lastmod_churn(Counter(stamp for stamp in stamps if stamp is not None), len(stamps),
                        report)
    return report.findings


def churn_followed(counts: LastmodCounts, stamps: list[str | None]) -> list[Finding]:
    report = Reporter(Profile.PROTOCOL)
    names = {hash(stamp): stamp for stamp in STAMPS if stamp}
    check_lastmod_churn(counts.most_common(len(stamps), lambda: iter(stamps)), len(stamps),
                        report, names.__getitem__)
    return report.findings


@given(st.lists(st.sampled_from(STAMPS), min_size=1, max_size=60),
       st.lists(st.tuples(st.integers(0, 59), st.sampled_from(STAMPS)), max_size=120))
def test_edits_after_a_load_report_as_a_full_count(loaded: list[str | None],
                                                   edits: list[tuple[int, str | None]]) -> None:
    counts = LastmodCounts()
    stamps = list(loaded)
    counts.add_many([stamp for stamp in stamps[::2] if stamp is not None])
    for stamp in stamps[1::2]:
        counts.add(stamp)
    assert churn_followed(counts, stamps) == churn_by_count(stamps)
    for row, stamp in edits:
        row %= len(stamps)
        counts.remove(stamps[row])
        stamps[row] = stamp
        counts.add(stamp)
        assert churn_followed(counts, stamps) == churn_by_count(stamps)


def test_a_stamp_put_on_every_entry_by_edits_is_found() -> None:
    counts = LastmodCounts()
    stamps: list[str | None] = [f"2024-01-{day:02d}" for day in range(1, 21)]
    counts.add_many([stamp for stamp in stamps if stamp])
    assert churn_followed(counts, stamps) == []
    for row in range(len(stamps)):
        counts.remove(stamps[row])
        stamps[row] = "2024-03-01"
        counts.add("2024-03-01")
    found = churn_followed(counts, stamps)
    assert [finding.code for finding in found] == ["lastmod-build-stamp"]
    assert "20 of 20 entries share lastmod '2024-03-01'" in found[0].message
