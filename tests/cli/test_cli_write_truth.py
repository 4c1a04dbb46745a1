"""A write does what it says, or refuses: the user's side of ``convert`` and of the window start.

Every test runs ``python -m sitemap_studio`` as a user would and looks at the exit code, what
is printed and the files on disk.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
ROBOTS = (b"User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n\nUser-agent: BadBot\n"
          b"Disallow: /\n\nSitemap: https://example.com/sitemap-index.xml\n")


def run(*args: str | Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The command line as a user runs it (the window, if it starts, must not wait forever)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("SITEMAP_STUDIO_EXIT_AFTER_MS", None)
    return subprocess.run([sys.executable, "-m", "sitemap_studio", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, env=env, check=False)


def rss(items: int) -> bytes:
    body = "".join(f"<item><title>Post {n}</title><link>https://example.com/post/{n}</link>"
                   f"<description>Text of post {n}</description>"
                   f"<pubDate>Fri, 01 Mar 2024 09:00:00 GMT</pubDate></item>\n"
                   for n in range(items))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
            f"<title>News</title><link>https://example.com/</link><description>All posts"
            f"</description>\n{body}</channel></rss>\n").encode()


def urlset(locs: list[str]) -> bytes:
    body = "".join(f"  <url><loc>{loc}</loc><lastmod>2024-03-01</lastmod></url>\n"
                   for loc in locs)
    head = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
    return f"{head}{body}</urlset>\n".encode()


def index(count: int) -> bytes:
    body = "".join(f"  <sitemap><loc>https://example.com/sitemap-{n}.xml</loc></sitemap>\n"
                   for n in range(count))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n{body}'
            "</sitemapindex>\n").encode()


PAGES = [f"https://example.com/page/{n}" for n in range(5000)]


# --- a conversion never replaces a file of another kind -----------------------------------------


def test_a_feed_converted_onto_itself_is_refused_and_left_byte_identical(tmp_path: Path) -> None:
    feed = tmp_path / "feed.xml"
    feed.write_bytes(rss(300))
    before = feed.read_bytes()
    result = run("convert", feed, feed)
    assert result.returncode == 2, result.stderr
    assert f"{feed}: this is an RSS feed" in result.stderr
    assert "would lose the feed itself" in result.stderr and "--force" in result.stderr
    assert "lossless" not in result.stderr
    assert feed.read_bytes() == before


# (file name, what it holds, the input converted over it, words the refusal must say)
OTHER_KINDS = [
    ("robots.txt", ROBOTS, ("index.xml", index(40)), "its 5 line(s) other than Sitemap: lines"),
    ("sitemap-index.xml", index(40), ("pages.xml", urlset(PAGES)), "its list of sitemaps"),
    ("pages.xml", urlset(PAGES), ("index.xml", index(40)), "its list of pages"),
    ("home.xml", b"<!DOCTYPE html>\n<html><body>Home</body></html>\n",
     ("pages.xml", urlset(PAGES)), "not a sitemap"),
    ("atom.xml", b'<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title></feed>',
     ("pages.xml", urlset(PAGES)), "an Atom feed"),
    ("notes.txt", b"remember the milk\nand the eggs\n", ("pages.xml", urlset(PAGES)),
     "a text file that is not a sitemap"),
    ("list.txt", "\n".join(PAGES).encode(), ("index.txt", index(40)), "a text sitemap"),
]


@pytest.mark.parametrize(("name", "held", "given", "said"), OTHER_KINDS,
                         ids=[case[0] for case in OTHER_KINDS])
def test_converting_over_a_file_of_another_kind_is_refused_until_forced(
        tmp_path: Path, name: str, held: bytes, given: tuple[str, bytes], said: str) -> None:
    target = tmp_path / name
    target.write_bytes(held)
    source = tmp_path / "in" / given[0]
    source.parent.mkdir()
    source.write_bytes(given[1])
    refused = run("convert", source, target)
    assert refused.returncode == 2, refused.stderr
    assert said in refused.stderr and "nothing was written" in refused.stderr
    assert target.read_bytes() == held
    forced = run("convert", "--force", source, target)
    assert forced.returncode == 0, forced.stderr
    assert target.read_bytes() != held


def test_same_kind_is_still_replaced_and_a_feed_is_said_to_be_converted(tmp_path: Path) -> None:
    old = tmp_path / "sitemap.xml"
    old.write_bytes(urlset(PAGES[:10]))
    new = tmp_path / "new.xml"
    new.write_bytes(urlset(PAGES))
    result = run("convert", new, old)
    assert result.returncode == 0, result.stderr
    assert "(lossless copy)" in result.stderr
    assert old.read_bytes() == new.read_bytes()
    feed = tmp_path / "feed.xml"
    feed.write_bytes(rss(300))
    result = run("convert", feed, tmp_path / "from-feed.xml")
    assert result.returncode == 0, result.stderr
    assert "lossless" not in result.stderr
    assert "converted: the feed's 300 links became a urlset" in result.stderr


# --- text output: blanks percent-encoded, what cannot be held refused ---------------------------


def test_blanks_in_urls_are_percent_encoded_so_xml_text_xml_keeps_every_url(tmp_path: Path) -> None:
    locs = [f"{loc} draft" if n % 7 == 0 else f"{loc}?q=a\tb" if n % 11 == 0 else loc
            for n, loc in enumerate(PAGES)]
    source = tmp_path / "pages.xml"
    source.write_bytes(urlset(locs))
    result = run("convert", source, tmp_path / "pages.txt")
    assert result.returncode == 0, result.stderr
    blanks = sum(1 for loc in locs if " " in loc or "\t" in loc)
    assert f"blanks in {blanks:,} URLs were percent-encoded" in result.stderr
    assert "the other fields of 5,000 entries were not written" in result.stderr
    info = run("info", tmp_path / "pages.txt")
    assert "entries: 5000" in info.stdout and "not a URL" not in info.stdout
    assert run("convert", tmp_path / "pages.txt", tmp_path / "back.xml").returncode == 0
    back = (tmp_path / "back.xml").read_text(encoding="utf-8")
    expected = [loc.replace(" ", "%20").replace("\t", "%09") for loc in locs]
    assert [line.strip()[5:-6] for line in back.splitlines() if "<loc>" in line] == expected


@pytest.mark.parametrize(("loc", "said"), [
    ("https://example.com:80 80/a", "a blank in the port cannot be percent-encoded"),
    ("ht tp://example.com/a", "a blank in the scheme cannot be percent-encoded"),
    ("hello", "it is not a URL"),
])
def test_a_url_a_text_sitemap_cannot_hold_is_refused_with_the_entry_named(
        tmp_path: Path, loc: str, said: str) -> None:
    source = tmp_path / "pages.xml"
    source.write_bytes(urlset([*PAGES[:99], loc, *PAGES[99:200]]))
    target = tmp_path / "pages.txt"
    result = run("convert", source, target)
    assert result.returncode == 2
    assert f"{source}:102: entry 100 cannot be written as a line of a text sitemap" in result.stderr
    assert said in result.stderr
    assert not target.exists()


def test_an_index_to_text_says_what_the_text_holds(tmp_path: Path) -> None:
    source = tmp_path / "sitemap-index.xml"
    source.write_bytes(index(40))
    result = run("convert", source, tmp_path / "index.txt")
    assert result.returncode == 0, result.stderr
    assert ("it lists the 40 sitemaps of the index, and read back it is a list of pages "
            "(a urlset), not an index") in result.stderr
    assert "kind: urlset" in run("info", tmp_path / "index.txt").stdout


def test_pages_are_not_written_as_sitemap_lines_of_a_robots_txt(tmp_path: Path) -> None:
    source = tmp_path / "pages.xml"
    source.write_bytes(urlset(PAGES))
    result = run("convert", source, tmp_path / "robots.txt")
    assert result.returncode == 2
    assert "a robots.txt lists sitemaps, and this urlset lists pages" in result.stderr
    assert not (tmp_path / "robots.txt").exists()
    result = run("convert", _index_file(tmp_path), tmp_path / "robots.txt")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "robots.txt").read_text().splitlines()[0] == (
        "Sitemap: https://example.com/sitemap-0.xml")


def _index_file(folder: Path) -> Path:
    path = folder / "sitemap-index.xml"
    path.write_bytes(index(40))
    return path


# --- the first argument ----------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["crawl", "x.xml"], ["conver", "a.xml", "b.txt"],
                                  ["-style", "fusion", "crawl"], ["--verbose"]])
def test_a_word_that_is_neither_command_nor_file_is_an_error_not_a_window(
        tmp_path: Path, argv: list[str]) -> None:
    result = run(*argv, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "Commands: info, convert, validate, kit, export" in result.stderr
    if argv[0] == "conver":
        assert "did you mean 'convert'?" in result.stderr


# --- symbolic links are written through -------------------------------------------------------


def test_converting_onto_a_symbolic_link_writes_its_target_and_keeps_the_link(
        tmp_path: Path) -> None:
    real = tmp_path / "published" / "sitemap.xml"
    real.parent.mkdir()
    real.write_bytes(urlset(PAGES[:10]))
    real.chmod(0o640)
    link = tmp_path / "sitemap.xml"
    link.symlink_to(real)
    source = tmp_path / "new.xml"
    source.write_bytes(urlset(PAGES))
    result = run("convert", source, link)
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes() == source.read_bytes()
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(os.listdir(real.parent)) == ["sitemap.xml"]  # no temporary file left
