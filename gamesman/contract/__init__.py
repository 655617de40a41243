"""The game contract: what a game provides and what the rest of the engine relies on."""
