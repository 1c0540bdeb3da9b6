"""A deal's difficulty measured against players, not against our search engine: simulated
players of graded skill (players.py), the traps along the way (traps.py), the grades cut
from the players' win rates (grading.py), and the deal index built from them (index.py)."""
