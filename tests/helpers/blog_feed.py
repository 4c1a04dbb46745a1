"""A blog's RSS feed of the size users have, for journeys that open feeds."""

from __future__ import annotations


def post_link(n: int) -> str:
    """The URL of post ``n`` (it holds an ``&``, written ``&amp;`` in the feed)."""
    return f"https://example.com/blog/{n // 100}/post-{n}?utm=feed&ref={n}"


def blog_feed(items: int) -> bytes:
    """An RSS 2.0 feed of ``items`` posts with titles, links, dates and HTML descriptions."""
    body = "".join(
        f"<item><title>Post {n} &amp; notes</title>"
        f"<link>{post_link(n).replace('&', '&amp;')}</link>"
        f"<pubDate>Mon, {n % 28 + 1:02d} Jan 2024 10:{n % 60:02d}:00 GMT</pubDate>"
        f"<description>&lt;p&gt;Post {n}&lt;/p&gt;</description></item>\n"
        for n in range(items))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
            f"<title>Blog</title><link>https://example.com/</link>\n{body}</channel></rss>\n"
            ).encode()
