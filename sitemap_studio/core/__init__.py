"""The core: Sitemap Studio as a headless library (stdlib, lxml, idna, aiohttp, protego; never Qt).

Its rooms, each a subpackage whose ``__init__`` is the front door the other
layers import: ``model`` (entries, findings, the document), ``reading``,
``writing``, ``rows`` (sort, filter, search), ``edits``, ``imports``,
``project``, ``export``, ``publishing``, ``urls``, ``fetching``,
``validation``, ``audit``, ``compare`` and ``publish_check``.
"""
