"""The "My progress" page's widget (book/my_progress.ipynb): it draws
`crib_widgets.lessons.my_progress.MyProgress` over the page's kept progress and forwards clicks.

The file goes to the learner as a ``<a download href="data:...">`` link, as the class desk does;
a file is imported through a FileUpload; Clear asks to confirm first. Nothing is sent anywhere.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..lessons.my_progress import MyProgress
from .files import download_link, uploaded_files
from .frame import Frame, action_button
from .progress_link import kept, out, saved
from .styles import esc, status_html

__all__ = ["ProgressView"]

_NOTE = ("Getting ready: in a few moments your progress appears here, as this browser kept it. If it "
         "stays still, your progress cannot be shown on this copy of the page.")
_CSS = """
.crib-progress table { border-collapse: collapse; width: 100%; font-size: .95em; }
.crib-progress th, .crib-progress td { border-bottom: 1px solid var(--crib-border); padding: 5px 6px;
  text-align: left;
  vertical-align: top; }
.crib-progress .crib-stars { color: var(--crib-star); font-size: 1.15em; letter-spacing: 1px;
  white-space: nowrap; }
.crib-progress a.crib-download { display: inline-block; margin: 4px 10px 4px 0; padding: 5px 12px;
  border: 1px solid var(--crib-ink); border-radius: 6px; color: var(--crib-paper);
  background: var(--crib-ink); text-decoration: none; }
.crib-progress .crib-next { background: var(--crib-next-bg);
  border-left: 4px solid var(--crib-next-edge); padding: 8px 11px;
  border-radius: 4px; margin: 8px 0; }
"""


class ProgressView(Frame):
    """Every skill with its stars and words, what to practise next, and the learner's file.

    Child widgets: ``table``, ``next_view``, ``download``, ``upload``, ``clear_button``,
    ``confirm_button``, ``cancel_button``, ``file_status``.
    """

    def __init__(self, page: MyProgress | None = None) -> None:
        super().__init__("My progress", note=_NOTE)
        self.page = page or MyProgress(kept())
        self.add_class("crib-progress")
        self.table = widgets.HTML()
        self.next_view = widgets.HTML()
        self.download = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         description="Import a progress file",
                                         layout=widgets.Layout(width="auto"),
                                         tooltip="Pick a progress file exported from this page elsewhere")
        self.clear_button = action_button("Clear my progress", "Forget every answer kept in this browser")
        self.confirm_button = action_button("Yes, clear it", "Clear every answer kept here", "danger")
        self.cancel_button = action_button("No, keep it", "Keep your progress as it is")
        self.file_status = widgets.HTML()
        self._imported: list[dict] = []  # the files imported, kept on the button for its count
        self._echoing = False
        self.upload.observe(self._on_upload, "value")
        self.clear_button.on_click(lambda _: self._on_clear())
        self.confirm_button.on_click(lambda _: self._on_confirm())
        self.cancel_button.on_click(lambda _: self._on_cancel())
        row = lambda *c: widgets.HBox(list(c)).add_class("crib-row")
        self.confirm_row = row(self.confirm_button, self.cancel_button)
        self._assemble(widgets.HTML(f"<style>{_CSS}</style>", layout=widgets.Layout(display="none")),
                       self.status, self.next_view, self.table, self.download,
                       row(self.upload, self.clear_button), self.confirm_row, self.file_status, out())
        self.set_status("Your progress is kept in this browser only: nothing is sent anywhere.")
        self._draw()

    def _draw(self) -> None:
        rows = "".join(
            f'<tr><th scope="row"><a href="{esc(r.href)}">{esc(r.chapter)}</a></th><td>{esc(r.skill)}</td>'
            f'<td><span class="crib-stars" aria-hidden="true">{r.stars}</span> {esc(r.word)}'
            f'<span style="position:absolute;left:-9999px">{esc(r.summary)}</span></td></tr>'
            for r in self.page.rows())
        self.table.value = ('<table><caption style="text-align:left">Every skill of the book, with its stars '
                            '(from your last first tries)</caption><thead><tr><th scope="col">Chapter</th>'
                            '<th scope="col">Skill</th><th scope="col">Stars</th></tr></thead>'
                            f"<tbody>{rows}</tbody></table>")
        self.next_view.value = ('<div class="crib-next"><b>What to practise next.</b> '
                                f"{esc(self.page.practise_next())}</div>")
        self.download.value = download_link(self.page.file_name(), self.page.file_text(),
                                        "Export my progress (a file)", "application/json")
        self.confirm_row.layout.display = "flex" if self.page.confirming else "none"
        self.clear_button.disabled = self.page.confirming
        self.file_status.value = status_html(esc(self.page.message), self.page.tone)

    def _on_upload(self, _change=None) -> None:
        if self._echoing:
            return
        self.went_live()
        picked = list(self.upload.value)
        files = uploaded_files(picked)
        if not files:
            return
        name, raw = files[0]
        if self.page.import_file(raw, name):
            saved()
            if (name, raw) not in uploaded_files(self._imported):  # the same file again counts once
                self._imported.append(picked[0])
        self._hold_imported()
        self._draw()

    def _hold_imported(self) -> None:
        """Keep the files imported on the button: ipywidgets labels it with the count it holds, which read
        "(0)" after a successful import when the button was emptied."""
        self._echoing = True
        try:
            self.upload.value = tuple(self._imported)
        finally:
            self._echoing = False

    def _on_clear(self) -> None:
        self.went_live()
        self.page.ask_clear()
        self._draw()

    def _on_confirm(self) -> None:
        self.went_live()
        if self.page.confirm_clear():
            saved()
            self._imported = []  # what they brought is forgotten too
            self._hold_imported()
        self._draw()

    def _on_cancel(self) -> None:
        self.went_live()
        self.page.cancel_clear()
        self._draw()
