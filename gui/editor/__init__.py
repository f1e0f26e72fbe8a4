"""The card editor: a form per card kind, the structured effects editor, the live preview."""
