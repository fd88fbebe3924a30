"""A game at the table: the play table, its players, corrections, recounts, squares and the play lock."""
