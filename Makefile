# Two commands for a fresh clone: `make run` (the simulator window) and `make test`. Each builds .venv when it is missing
# or older than pyproject.toml.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Python keeps each module it compiles (__pycache__, ignored by git), whatever the shell says:
# the tests start aseb itself again and again, and compiling every module afresh each time
# cost them seconds.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run play test test-long lint bench clean systemd-test catalog docs dist

# With no display aseb sim says so in one line and exits 69: make adds no "Error" line to it.
run: $(STAMP)
	@$(BIN)/aseb sim || [ $$? -eq 69 ]

play: $(STAMP)
	$(BIN)/aseb play

test: $(STAMP)
	@# Pyodide's npm package for the Play page's browser tests, fetched once into build/npm as
	@# the venv's packages are (without npm they are skipped, saying so)
	@$(BIN)/python -m sim.browser.build --pyodide >/dev/null || \
		echo "make test: the Play page's browser tests will be skipped (no Pyodide: npm?)"
	$(BIN)/ruff check engine hardware firmware sim tests docs/hooks
	$(BIN)/mypy --strict engine hardware firmware sim docs/hooks
	@# the suite over every core (two here), test by test: a worker that is done takes tests
	@# from the other's queue, so both stay busy to the end (the long runs: make test-long)
	$(BIN)/pytest -n auto --dist worksteal -m "not long"

# The long runs kept out of `make test` (docs/develop/tests.md): the real install, the bigger
# brute force and exhaustive checks. CI runs them too.
test-long: $(STAMP)
	$(BIN)/pytest -n auto --dist worksteal -m long

# Extract every marked word (babel.cfg) into firmware/words/locale/aseb.pot, update each language's .po,
# write the pseudo-language qps and compile the .mo files (committed).
catalog: $(STAMP)
	$(BIN)/python -m firmware.words.catalog

# The documentation site, strictly (a broken link or a page left out of the navigation fails it):
# build/site/index.html. The build kits' pages are drawn from the board files as it builds, and
# the Play page (build/site/app/) with Pyodide from its npm package (npm ci into build/npm).
docs: $(STAMP)
	@# not --quiet: it hides the warnings that --strict counts
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# A wheel and an sdist in dist/, to install anywhere with pipx (docs/play/install.md): built from
# the tracked files with the environment's own setuptools, offline. setuptools' scratch folders
# (build/lib, build/bdist.*) go first, so a file removed from the tree never reaches the wheel.
dist: $(STAMP)
	rm -rf dist build/lib build/bdist.*
	$(BIN)/python -m build --no-isolation --outdir dist .
	@ls -l dist

bench: $(STAMP)
	$(BIN)/python -m tests.benchmarks.engine_games

# install.sh and the unit under a real systemd, in a Debian Bookworm container (as root; not part
# of `make test`): `make systemd-test SOAK=60`, `make systemd-test ARCH=arm64` (qemu-user).
SOAK ?= 300
ARCH ?= amd64
systemd-test:
	tests/systemd/systemd-test.sh --arch $(ARCH) --soak $(SOAK)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "aseb needs Python 3.11 or newer (set PYTHON=python3.11)")'
	$(PYTHON) -m venv $(VENV)
	@# -qq: pip's errors only, not the build backend's notes on editable installs (not ours to show)
	$(BIN)/python -m pip install --quiet --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --quiet -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
