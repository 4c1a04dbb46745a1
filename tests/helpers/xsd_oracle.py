"""An XSD oracle for what Sitemap Studio writes, built from ``../shared/schemas``.

Two lxml ``XMLSchema`` objects: one for ``<urlset>`` (sitemap.xsd plus the image,
video, news and mobile extension schemas, and a lax stand-in for ``xhtml:link``,
which has no XSD in the folder) and one for ``<sitemapindex>`` (siteindex.xsd).
``sitemap.xsd`` and ``siteindex.xsd`` share a target namespace, so each gets its own
wrapper schema. Tests only: the package itself may parse XML only in xml_parsers.py.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from helpers.xsd_codes import XSD_DECIDES

XSD_NS = "http://www.w3.org/2001/XMLSchema"
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"
URLSET_IMPORTS = {
    SITEMAP_NS: "sitemap.xsd",
    "http://www.google.com/schemas/sitemap-image/1.1": "sitemap-image.xsd",
    "http://www.google.com/schemas/sitemap-video/1.1": "sitemap-video.xsd",
    "http://www.google.com/schemas/sitemap-news/0.9": "sitemap-news.xsd",
    "http://www.google.com/schemas/sitemap-mobile/1.0": "sitemap-mobile.xsd",
}
INDEX_IMPORTS = {SITEMAP_NS: "siteindex.xsd"}

#: ``xhtml:link`` with any attributes and no content (hreflang alternates, AMP links).
XHTML_LINK_XSD = f"""<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="{XSD_NS}" targetNamespace="{XHTML_NS}" elementFormDefault="qualified">
  <xsd:element name="link">
    <xsd:complexType>
      <xsd:anyAttribute processContents="skip"/>
    </xsd:complexType>
  </xsd:element>
</xsd:schema>
"""


def _wrapper(imports: dict[str, str]) -> str:
    lines = [f'<?xml version="1.0" encoding="UTF-8"?>\n<xsd:schema xmlns:xsd="{XSD_NS}">']
    for namespace, location in imports.items():
        lines.append(f'  <xsd:import namespace="{namespace}" schemaLocation="{location}"/>')
    lines.append("</xsd:schema>\n")
    return "\n".join(lines)


def _oracle_parser() -> etree.XMLParser:
    """A parser for documents under test: no DTD, no entities, no network."""
    return etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True,
                           huge_tree=False)


@dataclass(frozen=True)
class XsdOracle:
    """Validates sitemap documents; pick the schema by the root element."""

    urlset: etree.XMLSchema
    index: etree.XMLSchema

    def validate(self, xml_bytes: bytes) -> list[str]:
        """Every schema error in ``xml_bytes`` as ``line:column: message`` (empty if valid)."""
        try:
            root = etree.fromstring(xml_bytes, _oracle_parser())
        except etree.XMLSyntaxError as exc:
            return [f"not well-formed: {exc}"]
        name = etree.QName(root)
        if name.namespace != SITEMAP_NS or name.localname not in ("urlset", "sitemapindex"):
            return [f"root element {root.tag} is not a sitemaps.org urlset or sitemapindex"]
        schema = self.urlset if name.localname == "urlset" else self.index
        try:
            if schema.validate(root.getroottree()):
                return []
        except etree.XMLSchemaValidateError as exc:  # unexpanded entity references
            return [f"the schema validator gave up: {exc}"]
        return [f"{error.line}:{error.column}: {error.message}" for error in schema.error_log]

    def assert_valid(self, xml_bytes: bytes, what: str = "document") -> None:
        """Fail with the schema errors when ``xml_bytes`` is not valid."""
        errors = self.validate(xml_bytes)
        assert not errors, f"{what} is not XSD-valid:\n" + "\n".join(errors[:20])


def _uri(path: Path) -> str:
    return path.resolve().as_uri()


def build_oracle(schemas_dir: Path, work_dir: Path) -> XsdOracle:
    """Write the wrapper schemas into ``work_dir`` (file:// imports) and compile them."""
    work_dir.mkdir(parents=True, exist_ok=True)
    xhtml = work_dir / "xhtml-link.xsd"
    xhtml.write_text(XHTML_LINK_XSD, "utf-8")
    urlset_imports = {ns: _uri(schemas_dir / name) for ns, name in URLSET_IMPORTS.items()}
    urlset_imports[XHTML_NS] = _uri(xhtml)
    index_imports = {ns: _uri(schemas_dir / name) for ns, name in INDEX_IMPORTS.items()}
    schemas = []
    for name, imports in (("urlset", urlset_imports), ("index", index_imports)):
        wrapper = work_dir / f"wrapper-{name}.xsd"
        wrapper.write_text(_wrapper(imports), "utf-8")
        # The schema parser must read the schema files it imports (file://, never network).
        schema_parser = etree.XMLParser(no_network=True, resolve_entities=False)
        schemas.append(etree.XMLSchema(etree.parse(str(wrapper), schema_parser)))
    return XsdOracle(urlset=schemas[0], index=schemas[1])


# --- without ../shared: stand-ins for the official schemas -------------------------------------
#
# The project may not carry the official XSDs, so a clone without ../shared judges with:
#
# - :class:`RecordedOracle` for the fixed documents tests write themselves (tricky values,
#   structures, the project's own fixtures): the verdict the official XSDs gave each of them,
#   recorded in ``fixtures_gen/xsd_verdicts.json`` (keyed by the document's SHA-256). With
#   ../shared present every recorded verdict is checked against the XSDs again, and a missing
#   one fails, so the record cannot go stale;
# - :class:`ProfileOracle` for documents the editor writes (exports, conversions): our own
#   strict-XSD profile, which the differential tests hold to the official XSDs whenever they
#   are there (always in CI).

VERDICTS_FILE = Path(__file__).resolve().parents[1] / "fixtures_gen" / "xsd_verdicts.json"
#: Set to 1 (with ../shared present) to record the verdicts of new fixed documents.
RECORD_VARIABLE = "SITEMAP_STUDIO_RECORD_XSD"


def document_key(xml_bytes: bytes) -> str:
    return hashlib.sha256(xml_bytes).hexdigest()


def read_verdicts() -> dict[str, list[str]]:
    if not VERDICTS_FILE.is_file():
        return {}
    found: dict[str, list[str]] = json.loads(VERDICTS_FILE.read_text("utf-8"))
    return found


@dataclass
class RecordedOracle:
    """The official XSDs' verdicts on fixed documents, live (``official``) or as recorded."""

    official: XsdOracle | None
    recorded: dict[str, list[str]]
    record: bool = False
    seen: dict[str, list[str]] = field(default_factory=dict)

    def validate(self, xml_bytes: bytes) -> list[str]:
        key = document_key(xml_bytes)
        known = self.recorded.get(key)
        if self.official is None:
            assert known is not None, (
                f"no recorded XSD verdict for this document (sha256 {key}); run the tests "
                f"once with ../shared present and {RECORD_VARIABLE}=1:\n"
                + xml_bytes[:300].decode("utf-8", "replace"))
            return list(known)
        live = self.official.validate(xml_bytes)
        self.seen[key] = live
        if not self.record:
            assert known is not None, (
                f"this fixed document has no recorded XSD verdict: run the tests with "
                f"{RECORD_VARIABLE}=1 to add it to {VERDICTS_FILE.name}")
            assert known == live, f"the recorded XSD verdict is stale: {known} != {live}"
        return live

    def assert_valid(self, xml_bytes: bytes, what: str = "document") -> None:
        errors = self.validate(xml_bytes)
        assert not errors, f"{what} is not XSD-valid:\n" + "\n".join(errors[:20])

    def save(self) -> None:
        """Write the recorded verdicts merged with those seen in this run."""
        merged = {**self.recorded, **self.seen}
        VERDICTS_FILE.write_text(json.dumps(merged, indent=0, sort_keys=True) + "\n", "utf-8")


class ProfileOracle:
    """Judges documents the editor wrote with its strict-XSD validation profile.

    Like :class:`XsdOracle`: every ERROR of a code the XSDs decide (helpers/xsd_codes.py)
    as ``line:column: code: message`` (empty if valid);
    a document that cannot be read, or whose root is not a sitemaps.org urlset or
    sitemapindex, gets one error.
    """

    def validate(self, xml_bytes: bytes) -> list[str]:
        from sitemap_studio.core.model.errors import SitemapError
        from sitemap_studio.core.model.findings import Severity
        from sitemap_studio.core.reading.loader import open_bytes
        from sitemap_studio.core.validation.context import ValidationContext
        from sitemap_studio.core.validation.engine import validate_document
        from sitemap_studio.core.validation.registry import Profile

        try:
            root = etree.fromstring(xml_bytes, _oracle_parser())
            document = open_bytes(xml_bytes, "written.xml")
        except (etree.XMLSyntaxError, SitemapError) as exc:
            return [f"not well-formed: {exc}"]
        name = etree.QName(root)
        if name.namespace != SITEMAP_NS or name.localname not in ("urlset", "sitemapindex"):
            return [f"root element {root.tag} is not a sitemaps.org urlset or sitemapindex"]
        findings = validate_document(document, ValidationContext(profile=Profile.XSD)).findings()
        return [f"{f.line}:{f.column}: {f.code}: {f.message}" for f in findings
                if f.severity is Severity.ERROR and f.code in XSD_DECIDES]

    def assert_valid(self, xml_bytes: bytes, what: str = "document") -> None:
        errors = self.validate(xml_bytes)
        assert not errors, f"{what} is not valid under the strict-XSD profile:\n" + "\n".join(
            errors[:20])
