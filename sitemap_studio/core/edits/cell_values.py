"""What a value typed into a protocol column of the entry table becomes: the text to store.

A value that parses is kept as typed (a priority of 1.5 stays 1.5, and
validation flags it); one that does not is refused with the reason, in words
the user can act on.
"""

from __future__ import annotations

import re

from sitemap_studio.core.model.entries import CHANGEFREQ_VALUES
from sitemap_studio.core.model.values import diagnose_datetime, parse_priority, parse_w3c_datetime
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

_NOT_IN_LOCATION = re.compile("[^\t\n\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def parse_cell(column: int, value: object) -> str | None:
    """The text to store for ``value`` typed into protocol column ``column``.

    Returns ``None`` to remove the field (an empty lastmod, changefreq or
    priority); raises ``ValueError`` saying why a value cannot be taken.
    Surrounding blanks are trimmed.
    """
    if value is None:
        text = ""
    elif isinstance(value, str):
        text = value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        text = str(value)
    else:
        raise ValueError(f"expected text, not {type(value).__name__}")
    text = text.strip(XML_WHITESPACE)
    if column == 0:
        if not text:
            raise ValueError("an entry needs a location: the URL cannot be empty")
        bad = _NOT_IN_LOCATION.search(text)
        if bad is not None:
            raise ValueError(f"the URL holds U+{ord(bad.group()):04X}, a character a sitemap "
                             "cannot carry")
        return text
    if not text:
        return None
    if column == 1:
        if parse_w3c_datetime(text) is None:
            diagnosis = diagnose_datetime(text)
            reason = f"{text!r} is not a W3C Datetime: {diagnosis.problem}"
            if diagnosis.suggestion:
                reason += f"; did you mean {diagnosis.suggestion!r}?"
            raise ValueError(reason)
        return text
    if column == 2:
        if text in CHANGEFREQ_VALUES:
            return text
        if text.lower() in CHANGEFREQ_VALUES:
            raise ValueError(f"change frequencies are lower case: did you mean {text.lower()!r}?")
        raise ValueError(f"{text!r} is not a change frequency; use one of "
                         f"{', '.join(CHANGEFREQ_VALUES)}, or leave it empty")
    if column == 3:
        number = parse_priority(text)
        if number is None:
            raise ValueError(f"{text!r} is not a priority: write a number such as 0.5")
        return text  # out of 0.0-1.0 it is kept, and validation flags it
    raise ValueError(f"column {column} cannot be edited")


__all__ = ["parse_cell"]
