"""`python -m drez`: the `drez` command."""
from drez.cli.main import drez

drez(prog_name="drez")
