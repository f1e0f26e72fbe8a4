"""One module per phase of the round, plus hits, Audience, Powers, the end and setup."""
