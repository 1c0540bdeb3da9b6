"""Tests of the code shared by the games (solver/common/): pure Python, nothing to set up."""
