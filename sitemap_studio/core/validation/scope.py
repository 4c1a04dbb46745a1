"""Which site a location must belong to: scheme, host, port, look-alike hosts, directory.

sitemaps.org: every URL of a sitemap comes from one host, with the sitemap's
protocol, and sits at or below the directory the sitemap is served from. The
site is the project's site URL, else the sitemap's own public URL, else the
origin most locations of the file share (:func:`majority_origin`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from sitemap_studio.core.model.findings import RuleSource, Severity
from sitemap_studio.core.urls.parsing import (
    DEFAULT_PORTS,
    INVISIBLE_RE,
    display_host,
    host_scripts,
    host_skeleton,
    host_to_unicode,
    normalize_host,
    normalize_url,
    origin,
    parse_url,
    private_host_kind,
    reveal_invisible,
    split_host,
)
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.registry import rule

E, W = Severity.ERROR, Severity.WARNING
PROTOCOL, STUDIO = RuleSource.PROTOCOL, RuleSource.STUDIO

SCOPE_SCHEME = rule(
    "scope-scheme", E, PROTOCOL, "The <loc> uses another scheme than the site (http vs https).")
SCOPE_PORT = rule("scope-port", E, PROTOCOL, "The <loc> uses another port than the site.")
SCOPE_WWW = rule(
    "scope-www", E, PROTOCOL, "The <loc> adds or drops www. compared with the site's host.",
    google=W)
SCOPE_SUBDOMAIN = rule(
    "scope-subdomain", E, PROTOCOL, "The <loc> is on a subdomain of the site's host.", google=W)
SCOPE_OTHER_HOST = rule(
    "scope-other-host", E, PROTOCOL, "The <loc> is on another host than the site.", google=W)
SCOPE_LOOKALIKE = rule(
    "scope-lookalike-host", E, STUDIO,
    "The <loc>'s host imitates the site's host (example.com.evil.net, example.com@evil.net, "
    "homoglyphs, punycode).")
SCOPE_OUTSIDE_DIRECTORY = rule(
    "scope-outside-directory", E, PROTOCOL,
    "The <loc> is not at or below the directory the sitemap is served from.")


def majority_origin(locs: Iterable[str | None]) -> str | None:
    """``scheme://host[:port]`` shared by most http(s) locations, or ``None`` when there are none.

    Ties go to https, then to a public host, then to the alphabetically first.
    """
    counts: dict[str, int] = {}
    get = counts.get
    for loc in locs:
        if loc:
            found = origin(loc)
            if found is not None:
                counts[found] = get(found, 0) + 1
    return majority_of(counts)


def majority_of(counts: Mapping[str, int]) -> str | None:
    """The winning origin of ``counts`` (origin -> locations), as :func:`majority_origin`."""
    present = [found for found, count in counts.items() if count > 0]
    if not present:
        return None

    def preference(found: str) -> tuple[int, bool, bool]:
        split = split_host(found)
        public = split is not None and private_host_kind(split[1]) is None
        return counts[found], found.startswith("https:"), public

    return max(sorted(present), key=preference)


def _directory_of(url: str) -> str:
    parts = parse_url(url.strip())
    if parts is None:
        return "/"
    path = _normal_path(parts.path)
    return path[: path.rfind("/") + 1] or "/"


def _normal_path(path: str) -> str:
    """A path with escapes normalised and dot segments removed (RFC 3986 5.2.4)."""
    path = normalize_url("http://h" + path)[len("http://h"):]
    if "." not in path:
        return path
    output: list[str] = []
    for segment in path.split("/")[1:]:
        if segment == "..":
            if output:
                output.pop()
        elif segment != ".":
            output.append(segment)
    if path.endswith(("/.", "/..")):
        output.append("")
    return "/" + "/".join(output)


def _where(loc: str, index: bool) -> str:
    """``URL https://...`` for a message (built only when there is something to report)."""
    return f"{'sitemap location' if index else 'URL'} {reveal_invisible(loc, limit=80)}"


class Scope:
    """The site every location should belong to: one scheme, host and port, and a directory.

    Build it with :meth:`from_context`. ``description`` names where it comes
    from, for messages ("the site https://example.com", "the site most URLs in
    this file are on (https://example.com)"); ``explicit`` says whether the user
    set it (site URL or sitemap URL) rather than the file's majority.
    """

    __slots__ = (
        "_origin_slash",
        "_prefix",
        "_skeleton",
        "description",
        "directory",
        "explicit",
        "host",
        "origin",
        "port",
        "scheme",
    )

    def __init__(self, origin_url: str, *, directory: str = "/", description: str = "",
                 explicit: bool = False) -> None:
        found = origin(origin_url)
        split = split_host(found or "")
        if found is None or split is None:
            raise ValueError(f"not an http(s) origin: {origin_url!r}")
        self.origin = found
        self.scheme, host, port = split
        self.host = normalize_host(host).rstrip(".")
        self.port = port
        self.directory = directory if directory.startswith("/") else "/" + directory
        self.description = description or f"the site {found}"
        self.explicit = explicit
        self._origin_slash = found + "/"
        self._prefix = found + self.directory
        self._skeleton = host_skeleton(self.host)

    @classmethod
    def from_context(cls, ctx: ValidationContext, majority_origin: str | None = None
                     ) -> Scope | None:
        """The scope of a run: the site URL, else the sitemap's own URL, else the majority origin.

        The sitemap's URL also gives the directory locations must be at or below
        (sitemaps.org, "Sitemap file location"), when it is on the site's origin.
        """
        site = origin(ctx.site_url.strip()) if ctx.site_url else None
        sitemap = origin(ctx.sitemap_url.strip()) if ctx.sitemap_url else None
        directory = "/"
        if ctx.sitemap_url and sitemap is not None and site in (None, sitemap):
            directory = _directory_of(ctx.sitemap_url)
        if site is not None:
            return cls(site, directory=directory, description=f"the site {site}", explicit=True)
        if sitemap is not None:
            return cls(sitemap, directory=directory,
                       description=f"the sitemap's own address ({sitemap})", explicit=True)
        found = origin(majority_origin) if majority_origin else None
        if found is not None:
            return cls(found, description=f"the site most URLs in this file are on ({found})")
        return None

    @property
    def is_private_site(self) -> bool:
        """Whether the user explicitly set a localhost or private-network site."""
        return self.explicit and private_host_kind(self.host) is not None

    def same_host(self, host: str) -> bool:
        """Whether ``host`` (as written) is the site's host."""
        return normalize_host(host).strip("[]").rstrip(".") == self.host.strip("[]")

    def holds_prefix(self) -> str:
        """What every location of a urlset on this site starts with."""
        return self._prefix

    def holds(self, loc: str, index: bool = False) -> bool:
        """Whether ``loc`` is plainly on the site (``False`` means: run :meth:`check`)."""
        if index:
            return loc.startswith(self._origin_slash)
        return loc.startswith(self._prefix) and (
            self.directory == "/" or ("/." not in loc and "%2" not in loc))

    def check(self, loc: str | None, report: Reporter, *, index: bool = False) -> None:
        """Report when ``loc`` is not on the site (or, for a urlset, below the sitemap's directory).

        Locations that are not absolute http(s) URLs are left to :func:`check_loc`.
        """
        if not loc:
            return
        if index:
            if loc.startswith(self._origin_slash):
                return
        elif loc.startswith(self._prefix) and (
                self.directory == "/" or ("/." not in loc and "%2" not in loc)):
            return
        self._check_slowly(INVISIBLE_RE.sub("", loc), report, index)

    def _check_slowly(self, loc: str, report: Reporter, index: bool) -> None:
        parts = parse_url(loc)
        if parts is None or not parts.valid_authority or not parts.host.strip("[]"):
            return
        scheme = parts.scheme.lower()
        if scheme not in DEFAULT_PORTS:
            return
        port = DEFAULT_PORTS[scheme]
        if parts.port:
            if not (parts.port.isascii() and parts.port.isdigit()) or int(parts.port) > 65535:
                return  # check_loc reports the port
            port = int(parts.port)
        host = normalize_host(parts.host).strip("[]").rstrip(".")
        if host != self.host.strip("[]"):
            self._report_host(parts.host, host, parts.userinfo, scheme, port,
                              _where(loc, index), report)
            return
        differences = []
        if scheme != self.scheme:
            differences.append(f"scheme {scheme}:// instead of {self.scheme}://")
        if port != self.port and not (port == DEFAULT_PORTS[scheme]
                                      and self.port == DEFAULT_PORTS.get(self.scheme)):
            differences.append(f"port {port} instead of {self.port}")
        if differences:
            code = SCOPE_SCHEME if scheme != self.scheme else SCOPE_PORT
            report(code, f"The {_where(loc, index)} is not on {self.description}: "
                   f"{' and '.join(differences)}; all URLs in a sitemap must come from a single "
                   "site.", field="loc")
            return
        if not index and self.directory != "/":
            path = _normal_path(parts.path)
            if not path.startswith(self.directory):
                report(SCOPE_OUTSIDE_DIRECTORY,
                       f"The {_where(loc, index)} is outside {self.directory}, the directory the "
                       "sitemap is served from; a sitemap may only list URLs at or below its own "
                       "location.",
                       field="loc")

    def _report_host(self, written: str, host: str, userinfo: str | None, scheme: str,
                     port: int | None, where: str, report: Reporter) -> None:
        site = self.host
        extra = ""
        if scheme != self.scheme:
            extra += f"; it also uses {scheme}:// instead of {self.scheme}://"
        if port != self.port and not (port == DEFAULT_PORTS[scheme]
                                      and self.port == DEFAULT_PORTS.get(self.scheme)):
            extra += f"; it also uses port {port} instead of {self.port}"
        lookalike = self._lookalike(host, userinfo)
        if lookalike:
            report(SCOPE_LOOKALIKE,
                   f"{lookalike} looks like {site} but is not (look-alike host): the {where} "
                   f"points somewhere else than {self.description}{extra}.", field="loc")
            return
        shown = display_host(written)
        if host == "www." + site or site == "www." + host:
            code, what = SCOPE_WWW, f"{shown} and {site} are different hosts"
        elif host.endswith("." + site):
            code, what = SCOPE_SUBDOMAIN, f"{shown} is a subdomain of {site}, another host"
        else:
            code, what = SCOPE_OTHER_HOST, f"{shown} is another host than {site}"
        report(code, f"The {where} is not on {self.description}: {what}{extra}; all URLs in a "
               "sitemap must come from a single host.", field="loc")

    def _lookalike(self, host: str, userinfo: str | None) -> str | None:
        """How ``host`` imitates the site's host, for a message, or ``None``."""
        site = self.host
        if userinfo is not None:
            name = normalize_host(userinfo.partition(":")[0]).rstrip(".")
            if name == site or name.startswith(site + ".") or host_skeleton(name) == self._skeleton:
                return f"{reveal_invisible(userinfo, limit=60)}@{display_host(host)} (real host " \
                       f"{display_host(host)})"
        if host.startswith(site + "."):
            return f"{display_host(host)} (a host under {display_host(host[len(site) + 1:])})"
        skeleton = host_skeleton(host)
        if skeleton == self._skeleton or (skeleton.endswith("." + self._skeleton)
                                          and not host.endswith("." + site)):
            return display_host(host_to_unicode(host))
        scripts = host_scripts(host)
        if len(scripts) > 1 and "LATIN" in scripts:
            mixed = " and ".join(sorted(script.title() for script in scripts))
            return f"{display_host(host_to_unicode(host))}, which mixes {mixed} letters,"
        return None
