# Set-up and main jobs. Every target creates .venv and installs the project first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-all bench lint clean browser

# The browser tests drive Debian's chromium (and its emoji font, for the share grids in the
# screenshots); as root here, through sudo elsewhere. Without apt-get they are skipped, saying why.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/wordguess demo

browser:
	@command -v chromium >/dev/null || ! command -v apt-get >/dev/null || \
		($(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium fonts-noto-color-emoji)

# The tests run in a process per core and one more (at most 5): a third of the time a process
# waits on a server, a browser or a command it started. An idle process takes tests from a busy
# one (a file's server and browser start once in each process that runs its tests).
# The numba kernels are compiled into numba's cache first, once, over every core: each process
# would otherwise compile the kernels it meets, beside the others compiling the same ones.
WORKERS := $(shell $(PYTHON) -c 'import os; print(min(5, len(os.sched_getaffinity(0)) + 1))' 2>/dev/null || echo 3)
test: $(STAMP) browser
	$(BIN)/python tests/warm_kernels.py
	$(BIN)/python -m pytest -q -n $(WORKERS) --dist worksteal --durations=15

# The slow checks include the exact solver on a local Ray instance: install the ray extra first.
# The property tests draw five times as many examples as in `make test`.
test-all: $(STAMP) browser
	$(BIN)/python -m pip install --quiet -e ".[test,ray]"
	$(BIN)/python tests/warm_kernels.py
	$(BIN)/python -m pytest -q -m "slow or not slow" --timeout 3600 --hypothesis-profile thorough

bench: $(STAMP)
	for script in bench/bench_*.py; do echo "# $$script"; $(BIN)/python $$script || exit 1; done

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts

clean:
	rm -rf $(VENV) build dist .pytest_cache
