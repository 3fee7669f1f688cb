# bourbon_lab: `make lab` opens the notebooks, `make test` runs every check. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: lab test bench

# Each game's compiled rules engine and bots (mypyc, one build per game); a no-op for a game already
# built for these sources, and without a C compiler everything still runs as Python.
COMPILE = $(BIN)/bourbon-lab compile || echo "bourbon-lab compile: a game it could not build runs as Python"

$(VENV)/.installed-%: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[$*]"
	touch $@

lab: $(VENV)/.installed-lab
	$(COMPILE)
	$(BIN)/jupyter lab notebooks/ $$([ "$$(id -u)" = 0 ] && echo --allow-root)

# The tutorials run inside tests/test_lab_environment.py, in a fresh venv holding only what `make lab`
# installs (plus pytest and nbmake), so a notebook that needs more than the lab extra fails here.
test: $(VENV)/.installed-test
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
	$(COMPILE)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	BOURBON_LAB_QUICK=1 $(BIN)/pytest -n 2 tests

bench: $(VENV)/.installed-test
	$(COMPILE)
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done

# Mutation testing of the four games, their views and the layers above (benchmarks/mutate.py): a fixed
# sample of mutants per package (about 100), each against its package's test files (--quick: about an
# hour); `benchmarks/mutate.py` without --quick lets mutmut pick the tests (hours); not part of `make test`.
.PHONY: mutate
mutate: $(VENV)/.installed-mutate
	BOURBON_LAB_QUICK=1 $(BIN)/python benchmarks/mutate.py --quick
