"""Computer players: strategies, search players, and the analyses that play them."""
