"""Web app tests: the Solodrez kernels are compiled once per session first, as for
tests/solodrez/, so the server's workers load them from the cache."""
from tests.solodrez.conftest import compiled_kernels  # noqa: F401
