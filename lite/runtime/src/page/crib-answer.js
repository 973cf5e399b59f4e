/* Answer boxes on the book's live pages: an answer is judged only when the learner asks (the box's
 * Check button, or Enter), and always as the box shows it.
 *
 * A box's text and a button's press travel to Python apart: ipywidgets holds a box's newest text
 * while Python is busy with the one before, but sends a press at once, so "12" and Enter once
 * reached Python as "1" and a press. Python marks each answer box (crib_widgets.widgets.answer_box)
 * with the text it has heard; this script
 *  - on Enter in a live answer box: goes on to the next box of its row, or in the last one waits
 *    until Python has the text of every box of the row, then presses the row's Check button
 *    (ipywidgets' own "submit" is not sent);
 *  - on a press of a Check button whose boxes Python has not heard yet: holds the press and makes
 *    it once they are heard (the button says aria-busy meanwhile).
 * Leaving a box sends its text and nothing else. Snapshots (before Python runs) are left to
 * crib_live_page.js, which keeps their typing and presses for the live widget. A box for a number
 * (class crib-numeric) asks a phone for its number keys, snapshot or live.
 */
import { ANSWER, CHECK, HeardTracker, afterEnter, heardClass } from './lib/answers.js';

const QUIET_MS = 1500;  // no mark for this long: nothing is on its way (a text typed over itself)
const tracker = new HeardTracker();
const before = new WeakMap();  // box -> its text before the keystroke being made
const waits = new Set();       // presses held: {button, boxes, quiet}
const passing = new WeakSet(); // a press this script makes: let it through

const liveBox = (el) => {
  const box = el && el.closest ? el.closest(`.${ANSWER}`) : null;
  return box && box.closest('.crib-live-view') ? box : null;
};
const inputOf = (box) => box.querySelector('input');
const shown = (el) => el.getClientRects().length > 0;

// A box's row: its closest ancestor holding a Check button (the button's: holding a box).
function rowOf(el, wanted) {
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (node.querySelector(wanted)) return node;
    if (node.classList.contains('crib-root')) return null;
  }
  return null;
}
const boxesIn = (row) => Array.from(row.querySelectorAll(`.${ANSWER}`));

// Python has the box's text: marked after the last keystroke (lenient: marked, whenever).
function heardNow(box, lenient = false) {
  const input = inputOf(box);
  if (!input) return true;
  return lenient ? box.classList.contains(heardClass(input.value)) : tracker.heard(box, input.value, box.classList);
}

function press(button) {
  if (button.disabled || !document.contains(button)) return;
  passing.add(button);
  button.click();
}

function settle(wait, lenient) {
  const { button, boxes } = wait;
  if (!document.contains(button)) {
    finish(wait);
    return;
  }
  if (boxes.every((box) => heardNow(box, lenient))) {
    finish(wait);
    press(button);
  }
}

function finish(wait) {
  waits.delete(wait);
  wait.button.removeAttribute('aria-busy');
  if (!waits.size) clearInterval(ticker);
}

let ticker = 0;
function pressWhenHeard(button, boxes) {
  if (Array.from(waits).some((w) => w.button === button)) return;
  if (boxes.every((box) => heardNow(box))) {
    press(button);
    return;
  }
  const wait = { button, boxes, quiet: 0 };
  waits.add(wait);
  button.setAttribute('aria-busy', 'true');
  if (waits.size === 1) {
    ticker = setInterval(() => waits.forEach((w) => {
      w.quiet += 250;
      settle(w, w.quiet >= QUIET_MS);
    }), 250);
  }
}

// Python's marks: a box marked with its text after the last keystroke is heard.
let watching = false;
function watch() {
  if (watching) return;
  watching = true;
  new MutationObserver((records) => {
    for (const record of records) {
      const box = record.target;
      if (!box.classList || !box.classList.contains(ANSWER)) continue;
      const input = inputOf(box);
      if (input) tracker.marked(box, input.value, box.classList);
      waits.forEach((w) => { if (w.boxes.includes(box)) w.quiet = 0; });
    }
    waits.forEach((w) => settle(w, false));
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
}

// A phone opens its keyboard as a box takes focus: the number keys for a number box.
document.addEventListener('focusin', (event) => {
  const input = event.target;
  if (input && input.tagName === 'INPUT' && input.closest(`.${ANSWER}.crib-numeric`)) {
    input.setAttribute('inputmode', 'numeric');
  }
}, true);

document.addEventListener('beforeinput', (event) => {
  const box = liveBox(event.target);
  if (box) before.set(box, event.target.value);
}, true);

document.addEventListener('input', (event) => {
  const box = liveBox(event.target);
  if (!box) return;
  watch();
  // a keystroke that leaves the text as it was sends nothing, so no mark will come for it
  if (before.get(box) !== event.target.value) tracker.typed(box);
  before.delete(box);
}, true);

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' || event.isComposing) return;
  const box = liveBox(event.target);
  if (!box) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const row = rowOf(box, `button.${CHECK}`);
  if (!row) return;
  const step = afterEnter(boxesIn(row).filter(shown), box);
  if (step.next) {
    const next = inputOf(step.next);
    next.focus();
    next.select();
    return;
  }
  const button = row.querySelector(`button.${CHECK}`);
  if (button && !button.disabled) pressWhenHeard(button, boxesIn(row));
}, true);

// ipywidgets sends its "submit" on keypress: Enter is this script's on a live answer box.
document.addEventListener('keypress', (event) => {
  if (event.key === 'Enter' && liveBox(event.target)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}, true);

document.addEventListener('click', (event) => {
  const button = event.target.closest ? event.target.closest(`button.${CHECK}`) : null;
  if (!button || !button.closest('.crib-live-view')) return;
  if (passing.has(button)) {
    passing.delete(button);
    return;
  }
  const row = rowOf(button, `.${ANSWER}`);
  const boxes = row ? boxesIn(row) : [];
  const held = Array.from(waits).some((w) => w.button === button);
  if (!held && boxes.every((box) => heardNow(box))) return;  // Python has every text: press as it is
  event.preventDefault();
  event.stopImmediatePropagation();
  pressWhenHeard(button, boxes);
}, true);
