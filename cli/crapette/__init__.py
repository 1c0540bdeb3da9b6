"""`drez crapette`: the commands (commands.py) and the table drawn in the terminal
(render.py)."""
