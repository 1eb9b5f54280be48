"""Standard interchange formats: read and write PGN, PDN, PBN, JSON and CSV."""
