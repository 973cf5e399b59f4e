/* Accessible names for the crib widgets, on static and live pages alike.
 *
 * ipywidgets 8 buttons have no ARIA traits, so the Python side says what it can through the DOM
 * and this script turns it into ARIA as the widget manager draws (or redraws) the buttons:
 *  - a card button (class crib-cardbtn) is named by its tooltip, which the cards layer sets to the
 *    card's words ("king of diamonds"); a toggle card says aria-pressed, true while chosen
 *    (ipywidgets marks a pressed toggle with the class mod-active); so does an answer chosen by a
 *    press (class crib-choice), until Check judges it;
 *  - any icon inside a button is hidden from screen readers, so names carry no icon glyph;
 *  - keyboard focus stays in a widget when a move redraws, hides or disables the focused control:
 *    it goes back to the card row (class crib-keepfocus: the same place in the row, else its first
 *    card that can be chosen), else to the widget's first enabled action, instead of falling to
 *    the top of the page (13 Tabs away). A click elsewhere on the page ends this;
 *  - a box that scrolls (a table wider than the column in its output box, a code block, a table of
 *    the text) is a named region and a tab stop, so it can be reached and scrolled from the
 *    keyboard. The theme's own script did this by laying the whole page out on load and 300 ms
 *    after every change; the build takes that out (lite/first_paint.py), and this does it box by
 *    box as the browser lays each out.
 */
var lastRoot = null;  // the widget that held keyboard focus last
var lastRow = null;   // and the crib-keepfocus row in it, if focus was on a card
var lastIndex = 0;

function name(button) {
  var words = button.getAttribute("title");
  if (button.classList.contains("crib-cardbtn") && words) {
    if (button.getAttribute("aria-label") !== words) button.setAttribute("aria-label", words);
  }
  // a toggle card, or an answer or card chosen by a press (class crib-choice: widgets/choice_row.py)
  var toggle = button.classList.contains("crib-cardbtn") && button.classList.contains("widget-toggle-button");
  if (toggle || button.classList.contains("crib-choice")) {
    var pressed = String(button.classList.contains("mod-active"));
    if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
  }
  var icons = button.querySelectorAll("i");
  for (var i = 0; i < icons.length; i++) icons[i].setAttribute("aria-hidden", "true");
}

function nameAll(root) {
  var buttons = (root || document).querySelectorAll(".crib-root button");
  for (var i = 0; i < buttons.length; i++) name(buttons[i]);
}

function enabled(el) {
  return el && !el.disabled && el.offsetParent !== null;
}

function firstEnabled(list) {
  return Array.prototype.find.call(list, enabled) || null;
}

// Focus fell to the page because the focused control was redrawn, hidden or disabled by a move:
// put it back on the cards (the same place in the row), else on the widget's next action.
function refocus() {
  var active = document.activeElement;
  if (!lastRoot || (active && active !== document.body) || !document.contains(lastRoot)) return;
  var target = null;
  if (lastRow && document.contains(lastRow)) {
    var cards = Array.prototype.filter.call(lastRow.querySelectorAll("button"), enabled);
    target = cards[Math.min(lastIndex, cards.length - 1)] || null;
  }
  target = target || firstEnabled(lastRoot.querySelectorAll(".crib-keepfocus button")) ||
    firstEnabled(lastRoot.querySelectorAll("button.crib-action"));
  if (target) target.focus({preventScroll: true});
}

document.addEventListener("focusin", function (event) {
  var root = event.target.closest && event.target.closest(".crib-root");
  if (!root) {
    if (event.target !== document.body) lastRoot = lastRow = null;
    return;
  }
  lastRoot = root;
  lastRow = event.target.closest(".crib-keepfocus");
  lastIndex = lastRow ? Math.max(0, Array.prototype.indexOf.call(lastRow.querySelectorAll("button"),
                                                                 event.target)) : 0;
});
// A click elsewhere on the page is the learner moving on: never pull focus back after it.
document.addEventListener("pointerdown", function (event) {
  if (!(event.target.closest && event.target.closest(".crib-root"))) lastRoot = lastRow = null;
}, true);

// What changed since the last frame: only those elements (and what they hold) are named again. A
// widget is drawn over many tasks, and naming every button of the page at each frame of it was
// most of this script's time on a page with a game table.
var changed = new Set();
var observer = new MutationObserver(function (mutations) {
  var first = changed.size === 0;
  mutations.forEach(function (m) {
    if (m.type === "attributes") changed.add(m.target);
    else m.addedNodes.forEach(function (n) { if (n.nodeType === 1) changed.add(n); });
  });
  if (!first || changed.size === 0) return;
  requestAnimationFrame(function () {
    var now = changed;
    changed = new Set();
    now.forEach(function (el) {
      if (!el.isConnected) return;
      if (el.matches("button")) { if (el.closest(".crib-root")) name(el); }
      else if (el.closest(".crib-root") || el.querySelector(".crib-root")) nameAll(el);
    });
    refocus();
  });
});

// A table wider than the column scrolls sideways in its output box: make the box a named stop
// ("Table: student, score, right, … (scrolls sideways)") so keyboard and screen-reader users can
// reach and scroll it; a box that fits again is left as plain text. The same for every box the
// theme makes scroll (its addTabStopsToScrollableElements, which the build leaves out).
var OUTPUT_BOX = "div.output.text_html, pre, .nboutput > .output_area, .cell_output > .output, " +
  ".jp-RenderedHTMLCommon, .pst-scrollable-table-container";

// A box the browser has not laid out, and need not yet: a part of the page far from the screen
// (cribbook.css: content-visibility) or a closed dropdown. Reading its width would lay out that
// whole part now; ResizeObserver reports the box once it is laid out.
function notLaidOut(box) {
  return typeof box.checkVisibility === "function" && !box.checkVisibility({ contentVisibilityAuto: true });
}

// What a box needs said of it: null when it fits (or is not laid out and `now` is not asked), else
// its name and whether it scrolls sideways. Only reads.
function measure(box, now) {
  if (!now && notLaidOut(box)) return null;
  var wide = box.scrollWidth > box.clientWidth + 1;
  var tall = box.scrollHeight > box.clientHeight + 1 && getComputedStyle(box).overflowY !== "visible";
  if (!wide && !tall) return { fits: true };
  return { fits: false, label: labelOf(box, wide) };
}

// A scrolling box's name: what it holds (its table's first headings, code), and which way it scrolls.
function labelOf(box, wide) {
  var heads = Array.prototype.map.call(box.querySelectorAll("table th"), function (th) {
    return th.textContent.trim();
  }).filter(Boolean);
  var what = heads.length ? "Table: " + heads.slice(0, 3).join(", ") + (heads.length > 3 ? ", …" : "")
    : box.matches("pre") ? "Code" : wide ? "Wide content" : "Content";
  return what + (wide ? " (scrolls sideways)" : " (scrolls)");
}

// Only writes: a box that scrolls becomes a named tab stop, one that fits again plain text.
function sayScroller(box, seen) {
  if (!seen) return;
  if (seen.fits) {
    if (box.getAttribute("data-crib-scroll")) {
      ["data-crib-scroll", "role", "aria-label", "tabindex"].forEach(function (a) { box.removeAttribute(a); });
    }
    return;
  }
  var named = { "data-crib-scroll": "1", role: "region", tabindex: "0", "aria-label": seen.label };
  Object.keys(named).forEach(function (a) {  // written only when it changes: a box is reported often
    if (box.getAttribute(a) !== named[a]) box.setAttribute(a, named[a]);
  });
}

// Every box of `boxes` measured first, then named: a write between two reads (an attribute the
// style sheets may select on) would make the next read lay the page out again.
function nameScrollers(boxes, now) {
  var list = Array.prototype.slice.call(boxes);
  var seen = list.map(function (box) { return measure(box, now); });
  list.forEach(function (box, i) { sayScroller(box, seen[i]); });
}

// again whenever the window changes size (the phone turns): every box, at the next frame
var resizing = false;
window.addEventListener("resize", function () {
  if (resizing) return;
  resizing = true;
  requestAnimationFrame(function () {
    resizing = false;
    nameScrollers(document.querySelectorAll(OUTPUT_BOX));
    // a box that fitted the wide window may scroll in the narrow one though it is not laid out now
    // (far from the screen): named as the page's load names such boxes (check_a11y at 390 px)
    markLeft();
  });
});

// ... and whenever a box changes size (it is laid out as the reader nears it, a closed answer
// dropdown opens): measured in the observer's callback, which the browser runs just after laying
// the page out, so reading the sizes there costs no layout of its own (read at the next frame
// instead, after the page's scripts had changed it again, they laid the page out once more:
// 0.15-0.2 s at a phone's speed as chapter 15 loaded).
function watchScrollers() {
  if (!window.ResizeObserver) return;
  var sizes = new ResizeObserver(function (entries) {
    nameScrollers(entries.map(function (entry) { return entry.target; }));
  });
  document.querySelectorAll(OUTPUT_BOX).forEach(function (box) { sizes.observe(box); });
}

// The boxes the browser has not laid out yet (parts of the page far from the screen) are not
// measured as the page loads: each would lay out its part of the page (one took 0.12 s on this
// machine in Lighthouse's run of chapter 15, four times that at a phone's speed, when they were
// measured one an idle moment each). Those that can be wider than the column (a table, code) are
// named tab stops meanwhile, as if they scrolled sideways, so that keyboard and screen-reader users
// can reach them whatever their width; each is measured as the browser lays it out
// (ResizeObserver: one that fits is plain text again), and all those left at a first Tab, before
// the focus moves.
var unmeasured = null;
function markLeft() {
  unmeasured = Array.prototype.slice.call(document.querySelectorAll(OUTPUT_BOX)).filter(notLaidOut);
  unmeasured.forEach(function (box) {
    if (box.matches("pre") || box.querySelector("table, pre")) {
      sayScroller(box, { fits: false, label: labelOf(box, true) });
    }
  });
}
document.addEventListener("keydown", function (event) {
  if (event.key !== "Tab" || !unmeasured || !unmeasured.length) return;
  nameScrollers(unmeasured.splice(0), true);
}, true);

function start() {
  nameAll(document);
  // The boxes are measured as ResizeObserver reports them, once the browser has laid them out
  // itself: read here, as the page is parsed, they made this script lay the page out in its own
  // task, a long one (0.1-0.2 s at a phone's speed) just after the first paint.
  watchScrollers();
  if (document.readyState === "complete") markLeft();
  else window.addEventListener("load", markLeft, { once: true });
  observer.observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["class", "title", "disabled"],
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
