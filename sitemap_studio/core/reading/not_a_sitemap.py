"""Recognise files that are not sitemaps at all, so they get one diagnosis instead of dozens.

A template that was never rendered (front matter, Liquid/Jinja or PHP tags), a
JavaScript or JSON file, or a page of markup can be named ``sitemap.xml`` and
still parse, line by line, as a text sitemap with thousands of broken
"entries". :func:`refuse_if_not_a_sitemap` looks at the start of the file
(a bounded sample, each line tested by anchored patterns that cannot
backtrack) and raises one located :class:`ReadError` saying what the file is.
"""

from __future__ import annotations

import re

from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.model.text_position import line_column
from sitemap_studio.core.reading.text_reader import looks_like_url

#: Bytes of the file that are looked at; a verdict never needs more.
SAMPLE_BYTES = 256 * 1024
#: Non-blank lines of a text file that are classified.
SAMPLE_LINES = 2000

_FRONT_MATTER_END = re.compile(rb"\n---[ \t]*\r?\n")
_TEMPLATE_TAG = re.compile(rb"\{%-?[ \t]+[A-Za-z_]|\{\{-?[ \t]*[A-Za-z_][\w.]*[ \t]*[|}-]")
_PHP_TAG = re.compile(rb"<\?(?:php\b|=)", re.IGNORECASE)
_JSON_START = re.compile(rb"\{[ \t\r\n]*(?:\"|\})|\[[ \t\r\n]*[\[{\"\]0-9-]")
_JS_WORD = re.compile(
    rb"(?:function\b|var |let |const |import |export |module\.exports|require\(|"
    rb"\"use strict\"|'use strict'|[!(]function\b|window\.|document\.)")
_CODE_START = re.compile(
    rb"(?:(?:if|for|while|switch|return|else|try|catch|class|def|public|private)\b|"
    rb"//|/\*|\*|[}\])]|#include|\$[A-Za-z_])")
_CODE_ENDS = (b";", b"{", b"(", b",")
_COMMENT_START = re.compile(rb"/\*|//[^A-Za-z0-9\[]")


def refuse_if_not_a_sitemap(utf8: bytes, *, markup: bool, path: str | None) -> None:
    """Raise ``ReadError(code="not-a-sitemap")`` when ``utf8`` is plainly something else.

    Args:
        utf8: The whole document in UTF-8 (only its start is read).
        markup: Whether the document starts with ``<`` (read as XML).
        path: The file's name, for the message.

    Raises:
        ReadError: The file is a template, source code, JSON or a page of markup.
    """
    sample = utf8[:SAMPLE_BYTES].removeprefix(b"\xef\xbb\xbf")
    verdict = _template(sample)
    if verdict is None and not markup:
        verdict = _text_shape(sample)
    if verdict is not None:
        what, offset = verdict
        line, column = line_column(sample, offset)
        raise ReadError(f"not a sitemap: {what} at line {line}", path=path, line=line,
                        column=column, code="not-a-sitemap")


def _template(sample: bytes) -> tuple[str, int] | None:
    """A template's tell-tale: front matter first, or a PHP, Liquid or Jinja tag."""
    if re.match(rb"---[ \t]*\r?\n", sample) and _FRONT_MATTER_END.search(sample, 3):
        return "an unrendered template: front matter", 0
    php = _PHP_TAG.search(sample)
    if php is not None:
        return "PHP source: a <?php tag", php.start()
    tag = _TEMPLATE_TAG.search(sample)
    if tag is not None:
        return "an unrendered template: a Liquid/Jinja tag", tag.start()
    return None


def _text_shape(sample: bytes) -> tuple[str, int] | None:
    """JSON, code or markup: most of the first lines are not URLs."""
    start = len(sample) - len(sample.lstrip(b" \t\r\n"))
    if _JSON_START.match(sample, start):
        return "JSON data, not a list of URLs", start
    urls = code = markup = scripts = lines = 0
    first_odd = -1
    offset = 0
    for raw in sample.split(b"\n", SAMPLE_LINES * 4)[: SAMPLE_LINES * 4]:
        line = raw.strip(b" \t\r")
        if line:
            lines += 1
            kind = _line_kind(line)
            if kind == "url":
                urls += 1
            else:
                code += kind == "code"
                markup += kind == "markup"
                scripts += kind == "code" and _JS_WORD.match(line) is not None
                if first_odd < 0 and kind != "other":
                    first_odd = offset + len(raw) - len(raw.lstrip(b" \t"))
            if lines >= SAMPLE_LINES:
                break
        offset += len(raw) + 1
    if not lines or (code + markup) * 2 <= lines or urls * 2 >= lines:
        return None
    if code >= markup:
        what = "JavaScript source" if scripts else "program source code"
        return f"{what} ({code:,} of its first {lines:,} lines are code, not URLs)", first_odd
    return f"markup ({markup:,} of its first {lines:,} lines are tags, not URLs)", first_odd


def _line_kind(line: bytes) -> str:
    """``url``, ``markup``, ``code`` or ``other`` for one stripped, non-blank line."""
    if line.startswith(b"<"):
        return "markup"
    if (b" " not in line and b"\t" not in line and b"{" not in line and b"}" not in line
            and b"=>" not in line and not line.endswith(_CODE_ENDS)
            and _COMMENT_START.match(line) is None and looks_like_url(line)):
        return "url"  # protocol-relative "//host/path" included
    if _JS_WORD.match(line) or _CODE_START.match(line):
        return "code"
    if line.endswith(_CODE_ENDS) or b"=>" in line:
        return "code"
    return "other"
