# The two commands a newcomer needs: `make book` and `make test`. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: book runtime test lint bench site-test relay clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev]"
	$(BIN)/python -m pip install -q --ignore-requires-python CribbageSim==1.0.2  # bench/vs_cribbagesim.py
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $(STAMP)

# lite/runtime/ (npm): the live widgets' runtime and worker, the book's page scripts (ES modules in
# src/page/) and the widget manager from node_modules, all into lite/runtime/dist/ by esbuild, before
# Sphinx runs (lite/live_runtime.py only checks that they are there). `npm ci` only when the lock changed.
RUNTIME := lite/runtime
NPM := cd $(RUNTIME) && npm
NPM_STAMP := $(RUNTIME)/node_modules/.installed
RUNTIME_STAMP := $(RUNTIME)/dist/.built
RUNTIME_SOURCES := $(shell find $(RUNTIME)/src -type f 2>/dev/null) $(wildcard $(RUNTIME)/*.mjs)

# `make test` and `make book` may run side by side (CI does): one `npm ci` at a time, and the second
# finds it done (two at once fail, each emptying node_modules under the other).
$(NPM_STAMP): $(RUNTIME)/package.json $(RUNTIME)/package-lock.json
	@command -v npm >/dev/null || { echo "make: npm is needed (apt-get install nodejs npm)"; exit 1; }
	cd $(RUNTIME) && flock .npm-ci.lock sh -c 'if test node_modules/.installed -nt package-lock.json \
	    -a node_modules/.installed -nt package.json; then echo "npm ci: done beside"; \
	    else npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; fi'

$(RUNTIME_STAMP): $(NPM_STAMP) $(RUNTIME_SOURCES)
	$(NPM) run --silent build
	touch $@

runtime: $(RUNTIME_STAMP)

book: $(STAMP) $(RUNTIME_STAMP)
	$(BIN)/jupyter-book build . -W -n --keep-going
	@touch $(BOOK_STAMP)
	@echo "The site is built: open $(CURDIR)/_build/html/index.html"

# site-test builds the book when a source is newer than the last build, then opens every page in
# headless Chromium (Debian's chromium through Playwright, never a downloaded browser): no failed or
# off-site requests, widgets rendered, internal links resolve; screenshots in _build/screenshots/.
BOOK_STAMP := _build/.book-built
BOOK_SOURCES := _config.yml _toc.yml $(wildcard book/*.ipynb book/*.py book/_static/*.*) \
	$(shell find crib_widgets lite -name '*.py' 2>/dev/null) $(wildcard lite/*.json lite/_static/*) \
	scripts/build_lite.py lite/runtime/package.json lite/runtime/package-lock.json $(RUNTIME_SOURCES)

$(BOOK_STAMP): $(STAMP) $(BOOK_SOURCES)
	$(MAKE) book

# check_friend.py's relay on 127.0.0.1: bittorrent-tracker's WebSocket tracker, pinned in tests/site/relay/.
# Its install scripts only build the package's client side (WebRTC in Node), which a tracker never uses.
RELAY := tests/site/relay
RELAY_STAMP := $(RELAY)/node_modules/.installed
$(RELAY_STAMP): $(RELAY)/package.json $(RELAY)/package-lock.json
	@command -v npm >/dev/null || { echo "make: npm is needed (apt-get install nodejs npm)"; exit 1; }
	cd $(RELAY) && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error && touch node_modules/.installed

# The same relay for games with a friend on a school's network (README, "Which relay, and running your
# own"): every address, port 8000 (`make relay RELAY_PORT=9000` for another).
RELAY_PORT ?= 8000
relay: $(RELAY_STAMP)
	node $(RELAY)/relay.mjs --host 0.0.0.0 --port $(RELAY_PORT)

# Every browser check (tests/site/run_all.py lists them and why), two at a time: they mostly wait
# (for a page, for Python to start in the browser, for a paced move). One check alone:
# `.venv/bin/python tests/site/run_all.py --only check_live`. Phone-network times: `make bench`.
site-test: $(BOOK_STAMP) $(RELAY_STAMP)
	$(BIN)/python tests/site/run_all.py _build/html --lanes 2

# The page scripts' pure parts are tested by `node --test` on the vectors the Python tests read too
# (tests/data/js_vectors.json); eslint checks every script of lite/runtime/ (a few seconds each).
# mypy (pinned in pyproject.toml) checks the packages its [tool.mypy] files lists, with --strict.
test: $(STAMP) $(NPM_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	cd $(RUNTIME) && node_modules/.bin/eslint .
	cd $(RUNTIME) && node --test test/
	$(BIN)/python -m pytest -n 2 --dist loadscope --nbval --nbval-current-env  # a notebook's cells stay on one worker

lint: $(STAMP) $(NPM_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	cd $(RUNTIME) && node_modules/.bin/eslint .

# bench/phone_network.py measures the built site on both phone networks (about 12 minutes)
bench: $(STAMP) $(BOOK_STAMP)
	for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf _build
