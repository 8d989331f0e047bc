"""UNO Desktop: an offline desktop UNO game for families."""

__version__ = "0.1.0"
