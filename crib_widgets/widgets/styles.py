"""One stylesheet for every crib widget, and the small HTML pieces they share.

Each top-level widget carries the stylesheet in a ``<style>`` block of its own first child, so that a
widget shown alone on a static page is styled too; the rules are scoped under ``.crib-root`` and are
identical, so repeating them on a page changes nothing.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..colours import SIDES, css_variables

__all__ = [
    "CSS",
    "STATIC_NOTE",
    "STATIC_NOTE_GAME",
    "SUIT_COLOURS",
    "FOUR_COLOURS",
    "SIDE_COLOURS",
    "style_block",
    "status_html",
    "esc",
]

# Colours a learner can tell apart; the suit is always also printed as a symbol and named in words.
SUIT_COLOURS = {"C": "black", "D": "red", "H": "red", "S": "black"}
FOUR_COLOURS = {"C": "green", "D": "blue", "H": "red", "S": "black"}
SIDE_COLOURS = SIDES

# Shown until Python runs; on the book's site the live page script replaces it as Python starts.
# In a learner's words: no "Python", no "cell" (a notebook runs its cells by itself, lite/README.md).
STATIC_NOTE = (
    "Getting ready: in a few moments this comes alive and answers your clicks and taps. "
    "If it stays still, the answers are just below."
)
STATIC_NOTE_GAME = (
    "Getting ready: this is the first deal; in a few moments the table comes alive and you can play."
)

CSS = """
.crib-root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif;
  color: var(--crib-text); max-width: 800px; padding: 12px 16px 14px; border: 1px solid var(--crib-border);
  border-radius: 12px; background: var(--crib-panel); box-sizing: border-box; gap: 6px; }
.crib-root .crib-title { font-size: 1.15em; font-weight: 650; margin: 0 0 2px; }
.crib-root .crib-sub { color: var(--crib-muted); font-size: .92em; }
.crib-root .crib-note { color: var(--crib-note); font-size: .82em; font-style: italic; }
.crib-root .crib-row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; }
.crib-root .widget-hbox.crib-row, .crib-root .widget-vbox.crib-col { gap: 6px 10px; }
.crib-root .widget-hbox.crib-row { flex-wrap: wrap; align-items: center; }
.crib-root .crib-row.crib-top { align-items: flex-start; }
.crib-root .crib-row.crib-top .crib-label { margin-top: 2.2em; }
.crib-root .widget-hbox.crib-spread { justify-content: space-between; }
.crib-root .crib-label { font-size: .8em; color: var(--crib-note); text-transform: uppercase;
  letter-spacing: .06em; margin-right: 4px; }
.crib-root .crib-status { background: var(--crib-info-bg); border-left: 4px solid var(--crib-blue);
  padding: 7px 11px;
  border-radius: 4px; line-height: 1.45; }
.crib-root .crib-status.crib-ok { background: var(--crib-ok-bg); border-left-color: var(--crib-green); }
.crib-root .crib-status.crib-warn { background: var(--crib-warn-bg); border-left-color: var(--crib-warn); }
.crib-root .crib-status.crib-bad { background: var(--crib-bad-bg); border-left-color: var(--crib-crimson); }
.crib-root .crib-big { font-size: 1.25em; font-weight: 650; }
.crib-root .crib-count { display: inline-block; min-width: 2.2em; text-align: center; font-size: 1.5em;
  font-weight: 700; color: var(--crib-paper); background: var(--crib-ink); border-radius: 8px;
  padding: 2px 8px; }
.crib-root .crib-tally { color: var(--crib-ink); font-weight: 600; font-size: .92em; }
.crib-root ul.crib-list { margin: 4px 0 0; padding-left: 1.3em; }
.crib-root ul.crib-list li { margin: 2px 0; }
.crib-root .crib-pts { display: inline-block; min-width: 1.8em; margin-right: 2px; font-weight: 700;
  color: var(--crib-green); }
.crib-root .crib-pts.crib-neg { color: var(--crib-negative); }
.crib-root .crib-miss { color: var(--crib-crimson); font-weight: 600; }
.crib-root .crib-extra { color: var(--crib-extra); font-weight: 600; }
.crib-root details.crib-peek { margin-top: 2px; font-size: .92em; }
.crib-root details.crib-peek summary { cursor: pointer; color: var(--crib-blue); }
.crib-root .crib-say { font-style: italic; font-size: 1.08em; }
.crib-root .crib-hidden { display: none; }
/* cards drawn in HTML (hands on show, the pile, the starter) */
.crib-root .crib-cards { display: inline-flex; flex-wrap: wrap; align-items: flex-end; gap: 6px;
  vertical-align: middle; padding: 6px 0 2px; }
.crib-root .crib-card { display: inline-flex; flex-direction: column; align-items: center;
  justify-content: center; box-sizing: border-box; width: 3.1em; height: 4.4em;
  border: 1px solid var(--crib-card-edge);
  border-radius: .45em; background: var(--crib-paper); box-shadow: 0 1px 3px rgba(0,0,0,.2); font-weight: 650;
  font-size: 1.1em; line-height: 1.05; transition: transform .15s, box-shadow .15s; }
.crib-root .crib-card .crib-pip { font-size: 1.3em; }
.crib-root .crib-card.crib-small { width: 2.4em; height: 3.3em; font-size: .95em; }
.crib-root .crib-card.crib-lit { background: var(--crib-lit); border: 2px solid var(--crib-lit-edge);
  box-shadow: 0 0 0 3px rgba(224,168,0,.35); transform: translateY(-6px); }
.crib-root .crib-card.crib-dim { opacity: .42; }
.crib-root .crib-card.crib-back {
  background: repeating-linear-gradient(45deg, var(--crib-deep-blue) 0 5px,
  var(--crib-card-back-light) 5px 10px); border-color: var(--crib-card-back-edge); }
.crib-root .crib-card.crib-empty { background: transparent; border: 1px dashed var(--crib-empty-edge);
  box-shadow: none; }
.crib-root .crib-tag { display: block; text-align: center; font-size: .72em; color: var(--crib-note);
  margin-top: 3px; }
.crib-root .crib-slot { display: inline-flex; flex-direction: column; align-items: center; }
.crib-root .crib-gap { display: inline-block; width: 14px; }
.crib-root .crib-red { color: var(--crib-red); }
.crib-root .crib-black { color: var(--crib-black); }
.crib-root .crib-blue { color: var(--crib-suit-blue); }
.crib-root .crib-green { color: var(--crib-suit-green); }
/* cards that are buttons: selectable with the mouse, Tab and Space/Enter */
.crib-root .jupyter-button.crib-cardbtn { width: 3.3em; height: 4.6em; padding: 0; margin: 0 3px;
  font-size: 1.15em; font-weight: 650; background: var(--crib-paper); border: 1px solid var(--crib-card-edge);
  border-radius: .45em;
  box-shadow: 0 1px 3px rgba(0,0,0,.22); transition: transform .12s, box-shadow .12s; }
.crib-root .jupyter-button.crib-cardbtn:hover:enabled { transform: translateY(-3px);
  box-shadow: 0 4px 10px rgba(0,0,0,.25); }
.crib-root .jupyter-button.crib-cardbtn.mod-active { background: var(--crib-lit);
  border: 2px solid var(--crib-lit-edge);
  transform: translateY(-12px); box-shadow: 0 6px 12px rgba(0,0,0,.25); }
.crib-root .jupyter-button.crib-cardbtn:disabled { opacity: .45; box-shadow: none; cursor: not-allowed; }
.crib-root .jupyter-button.crib-cardbtn.crib-red { color: var(--crib-red); }
.crib-root .jupyter-button.crib-cardbtn.crib-black { color: var(--crib-black); }
.crib-root .jupyter-button.crib-cardbtn.crib-blue { color: var(--crib-suit-blue); }
.crib-root .jupyter-button.crib-cardbtn.crib-green { color: var(--crib-suit-green); }
.crib-root .jupyter-button { border-radius: 6px; }
/* button colours with text at least 4.5:1 (ipywidgets' own are 2.2-3.7:1): white on primary 6.1,
   info 5.9, success 5.3, warning 6.3, danger 6.5 */
.crib-root .jupyter-button.mod-primary { background: var(--crib-blue); color: var(--crib-paper); }
.crib-root .jupyter-button.mod-info { background: var(--crib-button-info); color: var(--crib-paper); }
.crib-root .jupyter-button.mod-success { background: var(--crib-button-success); color: var(--crib-paper); }
.crib-root .jupyter-button.mod-warning { background: var(--crib-button-warning); color: var(--crib-paper); }
.crib-root .jupyter-button.mod-danger { background: var(--crib-button-danger); color: var(--crib-paper); }
.crib-root .jupyter-widget-Collapse-header,
.crib-root .jupyter-widget-Collapse-header span { color: var(--crib-text); }
/* a narrow screen: menus and rows shrink to the widget (their 2px margins counted, so a long menu
   keeps its right border), a raised card keeps room above its row */
.crib-root .widget-dropdown, .crib-root .widget-inline-hbox { max-width: calc(100% - 4px); }
.crib-root .widget-dropdown > select { min-width: 0; }
.crib-root .widget-hbox.crib-picker { padding-top: 14px; overflow: visible; }
.crib-root .widget-toggle-buttons { flex-wrap: wrap; max-width: 100%; height: auto; }
@media (max-width: 560px) {
  .crib-root { padding: 10px 8px 12px; }
  .crib-root .widget-toggle-buttons .widget-toggle-button { width: auto !important; flex: 1 1 auto; }
}
.crib-root .jupyter-button:focus-visible { outline: 3px solid var(--crib-blue); outline-offset: 2px; }
.crib-root .crib-board svg { width: 100%; height: auto; display: block; }
/* the board draws a wide and a compact layout; a board narrower than 520 px shows the compact one */
.crib-root .crib-board { container-type: inline-size; }
.crib-root .crib-board svg.crib-compact { display: none; }
@container (max-width: 520px) {
  .crib-root .crib-board svg.crib-wide { display: none; }
  .crib-root .crib-board svg.crib-compact { display: block; }
}
.crib-root .crib-scores { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 4px 2px 0; }
.crib-root .crib-score { font-weight: 600; }
.crib-root .crib-score b { font-size: 1.2em; }
.crib-root .crib-dot { display: inline-block; width: .8em; height: .8em; border-radius: 50%;
  margin-right: 5px; vertical-align: -1px; }
.crib-root .crib-event { margin-top: 4px; padding: 5px 10px; background: var(--crib-event-bg);
  border-radius: 6px;
  color: var(--crib-event-text); min-height: 1.3em; }
.crib-root .crib-log { max-height: 11em; overflow-y: auto; font-size: .88em; color: var(--crib-log-text);
  border-top: 1px solid var(--crib-line-faint); padding-top: 4px; }
.crib-root .crib-log div { padding: 1px 0; }
.crib-root .crib-seat { border: 1px solid var(--crib-seat-edge); border-radius: 8px; padding: 4px 10px;
  background: var(--crib-paper); }
.crib-root .crib-showhand { display: grid; grid-template-columns: auto 1fr; gap: 2px 18px;
  align-items: start; }
@media (max-width: 560px) {  /* the count under the cards, so four cards and the starter keep one row */
  .crib-root .crib-showhand { grid-template-columns: 1fr; }
}
.crib-root .crib-col { display: flex; flex-direction: column; gap: 6px; }
.crib-root .crib-seat.crib-turn { border-color: var(--crib-blue); box-shadow: 0 0 0 2px rgba(31,95,191,.18); }
"""
# The colours' variables first (crib_widgets.colours), so that a widget shown alone is coloured too.
CSS = css_variables(".crib-root") + CSS


def style_block() -> widgets.HTML:
    """A widget holding the stylesheet; put it first in a widget's children."""
    return widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))


def esc(text: object) -> str:
    """Text made safe to put inside HTML."""
    return html.escape(str(text), quote=True)


_TONES = {"info": "", "ok": " crib-ok", "warn": " crib-warn", "bad": " crib-bad"}


def status_html(text: str, tone: str = "info", *, note: str = "") -> str:
    """The status line that always tells the learner what is happening and what to do next.

    ``text`` is HTML already escaped by the caller; ``note`` adds a small grey line under it.
    """
    extra = f'<div class="crib-note">{note}</div>' if note else ""
    return f'<div class="crib-status{_TONES[tone]}" role="status" aria-live="polite">{text}{extra}</div>'
