"""One module per notation grammar: text in, raw records with line and column out."""
