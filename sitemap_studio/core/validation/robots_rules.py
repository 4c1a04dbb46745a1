"""Rules for the ``Sitemap:`` lines of an existing robots.txt (checked by ``core.robots_kit``).

Registered here so that ``docs/rules.md`` lists them beside the sitemap rules.
``robots-field-spacing`` ('Sitemap :') is registered with the reader's codes in
``structure.py``; the robots.txt check reports it under that code too.
"""

from __future__ import annotations

from sitemap_studio.core.model.findings import RuleSource, Severity
from sitemap_studio.core.validation.registry import rule

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
PROTOCOL, STUDIO = RuleSource.PROTOCOL, RuleSource.STUDIO

ROBOTS_MISSING = rule(
    "robots-sitemap-missing", W, STUDIO,
    "robots.txt lists every sitemap the site publishes (the index, or each sitemap).",
    fix="Add the 'Sitemap:' lines that 'sitemap-studio kit' prints")
ROBOTS_EMPTY = rule(
    "robots-sitemap-empty", E, PROTOCOL, "A 'Sitemap:' line names a URL.")
ROBOTS_RELATIVE = rule(
    "robots-sitemap-relative", E, PROTOCOL,
    "A 'Sitemap:' line gives the complete URL (https://host/...), not a relative path.",
    fix="Write the sitemap's full URL, starting with https://")
ROBOTS_SCHEME = rule(
    "robots-sitemap-scheme", E, PROTOCOL,
    "A 'Sitemap:' URL uses http or https (not file:, javascript:, data:, ftp:, ...).")
ROBOTS_INVALID = rule(
    "robots-sitemap-invalid", E, PROTOCOL,
    "A 'Sitemap:' URL is a valid URL: a host, a numeric port, no blanks inside.")
ROBOTS_PRIVATE_HOST = rule(
    "robots-sitemap-private-host", E, STUDIO,
    "A 'Sitemap:' URL is on a public host, not localhost, a loopback or private-network "
    "address that crawlers cannot reach.")
ROBOTS_FOREIGN_HOST = rule(
    "robots-sitemap-foreign-host", W, PROTOCOL,
    "A 'Sitemap:' URL is on the site's own host; a sitemap on another host is accepted only "
    "when the sitemap's host is verified for the site (sitemaps.org cross-submission).")
ROBOTS_DUPLICATE = rule(
    "robots-sitemap-duplicate", N, STUDIO,
    "Each sitemap is listed once in robots.txt (compared after URL normalisation).",
    fix="Remove the repeated line")
