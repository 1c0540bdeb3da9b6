"""The names of a deal's difficulty grades, hardest last, then the two verdicts that have
no grade.  `batch.rows` grades the rows with them; `drez deal --pick` reads them without
importing the searches."""
GRADES = ("easy", "medium", "hard", "expert")
DIFFICULTIES = GRADES + ("lost", "unknown")
