"""`drez updown`: the commands (commands.py) and the terminal game for people (human.py:
cards in colour, typed moves, the events told)."""
