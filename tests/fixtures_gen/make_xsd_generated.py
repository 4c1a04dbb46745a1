"""Write ``xsd_generated.json``: documents the differential test's generator made, kept.

The differential test (tests/conformance/test_xsd_differential.py) judges documents that
Hypothesis makes up as it runs, with the official XSDs in ``../shared/schemas``. The project
may not carry those XSDs, so a clone without ``../shared`` runs the same comparison over
documents the same generator made once, kept here, with the official XSDs' verdicts on
them recorded in ``xsd_verdicts.json`` (and checked again whenever the XSDs are there).

    PYTHONPATH=tests:tests/conformance python tests/fixtures_gen/make_xsd_generated.py
    SITEMAP_STUDIO_RECORD_XSD=1 bash .ci/test tests/conformance/test_xsd_differential.py
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

from hypothesis.errors import NonInteractiveExampleWarning

GENERATED_FILE = Path(__file__).resolve().parent / "xsd_generated.json"
#: Documents kept of each kind.
PER_KIND = 100


def main() -> None:
    """Draw the documents and write them, one list per kind, without repeats."""
    from test_xsd_differential import sitemap_indexes, urlsets

    kept: dict[str, list[str]] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NonInteractiveExampleWarning)
        for kind, strategy in (("urlsets", urlsets()), ("indexes", sitemap_indexes())):
            found: dict[str, None] = {}
            while len(found) < PER_KIND:
                found[strategy.example().decode("utf-8")] = None
            kept[kind] = list(found)
    GENERATED_FILE.write_text(json.dumps(kept, indent=0, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    main()
