"""drez: a solver, analyzer and table for Solodrez, Up-and-down and Crapette.

The installed package `drez` gathers the repository's top-level folders under one name
(pyproject.toml's `package-dir` maps them): `drez.solver` is `solver/` (the engines and
searches), `drez.cli` is `cli/` (the `drez` command), `drez.webapp` is `webapp/` (the web
app of `drez serve`) and `drez.deals` is `deals/` (the deal index, package data).
"""
__version__ = "0.1.0"
