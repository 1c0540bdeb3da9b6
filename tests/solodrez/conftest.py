"""Solodrez test set-up: the numba kernels are compiled (or loaded from the cache) once per
test session, before any test runs, so no test sees the one-line compile notice that the
first command of a fresh checkout prints on stderr."""
import pytest

from drez.solver.solodrez.kernels import ensure_compiled


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels():
    ensure_compiled()
