# doppelnb: two commands for a newcomer.
#   make lab   - set everything up (if needed) and open JupyterLab on notebooks/
#   make test  - set everything up (if needed) and run every check: ruff, pytest, nbval,
#                then export the explainers and test them (and the Voila app) in Chromium
# More:
#   make explainers - notebooks -> standalone offline HTML pages in build/explainers/
#   make app        - serve the notebooks as live apps with Voila on $(IP):$(APP_PORT)
#   make screenshots - retake docs/images/explainer.png and docs/images/notebook.png
# Setup is idempotent: the virtual environment is rebuilt only when pyproject.toml changes;
# Chromium (Debian's) and the explainers' JavaScript (npm) are fetched only when missing.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.doppelnb-installed
IP     ?= 127.0.0.1
PORT   ?= 8888
APP_PORT ?= 8866
# Debian packages the browser tests need: the browser and fonts with the stepper's glyphs.
BROWSER_DEBS := chromium fonts-dejavu-core fonts-liberation fonts-symbola
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup lab test lint unit notebooks bench clean chromium vendor explainers browser app \
	screenshots

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	test -x $(BIN)/uv || $(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode -e ".[dev]"
	touch $(STAMP)

lab: setup
	$(BIN)/jupyter lab --notebook-dir=notebooks --ip=$(IP) --port=$(PORT) --no-browser \
		$$( [ "$$(id -u)" = 0 ] && echo --allow-root )

test: lint unit notebooks explainers browser

lint: setup
	$(BIN)/ruff check .

unit: setup
	$(BIN)/python -m pytest tests

notebooks: setup
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env -p no:cacheprovider notebooks

# Debian's Chromium for the browser tests (never `playwright install`: its download fails here).
chromium:
	@dpkg -s $(BROWSER_DEBS) >/dev/null 2>&1 || { \
	  echo "installing $(BROWSER_DEBS) from Debian (once)"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    $(BROWSER_DEBS) >/dev/null; }
	@test -x /usr/bin/chromium

# The widget renderer, require.js and MathJax, through npm, cached in build/vendor/.
vendor: setup
	$(BIN)/python tools/vendor.py

explainers: setup
	$(BIN)/python tools/export_explainers.py

browser: setup chromium
	$(BIN)/python -m pytest -p no:cacheprovider -m browser tests/browser

app: setup
	@echo "Serving the notebooks as apps with Voila; open one of:"
	@for nb in notebooks/*.ipynb; do \
	  echo "  http://$(IP):$(APP_PORT)/voila/render/$$(basename $$nb)"; done
	@echo "(or the list at http://$(IP):$(APP_PORT)/). From another machine, tunnel the port:"
	@echo "  ssh -N -L $(APP_PORT):127.0.0.1:$(APP_PORT) you@this-machine"
	@echo "and open the same addresses there. Ctrl-C stops the server."
	$(BIN)/voila notebooks --no-browser --Voila.ip=$(IP) --port=$(APP_PORT)

screenshots: setup chromium explainers
	$(BIN)/python tools/screenshots.py

bench: setup
	$(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode -e ".[dev,bench]"
	for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .hypothesis
