# The two commands a newcomer needs: `make demo` and `make test`. Both set up
# .venv themselves on a fresh machine (Python >= 3.10 on PATH as python3).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
BASE   := $(VENV)/.installed-base
DEV    := $(VENV)/.installed-dev

DEMO_TASK ?= Load the sales table for the North region, then plot monthly revenue, summarise the trend and forecast next quarter

.PHONY: demo test lint typecheck unit bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(BASE): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(DEV): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@ $(BASE)

demo: $(BASE)
	$(PY) -m notebook_router run "$(DEMO_TASK)" --agents notebook_router.examples.sales

test: $(DEV) lint typecheck unit

lint: $(DEV)
	$(PY) -m ruff check notebook_router tests bench scripts
	$(PY) -m ruff format --check notebook_router tests bench scripts

typecheck: $(DEV)
	$(PY) -m mypy

unit: $(DEV)
	$(PY) -m pytest

bench: $(DEV)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache dist build
