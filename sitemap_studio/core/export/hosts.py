"""Which host's files an exported URL goes into, and whether that host may list it.

A sitemap may list only URLs of the host it is served from, in its own folder
or below (sitemaps.org, "Sitemap file location"): an index published at
``https://example.com/sitemaps/`` cannot list files holding
``https://example.com/shop/...``. Export therefore writes one set of files,
with an index, per host, each published under its own base URL:

* with one base URL, every URL must be of that host and in its folder;
* with several (``--base-url`` given more than once, or the project's
  per-host base URLs), each host's set goes into a folder of its own named
  after the host, inside the output folder.

URLs of a host with no base URL, or outside its base URL's folder, are not
written: the export is refused with the hosts (or folders) listed and how to
say which, so that export never writes a file that ``validate`` would then
report for its scope.
"""

from __future__ import annotations

from dataclasses import dataclass

from sitemap_studio.core.export.locs import path_of
from sitemap_studio.core.export.report import Example, Tally, plural
from sitemap_studio.core.urls.parsing import origin, split_host


@dataclass(frozen=True, slots=True)
class HostTarget:
    """Where the files of one host go: its base URL, and its folder in the output folder."""

    origin: str
    base_url: str
    #: The folder inside the output folder ("" when the export has one host).
    folder: str
    #: The path of the base URL: every URL of the set must start with it.
    base_path: str


def parse_base_url(spec: str) -> tuple[str | None, str]:
    """``(host, url)`` from ``URL`` or ``HOST=URL`` (host ``None`` in the first form)."""
    equals = spec.find("=")
    scheme = spec.find("://")
    if equals > 0 and (scheme < 0 or equals < scheme):
        return spec[:equals].strip(), spec[equals + 1:].strip()
    return None, spec.strip()


def host_problem(host: str | None, url: str) -> str | None:
    """Why ``HOST=URL`` cannot be: the files of a host are published on that host."""
    if host is None:
        return None
    found = split_host(url)
    wanted = split_host(f"https://{host}/") if "://" not in host else split_host(host)
    if found is None or wanted is None:
        return None  # the URL itself is reported by the base URL checks
    if found[1] != wanted[1]:
        return (f"{host}={url}: the files listing URLs of {host} must be published on {host} "
                "(a sitemap may list only URLs of its own host)")
    return None


class HostPlan:
    """The hosts of an export and the URLs that no host may list."""

    def __init__(self, base_urls: list[str]) -> None:
        """``base_urls``: the public URL of the output folder for each host, in order."""
        targets: dict[str, str] = {}
        for url in base_urls:
            found = origin(url)
            if found is not None:
                targets.setdefault(found, url)
        several = len(targets) > 1
        folders = _folder_names(list(targets)) if several else dict.fromkeys(targets, "")
        self.targets = {key: HostTarget(key, url, folders[key], path_of(url))
                        for key, url in targets.items()}
        #: URLs of hosts with no base URL, by origin.
        self.unknown = Tally()
        #: URLs outside their base URL's folder, by origin.
        self.outside = Tally()

    def target(self, url: str, url_origin: str, example: Example) -> HostTarget | None:
        """The target of ``url``, or ``None`` (counted) when no set may list it."""
        target = self.targets.get(url_origin)
        if target is None:
            self.unknown.add(url_origin, example)
            return None
        if target.base_path != "/" and not path_of(url).startswith(target.base_path):
            self.outside.add(url_origin, example)
            return None
        return target

    def refusal(self) -> str | None:
        """Why the export cannot be written as asked (hosts and folders named), or ``None``."""
        lines: list[str] = []
        if self.unknown.counts:
            hosts = len(self.targets) + len(self.unknown.counts)
            lines.append(f"the input spans {hosts} hosts, and a sitemap may list only URLs of "
                         "the host it is published on; give the public URL of the files for each "
                         "host and export writes one set of files and one index per host, each "
                         "in a folder named after the host (--base-url URL, once per host, or "
                         "--base-url HOST=URL; in a project, the export's base URL per host):")
            lines.extend(f"  {key}: published under {target.base_url}"
                         for key, target in self.targets.items())
            for key, count in self.unknown.counts.most_common():
                first = self.unknown.examples[key][0]
                lines.append(f"  {key}: {plural(count, 'URL')} with no base URL, first "
                             f"{first.loc} ({first.where()})")
        for key, count in self.outside.counts.most_common():
            target = self.targets[key]
            first = self.outside.examples[key][0]
            lines.append(
                f"{plural(count, 'URL')} of {key} are outside {target.base_url}, the folder the "
                f"files are published in, first {first.loc} ({first.where()}); a sitemap may list "
                f"only URLs in its own folder and below: publish the files at {key}/ (--base-url "
                f"{key}/) or leave those URLs out")
        return "\n".join(lines) if lines else None


def _folder_names(origins: list[str]) -> dict[str, str]:
    """A plain folder name per origin: the host, with the port and, where needed, the scheme."""
    names: dict[str, str] = {}
    for key in origins:
        _scheme, _, rest = key.partition("://")
        names[key] = rest.replace(":", "_").replace("[", "").replace("]", "")
    counts: dict[str, int] = {}
    for name in names.values():
        counts[name] = counts.get(name, 0) + 1
    return {key: (f"{key.partition('://')[0]}-{name}" if counts[name] > 1 else name)
            for key, name in names.items()}


__all__ = ["HostPlan", "HostTarget", "host_problem", "parse_base_url"]
