"""The pack manager window and printable sheets of cards."""
