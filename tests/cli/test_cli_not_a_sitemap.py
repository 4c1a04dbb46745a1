"""A file that is not a sitemap gets one located diagnosis, not dozens (issue 22).

Each test writes the file a user meets to disk under a sitemap's name, runs
``sitemap-studio info`` and ``validate`` through the CLI's ``main`` and reads
what the user reads: exit status 2 and one ``FILE:LINE:COLUMN`` message naming
what the file is.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sitemap_studio.cli import main

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"

JEKYLL = f"""---
layout: null
sitemap: false
---
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="{SM}">
  {{% for post in site.posts %}}
  <url>
    <loc>{{{{ site.url }}}}{{{{ post.url }}}}</loc>
    <lastmod>{{{{ post.date | date_to_xmlschema }}}}</lastmod>
  </url>
  {{% endfor %}}
  {{% for page in site.pages %}}{{% if page.sitemap != false %}}
  <url><loc>{{{{ site.url }}}}{{{{ page.url | remove: 'index.html' }}}}</loc></url>
  {{% endif %}}{{% endfor %}}
</urlset>
"""

JINJA = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="{SM}">
{{%- for page in pages %}}
  <url><loc>{{{{ base_url }}}}/{{{{ page.slug }}}}/</loc></url>
{{%- endfor %}}
</urlset>
"""

PHP = f"""<?php
header('Content-Type: application/xml; charset=utf-8');
echo '<?xml version="1.0" encoding="UTF-8"?>';
?>
<urlset xmlns="{SM}">
<?php foreach ($pages as $page): ?>
  <url><loc><?= htmlspecialchars($page['url']) ?></loc></url>
<?php endforeach; ?>
</urlset>
"""

HTML = """<!doctype html>
<html lang="en"><head><title>404 Not Found</title></head>
<body><h1>Not Found</h1><p>The page /sitemap.xml was not found.</p></body></html>
"""


def javascript(functions: int) -> str:
    """A bundled script of the size a site ships, with paths and regexes in it."""
    parts = ['/*! app bundle v2.3.1 | (c) the authors */', '"use strict";']
    for n in range(functions):
        parts += [
            f"function route{n}(request, response) {{",
            "  const path = request.url.split('?')[0];",
            f"  if (/^\\/posts\\/{n}\\//.test(path)) {{",
            f"    return response.render('posts/{n}', {{ id: {n} }});",
            "  }",
            f"  return fetch('/api/v1/items/{n}').then((r) => r.json());",
            "}",
            f"window.routes[{n}]=route{n};",
            f"//# sourceURL=webpack:///./src/routes/{n}.js",
        ]
    return "\n".join(parts) + "\n"


def json_list(count: int) -> str:
    return json.dumps([{"loc": f"https://shop.example.org/p/{n}", "priority": 0.5}
                       for n in range(count)], indent=2)


# (file name, content, line, column, words of the diagnosis)
NOT_SITEMAPS = [
    ("sitemap.xml", JEKYLL, 1, 1, "an unrendered template: front matter at line 1"),
    ("sitemap-1.xml", javascript(800), 1, 1, "JavaScript source"),
    ("sitemap.json.xml", json_list(500), 1, 1, "JSON data"),
    ("sitemap.xml.j2", JINJA, 3, 1, "an unrendered template: a Liquid/Jinja tag at line 3"),
    ("sitemap.php", PHP, 1, 1, "PHP source"),
    ("sitemap.html", HTML, 1, 1, "HTML page"),
]


@pytest.mark.parametrize("command", ["info", "validate"])
@pytest.mark.parametrize(("name", "content", "line", "column", "said"), NOT_SITEMAPS,
                         ids=[case[0] for case in NOT_SITEMAPS])
def test_a_file_that_is_not_a_sitemap_gets_one_located_diagnosis(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, name: str,
        content: str, line: int, column: int, said: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    status = main([command, str(path)])
    captured = capsys.readouterr()
    assert status == 2
    messages = [text for text in captured.err.splitlines() if text.strip()]
    assert len(messages) == 1, captured.err
    assert messages[0].startswith(f"{path}:{line}:{column}: "), messages[0]
    assert said in messages[0]
    assert "text-line-not-url" not in captured.out + captured.err


def test_a_text_sitemap_with_a_few_junk_lines_still_opens(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [f"https://www.example-shop.co.uk/products/item-{n}" for n in range(2000)]
    lines[0:0] = ["# exported 2025-03-01", "<!-- do not edit -->"]
    lines[700:700] = ["var x = 1;", "}", "see also:"]
    path = tmp_path / "urls.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status = main(["validate", "--format", "json", str(path)])
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert status == 0
    assert report["entries"] == 2000
    junk = [issue for issue in report["issues"] if issue["code"] == "text-line-not-url"]
    assert [issue["line"] for issue in junk] == [1, 2, 701, 702, 703]


def test_a_rendered_jekyll_sitemap_is_not_mistaken_for_its_template(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = "".join(f"  <url><loc>https://blog.example.net/{y}/post-{n}/</loc>"
                   f"<lastmod>{y}-01-0{1 + n % 9}</lastmod></url>\n"
                   for y in range(2015, 2025) for n in range(100))
    path = tmp_path / "sitemap.xml"
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SM}">\n'
                    f"{body}</urlset>\n", encoding="utf-8")
    assert main(["info", str(path)]) == 0
    assert "entries: 1000" in capsys.readouterr().out.replace(",", "")
