"""CLI tests (every game's commands, run as real processes too): the Solodrez kernels are
compiled once per session first, as for tests/solodrez/."""
from tests.solodrez.conftest import compiled_kernels  # noqa: F401
