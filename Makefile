# The two commands a newcomer needs: `make demo` and `make test`. Both set up
# .venv themselves on a fresh machine (Python >= 3.11 on PATH as python3).
# `make check` is the everyday loop: lint, types, the docs and the fast tests.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
BASE   := $(VENV)/.installed-base
DEMO   := $(VENV)/.installed-demo
DEV    := $(VENV)/.installed-dev

DEMO_NOTEBOOK ?= notebooks/01_quickstart.ipynb
# nbval re-executes every example notebook and compares it with its saved outputs.
NBVAL := --nbval --nbval-current-env --nbval-sanitize-with notebooks/nbval_sanitize.cfg

.PHONY: demo test check docs lint typecheck unit fast notebooks bench fuzz clean system-deps \
	widgets widgets-check

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(BASE): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(DEMO): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[demo]"
	touch $@ $(BASE)

$(DEV): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[dev,demo]"
	touch $@ $(DEMO) $(BASE)

# `make demo` opens JupyterLab on the quickstart (no key needed); where there is
# no display to open a browser on (a server, a container, CI) it runs the
# notebook with nbclient instead and prints each run's answer, as
# `make demo HEADLESS=1` does anywhere. Jupyter refuses to run as root
# unless told, which is the norm in containers: it is told.
HAS_DISPLAY := $(or $(DISPLAY),$(WAYLAND_DISPLAY),$(filter Darwin,$(shell uname -s)))
HEADLESS ?= $(if $(HAS_DISPLAY),0,1)
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root)

demo: $(DEMO)
ifeq ($(HEADLESS),1)
	$(PY) -m notebook_router execute $(DEMO_NOTEBOOK)
else
	$(PY) -m jupyter lab $(LAB_FLAGS) $(DEMO_NOTEBOOK)
endif

test: $(DEV) system-deps widgets-check lint typecheck docs unit

# Everything but the tests that start real kernels, Chromium or Dask worker processes or
# take minutes (marked kernel, browser, cluster, slow) and the notebooks under nbval, all
# of which `make test` runs. The two property tests run 100 and 50 examples instead of
# 2,000 and 500, and the two tests that run a whole benchmark script are left to
# `make test`: measured, those four took a third of the rest's time.
# What makes it fast on two cores: lint, typecheck, docs and the tests run side by side
# (each one's output is printed whole when it ends, not interleaved); the tests run in
# CHECK_WORKERS pytest-xdist processes, a module's tests in one process (a module-scoped
# fixture, such as three MCP servers, starts once); mypy reuses .mypy_cache (a warm run
# takes seconds); the test modules' rewritten bytecode is kept in __pycache__ even where
# PYTHONDONTWRITEBYTECODE is set (pytest rewrites every assert of ~300 modules otherwise);
# and collection imports less: no nbval plugin (it imports nbformat and
# jsonschema, whose IRI grammar is built at import), no LangSmith plugin, and the modules
# that are all kernel, browser or cluster tests are not imported (tests/conftest.py).
# The ten slowest are listed at the end, to keep it fast.
# FAST picks other tests: make check FAST=tests/planner
check: $(DEV) lint typecheck docs fast
ifeq ($(MAKECMDGOALS),check)
MAKEFLAGS += -j4 --output-sync=target
endif

FAST ?= tests -m "not kernel and not browser and not cluster and not slow" \
	--deselect tests/test_bench.py::test_bench_quick_prints_one_json_line_per_result \
	--deselect tests/analyst_eval/test_devset.py::test_the_bench_prints_one_json_line
CHECK_EXAMPLES := FUZZ_EXAMPLES=100 FOLD_EXAMPLES=50 PYTHONDONTWRITEBYTECODE=
CHECK_WORKERS ?= auto

# Debian packages the tests use (Chromium, graphviz, Node.js), installed when missing.
system-deps:
	scripts/system_deps.sh

# The panel's front end: `make widgets` rebuilds notebook_router/notebook/static
# from widgets/ (commit the result); `make test` checks the committed build is
# what the locked sources produce, so the wheel never needs Node.
WIDGET_DEPS := widgets/node_modules/.package-lock.json

$(WIDGET_DEPS): widgets/package-lock.json
	cd widgets && npm ci --no-audit --no-fund --loglevel=error

widgets: $(WIDGET_DEPS)
	cd widgets && node build.mjs

widgets-check: $(WIDGET_DEPS)
	cd widgets && node build.mjs --check

lint: $(DEV)
	$(PY) -m ruff check notebook_router tests bench scripts
	$(PY) -m ruff format --check notebook_router tests bench scripts

typecheck: $(DEV)
	$(PY) -m mypy

# The ten slowest tests are listed at the end of every run (CI's log included), so the
# ones that make the whole run long are seen where it runs, not guessed.
unit: $(DEV)
	$(PY) -m pytest --durations=10 $(NBVAL) tests notebooks

fast: $(DEV)
	$(CHECK_EXAMPLES) $(PY) -m pytest -q -p no:nbval -p no:langsmith_plugin \
		-n $(CHECK_WORKERS) --dist loadfile --durations=10 $(FAST)

# The docs site, strictly: a page missing from the nav, a broken link or a missing
# anchor fails the build (mkdocs.yml). Not --quiet: it hides the warnings strict mode
# counts, and the build passes. Served while editing by `$(PY) -m mkdocs serve`.
docs: $(DEV)
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict

# Refresh the saved outputs (read the diff before committing it).
notebooks: $(DEV)
	$(PY) scripts/execute_notebooks.py notebooks/*.ipynb

bench: $(DEV)
	$(PY) bench/run.py

# The fuzz test of whole runs at length: `make test` runs the same 2,000 each time,
# this runs FUZZ_EXAMPLES new ones from a fresh seed, printed first (FUZZ_SEED=<it>
# runs the same ones again), and prints what their runs ended with.
FUZZ_EXAMPLES ?= 20000
fuzz: $(DEV)
	@seed=$(or $(FUZZ_SEED),$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')); \
	echo "fuzz: $(FUZZ_EXAMPLES) runs from seed $$seed (the same runs: make fuzz FUZZ_SEED=$$seed)"; \
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) FUZZ_RANDOM=1 $(PY) -m pytest tests/planner/test_fuzz_runs.py \
		-p no:cacheprovider --hypothesis-seed=$$seed --hypothesis-show-statistics

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache dist build widgets/node_modules

.PHONY: bench-instructions
bench-instructions: $(DEV)  # instructions per loop step under callgrind (needs valgrind)
	$(PY) bench/instructions.py
