"""A match's life, owned in one place: `MatchSession`."""
