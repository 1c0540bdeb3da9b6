# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,dask,charts,web,png]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/drez deal 42
	$(VENV)/bin/drez solve 42
	$(VENV)/bin/drez solve 42 --optimal --show --max-seconds 60
	$(VENV)/bin/drez hint 42

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -q --durations=12

bench: $(STAMP)
	$(VENV)/bin/drez bench

clean:
	rm -rf $(VENV) build *.egg-info
