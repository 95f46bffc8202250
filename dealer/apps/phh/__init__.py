"""Interchange: Poker Hand History (PHH) files in (``importing``) and out (``exporting``)."""
