# The two set-up commands: `make play` and `make test`. Both build .venv on first use and
# reinstall the project whenever pyproject.toml changes (one stamp file per set of extras):
# `make play` installs the game's runtime dependencies only, `make test` adds the test extra.
# Works with GNU make on Linux, macOS and Windows (where a venv keeps Python in Scripts\).
ifeq ($(OS),Windows_NT)
PYTHON  ?= python
PY_FILE := .venv/Scripts/python.exe
else
PYTHON  ?= python3
PY_FILE := .venv/bin/python
endif
# quoted: cmd.exe takes a forward-slash program path only in quotes
PY := "$(PY_FILE)"
VENV       := .venv
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
DEV_STAMP  := $(VENV)/.installed-dev
FREEZE_STAMP := $(VENV)/.installed-freeze
# the suite on every core (pytest-xdist); `make test JOBS=1` runs it in one process
JOBS ?= auto
TOUCH = $(PY) -c "import pathlib, sys; pathlib.Path(sys.argv[1]).touch()"

.PHONY: play test test-long soak lint format bench wheel-check bundle clean

$(PY_FILE):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(PY_FILE)
	$(PY) -m pip install --quiet -e .
	$(TOUCH) $@

$(TEST_STAMP): pyproject.toml | $(PY_FILE)
	$(PY) -m pip install --quiet -e ".[test]"
	$(TOUCH) $@

$(DEV_STAMP): pyproject.toml | $(PY_FILE)
	$(PY) -m pip install --quiet -e ".[test,dev]"
	$(TOUCH) $@

$(FREEZE_STAMP): pyproject.toml | $(PY_FILE)
	$(PY) -m pip install --quiet -e ".[freeze]"
	$(TOUCH) $@

play: $(PLAY_STAMP)
	$(PY) -m game play

test: $(TEST_STAMP)
	$(PY) -m pytest -q -m "not slow" -n $(JOBS)

test-long: $(TEST_STAMP)
	$(PY) -m pytest -q -m slow -n $(JOBS)

# the screen-fuzz memory soak at the size CI runs (.ci/run, within 5 minutes): two cycles of every
# scene, RSS and Python blocks flat from the first cycle to the end
SOAK_EVENTS ?= 38000
soak: $(TEST_STAMP)
	SCREEN_FUZZ_EVENTS=$(SOAK_EVENTS) $(PY) -m pytest -q -m slow -p no:cacheprovider tests/proof/test_proof_screen_fuzz.py

# ruff (lint and format check) and mypy, as in .ci/run once LINT=1 is set there
lint: $(DEV_STAMP)
	$(PY) -m ruff check game tools tests
	$(PY) -m ruff format --check game tools tests
	$(PY) -m mypy

format: $(DEV_STAMP)
	$(PY) -m ruff check --fix game tools tests
	$(PY) -m ruff format game tools tests

bench: $(TEST_STAMP)
	$(PY) tools/bench.py

# build the wheel, install it into a fresh venv and play from another folder (CI runs this)
wheel-check:
	bash .ci/wheel_check

# the stand-alone Linux download, dist/boarders-away-VERSION-linux-ARCH.tar.gz (Linux only; CI plays from it)
bundle: $(FREEZE_STAMP)
	PYTHON=$(PY) bash packaging/linux/build_tarball.sh dist

clean:
	$(PYTHON) -c "import shutil; [shutil.rmtree(p, ignore_errors=True) for p in ('$(VENV)', 'build', 'dist', 'boarders_away.egg-info')]"
