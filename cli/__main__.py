from drez.cli.main import drez

drez(prog_name="drez")
