"""The rules a table plays by: the options a preset can hold, the preset files (built-in
and a family's own), their checks, and the rules in words."""
