"""An XSD oracle for what Sitemap Studio writes, built from ``../shared/schemas``.

Two lxml ``XMLSchema`` objects: one for ``<urlset>`` (sitemap.xsd plus the image,
video, news and mobile extension schemas, and a lax stand-in for ``xhtml:link``,
which has no XSD in the folder) and one for ``<sitemapindex>`` (siteindex.xsd).
``sitemap.xsd`` and ``siteindex.xsd`` share a target namespace, so each gets its own
wrapper schema. Tests only: the package itself may parse XML only in xml_parsers.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lxml import etree

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
