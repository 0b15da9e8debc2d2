# doppelnb: two commands for a newcomer.
#   make lab   - set everything up (if needed) and open JupyterLab on notebooks/
#   make test  - set everything up (if needed) and run every check: ruff, pytest (mypy beside
#                it), nbval, then export the explainers and test them (and the Voila app) in
#                Chromium
# More:
#   make package    - the packaging tests alone: build the wheels (pure and compiled), install
#                     them into fresh venvs
#   make typecheck  - mypy --strict doppelnb (part of make test)
#   make golden     - regenerate the golden records (tests/golden/) after a deliberate change
#   make soak       - many seeded random games per engine, every invariant checked
#   make sweep      - an example designer sweep (SWEEP_GAME, SWEEP_GAMES, SEED, WORKERS, OUT)
#   make sweeps     - regenerate the shipped sweep tables (doppelnb/data/sweeps/) and their
#                     fingerprints on every core, under nice (ONLY=NAME: one table)
#   make ladders    - measured strength: the shipped ladders (doppelnb/data/ladders) played
#                     again from their recorded arguments (long: see its comments; ONLY=GAME)
#   make ladders-check - each shipped ladder's CSV refitted and its first game replayed whole
#   make budget-curve - Tricks' MCTS strength over its budget against greedy, in build/ladders/
#   make strip      - put the notebooks in the form the pre-commit stripper keeps them
#   make explainers - notebooks -> standalone offline HTML pages in build/explainers/
#   make app        - serve the notebooks as live apps with Voila on $(IP):$(APP_PORT); for a
#                     class: make app CHAPTER=02 CLASS_SIZE=30 (see "Teaching a class" in README.md)
#   make loadtest   - 30 students open one chapter of the app at once; prints the times (outside
#                     make test; STUDENTS, CHAPTER, CLASS_SIZE)
#   make screenshots - retake docs/images/explainer.png and docs/images/notebook.png
#   make fast       - the compiled Tricks engine: the mypyc wheel in build/wheels/, installed
#                     into build/fast/ (use it with PYTHONPATH=build/fast)
#   make fast-test  - the whole test suite (but packaging and browser) on that compiled copy
#   make wheels     - for a release: the pure wheel, the sdist and the compiled wheel in build/wheels/
# `make lab` installs doppelnb with its `notebooks` extra; everything else the `dev` extra.
# Setup is idempotent: the virtual environment is rebuilt only when pyproject.toml changes;
# Chromium (Debian's) and the explainers' JavaScript (npm) are fetched only when missing.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.doppelnb-installed-dev
LAB_STAMP := $(VENV)/.doppelnb-installed-notebooks
SWEEP_GAME  ?= doppeldoppel
SWEEP_GAMES ?= 200
SEED    ?= 0
WORKERS ?= 2
OUT     ?= build/sweep-$(SWEEP_GAME).csv
IP     ?= 127.0.0.1
PORT   ?= 8888
APP_PORT ?= 8866
# `make app`: the chapter a class opens and its number of students (etc/voila/voila.py preheats
# that many kernels for it, plus a tenth), and the kernels preheated for each other chapter.
CHAPTER    ?=
CLASS_SIZE ?= 30
POOL_SIZE  ?= 1
STUDENTS   ?= 30
# Debian packages the browser tests need: the browser and fonts with the stepper's glyphs.
BROWSER_DEBS := chromium fonts-dejavu-core fonts-liberation fonts-symbola
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup setup-lab lab test lint unit unit-typecheck notebooks bench clean chromium vendor explainers \
	browser app loadtest screenshots package typecheck golden soak sweep sweeps ladders ladders-check budget-curve strip fast fast-test wheels

setup: $(STAMP)

setup-lab: $(LAB_STAMP)

$(BIN)/uv:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv

# dev includes the notebooks and cluster extras, so it satisfies `make lab` too.
$(STAMP): pyproject.toml | $(BIN)/uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode -e ".[dev]"
	touch $(STAMP) $(LAB_STAMP)

$(LAB_STAMP): pyproject.toml | $(BIN)/uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode -e ".[notebooks]"
	touch $(LAB_STAMP)

lab: setup-lab
	$(BIN)/jupyter lab --notebook-dir=notebooks --ip=$(IP) --port=$(PORT) --no-browser \
		$$( [ "$$(id -u)" = 0 ] && echo --allow-root )

test: lint unit-typecheck notebooks explainers browser

lint: setup
	$(BIN)/ruff check .

# One worker per core (pytest-xdist); a test module stays on one worker (its fixtures built once).
# Files go to the workers in the order tests/conftest.py sorts them (the few long ones first, so
# that none is left to run alone at the end), not xdist's own (--no-loadscope-reorder).
UNIT = $(BIN)/python -m pytest -n auto --dist loadfile --no-loadscope-reorder
unit: setup
	$(UNIT) tests

# What `make test` runs: the unit tests and, beside them, mypy (one process on one core, about
# 15 s), rather than mypy first with the second core idle. mypy's report follows pytest's; the
# step fails if either does.
unit-typecheck: setup
	@mkdir -p build
	$(BIN)/mypy --strict doppelnb >build/typecheck.log 2>&1 & mypy=$$!; \
	$(UNIT) tests; unit=$$?; \
	wait $$mypy; typecheck=$$?; echo "mypy --strict doppelnb:"; cat build/typecheck.log; \
	[ $$unit -eq 0 ] && [ $$typecheck -eq 0 ]

# Every notebook run by nbval, one notebook per xdist worker on the 2 cores (`--dist loadscope`,
# as nbval's README asks: a notebook's cells run in order in one kernel). Only the two plugins
# this needs are loaded (the others, hypothesis above all, add seconds to each process's start).
# The package is compiled to bytecode first: with PYTHONDONTWRITEBYTECODE set, every kernel would
# recompile it.
notebooks: setup
	$(BIN)/python -m compileall -q doppelnb
	PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 $(BIN)/python -m pytest -p nbval.plugin -p xdist.plugin \
		-n 2 --dist loadscope --nbval-lax --nbval-current-env -p no:cacheprovider notebooks

# Debian's Chromium for the browser tests (never `playwright install`: its download fails here).
chromium:
	@dpkg -s $(BROWSER_DEBS) >/dev/null 2>&1 || { \
	  echo "installing $(BROWSER_DEBS) from Debian (once)"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    $(BROWSER_DEBS) >/dev/null; }
	@test -x /usr/bin/chromium

# The widget renderer, require.js and MathJax (and axe-core, the browser tests' accessibility
# checker), through npm, cached in build/vendor/.
vendor: setup
	$(BIN)/python tools/vendor.py

explainers: setup
	$(BIN)/python tools/export_explainers.py

browser: setup chromium
	$(BIN)/python -m pytest -p no:cacheprovider -m browser tests/browser

# Voila with preheated kernels: when it starts it runs every chapter in a pool of kernels (one
# each, POOL_SIZE; CLASS_SIZE and a tenth more for CHAPTER), so a page opens at once from a kernel
# that has run it, and a used kernel is replaced a minute later. A teacher starts a class with
# `make app CHAPTER=02 CLASS_SIZE=30` a few minutes ahead: the warm-up (38 kernels, about 4 s of
# CPU and 145 MiB each) took 2.5 to 3 minutes on this project's busy 2-core machines. Kernels
# idle for 30 minutes after their page closed are culled. The settings and their reasons are in
# etc/voila/voila.py. The package is compiled to bytecode first: with PYTHONDONTWRITEBYTECODE
# set, every kernel would compile it again (1 s of CPU each).
app: setup
	$(BIN)/python -m compileall -q doppelnb
	@echo "Serving the notebooks as apps with Voila; open one of:"
	@for nb in notebooks/*.ipynb; do \
	  echo "  http://$(IP):$(APP_PORT)/voila/render/$$(basename $$nb)"; done
	@echo "(or the list at http://$(IP):$(APP_PORT)/). From another machine, tunnel the port:"
	@echo "  ssh -N -L $(APP_PORT):127.0.0.1:$(APP_PORT) you@this-machine"
	@echo "and open the same addresses there. Ctrl-C stops the server."
	@if [ -n "$(CHAPTER)" ]; then \
	  echo "Class: $(CLASS_SIZE) students on chapter $(CHAPTER). Its kernels warm up first: about"; \
	  echo "2.5 to 3 minutes for 30 students on 2 busy cores; a page asked for sooner waits."; fi
	DOPPELNB_CLASS_CHAPTER=$(CHAPTER) DOPPELNB_CLASS_SIZE=$(CLASS_SIZE) DOPPELNB_POOL_SIZE=$(POOL_SIZE) \
	  $(BIN)/voila notebooks --no-browser --Voila.ip=$(IP) --port=$(APP_PORT) \
	  --Voila.config_file_paths=etc/voila

# A class at once against `make app`'s settings on 127.0.0.1 (a free port): waits for the warm
# pool, opens the chapter for STUDENTS students together (3 in Chromium, the others over HTTP and
# the kernel websocket), prints each page's time to usable, the memory, PASS/FAIL against 10 s;
# see tools/load_test.py. Its clients run niced (+10) behind the server, as a class's browsers
# run on the students' own machines (--client-nice 0 to share the cores equally). `python tools/load_test.py --settings plain` measures Voila without
# preheating, as `make app` was before.
loadtest: setup chromium
	$(BIN)/python -m compileall -q doppelnb
	$(BIN)/python tools/load_test.py --chapter $(or $(CHAPTER),02) --students $(STUDENTS) \
		--class-size $(CLASS_SIZE) --pool-size $(POOL_SIZE)

screenshots: setup chromium explainers
	$(BIN)/python tools/screenshots.py

bench: setup
	$(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode -e ".[dev,bench]"
	rm -rf build/bench
	@failed=""; for b in benchmarks/[!_]*.py; do echo "== $$b"; \
	  $(BIN)/python $$b || failed="$$failed $$b"; done; \
	echo "== every engine (benchmarks/_summary.py, from build/bench/*.json)"; \
	$(BIN)/python benchmarks/_summary.py; \
	if [ -n "$$failed" ]; then echo "benchmarks that failed:$$failed"; exit 1; fi

# The wheel built from the sdist, installed outside the repository (base, then `notebooks`), and
# the compiled wheel (mypyc hook on) built from the same sdist and checked against the pure engine.
package: setup
	$(BIN)/python -m pytest -p no:cacheprovider -m packaging tests/test_packaging.py

# The Tricks engine's integer kernel compiled with mypyc (optional; not part of `make test`), built the way
# a release builds it: the platform wheel, with the hatch-mypyc build hook switched on
# (HATCH_BUILD_HOOKS_ENABLE=1), into build/wheels/, then installed without dependencies into
# build/fast/ as a target folder. Use it with PYTHONPATH=build/fast (the benchmark says which
# engine it measured). What is compiled is the hook's `include` list in pyproject.toml, and
# nowhere else. uv builds the wheel from the sdist, in a temporary folder: the hook compiles in
# place, and a .so file must never sit beside the .py files of the source tree. The build
# environment brings its own mypy (the hook's dependencies); a C compiler is needed.
COMPILED_WHEEL = build/wheels/doppelnb-*-cp3*-*.whl
fast: setup
	rm -rf build/fast $(COMPILED_WHEEL) && mkdir -p build/wheels
	HATCH_BUILD_HOOKS_ENABLE=1 $(BIN)/uv build --quiet --out-dir build/wheels . >build/wheels.log 2>&1 || \
	  { tail -30 build/wheels.log; exit 1; }
	$(BIN)/uv pip install --quiet --python $(BIN)/python --no-deps --link-mode copy \
	  --target build/fast $(COMPILED_WHEEL)

# For a release: the sdist, the pure wheel (any platform, the fallback) and this platform's
# compiled wheel, both wheels built from that sdist, side by side in a fresh build/wheels/.
wheels: setup
	rm -rf build/wheels && mkdir -p build/wheels
	env -u HATCH_BUILD_HOOKS_ENABLE $(BIN)/uv build --quiet --out-dir build/wheels .
	HATCH_BUILD_HOOKS_ENABLE=1 $(BIN)/uv build --quiet --wheel --out-dir build/wheels \
	  build/wheels/doppelnb-*.tar.gz >build/wheels.log 2>&1 || { tail -30 build/wheels.log; exit 1; }
	@ls -l build/wheels/*.whl build/wheels/*.tar.gz

# The whole test suite but the packaging and browser tests on the compiled copy, with `python -P`
# (`python -m pytest` would put the working directory, the pure source tree, first on sys.path)
# and DOPPELNB_EXPECT_COMPILED=1: test_compiled.py then checks, inside the test processes, that the
# package under test is the copy and that exactly the hook's `include` list (pyproject.toml) is
# loaded from .so files there. Only the Tricks kernel is compiled; core and the other engines run
# as plain Python there too.
fast-test: fast
	DOPPELNB_EXPECT_COMPILED=1 PYTHONPATH=build/fast $(BIN)/python -P -m pytest -q -p no:cacheprovider \
	  -n auto --dist loadfile --no-loadscope-reorder -m "not packaging and not browser" tests

typecheck: setup
	$(BIN)/mypy --strict doppelnb

golden: setup
	$(BIN)/python tools/golden.py

soak: setup
	$(BIN)/python tools/soak.py

sweep: setup
	@mkdir -p $(dir $(OUT))
	$(BIN)/python -m doppelnb sweep $(SWEEP_GAME) --games $(SWEEP_GAMES) --seed $(SEED) \
		--workers $(WORKERS) --out $(OUT)

# Every shipped sweep table and its NAME.json from the arguments recorded there (not part of
# `make test`, whose tests/test_sweep_tables.py only replays each table's fingerprinted games);
# prints the time each table took. Long: run it when that test reports a table stale.
sweeps: setup
	nice -n 10 $(BIN)/python tools/sweeps.py $(if $(ONLY),--only $(ONLY))

# Measured strength (not part of `make test`): the shipped ladders, doppelnb/data/ladders/GAME.csv
# and GAME.json, played again from the arguments each GAME.json records (tools/ladders.py calls
# doppelnb.core.ladder.ladder, what `python -m doppelnb ladder` runs, with them: the CSVs come out
# byte-identical whatever WORKERS), then the sweeps README's ladder lines. Ratings are Elo points
# relative to greedy, with 95% intervals. CPU measured when they were shipped (2 workers on a
# shared 2-core machine, summed over the workers; the run takes about that divided by the cores
# you get):
#   doppel_doubt: 60 games at one search seat among 9 greedy, 22 s CPU a game, 22 min CPU in all; per decision mcts:64:round 199 ms
#   doppeldoppel: 180 games at 3 seats, 0.8 s CPU a game, 2 min CPU in all; per decision mcts:64:round 21 ms
#   doppelganger_quest: 480 games at 4 seats, 1.2 s CPU a game, 9 min CPU in all; per decision mcts:32 35 ms
#   doppelganger_tricks: 160 games at 3 seats, 0.8 s CPU a game, 2 min CPU in all; per decision mcts:32 5 ms, mcts:128:round 19 ms
#   groom_lake: 480 games at 3 seats, 0.8 s CPU a game, 6 min CPU in all; per decision mcts:16 22 ms
# ONLY=GAME plays one ladder. `make ladders-check` (tools/ladders.py --check) refits each CSV from
# its recorded games and replays each first game whole without playing the ladder (about 30 s);
# tests/test_shipped_ladders.py does the same except for Doppel Doubt's first game, whose first
# 100 actions it replays.
LADDER_DIR  ?= build/ladders
LADDER_SEED ?= 1
ladders: setup
	nice -n 19 $(BIN)/python tools/ladders.py --workers $(WORKERS) --no-progress \
		$(if $(ONLY),--only $(ONLY))

ladders-check: setup
	$(BIN)/python tools/ladders.py --check $(if $(ONLY),--only $(ONLY))

# MCTS over its budget against greedy in Tricks, 200 games a budget on the same deals, in
# build/ladders/ (about 25 min CPU; not shipped; LADDER_GAMES=N for a quick look).
LADDER_GAMES ?=
budget-curve: setup
	@mkdir -p $(LADDER_DIR)
	nice -n 19 $(BIN)/python -c "import sys; from pathlib import Path; \
		from doppelnb.core.ladder import budget_curve; \
		c = budget_curve('doppelganger_tricks', games=int(sys.argv[1]), seed=$(LADDER_SEED), \
		workers=$(WORKERS)); out = Path('$(LADDER_DIR)'); \
		(out / 'budget-doppelganger_tricks.csv').write_text(c.to_csv()); \
		(out / 'budget-doppelganger_tricks.svg').write_text(str(c.chart())); print(c)" \
		$(or $(LADDER_GAMES),200)

# What the pre-commit hook would do to the notebooks, without git hooks (they need a network).
strip: setup
	$(BIN)/python tools/strip_notebooks.py

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .hypothesis
