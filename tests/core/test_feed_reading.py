"""What a feed's items give: which link and which date, and dates read as email.utils reads them."""

from __future__ import annotations

from email.utils import parsedate_to_datetime

from hypothesis import example, given
from hypothesis import strategies as st

from sitemap_studio.core.reading.feeds import read_feed, rfc822_to_w3c


def rfc822_by_email_utils(text: str) -> str:
    """What ``rfc822_to_w3c`` gave before its fast path: email.utils alone."""
    try:
        moment = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return text
    return text if moment.tzinfo is None else moment.isoformat()


DAYS = st.sampled_from(["Mon, ", "Sun, ", "Xyz, ", "mon, ", ""])
MONTHS = st.sampled_from(["Jan", "feb", "MAR", "May", "Dec", "Foo", "Sept"])
ZONES = st.one_of(
    st.sampled_from(["GMT", "UT", "UTC", "Z", "gmt", "EST", "PDT", "XYZ", "A", "-0000",
                     "+0000", "+2400", "-2359", "+0160", "+0099"]),
    st.builds(lambda sign, value: f"{sign}{value:04d}", st.sampled_from("+-"),
              st.integers(0, 9999)))


@given(day_name=DAYS, day=st.integers(0, 40), month=MONTHS, year=st.integers(0, 9999),
       hour=st.integers(0, 25), minute=st.integers(0, 61), second=st.integers(0, 61),
       zone=ZONES, width=st.sampled_from([1, 2]))
@example(day_name="Fri, ", day=1, month="Mar", year=2024, hour=9, minute=0, second=0,
         zone="GMT", width=2)
@example(day_name="", day=29, month="Feb", year=2023, hour=0, minute=0, second=0,
         zone="+0100", width=2)
def test_common_dates_read_as_email_utils_reads_them(day_name, day, month, year, hour, minute,
                                                     second, zone, width) -> None:
    text = (f"{day_name}{day:0{width}d} {month} {year:04d} {hour:02d}:{minute:02d}:"
            f"{second:02d} {zone}")
    assert rfc822_to_w3c(text) == rfc822_by_email_utils(text)


def test_odd_forms_still_go_through_email_utils() -> None:
    for text in ("Fri, 01 Mar 24 09:00:00 GMT", "Fri,  01 Mar 2024 09:00 EST", "yesterday", "",
                 "01 Mar 2024 09:00:00 -0000", "Fri, 01 Mar 2024 09:00:00"):
        assert rfc822_to_w3c(text) == rfc822_by_email_utils(text)


def test_an_rss_item_gives_its_first_direct_link_and_date() -> None:
    feed = read_feed(b"""<rss version="2.0"><channel>
<item><source url="https://example.com/s"><link>https://example.com/nested</link></source>
  <!-- c --><link>  https://example.com/first </link><link>https://example.com/second</link>
  <pubDate>Fri, 01 Mar 2024 09:00:00 GMT</pubDate><pubDate>Sat, 02 Mar 2024 09:00:00 GMT</pubDate>
</item>
<item><link><![CDATA[https://example.com/cdata?a=1&b=2]]></link></item>
<item><link>https://example.com/<!-- split -->joined</link></item>
<item><link>   </link><guid>https://example.com/g</guid></item>
</channel></rss>""")
    assert [(e.loc, e.lastmod) for e in feed.entries] == [
        ("https://example.com/first", "2024-03-01T09:00:00+00:00"),
        ("https://example.com/cdata?a=1&b=2", None), ("https://example.com/joined", None)]
    assert [f.code for f in feed.findings] == ["feed-item-without-link"]
    assert "https://example.com/g" in feed.findings[0].message


def test_an_atom_entry_gives_its_first_alternate_link_and_updated_before_published() -> None:
    feed = read_feed(b"""<feed xmlns="http://www.w3.org/2005/Atom">
<entry><link rel="self" href="https://example.com/self"/><link rel="alternate" href=""/>
  <link href=" https://example.com/a "/><link href="https://example.com/b"/>
  <published>2024-01-01</published><updated>2024-02-02</updated><updated>2024-03-03</updated>
</entry>
<entry><link rel="alternate" href="https://example.com/c"/><published>2024-01-05</published>
</entry>
<entry><link rel="enclosure" href="https://example.com/x.mp3"/></entry>
</feed>""")
    assert [(e.loc, e.lastmod) for e in feed.entries] == [
        ("https://example.com/a", "2024-02-02"), ("https://example.com/c", "2024-01-05")]
    assert [(f.code, f.line) for f in feed.findings] == [("feed-item-without-link", 8)]
