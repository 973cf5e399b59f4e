/* The learner's progress as this browser keeps it (localStorage "crib-progress", the document of
 * crib_widgets.lessons.store.Store): read for the page's Python, saved from what the widgets record.
 *
 * Nothing kept here may stop Python from starting: the text is handed to Python with every control
 * character and half of a character written as its JSON escape (reader.forPython; an environment
 * variable holds neither, and Python did not start), and Python's reader sets aside the answers that
 * hold one, keeps the rest and says so once (crib_widgets.lessons.kept). A save that storage refuses
 * (full: QuotaExceededError; or blocked) is said in words; the progress stays in the page's Python,
 * where the My progress page can still export it, and the next answer tries the save again. */
import { forPython } from "./reader.js";

export const PROGRESS_KEY = "crib-progress";
export const DAMAGED_KEY = "crib-progress-damaged";

export const FULL = "This browser's storage for the book is full, so your latest answers are not kept "
  + "yet: they stay while this page is open. Export your progress on the My progress page to keep a "
  + "copy, or clear some of this site's data in the browser's settings.";
export const BLOCKED = "This browser is not letting the book keep your progress (its storage is "
  + "blocked), so your answers last only while this page is open: export them on the My progress page.";

/** The kept progress as Python is handed it ("" when none, or storage is blocked). */
export function keptForPython(storage = globalThis.localStorage) {
  let text = "";
  try {
    text = storage.getItem(PROGRESS_KEY) || "";
  } catch (error) {
    return "";
  }
  return forPython(text);
}

function isFull(error) {
  return Boolean(error) && (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED"
    || error.code === 22 || error.code === 1014);
}

/**
 * Save `text` (what the widgets recorded) as the kept progress; when `damaged`, first keep the old
 * text aside under DAMAGED_KEY (Python could not read all of it). Returns "" when saved, else the
 * sentence to show (FULL or BLOCKED).
 */
export function saveKept(text, damaged, storage = globalThis.localStorage) {
  try {
    const old = storage.getItem(PROGRESS_KEY);
    if (damaged && old) storage.setItem(DAMAGED_KEY, old);
  } catch (error) {
    /* no room for the damaged copy: what Python could read of it is in `text`, saved next */
  }
  try {
    storage.setItem(PROGRESS_KEY, text);
    return "";
  } catch (error) {
    return isFull(error) ? FULL : BLOCKED;
  }
}

/**
 * Say `sentence` beside the live view holding `element`, once per page: a status line a screen
 * reader reads out; "" takes it away again (a later save worked).
 */
export function sayBeside(element, sentence, doc = globalThis.document) {
  const view = element.closest(".crib-live-view") || element;
  let note = doc.querySelector(".crib-kept-note");
  if (!sentence) {
    if (note) note.remove();
    return;
  }
  if (!note) {
    note = doc.createElement("p");
    note.className = "crib-kept-note";
    note.setAttribute("role", "status");
    view.insertAdjacentElement("beforebegin", note);
  }
  if (note.textContent !== sentence) note.textContent = sentence;
}
