// The pure parts of the answer boxes' page script (../crib-answer.js), tested by node --test.
//
// A book answer box (crib_widgets.widgets.answer_box.AnswerBox) carries the class
// `crib-heard-<hex>`: the text Python has heard, its UTF-8 bytes in hexadecimal. Python has the
// box's text on show when that class names it AND it was set after the learner's last keystroke
// (else a stale mark could name a text typed again: "12", then "1" on its way, then "12").

export const ANSWER = 'crib-answer';
export const CHECK = 'crib-check';
export const HEARD = 'crib-heard-';

const encoder = new TextEncoder();

/** The class that says Python has `text` (as heard_class in answer_box.py). */
export function heardClass(text) {
  let hex = '';
  for (const byte of encoder.encode(text)) hex += byte.toString(16).padStart(2, '0');
  return HEARD + hex;
}

/**
 * Which boxes the learner has typed in since Python last marked them. `typed(box)` on each
 * keystroke; `marked(box)` when the box's classes change; `heard(box, text, classes)` says whether
 * Python has `text`, judged from the box's classes (any iterable of class names).
 */
export class HeardTracker {
  constructor() {
    this.dirty = new WeakSet();
  }

  typed(box) {
    this.dirty.add(box);
  }

  marked(box, text, classes) {
    if (hasClass(classes, heardClass(text))) this.dirty.delete(box);
  }

  heard(box, text, classes) {
    return !this.dirty.has(box) && hasClass(classes, heardClass(text));
  }
}

function hasClass(classes, name) {
  for (const c of classes) if (c === name) return true;
  return false;
}

/**
 * What Enter in `box` does, among the boxes of its row on show (`shown`, in page order): go on
 * to the next box, or, in the last one (or a box alone), check.
 * @returns {{check: true} | {next: object}}
 */
export function afterEnter(shown, box) {
  const at = shown.indexOf(box);
  if (at >= 0 && at < shown.length - 1) return { next: shown[at + 1] };
  return { check: true };
}
