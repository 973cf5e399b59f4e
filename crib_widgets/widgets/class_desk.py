"""The class desk's view: the teachers' page *Your class, in the browser* (book/teachers_class.ipynb).

It only draws `crib_widgets.classroom.desk.ClassDesk` and forwards what the teacher types, picks,
drops and presses; every decision and sentence about the class is the desk's. Files go to the
teacher as ``<a download href="data:...">`` links (no server: the page's Python made them), and the
report is shown in a frame, exactly the page ``crib grade`` writes.

Files dropped on the page: each upload button sits in a drop zone (``crib-drop``); the page script
``lite/runtime/src/page/class-drop.js`` catches a drop there, reads the files and hands them to
`dropped` through the page's Python, and keeps a drop anywhere else from opening the file in place
of the page (which lost the class loaded).
"""

from __future__ import annotations

import base64
import binascii
import datetime
import functools
import itertools
import random
import weakref
from collections.abc import Callable

import ipywidgets as widgets

from ..classroom.desk import Choices, ClassDesk, TournamentChoices
from ..errors import CribbageError
from ..exercises.class_folder import nbgrader_file, web_address
from ..exercises.export_html import preview
from ..exercises.generate import MAX_HANDS
from ..exercises.model import DIFFICULTIES
from ..exercises.short import class_qr, student_code
from ..table.duplicate import MAX_DEALS
from ..table.seats import STRENGTHS
from .files import download_link, uploaded_files
from .frame import Frame, action_button
from .styles import esc, status_html

__all__ = ["ClassDeskView", "book_site", "dropped"]

KINDS = (("Counting hands and cribs", "counting"), ("Scoring the play", "play"),
         ("Muggins: checking a count", "muggins"),
         ("A tournament: whole deals against the computer, the same cards for all", "tournament"))
ANSWERS = (("one total per question", "total"), ("the points of each kind (fifteens, pairs...)", "kind"))
_CSS = """
.crib-desk table.crib-links { border-collapse: collapse; font-size: .9em; width: 100%; }
.crib-desk table.crib-links td, .crib-desk table.crib-links th { border-bottom: 1px solid var(--crib-border);
  padding: 3px 6px; text-align: left; vertical-align: top; }
.crib-desk table.crib-links a { word-break: break-all; font-size: .85em; }
.crib-desk .crib-keep { background: var(--crib-warn-bg); border-left: 4px solid var(--crib-warn);
  padding: 8px 11px;
  border-radius: 4px; margin: 6px 0; }
.crib-desk a.crib-download, .crib-desk button.crib-copy { display: inline-block; margin: 4px 10px 4px 0;
  padding: 5px 12px; border: 1px solid var(--crib-ink); border-radius: 6px; color: var(--crib-ink);
  background: var(--crib-paper);
  text-decoration: none; font: inherit; cursor: pointer; }
.crib-desk a.crib-download.crib-main { background: var(--crib-ink); color: var(--crib-paper); }
.crib-desk h3.crib-step { font-size: 1.05em; margin: 14px 0 2px; }
.crib-desk .crib-links-box { max-height: 420px; overflow: auto; }
.crib-desk table.crib-links code { white-space: nowrap; }
.crib-desk .crib-class-qr { display: flex; gap: 12px; align-items: center; }
.crib-desk .crib-class-qr svg { flex: none; background: var(--crib-paper); }
.crib-desk .crib-drop { border: 2px dashed var(--crib-drop-edge); border-radius: 8px; padding: 8px 10px;
  margin: 4px 0;
  align-items: center; flex-wrap: wrap; gap: 8px; }
.crib-desk .crib-drop.crib-drop-over { border-color: var(--crib-ink); background: var(--crib-drop-bg); }
.crib-desk .widget-upload { width: auto; min-width: 14em; }
"""
_COPY_JS = ("navigator.clipboard&&navigator.clipboard.writeText(this.dataset.link)"
            ".then(()=>{this.textContent='Copied'},()=>{this.textContent='Select the link and copy it'})")
# Pasting a school's export works (the roster reader takes it): the label must not say one name a line only.
ROSTER_LABEL = ("Your class list: one name a line, or paste your school's export as it is (\"Last, First\" "
                "or \"First Last\", with its header row, columns copied from a spreadsheet):")
_NOTE = "Getting ready: in a few moments the buttons below answer (the first time takes a little while)."
_PRINT_JS = "this.closest('.crib-printable').querySelector('iframe').contentWindow.print()"


def book_site() -> str:
    """The published book's address when this runs in the page's own Python (from the worker's
    address, ``<site>/book/crib-live-worker.js``), so the links are whole; otherwise ""."""
    try:
        import js  # type: ignore[import-not-found]  # only in Pyodide

        href = str(js.location.href)
    except (ImportError, AttributeError):
        return ""
    root = href.split("/book/", 1)[0] + "/" if "/book/" in href else ""
    try:
        return web_address(root) if root else ""
    except CribbageError:
        return ""


def _mime(name: str) -> str:
    return {"html": "text/html;charset=utf-8", "csv": "text/csv;charset=utf-8", "svg": "image/svg+xml",
            "json": "application/json", "ipynb": "application/x-ipynb+json"}.get(
                name.rsplit(".", 1)[-1], "text/plain;charset=utf-8")


# The views on the page by their number, so a drop caught by the page script reaches the right one.
_VIEWS: weakref.WeakValueDictionary[int, ClassDeskView] = weakref.WeakValueDictionary()
_NUMBERS = itertools.count(1)


def dropped(number: int, zone: str, files: list[tuple[str, str]]) -> str:
    """Files dropped on a view's drop zone (``zone`` "class" or "results"), each (name, base64),
    handed over by the page script; returns what the view says now."""
    view = _VIEWS.get(number)
    if view is None:
        return "This class page was reloaded: drop the files again."
    uploads = []
    for name, text in files:
        try:
            uploads.append((str(name), base64.b64decode(text, validate=True)))
        except (binascii.Error, ValueError):
            uploads.append((str(name), b"\xff"))  # said as a file that is not text, as a picked one is
    return view.take_drop(zone, uploads)


def _guarded(callback: Callable) -> Callable:
    """A click's handler that never fails in silence: an unexpected error is said on the page."""

    @functools.wraps(callback)
    def run(self: ClassDeskView, *args) -> None:
        self.went_live()
        try:
            callback(self, *args)
        except Exception as error:  # a slip of ours must not leave the teacher with a dead button
            self.set_status(f"Something went wrong on this page ({type(error).__name__}: {error}). Please "
                            "try again; the command line (crib grade) gives the same report.", "bad")

    return run


class ClassDeskView(Frame):
    """Make a class (links, key, class file), then grade the results files and codes it comes back with."""

    def __init__(self, desk: ClassDesk | None = None) -> None:
        super().__init__("Your class", note=_NOTE)
        self.desk = desk or ClassDesk(site=book_site())
        self.add_class("crib-desk")
        self.roster = widgets.Textarea(placeholder="Ann\nBen\nChloé\n…", rows=8, description="Class list",
                                       layout=widgets.Layout(width="100%"))
        self.kind = widgets.Dropdown(options=KINDS, value="counting", description="Questions")
        self.level = widgets.Dropdown(options=list(DIFFICULTIES), value="easy", description="Level")
        self.hands = widgets.BoundedIntText(value=10, min=1, max=MAX_HANDS, description="How many",
                                            layout=widgets.Layout(width="170px"))
        self.seed = widgets.BoundedIntText(value=random.randrange(1, 10_000), min=0, max=999_999_999,
                                           description="Set number",
                                           layout=widgets.Layout(width="220px"))
        self.answers = widgets.Dropdown(options=ANSWERS, value="total", description="Answers",
                                        layout=widgets.Layout(width="420px"))
        self.check = widgets.Checkbox(value=True, description="Students may check each answer as they go",
                                      indent=False, layout=widgets.Layout(width="auto"))
        self.deals = widgets.BoundedIntText(value=8, min=1, max=MAX_DEALS, description="Deals",
                                            layout=widgets.Layout(width="150px"))
        self.computer = widgets.Dropdown(options=list(STRENGTHS), value="intermediate",
                                         description="The computer plays as")
        self.muggins = widgets.Checkbox(value=False, description="With Muggins (each player counts their "
                                        "own hand)", indent=False, layout=widgets.Layout(width="auto"))
        self.make_button = action_button("Make the class", "make a link for every student, the key and "
                                         "the class file", style="primary")
        self.make_status = widgets.HTML()
        self.made = widgets.HTML()
        self.late = widgets.Textarea(placeholder="Dana Late\n…", rows=2, description="Late students",
                                     layout=widgets.Layout(width="100%"))
        self.late_button = action_button("Add them to the class", "give the late students their own links; "
                                         "the links already sent stay the same")
        self.late_button.layout.width = "auto"  # its words are long: never cut to "Add them to the …"
        self.late_status = widgets.HTML()
        self.class_upload = widgets.FileUpload(accept=".json,.html", multiple=False,
                                               description="Load the class file",
                                               tooltip="choose the class file you kept (class.json) or the "
                                               "answer key; or drop it on this box",
                                               layout=widgets.Layout(width="auto"))
        self.class_status = widgets.HTML()
        self.results_upload = widgets.FileUpload(accept=".json,.txt", multiple=True,
                                                 description="Add results files",
                                                 tooltip="choose the students' results files (several at "
                                                 "once is fine); or drop them on this box",
                                                 layout=widgets.Layout(width="auto"))
        self.clear_button = action_button("Forget these files", "start the pile of results files again")
        self.pile = widgets.HTML()
        self.codes = widgets.Textarea(placeholder="CRIB1-… (paste the codes students sent you, as they came)",
                                      rows=4, description="Results codes",
                                      layout=widgets.Layout(width="100%"))
        self.grade_button = action_button("Grade", "grade every file and code above", style="primary")
        self.grade_status = widgets.HTML()
        self.shown = widgets.HTML()
        for control in (self.roster, self.codes, self.kind, self.level, self.hands, self.seed, self.answers,
                        self.deals, self.computer, self.late):
            control.style = {"description_width": "initial"}
        self._held: list[dict] = []  # every results file taken, kept on the button for its count
        self._echoing = False
        self.number = next(_NUMBERS)
        _VIEWS[self.number] = self
        self.kind.observe(self._show_choices, "value")
        self.make_button.on_click(self._make)
        self.late_button.on_click(self._add_late)
        self.class_upload.observe(self._load, "value")
        self.results_upload.observe(self._hand_in, "value")
        self.clear_button.on_click(self._clear)
        self.grade_button.on_click(self._grade)
        row = lambda *c: widgets.HBox(list(c)).add_class("crib-row")
        self.set_row = row(self.level, self.hands)
        self.answer_row = row(self.answers, self.check)
        self.cup_row = row(self.deals, self.computer, self.muggins)
        step = lambda text: widgets.HTML(f'<h3 class="crib-step">{esc(text)}</h3>')
        label = lambda text: widgets.HTML(f'<div class="crib-sub">{esc(text)}</div>')
        self._assemble(
            widgets.HTML(f"<style>{_CSS}</style>", layout=widgets.Layout(display="none")), self.status,
            step("1. Make a class"),
            label(ROSTER_LABEL), self.roster,
            row(self.kind, self.seed), self.set_row, self.answer_row, self.cup_row,
            self.make_button, self.make_status, self.made,
            label("A student joined later? One name a line, then add them (to the class made above, or "
                  "to the class file loaded below):"), self.late, self.late_button, self.late_status,
            step("2. Grade what the students handed in"),
            label("Your class file (or the answer key, which holds a copy of it):"),
            self._zone("class", self.class_upload, "or drop the file here"), self.class_status,
            label("The students' results files (you can add them in several goes):"),
            self._zone("results", self.results_upload, "or drop the files here", self.clear_button),
            self.pile,
            label("Or paste their results codes (an e-mail's line breaks and > marks are fine):"), self.codes,
            self.grade_button, self.grade_status, self.shown)
        self.set_status("Everything on this page happens in your browser: nothing is sent anywhere.")
        self._say(self.make_status, "Paste your class list, choose the questions and press Make the class.")
        self._show_class()
        self._show_pile()
        self._show_choices()

    def _zone(self, zone: str, *children: widgets.Widget | str) -> widgets.HBox:
        """A drop zone (the page script reads its classes: which view, which files)."""
        parts = [widgets.HTML(f'<span class="crib-sub">{esc(c)}</span>') if isinstance(c, str) else c
                 for c in children]
        return widgets.HBox(parts).add_class("crib-drop").add_class(f"crib-drop-{zone}") \
            .add_class(f"crib-desk-{self.number}")

    def take_drop(self, zone: str, files: list[tuple[str, bytes]]) -> str:
        """Files dropped on a zone, taken as if picked with its button (the button then holds them,
        and its count says so); returns the status it shows."""
        self.went_live()
        now = datetime.datetime.now(datetime.UTC)
        picked = tuple({"name": name, "type": "", "size": len(raw), "content": memoryview(raw),
                        "last_modified": now} for name, raw in files)
        if zone == "class":
            if len(files) != 1:
                one = "Drop one class file here (class.json, or the answer key)."
                self._show_class(one, "bad")
                return one
            self.class_upload.value = picked
        else:
            self.results_upload.value = picked
        return self.desk.message

    def _show_choices(self, change=None) -> None:
        cup = self.kind.value == "tournament"
        for box, shown in ((self.set_row, not cup), (self.answer_row, not cup), (self.cup_row, cup)):
            box.layout.display = None if shown else "none"

    # ---- what the clicks do --------------------------------------------------------------------

    @_guarded
    def _make(self, _button=None) -> None:
        if self.kind.value == "tournament":
            choices: Choices | TournamentChoices = TournamentChoices(
                int(self.seed.value), int(self.deals.value), self.computer.value, bool(self.muggins.value))
        else:
            choices = Choices(self.kind.value, self.level.value, int(self.hands.value), int(self.seed.value),
                              self.answers.value, bool(self.check.value))
        ok = self.desk.make(self.roster.value, choices)
        self._say(self.make_status, self.desk.message, "ok" if ok else "bad")
        if ok:
            self.made.value = self._made_html()
            self.class_upload.value = ()  # the class file picked before is no longer the one graded
            self._show_class()
            self._class_changed()

    def _class_changed(self) -> None:
        """A class made or loaded: a refusal said before it ("make the class first") and another
        class's report and summary no longer hold, and must not stand beside it."""
        self.late_status.value = ""
        if self.desk.report is None:
            self.shown.value = self.grade_status.value = ""

    @_guarded
    def _add_late(self, _button=None) -> None:
        ok = self.desk.add_students(self.late.value)
        self._say(self.late_status, self.desk.message, "ok" if ok else "bad")
        if ok:
            self.late.value = ""
            self.made.value = self._made_html()
            self._show_class()

    @_guarded
    def _load(self, change=None) -> None:
        files = uploaded_files(self.class_upload.value)
        if files:  # the button keeps the file it holds, so its count (1) says a file was taken
            self._load_file(files[0])

    def _load_file(self, file: tuple[str, bytes]) -> None:
        before = self.desk.report
        ok = self.desk.load(*file)
        if ok:
            self._show_class(self.desk.message, "ok")
            self._class_changed()
            return
        # The class loaded before stays; its report must not look like the report of the file refused.
        kept = (f" The class loaded before ({self.desk.what}) is still the one graded." if
                self.desk.assignment is not None else "")
        self._show_class(self.desk.message + kept, "bad")
        if before is not None:
            self.shown.value = ""
            self._say(self.grade_status, "Press Grade to see the report again.")

    @_guarded
    def _hand_in(self, change=None) -> None:
        if self._echoing:
            return
        picked = list(self.results_upload.value)
        files = uploaded_files(picked)
        if files:
            self.desk.hand_in(files)
            seen = {(f["name"], bytes(f["content"])) for f in self._held}
            self._held += [f for f in picked if (f["name"], bytes(f["content"])) not in seen]
            self._hold_all()
            self._show_pile()

    def _hold_all(self) -> None:
        """Put every file taken so far back on the button: ipywidgets labels it with the count it holds,
        which must be the pile's total, not the last go's (4 files in two goes read "(2)")."""
        self._echoing = True
        try:
            self.results_upload.value = tuple(self._held)
        finally:
            self._echoing = False

    @_guarded
    def _clear(self, _button=None) -> None:
        self.desk.clear_handed_in()
        self._held = []
        self._hold_all()
        self._show_pile()

    @_guarded
    def _grade(self, _button=None) -> None:
        self._say(self.grade_status, "Grading…")
        ok = self.desk.grade(self.codes.value)
        self._say(self.grade_status, self.desk.message, "ok" if ok and not self.desk.refused else
                  "warn" if ok else "bad")
        if ok:
            self.shown.value = self._report_html()

    # ---- drawing ---------------------------------------------------------------------------------

    @staticmethod
    def _say(where: widgets.HTML, text: str, tone: str = "info") -> None:
        where.value = status_html(esc(text), tone)

    def _show_class(self, text: str = "", tone: str = "info") -> None:
        klass = self.desk.assignment
        if not text:
            text = (f"Grading {self.desk.what} for {len(klass.students)} students." if klass else
                    "No class yet: load the class file you kept (or make a class above).")
        self._say(self.class_status, text, tone)

    def _show_pile(self) -> None:
        names = list(self.desk.handed_in) + [line.split(":", 1)[0] for line in self.desk.unread]
        self.pile.value = (f'<div class="crib-sub">Ready to grade ({len(names)}): '
                           f"{esc(', '.join(names))}</div>" if names else
                           '<div class="crib-sub">No results files yet.</div>')

    def _made_html(self) -> str:
        desk, klass = self.desk, self.desk.assignment
        stem = klass.code.replace("/", "-")
        button = download_link(f"class-{stem}.json", desk.class_text, "Download the class file",
                               _mime("x.json"), main=True)
        cup = desk.is_tournament
        copy = ("A tournament has no answer key, so this file is the only copy: keep it somewhere safe."
                if cup else "The answer key holds a second copy of it, so keep the key too, somewhere else.")
        keep = (f'<div class="crib-keep"><b>Keep the class file.</b> You need it to grade this class: '
                f"download it now. {copy} Nothing has been sent anywhere.<br>{button}</div>")
        codes = {} if cup else {name: student_code(klass, name) for name in klass.students}
        rows = "".join(
            f'<tr><td>{esc(name)}</td><td><a href="{esc(link)}" target="_blank" rel="noopener" '
            f'aria-label="{esc(name)}&#x27;s link">'  # a screen reader says the name, not the address
            f"{esc(link[:56])}\u2026</a></td>"
            + (f"<td><code>{codes[name]}</code></td>" if codes else "") + "<td>"
            f'<button type="button" class="crib-copy" data-link="{esc(link)}" onclick="{esc(_COPY_JS)}" '
            f'aria-label="Copy the link for {esc(name)}">Copy</button></td></tr>'
            for name, link in desk.links.items())
        where = ("<p class='crib-sub'>Each Copy button copies the whole link; the two link files below hold "
                 "them all.</p>" if desk.site else
                 "<p class='crib-sub'>These links start at the book's assignment page; put the book's web "
                 "address in front of each before you send it.</p>")
        files = desk.files
        downloads = (download_link(f"links-{stem}.html", files["links.html"], "The links, to print"
                               + ("" if cup else " (with each student's code)"), _mime("x.html"))
                     + download_link(f"links-{stem}.csv", files["links.csv"], "The links, for a spreadsheet",
                                 _mime("x.csv"))
                     + ("" if cup else download_link(f"answer-key-{stem}.html", files["answer-key.html"],
                                                 "The answer key, to print", _mime("x.html")))
                     + download_link(f"class-{stem}.zip", desk.folder_zip(), "Everything (zip)" if cup else
                                 "Everything, with a worksheet per student (zip)", "application/zip"))
        nbgrader = ""
        if not cup:  # what `crib assign --nbgrader` adds, for a class that works on a JupyterHub
            place, notebook = nbgrader_file(klass)  # not `where`: that is the links' sentence, shown below
            ident = place.split("/")[2]
            downloads += download_link(f"{ident}.ipynb", notebook, "For nbgrader: the set as a source "
                                       "notebook", _mime("x.ipynb"))
            nbgrader = (f"<p class='crib-sub'>Using nbgrader on a JupyterHub? Put <i>For nbgrader</i> "
                        f"in your course's <code>source/{esc(ident)}/</code> folder: nbgrader releases, "
                        "collects and autogrades it like your other assignments (one point a question), on "
                        "the same cards as the links and worksheets. The hub needs <code>crib_widgets</code> "
                        "installed.</p>")
        opens = ("the book's game table on the tournament's deals" if cup else
                 "their own cards on the book's page <i>Your assignment</i>")
        typed = ("<p class='crib-sub'>No e-mail? A tournament has nothing shorter to type than its links: "
                 "open each student's link for them on the computer or tablet they will play on, and "
                 "bookmark it there.</p>" if cup else "<p class='crib-sub'>No e-mail? Each student can type "
                 "their set code and "
                 "<b>student code</b> (below, on their worksheet and on the printed list of links) on the "
                 "page <i>Your assignment</i>, with their name: it opens the same set as their link, and "
                 "their results are handed in the same way.</p>")
        scan = class_qr(desk.site) if not cup else ""
        if scan:  # the class's one address, to show on the board (each student's is on their slip)
            typed += (f'<div class="crib-class-qr">{scan}<p class="crib-sub">Or show this QR code on the '
                      "board: a phone or tablet that scans it opens that page, ready for the two codes and "
                      "the name. The printed list of links has a QR code on each student's slip too, which "
                      "opens their own set.</p></div>")
        code_head = "" if cup else "<th>student code</th>"
        return (f"{keep}<h3 class='crib-step'>The students' links</h3><p class='crib-sub'>Send each "
                f"student their own link: it opens {opens}.</p>{where}{typed}"
                f'<div class="crib-links-box"><table class="crib-links"><thead><tr>'
                f"<th>student</th><th>link</th>{code_head}<th></th></tr></thead><tbody>{rows}</tbody></table>"
                f"</div><div>{downloads}</div>{nbgrader}")

    def _report_html(self) -> str:
        files = self.desk.report_files()
        code = self.desk.assignment.code.replace("/", "-")
        downloads = "".join(
            download_link(
                f"report-{code}.html" if name == "report.html" else f"{name[:-4]}-{code}{name[-4:]}",
                files[name], label, _mime(name), main=name == "report.html")
            for name, label in (("report.html", "Download the report"), ("students.csv", "students.csv"),
                                ("answers.csv", "answers.csv (every answer as typed)"),
                                ("questions.csv", "questions.csv"), ("standings.csv", "standings.csv"))
            if name in files)
        printing = (f'<button type="button" class="crib-copy" onclick="{esc(_PRINT_JS)}">Print the '
                    "report</button>")
        return (f'<div class="crib-printable"><div>{downloads}{printing}</div>'
                f'{preview(files["report.html"], height=640, title="the class report")}</div>')
