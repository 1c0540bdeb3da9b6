"""The `drez` command line."""
