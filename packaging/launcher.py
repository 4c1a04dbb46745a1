"""Entry script of the PyInstaller bundle: the same as the ``sitemap-studio`` command.

With ``SITEMAP_STUDIO_BUNDLE_CHECK=1`` in the environment it checks the bundle instead and exits:
the version, the resources folder, the example project, and that Qt can draw the SVG app icon
(its image-format and icon-engine plugins were bundled). Packagers and tests/packaging use it.
"""

from __future__ import annotations

import os
import sys

BUNDLE_CHECK_ENV = "SITEMAP_STUDIO_BUNDLE_CHECK"


def bundle_check() -> int:
    """Print one ``name: value`` line per check, then ``bundle check: ok`` or ``failed``."""
    # QtSvg is imported here so that PyInstaller bundles the SVG plugins along with it.
    from PySide6 import QtSvg  # noqa: F401
    from PySide6.QtGui import QGuiApplication, QIcon, QImage

    from sitemap_studio import __version__, resource_paths

    app = QGuiApplication([sys.argv[0]])
    icon_path = resource_paths.app_icon_path()
    example = resource_paths.example_project_path()
    image = QImage(str(icon_path))
    pixmap = QIcon(str(icon_path)).pixmap(64, 64)
    checks = {
        "version": (__version__, True),
        "frozen": (str(getattr(sys, "frozen", False)), True),
        "resources": (str(resource_paths.resources_dir()), True),
        "example project": (str(example), example.is_file()),
        "svg image plugin": (f"{image.width()}x{image.height()}", not image.isNull()),
        "svg icon engine": (f"{pixmap.width()}x{pixmap.height()}", not pixmap.isNull()),
    }
    for name, (value, _) in checks.items():
        print(f"{name}: {value}")
    passed = all(ok for _, ok in checks.values())
    print("bundle check: " + ("ok" if passed else "failed"))
    del app
    return 0 if passed else 1


def main() -> int:
    """Run the bundle check when asked to, otherwise the app or its command line."""
    if os.environ.get(BUNDLE_CHECK_ENV) == "1":
        return bundle_check()
    from sitemap_studio.__main__ import main as sitemap_studio_main

    return sitemap_studio_main()


if __name__ == "__main__":
    sys.exit(main())
