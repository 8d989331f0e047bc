"""Drawing primitives: card pictures, the table layout, tweens and the animator.

Nothing here knows the rules; scenes in `uno_desktop.ui` combine these pieces.
Import the submodules directly (`from uno_desktop.render.cards import CardPainter`).
"""
