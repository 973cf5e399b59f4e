# The two commands a newcomer needs: `make book` and `make test`. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: book test lint bench site-test clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev]"
	$(BIN)/python -m pip install -q --ignore-requires-python CribbageSim==1.0.2  # bench/vs_cribbagesim.py
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $(STAMP)

book: $(STAMP)
	$(BIN)/jupyter-book build . -W -n --keep-going
	@touch $(BOOK_STAMP)
	@echo "The site is built: open $(CURDIR)/_build/html/index.html"

# site-test builds the book when a source is newer than the last build, then opens every page in
# headless Chromium (Debian's chromium through Playwright, never a downloaded browser): no failed or
# off-site requests, widgets rendered, internal links resolve; screenshots in _build/screenshots/.
BOOK_STAMP := _build/.book-built
BOOK_SOURCES := _config.yml _toc.yml $(wildcard book/*.ipynb book/*.py book/_static/*.*) \
	$(shell find crib_widgets lite -name '*.py' 2>/dev/null) $(wildcard lite/*.json lite/_static/*) \
	scripts/build_lite.py lite/runtime/package.json lite/runtime/package-lock.json $(wildcard lite/runtime/src/*.js) \
	$(wildcard lite/runtime/*.mjs)

$(BOOK_STAMP): $(STAMP) $(BOOK_SOURCES)
	$(MAKE) book

# Every browser check (tests/site/run_all.py lists them and why), two at a time: they mostly wait
# (for a page, for Python to start in the browser, for a paced move). One check alone:
# `.venv/bin/python tests/site/run_all.py --only check_live`. Phone-network times: `make bench`.
site-test: $(BOOK_STAMP)
	$(BIN)/python tests/site/run_all.py _build/html --lanes 2

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n 2 --dist loadscope --nbval --nbval-current-env  # a notebook's cells stay on one worker

lint: $(STAMP)
	$(BIN)/ruff check .

# bench/phone_network.py measures the built site on both phone networks (about 12 minutes)
bench: $(STAMP) $(BOOK_STAMP)
	for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf _build
