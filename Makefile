# bourbon_lab: `make lab` opens the notebooks, `make test` runs every check. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: lab test bench

$(VENV)/.installed-%: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[$*]"
	touch $@

lab: $(VENV)/.installed-lab
	$(BIN)/jupyter lab notebooks/ $$([ "$$(id -u)" = 0 ] && echo --allow-root)

test: $(VENV)/.installed-test
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	BOURBON_LAB_QUICK=1 $(BIN)/pytest -n 2 --nbmake tests notebooks

bench: $(VENV)/.installed-test
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done
