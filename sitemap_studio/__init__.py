"""Sitemap Studio: a lossless editor for XML sitemaps."""

__version__ = "0.1.0"
