"""Words in the player's language: gettext catalogs (`locale/`), card and colour names,
and reasons worded when shown."""
