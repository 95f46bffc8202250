"""dealer: Texas Hold'em dealer procedure and misdeal adjudication."""

__version__ = "0.1.0"
