"""issue 37 ("the class page does everything the command does for a class"): the class page offers the
nbgrader source notebook that `crib assign --nbgrader` writes, byte for byte, and says where it goes."""

from __future__ import annotations

import base64
import html
import re

from crib_widgets.classroom import ClassDesk
from crib_widgets.exercises.class_folder import class_files
from crib_widgets.widgets.class_desk import ClassDeskView


def _made(kind: str = "counting") -> ClassDeskView:
    view = ClassDeskView(ClassDesk())
    view.roster.value = "Chloé\nBen\n"
    view.kind.value = kind
    if kind == "tournament":
        view.deals.value, view.computer.value = 2, "beginner"
    else:
        view.hands.value = 3
    view.make_button.click()
    return view


def test_the_class_page_offers_the_nbgrader_notebook_the_command_writes():
    view = _made()
    klass = view.desk.assignment
    ident = "crib-" + klass.code.replace("/", "-")
    found = re.search(rf'download="{ident}.ipynb" href="data:application/x-ipynb\+json;base64,([^"]+)">'
                      r"For nbgrader: the set as a source notebook</a>", view.made.value)
    assert found, "no nbgrader download on the class page"
    written = class_files(klass, "", nbgrader=True)[f"nbgrader/source/{ident}/{ident}.ipynb"]
    assert base64.b64decode(found.group(1)).decode("utf-8") == written
    said = html.unescape(re.sub("<[^>]+>", "", view.made.value))
    assert f"Using nbgrader on a JupyterHub? Put For nbgrader in your course's source/{ident}/ folder" in said


def test_a_tournament_has_no_nbgrader_notebook():
    view = _made("tournament")
    assert view.desk.is_tournament and "nbgrader" not in view.made.value
