"""Painting a table frame: the layer under the cards in flight, the seats, the centre,
the side panel, marks and moments."""
