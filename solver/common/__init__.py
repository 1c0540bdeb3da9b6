"""Code shared by the games: statistics and the round-robin ladder."""
