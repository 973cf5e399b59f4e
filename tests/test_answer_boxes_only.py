"""Issue 36, "judged before asking": every box a learner types an answer into is an `AnswerBox`.

A plain ipywidgets text box either judges when it is left (``observe(..., "value")``) or races its
button on the live page (the press can reach Python before the text: "12" judged as "1"). An
`AnswerBox` judges nothing itself, is marked with the text Python has heard, and is asked only by
its Check button or Enter. This scan reads the widgets' source (no widget is made) and finds every
text or number box made any other way; each must be an answer box or be listed in ``ALLOWED`` with
the reason it is not an answer, so the class of fault cannot come back unnoticed.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = sorted((ROOT / "crib_widgets" / "widgets").glob("*.py"))

#: ipywidgets' boxes a person types into
TEXT_KINDS = {"Text", "Textarea", "IntText", "FloatText", "BoundedIntText", "BoundedFloatText", "Combobox",
              "Password"}

#: ``module:name`` -> why this box is not a learner's answer (read only when its own button is pressed)
ALLOWED = {
    "class_desk:roster": "the teacher's class list, read on Make the class",
    "class_desk:hands": "a setting of the class to make (how many questions), read on Make the class",
    "class_desk:seed": "a setting of the class to make (the set number), read on Make the class",
    "class_desk:deals": "a setting of the class to make (deals per game), read on Make the class",
    "class_desk:late": "names of late students, read on Add them to the class",
    "class_desk:codes": "results codes pasted by the teacher, read on Grade",
    "table_controls:people_input":
        "the names of the people at the device, read on New game with these people",
    "table_controls:save_box": "a saved game as text, written by Save and read by Restore",
    "table_controls:file_input": "a file name for saving or loading a game",
    "table_options:name": "the learner's name at the table, an option read on New game",
    "friend_panel:your_name": "the link maker's name in a game with a friend, read on Make the link",
    "friend_panel:friend_name": "the friend's name in a game with a friend, read on Make the link",
    "friend_panel:relay_input": "a school's own relay address, read on Make the link",
    "friend_codes_box:code_input":
        "the code a friend's page shows, typed to connect the two devices, read on Use the code",
}

#: Answer boxes still made as plain text boxes (none now: the game table's count and Muggins boxes
#: were the last; `test_the_game_table_s_count_boxes_are_answer_boxes` keeps them so).
KNOWN_OPEN: set[str] = set()


def _owner(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> str:
    """The name a box is made under: its assigned attribute or variable, its key in a dict, else the
    function that makes it."""
    child, parent = node, parents.get(node)
    while parent is not None:
        if isinstance(parent, (ast.Assign, ast.AnnAssign)):
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            target = targets[0]
            if isinstance(target, ast.Attribute):
                return target.attr
            if isinstance(target, ast.Name) and target.id not in ("box", "widget"):
                return target.id
        if isinstance(parent, ast.Dict) and child in parent.values:
            key = parent.keys[parent.values.index(child)]
            if isinstance(key, ast.Constant):
                return str(key.value)
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and parent.name != "__init__":
            return parent.name
        child, parent = parent, parents.get(parent)
    return "?"


def text_boxes(path: Path) -> list[tuple[str, int]]:
    """(``module:name``, line) of every plain text or number box made in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name in TEXT_KINDS:
            found.append((f"{path.stem}:{_owner(node, parents)}", node.lineno))
    return found


def all_boxes() -> dict[str, int]:
    return {key: line for path in SCANNED for key, line in text_boxes(path)}


def test_every_typed_answer_is_an_answer_box_or_allowed_with_a_reason():
    known = {*ALLOWED, *KNOWN_OPEN}
    unexplained = {key: line for key, line in all_boxes().items() if key not in known}
    assert not unexplained, (
        f"text boxes not made as AnswerBox (crib_widgets/widgets/answer_box.py): {unexplained}. An answer "
        "the learner types must be an AnswerBox judged on Check (mark_check) or Enter (on_enter); "
        "anything else goes in ALLOWED with the reason it is not an answer")


def test_the_allowed_list_names_only_boxes_that_exist():
    """An entry left over after its box went would let a new box of that name in unseen."""
    boxes = all_boxes()
    assert not [key for key in [*ALLOWED, *KNOWN_OPEN] if key not in boxes]


def test_the_game_table_s_count_boxes_are_answer_boxes():
    from crib_widgets.widgets.answer_box import CHECK_CLASS, AnswerBox
    from crib_widgets.widgets.game_table import GameTable

    table = GameTable(muggins=True)
    assert isinstance(table.announce_input, AnswerBox) and isinstance(table.muggins_input, AnswerBox)
    for button in (table.announce_button, table.muggins_button):
        assert CHECK_CLASS in button._dom_classes


def test_the_scan_finds_a_plain_box_made_for_an_answer(tmp_path):
    """The scan itself: a plain Text box made under any name is found (so the tests above can fail)."""
    source = tmp_path / "quiz.py"
    source.write_text("import ipywidgets as widgets\n\n\nclass Quiz:\n    def __init__(self):\n"
                      "        self.total = widgets.Text(value='')\n        self.n = widgets.IntText()\n"
                      "        opts = {'guess': widgets.BoundedIntText()}\n\n\ndef _box():\n"
                      "    box = widgets.Text()\n    return box\n", encoding="utf-8")
    assert sorted(key for key, _ in text_boxes(source)) == ["quiz:_box", "quiz:guess", "quiz:n", "quiz:total"]


def test_the_game_table_s_count_is_the_text_typed_and_only_enter_or_announce_asks():
    """Typing '1' then '12' announces nothing; Enter announces 12, what the box shows."""
    from crib_widgets.widgets.game_table import GameTable
    from tests.test_widgets_game_table import Learner, until

    table = GameTable(seed=2, strength="beginner", muggins=True)
    until(table, Learner(2), lambda: table.game.phase == "announce" and not table.table.waiting
          and not table.paused)
    moves = len(table.game.moves)
    table.announce_input.value = "1"
    table.announce_input.value = "12"
    assert len(table.game.moves) == moves, "typing is not announcing"
    table.announce_input._handle_custom_msg({"event": "submit"}, [])
    assert table.game.moves[moves].points == 12  # (the computer may answer at once)
