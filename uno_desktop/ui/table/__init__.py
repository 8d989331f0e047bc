"""The table scene and its parts: what is shown, input, the people's window, overlays,
and the frame built for the painter (`paint/`)."""
