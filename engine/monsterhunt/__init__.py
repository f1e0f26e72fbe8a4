"""Monster Hunt: the monster-hunting card combat as a rules module (docs/rules/monsterhunt.md)."""
