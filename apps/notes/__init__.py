"""Notes: a small notebook; a share target for plain text."""
