"""Solodrez's part of the web app: its JSON API (api.py, the list ROUTES that create_app
mounts), what the page draws of a position (board.py), the server's memory of wins found
(memory.py) with the answers it gives (answers.py), and the deal of the day (daily.py)."""
