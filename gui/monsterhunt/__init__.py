"""The Monster Hunt table: its layout of the generic table and its gestures."""
