# Two commands for a fresh machine: `make demo` plays the teahouse, `make test` runs the tests.
# Both create .venv on first use and install what they need (again whenever pyproject.toml changes).
VENV    ?= .venv
PYTHON  ?= python3
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed-stamp

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,embeddings,faiss,st,ray,bench]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/townsfolk play scenarios/teahouse.yaml --overwrite
	$(VENV)/bin/townsfolk why --db runs/teahouse.db 小梁 阿青

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .

bench: $(STAMP)
	$(PY) bench/retrieval.py

clean:
	rm -rf runs .pytest_cache .ruff_cache .hypothesis
