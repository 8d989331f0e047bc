"""A match being played: seats, rounds, scores, pacing and the clock, the saved match,
recorded rounds, the tutorial's scripted round and headless simulation."""
