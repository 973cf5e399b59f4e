"""The book's promises that can be checked without building it.

Running the chapters is nbval's job (``make test``) and looking at the pages is the site test's
(``make site-test``); these tests check the sources: every chapter is in the table of contents,
stored without outputs, ends with self-checks whose answers are hidden, and warns about a common
mistake; the widget JavaScript is served from the site at its pinned version.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
CHAPTERS = sorted(BOOK.glob("[0-9][0-9]_*.ipynb"))
REFERENCE = [BOOK / f"{name}.ipynb" for name in ("rules_summary", "table_manners", "patterns_card",
                                                 "appendix_hand_statistics", "glossary", "where_next")]
TEACHERS = [BOOK / f"{name}.ipynb" for name in ("teachers_guide", "teachers_class", "teachers_tools",
                                                "teachers_printables")]
WIDGET_JS = BOOK / "_static" / "widgets"


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _markdown(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in _notebook(path)["cells"] if c["cell_type"] == "markdown")


def _toc_files() -> list[str]:
    return re.findall(r"^\s*(?:root|- file):\s*(\S+)\s*$", (ROOT / "_toc.yml").read_text(), re.M)


def test_the_book_has_fifteen_chapters_teachers_pages_and_an_appendix():
    # chapter 05 has two pages, the board and then the deal (issue 35: the old one held both); their
    # file names stay numbered so that the other pages' addresses did not change
    numbers = [p.name[:2] for p in CHAPTERS]
    assert sorted(set(numbers)) == [f"{n:02d}" for n in range(1, 16)]
    assert [p.stem for p in CHAPTERS if p.name.startswith("05")] == ["05_deal_and_crib", "05_the_board"]
    assert len(numbers) == 16
    assert all(p.is_file() for p in REFERENCE + TEACHERS)


def test_the_chapters_are_listed_in_their_numbers_order_the_board_before_the_deal():
    listed = [f[len("book/"):] for f in _toc_files() if re.match(r"book/\d\d_", f)]
    assert [f[:2] for f in listed] == sorted(f[:2] for f in listed)
    assert listed.index("05_the_board") + 1 == listed.index("05_deal_and_crib")


def test_every_book_notebook_is_in_the_table_of_contents_and_every_entry_exists():
    listed = _toc_files()
    on_disk = {f"book/{p.stem}" for p in BOOK.glob("*.ipynb")}
    assert set(listed) == on_disk
    assert len(listed) == len(set(listed)), "a page is listed twice"
    assert listed[0] == "book/01_welcome"


@pytest.mark.parametrize("path", CHAPTERS + REFERENCE + TEACHERS, ids=lambda p: p.stem)
def test_notebooks_are_stored_without_outputs_and_run_on_the_python3_kernel(path):
    notebook = _notebook(path)
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{path.name}: outputs stored in cell {cell.get('id')}"
            assert cell["execution_count"] is None, f"{path.name}: execution count in cell {cell.get('id')}"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_each_chapter_ends_with_self_checks_whose_answers_are_hidden(path):
    text = _markdown(path)
    assert "## Check yourself" in text
    after = text.split("## Check yourself", 1)[1]
    assert re.search(r":::\{admonition\} Answers?\n:class: dropdown", after), "answers must be a dropdown"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_each_chapter_warns_about_a_common_mistake(path):
    assert re.search(r"\{admonition\} Common mistake: .+\n:class: warning", _markdown(path))


@pytest.mark.parametrize("path", CHAPTERS + REFERENCE + TEACHERS, ids=lambda p: p.stem)
def test_glued_numbers_are_computed_on_the_same_page(path):
    notebook = _notebook(path)
    code = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    used = set(re.findall(r"\{glue:\w*\}`([^`:]+)", _markdown(path)))
    used |= set(re.findall(r"```\{glue:\}\s*(\S+)", _markdown(path)))
    made = set(re.findall(r"""glue\(\s*f?["']([^"']+)["']""", code))
    patterns = [re.compile(re.sub(r"\\\{[^}]*\\\}", ".+", re.escape(m)) + "$") for m in made]
    missing = [key for key in used if not any(p.match(key) for p in patterns)]
    assert not missing, f"{path.name} shows values it never computes: {missing}"


def test_widget_javascript_is_served_by_the_site_at_its_pinned_version():
    text = (ROOT / "_config.yml").read_text()
    sphinx = yaml.safe_load(text)["sphinx"]["config"]
    assert list(sphinx["nb_ipywidgets_js"]) == ["widgets/embed.js"], "only the local manager, no CDN"
    assert "lite/runtime/dist/static" in sphinx["html_static_path"]  # where the build copies it
    assert "html-manager" in text and "1.0.15" in text
    runtime = ROOT / "lite" / "runtime"
    pinned = json.loads((runtime / "package.json").read_text())["dependencies"]
    assert pinned["@jupyter-widgets/html-manager"] == "1.0.15"
    locked = json.loads((runtime / "package-lock.json").read_text())["packages"]
    manager = locked["node_modules/@jupyter-widgets/html-manager"]
    assert manager["version"] == "1.0.15" and manager["integrity"].startswith("sha512-")  # npm ci checks it
    assert "@jupyter-widgets/html-manager" in (runtime / "build-pages.mjs").read_text()


def test_the_books_widget_manager_uses_html_managers_own_widget_modules():
    # lite/runtime/src/manager.js imports ipywidgets 8's base and controls directly: pinned to the
    # versions html-manager itself resolves, so that one copy of each is bundled (npm ci checks it)
    runtime = ROOT / "lite" / "runtime"
    pinned = json.loads((runtime / "package.json").read_text())["dependencies"]
    locked = json.loads((runtime / "package-lock.json").read_text())["packages"]
    wanted = json.loads((runtime / "node_modules" / "@jupyter-widgets" / "html-manager" / "package.json")
                        .read_text())["dependencies"] if (runtime / "node_modules").is_dir() else {}
    for name in ("@jupyter-widgets/base", "@jupyter-widgets/base-manager", "@jupyter-widgets/controls"):
        assert locked[f"node_modules/{name}"]["version"] == pinned[name]
        assert f"node_modules/@jupyter-widgets/html-manager/node_modules/{name}" not in locked
        if name in wanted:  # html-manager's own range (a caret: the same major, at least this)
            least = tuple(int(n) for n in wanted[name].lstrip("^~").split("."))
            have = tuple(int(n) for n in pinned[name].split("."))
            assert have[0] == least[0] and have >= least
    imports = re.findall(r"^import .* from '([^']+)';$", (runtime / "src" / "manager.js").read_text(), re.M)
    assert "@jupyter-widgets/controls" in imports and not [i for i in imports if "html-manager" in i]
    assert "from '@jupyter-widgets/html-manager" not in (runtime / "src" / "runtime.js").read_text()


def test_the_widget_manager_is_not_vendored_a_second_time():
    # It comes from lite/runtime/node_modules, copied by the build (lite/runtime/build-pages.mjs).
    assert not WIDGET_JS.exists()


def test_the_site_needs_no_math_from_a_cdn():
    # MathJax would come from a CDN: keep dollar math off and no math roles in the text.
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    assert "dollarmath" not in config["parse"]["myst_enable_extensions"]
    assert "amsmath" not in config["parse"]["myst_enable_extensions"]
    for path in CHAPTERS + REFERENCE:
        assert "{math}" not in _markdown(path)


LEARNER_PAGES = [p for p in sorted(BOOK.glob("*.ipynb"))
                 if not p.stem.startswith(("teachers_", "assignment"))]


@pytest.mark.parametrize("path", LEARNER_PAGES, ids=lambda p: p.stem)
def test_learners_pages_show_no_code_and_no_code_toggle(path):
    """Issue 35: a "Show code cell source" toggle above each widget, on a phone too. A learner's page
    shows what a cell draws, never the cell (remove-input or remove-cell on every code cell)."""
    for cell in _notebook(path)["cells"]:
        if cell["cell_type"] == "code":
            tags = cell.get("metadata", {}).get("tags", [])
            assert {"remove-input", "remove-cell"} & set(tags), \
                f"{path.name}: a code cell shows its code: {''.join(cell['source'])[:60]!r}"


def test_the_notebook_link_is_shown_only_on_the_teachers_pages():
    css = (BOOK / "_static" / "cribbook.css").read_text()
    assert '.crib-live a.crib-live-button:not([href*="path=teachers_"]) { display: none; }' in css
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    assert "cribbook.css" in config["sphinx"]["config"]["html_css_files"]


def test_a_where_next_page_in_the_appendix_names_books_clubs_and_the_practice_pages():
    text = _markdown(BOOK / "where_next.ipynb")
    for named in ("Colvert", "Play Winning Cribbage", "Schell", "Wergin", "Win at Cribbage",
                  "American Cribbage Congress", "{doc}`practise`", "Online"):
        assert named in text, named
    appendix = (ROOT / "_toc.yml").read_text().split("caption: Appendix", 1)[1]
    assert "book/where_next" in appendix


@pytest.mark.parametrize("path", sorted(BOOK.glob("*.ipynb")), ids=lambda p: p.stem)
def test_a_page_that_draws_boards_keeps_the_style_sheet_cb_setup_writes(path):
    """The board chapter removed its setup cell whole, so its boards had no style sheet: both the wide
    and the phone drawing showed, and at 390 px the wide one's labels were 5 px tall."""
    cells = [c for c in _notebook(path)["cells"] if c["cell_type"] == "code"]
    if not any("cb.board(" in "".join(c["source"]) for c in cells):
        return
    for cell in cells:
        if "cb.setup()" in "".join(cell["source"]):
            tags = set(cell.get("metadata", {}).get("tags", []))
            assert not {"remove-cell", "remove-output"} & tags, \
                f"{path.name}: cb.setup()'s style sheet is removed"
