# doppelnb: two commands for a newcomer.
#   make lab   - set everything up (if needed) and open JupyterLab on notebooks/
#   make test  - set everything up (if needed) and run every check: ruff, pytest, nbval
# Setup is idempotent: the virtual environment is rebuilt only when pyproject.toml changes.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.doppelnb-installed
IP     ?= 127.0.0.1
PORT   ?= 8888

.PHONY: setup lab test lint unit notebooks bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	test -x $(BIN)/uv || $(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode -e ".[dev]"
	touch $(STAMP)

lab: setup
	$(BIN)/jupyter lab --notebook-dir=notebooks --ip=$(IP) --port=$(PORT) --no-browser \
		$$( [ "$$(id -u)" = 0 ] && echo --allow-root )

test: lint unit notebooks

lint: setup
	$(BIN)/ruff check .

unit: setup
	$(BIN)/python -m pytest tests

notebooks: setup
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env -p no:cacheprovider notebooks

bench: setup
	$(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode -e ".[dev,bench]"
	for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .hypothesis
