"""Host names as browsers and crawlers read them: UTS #46 (IDNA 2008), not Python's IDNA 2003.

The cases are those where the two standards differ: under IDNA 2003 ``faß.de``
is ``fass.de``, someone else's domain.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from sitemap_studio.core.urls.host_names import host_to_unicode, normalize_host
from sitemap_studio.core.urls.parsing import origin, percent_encode_iri

# (host as written, UTS #46 non-transitional ASCII form, what IDNA 2003 made of it)
# Scripts other than Latin are the point here.
DIFFERING = [
    ("faß.de", "xn--fa-hia.de", "fass.de"),  # sharp s is kept
    ("βόλος.com", "xn--nxasmm1c.com", "xn--nxasmq6b.com"),  # final sigma is kept
    ("ශ්\u200dරී.com", "xn--10cl1a0b660p.com", "xn--10cl1a0b.com"),  # zero-width joiner
    ("\u0646\u0627\u0645\u0647\u200c\u0627\u06cc.com", "xn--mgba3gch31f060k.com",
     "xn--mgba3gch31f.com"),  # zero-width non-joiner
]


@pytest.mark.parametrize(("written", "ascii_form", "idna2003"), DIFFERING)
def test_hosts_take_the_form_browsers_use(written: str, ascii_form: str, idna2003: str) -> None:
    assert normalize_host(written) == ascii_form != idna2003
    assert normalize_host(written.replace(".com", ".COM").replace(".de", ".DE")) == ascii_form
    assert host_to_unicode(ascii_form) == written.lower()
    assert origin(f"https://{written}/a") == f"https://{ascii_form}"
    assert percent_encode_iri(f"https://{written}/straße").startswith(f"https://{ascii_form}/")


def test_an_emoji_host_is_punycoded_as_browsers_do() -> None:
    assert normalize_host("☃.net") == "xn--n3h.net"
    assert host_to_unicode("xn--n3h.net") == "☃.net"


def test_validate_and_export_agree_on_the_host(tmp_path) -> None:
    (tmp_path / "list.txt").write_text("https://faß.de/straße\nhttps://xn--fa-hia.de/b\n",
                                       encoding="utf-8")
    checked = subprocess.run([sys.executable, "-m", "sitemap_studio", "validate", "list.txt"],
                             cwd=tmp_path, capture_output=True, text=True, check=False)
    assert "fass.de" not in checked.stdout
    assert "should be written xn--fa-hia.de" in checked.stdout
    assert "scope-" not in checked.stdout  # one host, in either spelling
    done = subprocess.run([sys.executable, "-m", "sitemap_studio", "export", "list.txt",
                           "--out", "out", "--base-url", "https://faß.de/", "--no-gzip"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    written = (tmp_path / "out" / "sitemap-1.xml").read_text("utf-8")
    assert "<loc>https://xn--fa-hia.de/stra%C3%9Fe</loc>" in written
    index = (tmp_path / "out" / "sitemap-index.xml").read_text("utf-8")
    assert "<loc>https://xn--fa-hia.de/sitemap-1.xml</loc>" in index
