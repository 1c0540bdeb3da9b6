from cli.main import drez

drez()
