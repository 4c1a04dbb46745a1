"""qt_models."""
