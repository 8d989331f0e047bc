"""Other projects' UNO bots, ported as yardsticks for our levels (benchmarks only, never
the game)."""
