"""Project validation keys members by what the caller says they are, and names them by path."""

from __future__ import annotations

from sitemap_studio.core.project import ItemKey
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.project import Member, ProjectValidator

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"


def _urlset(*urls: str) -> bytes:
    return (f'<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">{"".join(urls)}</urlset>').encode()


def _url(loc: str, *hreflangs: tuple[str, str]) -> str:
    links = "".join(f'<xhtml:link rel="alternate" hreflang="{lang}" href="{href}"/>'
                    for lang, href in hreflangs)
    return f"<url><loc>{loc}</loc>{links}</url>"


def _messages(members: list[Member]) -> list[list[str]]:
    validators = ProjectValidator(members).run().validators
    return [[f.message for f in validators[m.key].findings()] for m in members]


def _documents():
    # en.xml lists the German page, which both files hold and neither links back from:
    # the message names one of the two copies, the first by file name (a.xml's).
    en = open_bytes(_urlset(_url("https://e.com/en/", ("en", "https://e.com/en/"),
                                 ("de", "https://e.com/de/")), _url("https://e.com/de/")))
    other = open_bytes(_urlset(_url("https://e.com/de/")))
    return en, other


def test_members_keyed_by_item_keys_get_the_findings_of_members_keyed_by_path() -> None:
    en, other = _documents()
    by_path = _messages([Member("/p/en.xml", en), Member("/p/a.xml", other)])
    en, other = _documents()
    by_key = _messages([Member("/p/en.xml", en, key=ItemKey.issue()),
                        Member("/p/a.xml", other, key=ItemKey.issue())])
    assert by_key == by_path
    assert any("https://e.com/de/ does not link back" in m for m in by_key[0])


def test_two_members_of_one_path_stay_apart_under_their_keys() -> None:
    index = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://e.com/s.xml</loc>'
                       "</sitemap></sitemapindex>".encode())
    urls = open_bytes(_urlset(_url("https://e.com/a"), _url("https://e.com/a")))
    first, second = ItemKey.issue(), ItemKey.issue()
    validators = ProjectValidator([Member("/p/s.xml", index, key=first),
                                   Member("/p/s.xml", urls, key=second)]).run().validators
    assert set(validators) == {first, second}
    assert validators[first].document is index and validators[second].document is urls
    assert [f.code for f in validators[second].findings()] == ["loc-duplicate"]


def test_the_index_rules_read_the_members_file_names() -> None:
    index = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://e.com/child.xml</loc>'
                       "</sitemap></sitemapindex>".encode())
    child = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://e.com/s.xml</loc>'
                       "</sitemap></sitemapindex>".encode())
    key = ItemKey.issue()
    validators = ProjectValidator([Member("/p/index.xml", index, key=key),
                                   Member("/p/sub/child.xml", child,
                                          key=ItemKey.issue())]).run().validators
    assert [f.code for f in validators[key].findings()] == ["index-lists-index"]
