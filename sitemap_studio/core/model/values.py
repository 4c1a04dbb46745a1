"""Typed views of the text of ``lastmod`` and ``priority``, for validation, sorting and editors.

Entries keep every value as the text found in the file; this module says what
that text means. :func:`parse_w3c_datetime` accepts exactly the forms of the
W3C Datetime note (https://www.w3.org/TR/NOTE-datetime) that the sitemaps.org
protocol names, with a real calendar check (:mod:`w3c_dates`).
:func:`diagnose_datetime` also understands the common near-misses
("2024-01-15 10:30:00", "+0100", no timezone) so that validation can explain
them and propose a correction (:mod:`date_near_misses`).
:func:`parse_priority` accepts the lexical space of ``xsd:decimal`` only.

Results are cached: lastmod strings repeat a lot in real files.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from functools import lru_cache

from sitemap_studio.core.model.date_near_misses import near_miss
from sitemap_studio.core.model.w3c_dates import (
    EPOCH_ORDINAL,
    EXPECTED_FORMS,
    DateDiagnosis,
    DateIssue,
    W3CDateTime,
    date_with_timezone,
    strict_diagnosis,
)

_CACHE_SIZE = 1 << 14
#: The forms both W3C Datetime and the sitemap XSD accept, shaped right (the calendar aside).
_CLEAN = re.compile(
    r"[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])"
    r"(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?"
    r"(?:Z|[+-](?:0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00))?"
)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


@lru_cache(maxsize=_CACHE_SIZE)
def diagnose_datetime(text: str) -> DateDiagnosis:
    """What ``text`` (a trimmed lastmod value) means, and what is wrong with it.

    Never raises. An empty text is :attr:`DateIssue.NOT_A_DATE`.
    """
    for diagnose in (strict_diagnosis, date_with_timezone, near_miss):
        diagnosis = diagnose(text)
        if diagnosis is not None:
            return diagnosis
    if not text:
        return DateDiagnosis(None, DateIssue.NOT_A_DATE, "it is empty")
    return DateDiagnosis(None, DateIssue.NOT_A_DATE, f"expected {EXPECTED_FORMS}")


def clean_datetime_key(text: str) -> float | None:
    """The sort key of ``text`` if it is a full date or a date-time with seconds and timezone
    (valid for W3C Datetime and the XSD alike), else ``None``. Fast: no parse objects.

    ``None`` says only that :func:`diagnose_datetime` has to look closer.
    """
    if _CLEAN.fullmatch(text) is None:
        return None
    try:
        if len(text) == 10:
            return float((date.fromisoformat(text).toordinal() - EPOCH_ORDINAL) * 86400)
        return datetime.fromisoformat(text).timestamp()
    except ValueError:  # 2024-02-30, year 0000
        return None


def datetime_sort_key(text: str) -> float | None:
    """Sort key of a lastmod text (see :meth:`W3CDateTime.sort_key`), ``None`` if it means no date.

    Near-misses that evidently name an instant ("2024-01-15 10:30:00") get a
    key too, so that a column sorts the way a reader expects.
    """
    key = clean_datetime_key(text)
    if key is None:
        value = diagnose_datetime(text).value
        if value is not None:
            key = value.sort_key()
    return key


def parse_w3c_datetime(text: str) -> W3CDateTime | None:
    """The W3C Datetime ``text`` denotes, or ``None`` when it is not one (never raises).

    Accepts YYYY, YYYY-MM, YYYY-MM-DD, YYYY-MM-DDThh:mmTZD, YYYY-MM-DDThh:mm:ssTZD
    and YYYY-MM-DDThh:mm:ss.sTZD (any number of fraction digits), TZD being
    ``Z`` or ``+hh:mm``/``-hh:mm`` within 14 hours; the date must exist.
    """
    diagnosis = diagnose_datetime(text)
    if diagnosis.issue is None or diagnosis.issue is DateIssue.REDUCED_PRECISION:
        return diagnosis.value
    return None


def parse_lenient_datetime(text: str) -> tuple[W3CDateTime | None, str | None]:
    """Like :func:`parse_w3c_datetime`, but also understands the common near-misses.

    Returns ``(value, problem)``: ``problem`` is ``None`` for a W3C Datetime,
    otherwise a clause saying what is wrong; ``value`` is what a near-miss
    (a time without timezone, ``+0100``, a blank for ``T``...) evidently
    means, or ``None`` when the text is not a date or not a real one.
    """
    diagnosis = diagnose_datetime(text)
    if diagnosis.issue is None or diagnosis.issue is DateIssue.REDUCED_PRECISION:
        return diagnosis.value, None
    return diagnosis.value, diagnosis.problem


@lru_cache(maxsize=_CACHE_SIZE)
def parse_priority(text: str) -> Decimal | None:
    """The ``xsd:decimal`` ``text`` denotes, or ``None``; the 0.0-1.0 range is not checked.

    ``'0.5'``, ``'.5'``, ``'1.'``, ``'+0.5'`` and ``'00.50'`` are decimals;
    ``'1e-1'``, ``'NaN'``, ``'inf'``, ``'0,5'`` and blank texts are not.
    """
    if _DECIMAL.fullmatch(text) is None:
        return None
    return Decimal(text)
