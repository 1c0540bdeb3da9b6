"""Engines and search for Solodrez, Up-and-down and Crapette."""
