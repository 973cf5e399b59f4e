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
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $(STAMP)

book: $(STAMP)
	$(BIN)/jupyter-book build . -W -n --keep-going
	@echo "The site is built: open $(CURDIR)/_build/html/index.html"

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n 2 --nbval --nbval-current-env

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf _build
