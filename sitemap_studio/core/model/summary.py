"""Plain-data descriptions of documents, for the CLI and the GUI's status line."""

from __future__ import annotations

from sitemap_studio.core.model.documents import SitemapDocument


def describe(document: SitemapDocument, path: str | None = None) -> dict[str, object]:
    """Kind, counts, sizes, namespaces and load notes of ``document``."""
    source = document.source
    images, videos, news, alternates = document.extension_totals()
    namespaces = document.info.get("namespaces", {})
    fmt = source.format + (" (gzip)" if source.compressed else "")
    return {
        "path": path or source.path,
        "format": fmt,
        "kind": document.kind.value,
        "entries": len(document),
        "stored_bytes": source.stored_size,
        "uncompressed_bytes": len(document.raw) + len(source.encoding.bom),
        "encoding": source.encoding.name,
        "namespaces": dict(namespaces) if isinstance(namespaces, dict) else {},
        "stylesheets": document.info.get("stylesheets", []),
        "extensions": {"images": images, "videos": videos, "news": news,
                       "alternates": alternates},
        "notes": [
            {"severity": f.severity.value, "code": f.code, "line": f.line, "column": f.column,
             "message": f.message}
            for f in document.load_findings
        ],
    }
