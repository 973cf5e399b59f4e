/* The class page's drop zones (book/teachers_class.ipynb, crib_widgets.widgets.class_desk).
 *
 * The page says "drop the files here", but a browser that is dropped a file it is not told to catch
 * opens the file in place of the page, and the class loaded is lost. This script catches every drop:
 * one on a drop zone (a box with class "crib-drop", which also names its view "crib-desk-N" and its
 * files "crib-drop-class" or "crib-drop-results") is read and handed to the page's Python
 * (class_desk.dropped), as if the files had been picked with the zone's button; a drop anywhere else
 * is refused in place, with the page left as it was. */

/** Which view and which files a drop zone takes: {number, zone}, or null for an element outside one. */
export function zoneOf(element) {
  const box = element && element.closest ? element.closest(".crib-drop") : null;
  if (!box) return null;
  const number = [...box.classList].map((c) => c.match(/^crib-desk-(\d+)$/)).find(Boolean);
  const zone = box.classList.contains("crib-drop-class") ? "class" : "results";
  return number ? { box, number: Number(number[1]), zone } : null;
}

/** The Python that hands files ([name, base64] each) to the view; prints what the view says (JSON). */
export function dropCall(number, zone, files) {
  const payload = JSON.stringify([number, zone, files]);
  return "import json\nfrom crib_widgets.widgets.class_desk import dropped\n" +
    `print(json.dumps(dropped(*json.loads(${JSON.stringify(payload)}))))`;
}

/** Bytes as base64, a slice at a time (a results file may be 200 KB: too many arguments at once). */
export function base64Of(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The dropped files as [name, base64], and the names of those the browser cannot read: a folder
 * dropped comes as one name whose bytes cannot be read, and left alone it kept the box at "Reading…". */
export async function readDropped(files) {
  const got = await Promise.all(files.map(async (f) => {
    try {
      return [f.name, base64Of(new Uint8Array(await f.arrayBuffer()))];
    } catch {
      return f.name;
    }
  }));
  return { read: got.filter(Array.isArray), unreadable: got.filter((g) => !Array.isArray(g)) };
}

/** One sentence for the dropped names that could not be read ("" when every one was). */
export function unreadableSaid(names) {
  if (!names.length) return "";
  const which = names.map((n) => `“${n}”`).join(", ");
  return `${which} could not be read (a folder, not a file?): open the folder and drop the files inside it, ` +
    "or use the button.";
}

function say(box, text) {
  let note = box.querySelector(".crib-drop-note");
  if (!note) {
    note = document.createElement("span");
    note.className = "crib-drop-note";
    note.setAttribute("role", "status");
    box.append(note);
  }
  note.textContent = text;
}

async function handOver(target, files) {
  const { box, number, zone } = target;
  const live = window.cribLive;
  if (!live || live.state === "failed") {
    say(box, "This page's Python is not running here, so dropped files cannot be read: use the button instead.");
    return;
  }
  if (!box.closest(".crib-live-view")) {
    say(box, "The page is still getting ready: drop the files again in a moment.");
    live.start();
    return;
  }
  say(box, `Reading ${files.length} file${files.length === 1 ? "" : "s"}…`);
  const { read, unreadable } = await readDropped(files);
  const refused = unreadableSaid(unreadable);
  if (!read.length) { say(box, refused); return; }
  const result = await live.run(dropCall(number, zone, read));
  if (result.status !== "ok") { say(box, "These files could not be handed to the page: use the button instead."); return; }
  say(box, refused);
}

function start() {
  let over = null;
  const mark = (box) => {
    if (over && over !== box) over.classList.remove("crib-drop-over");
    over = box;
    if (box) box.classList.add("crib-drop-over");
  };
  window.addEventListener("dragover", (e) => {
    e.preventDefault(); // a drop is ours to catch, never the browser's to open in place of the page
    const target = zoneOf(e.target);
    if (e.dataTransfer) e.dataTransfer.dropEffect = target ? "copy" : "none";
    mark(target ? target.box : null);
  });
  window.addEventListener("dragleave", (e) => { if (!e.relatedTarget) mark(null); });
  window.addEventListener("drop", (e) => {
    e.preventDefault();
    mark(null);
    const target = zoneOf(e.target);
    const files = e.dataTransfer ? [...e.dataTransfer.files] : [];
    if (target && files.length) handOver(target, files);
  });
}

if (typeof window !== "undefined" && typeof document !== "undefined") start();
