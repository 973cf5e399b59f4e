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
 *  - a table wider than the column, which scrolls sideways in its output box, is a named region
 *    and a tab stop, so it can be reached and scrolled from the keyboard.
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
// reach and scroll it; a box that fits again is left as plain text.
var OUTPUT_BOX = "div.output.text_html";

// A box the browser has not laid out, and need not yet: a part of the page far from the screen
// (cribbook.css: content-visibility) or a closed dropdown. Reading its width would lay out that
// whole part now; ResizeObserver reports the box once it is laid out.
function notLaidOut(box) {
  return typeof box.checkVisibility === "function" && !box.checkVisibility({ contentVisibilityAuto: true });
}

function nameScroller(box, now) {
  if (!now && notLaidOut(box)) return;
  var wide = box.scrollWidth > box.clientWidth + 1;
  if (!wide) {
    if (box.getAttribute("data-crib-scroll")) {
      ["data-crib-scroll", "role", "aria-label", "tabindex"].forEach(function (a) { box.removeAttribute(a); });
    }
    return;
  }
  var heads = Array.prototype.map.call(box.querySelectorAll("table th"), function (th) {
    return th.textContent.trim();
  }).filter(Boolean);
  var what = heads.length ? "Table: " + heads.slice(0, 3).join(", ") + (heads.length > 3 ? ", …" : "")
    : "Wide content";
  var named = { "data-crib-scroll": "1", role: "region", tabindex: "0", "aria-label": what + " (scrolls sideways)" };
  Object.keys(named).forEach(function (a) {  // written only when it changes: a box is reported often
    if (box.getAttribute(a) !== named[a]) box.setAttribute(a, named[a]);
  });
}

// again whenever a box changes size (it is laid out as the reader nears it, a closed answer
// dropdown opens) or the window does (the phone turns): those boxes, at the next frame
var resized = new Set();
function nameSoon(boxes) {
  var first = resized.size === 0;
  boxes.forEach(function (box) { resized.add(box); });
  if (!first || resized.size === 0) return;
  requestAnimationFrame(function () {
    var now = resized;
    resized = new Set();
    now.forEach(function (box) { nameScroller(box); });
  });
}
window.addEventListener("resize", function () { nameSoon(document.querySelectorAll(OUTPUT_BOX)); });

function watchScrollers() {
  if (!window.ResizeObserver) return;
  var sizes = new ResizeObserver(function (entries) {
    nameSoon(entries.map(function (entry) { return entry.target; }));
  });
  document.querySelectorAll(OUTPUT_BOX).forEach(function (box) { sizes.observe(box); });
}

// The boxes the browser has not laid out yet are measured one an idle moment after the page has
// loaded (each lays out its own part of the page, a short task), so that every wide box is a named
// tab stop soon, before a keyboard or screen-reader user gets there; a first Tab measures all the
// ones left at once, before the focus moves.
var unmeasured = null;
function measureLeft() {
  unmeasured = Array.prototype.slice.call(document.querySelectorAll(OUTPUT_BOX)).filter(notLaidOut);
  var idle = window.requestIdleCallback || function (step) { return setTimeout(step, 50); };
  var step = function () {
    if (unmeasured.length) nameScroller(unmeasured.shift(), true);
    if (unmeasured.length) idle(step);
  };
  idle(step);
}
document.addEventListener("keydown", function (event) {
  if (event.key !== "Tab" || !unmeasured || !unmeasured.length) return;
  unmeasured.splice(0).forEach(function (box) { nameScroller(box, true); });
}, true);

function start() {
  nameAll(document);
  // The boxes are measured as ResizeObserver reports them, once the browser has laid them out
  // itself: read here, as the page is parsed, they made this script lay the page out in its own
  // task, a long one (0.1-0.2 s at a phone's speed) just after the first paint.
  watchScrollers();
  if (document.readyState === "complete") measureLeft();
  else window.addEventListener("load", measureLeft, { once: true });
  observer.observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["class", "title", "disabled"],
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
