/* The assignment page (book/assignment.ipynb): a student does the set their teacher's link names.
 *
 * The link (after "#", so no server sees it) names the set, the student, the options and carries the
 * cards of each question, made by the Python engine when the teacher ran `crib assign`; it never
 * carries an answer. This script only draws those cards, keeps the typed answers in the browser
 * (localStorage: no sign-up, nothing sent anywhere) and writes the results file, signed with the
 * student's key from the link. Every score comes from Python: when the page's live Python
 * (window.cribLive, lite/README.md) is there, answers are read, and checked if the teacher allowed
 * it, by crib_widgets itself; `crib grade` scores everything again from the seed in any case.
 *
 * A short link (#set=counting/easy/10/7&code=4KM-Q7R-2XD, or the two codes typed from a printed
 * sheet) carries no cards: the name the student types is checked against the student code
 * (lib/short.js), then the page's Python makes the cards, and the results file is signed under a
 * key made from the code (crib_widgets.exercises.short), so it is handed in like a whole link's.
 */
import { distance, foldName, nameKey, samePerson } from "./lib/names.js";
import { readLink } from "./lib/link.js";
import { PROGRESS_IMPORT, answerHint, attachable, feedbackOf, progressCall, promptOf, resultsName }
  from "./lib/payload.js";
import { resultsFile } from "./lib/results.js";
import { openShort } from "./lib/short.js";

const ROOT_ID = "crib-assignment";
const $ = (tag, attrs = {}, ...children) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
};

const base64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-")
  .replace(/\//g, "_").replace(/=+$/, "");

async function unpack(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return JSON.parse(await new Response(stream).text());
}

// ---- the page's Python (optional) ----------------------------------------------------------------
const pyString = (s) => JSON.stringify(String(s));
const ASSIGN = "from crib_widgets.exercises.assign import page_reply, practice_data";
async function python(call, imports = ASSIGN) {
  const live = window.cribLive;
  if (!live || live.state === "failed") return null;
  const result = await live.run(`import json\n${imports}\nprint(${call})`);
  if (result.status !== "ok") return null;
  return JSON.parse(result.stdout.trim().split("\n").pop());
}

// ---- drawing ---------------------------------------------------------------------------------------
// data-card ("10H") lets the counting voice light the cards it is counting (crib-voice.js)
const SUITS = { "♥": "H", "♦": "D", "♣": "C", "♠": "S" };
const card = ([pretty, name], asked) => $("span", {
  class: "ca-card" + (/[♥♦]/.test(pretty) ? " red" : "") + (asked ? " asked" : ""),
  role: "img", "aria-label": name + (asked ? ", the card in question" : ""), title: name, text: pretty,
  "data-card": pretty.replace(/[♥♦♣♠]/, (c) => SUITS[c]),
});
// Words for screen readers only ("Question 3: " before "Your answer"), styled in assignment.css.
const unseen = (text) => $("span", { class: "ca-sr", text });
function picture(q) {
  if (q.plays) {
    const row = $("div", { class: "ca-play" });
    q.plays.forEach(([seat, c, count], i) => row.append($("span", { class: "ca-entry" },
      $("span", { class: "ca-seat", text: seat }),
      c ? card(c, i === q.asked) : $("span", { class: "ca-card go", role: "img", "aria-label": seat + " says go", text: "GO" }),
      $("span", { class: "ca-count", text: c ? (i === q.asked ? "?" : String(count)) : "go" }))));
    return [row, q.final ? $("p", { class: "ca-note", text: "End of the play: every card is laid." }) : null];
  }
  return [$("div", { class: "ca-cards" },
    $("span", { class: "ca-group" }, $("span", { class: "ca-label", text: q.crib ? "Crib" : "Hand" }),
      ...q.hand.map((c) => card(c))),
    $("span", { class: "ca-group" }, $("span", { class: "ca-label", text: "Starter" }), card(q.starter)))];
}

// ---- the assignment ---------------------------------------------------------------------------------
// A teacher's link ends with a checksum of itself (lib/link.js): a link cut short, edited or damaged
// is told apart from the one the teacher sent.
const AGAIN = " Open the link again from your teacher's message, whole (click it there, or copy all of it), " +
  "or ask your teacher to send it again.";
const LINK_PROBLEMS = {
  cut: "This link is cut short: its end is missing, so your set cannot be shown." + AGAIN,
  changed: "This link has been changed or damaged since your teacher made it (some letters are different), " +
    "so it might not show your own cards." + AGAIN,
};
const NO_MAKER = "This browser could not make your cards here: try another browser, or use the link your teacher sent.";
const wellFormed = (data, set) => data && Array.isArray(data.questions) && Array.isArray(data.intro) &&
  Array.isArray(data.kinds) && typeof data.title === "string" &&
  data.questions.length === Number(set.split("/")[2]) &&
  data.questions.every((q, i) => q && q.n === i + 1 && typeof q.prompt === "string");

function showProblem(root, problem) {
  root.replaceChildren($("p", { class: "ca-error", role: "alert", text: problem }),
    $("p", {}, $("a", { href: location.pathname, text: "Type the codes printed on your sheet instead" })));
}

async function main(root) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("code")) return shortStart(root, fragment.get("set") || "", fragment.get("code"));
  const { link, problem: broken } = await readLink(location.hash.slice(1));
  if (!link) return practiceForm(root);
  if (broken) return showProblem(root, LINK_PROBLEMS[broken]);
  if (!link.check) { // a test: the page does not point to places where answers could be checked
    for (const el of document.querySelectorAll(".ca-practice-note")) el.hidden = true;
  }
  let data = null;
  let problem = "This link is damaged: its set cannot be read." + AGAIN;
  if (link.q) {
    try { data = await unpack(link.q); } catch { data = null; }
    if (!wellFormed(data, link.set)) data = null;
  } else if (!window.cribLive) {
    problem = "Opening a set by its code works on the book's published site, not on this copy of it: " +
      "use the link your teacher sent, or the book's published site.";
  } else {
    root.replaceChildren($("p", { class: "ca-msg", role: "status",
      text: "Making your cards (the first time takes a little while)…" }));
    data = await python(`practice_data(${pyString(link.set)}, ${pyString(link.student)})`);
    if (data && data.error) { problem = `The set ${link.set} could not be opened: ${data.error}.`; data = null; }
    else if (!data) problem = NO_MAKER;
  }
  if (!data) return showProblem(root, problem);
  run(root, link, data, !link.q);
}

const SHORT_PROBLEMS = {
  set: "Type the set code as printed at the top of your sheet, e.g. counting/medium/6/7.",
  code: "Type the student code printed on your sheet: nine letters and numbers, e.g. 4KM-Q7R-2XD.",
  typo: "The set code and the student code do not go together: one of them has a typo. Check both against your sheet.",
  name: "This name does not go with this student code. Type your name as it is printed on your sheet, " +
    "and check the code.",
  empty: "Type your name first.",
};

function practiceForm(root) {
  const code = $("input", { id: "ca-code", placeholder: "e.g. counting/medium/6/7", size: 24, autocomplete: "off" });
  const student = $("input", { id: "ca-scode", placeholder: "e.g. 4KM-Q7R-2XD", size: 14, autocomplete: "off",
    "aria-describedby": "ca-scode-help" });
  const name = $("input", { id: "ca-pname", placeholder: "as printed on your sheet", size: 24, autocomplete: "name" });
  const msg = $("p", { class: "ca-msg", role: "alert" });
  const FIELD_OF = { set: code, code: student, typo: student, name, empty: name };
  const go = async () => {
    if (student.value.trim()) {
      const { entry, problem } = await openShort(code.value, student.value, name.value);
      if (problem) { msg.textContent = SHORT_PROBLEMS[problem]; retry(FIELD_OF[problem]); return; }
      // the address now holds the codes (not the name), so a reload asks only for the name
      const typed = `${entry.code.slice(0, 3)}-${entry.code.slice(3, 6)}-${entry.code.slice(6)}`;
      history.replaceState(null, "", "#" + new URLSearchParams({ set: entry.set, code: typed }).toString());
      return openShortSet(root, entry);
    }
    if (!/^\s*\w+\/\w+\/\d+\/\d+\s*$/.test(code.value)) { msg.textContent = SHORT_PROBLEMS.set; retry(code); return; }
    location.hash = new URLSearchParams({ v: "1", set: code.value.trim(), student: name.value.trim(), check: "1", by: "total" }).toString();
    location.reload();
  };
  for (const input of [code, student, name]) input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  root.replaceChildren($("div", { class: "ca-start" },
    $("p", { text: "Open the link your teacher sent you, or type what is printed on your sheet:" }),
    $("p", {}, $("label", { for: "ca-code", text: "Set code " }), code),
    $("p", {}, $("label", { for: "ca-scode", text: "Student code " }), student),
    $("p", { class: "ca-help", id: "ca-scode-help", text: "With your student code, your answers can be " +
      "handed in. Without it (a sheet with no student code), this is practice: you can check your answers." }),
    $("p", {}, $("label", { for: "ca-pname", text: "Your name " }), name),
    $("button", { type: "button", class: "ca-button", text: "Open my set", onclick: go }), msg));
}

// After a problem, the box to correct has the focus with its text selected: a keyboard or screen-reader
// user is not left on the button (or the page's top) to find it again among the page's links.
function retry(input) {
  input.focus();
  input.select();
}

// A short link (or the codes typed above): the name is asked for, checked against the code, then
// the cards are made with the book's Python.
function shortStart(root, set, code) {
  const name = $("input", { id: "ca-name", autocomplete: "name", size: 24 });
  const msg = $("p", { class: "ca-msg", role: "alert" });
  const go = async () => {
    const { entry, problem } = await openShort(set, code, name.value);
    if (["set", "code", "typo"].includes(problem)) { // the link itself is damaged, not the name typed
      return showProblem(root, "This short link is damaged (a letter is missing or changed). Type the set code " +
        "and the student code from your sheet instead.");
    }
    if (problem) { msg.textContent = SHORT_PROBLEMS[problem]; retry(name); return; }
    openShortSet(root, entry);
  };
  name.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  root.replaceChildren($("div", { class: "ca-start" },
    $("h2", { text: "Your assignment" }),
    $("p", { class: "ca-meta", text: `Set code ${set} · student code ${code}` }),
    $("p", {}, $("label", { for: "ca-name", text: "Type your name, as it is printed on your sheet: " }), name, " ",
      $("button", { type: "button", class: "ca-button", text: "Start", onclick: go })), msg));
  name.focus();
}

async function openShortSet(root, entry) {
  if (!window.cribLive) {
    return showProblem(root, "Opening a set from its codes works on the book's published site, not on this " +
      "copy of it: use the link your teacher sent, or the book's published site.");
  }
  root.replaceChildren($("p", { class: "ca-msg", role: "status",
    text: "Making your cards (the first time takes a little while)…" }));
  // a code printed before 6 December 2026 makes the cards it always made (assign.practice_data)
  const data = await python(`practice_data(${pyString(entry.set)}, ${pyString(entry.student)}, ` +
    `${entry.before ? "True" : "False"})`);
  if (!data || data.error || !wellFormed(data, entry.set)) {
    return showProblem(root, data && data.error ? `The set ${entry.set} could not be opened: ${data.error}.` :
      NO_MAKER);
  }
  if (!entry.check) for (const el of document.querySelectorAll(".ca-practice-note")) el.hidden = true;
  // "dealt" names the cards made, so crib grade grades the results on these cards and no others
  const link = { set: entry.set, student: entry.student, check: entry.check, by: entry.by, klass: entry.klass,
    key: entry.key, q: "", confirmed: true, dealt: typeof data.dealt === "string" ? data.dealt : "" };
  run(root, link, data, false, true);
}

// The browser's storage keeps answers between visits; where it is blocked (private windows, school
// settings) the answers are kept in the page only, and the student is told to download before closing.
const memory = {};
let storageWorks = true;
function stored(name) {
  try { return JSON.parse(localStorage.getItem(name) || "{}") || {}; }
  catch (e) { storageWorks = false; return memory[name] || {}; }
}
function keep(name, value) {
  memory[name] = JSON.parse(JSON.stringify(value));
  try { localStorage.setItem(name, JSON.stringify(value)); } catch (e) { storageWorks = false; }
}

function run(root, link, data, practice, focus = false) {
  // (the name as the page always lowercased it, so answers kept before stay found)
  const storedName = link.student.normalize("NFC").trim().split(/\s+/).join(" ").toLowerCase();
  const store = "crib-assignment:" + (link.klass || link.set) + ":" + storedName;
  const saved = stored(store);
  const fresh = data.questions.map(() => null);
  const answers = Array.isArray(saved.answers) && saved.answers.length === fresh.length ? saved.answers : fresh;
  const state = { answers, confirmed: !!saved.confirmed || !link.student || !!link.confirmed, status: fresh.slice(),
    downloaded: true };
  const save = () => { keep(store, { answers: state.answers, confirmed: state.confirmed }); state.downloaded = false; };
  const header = $("header", { class: "ca-header" },
    $("h2", { text: data.title + (link.student ? " for " + link.student : "") }),
    $("p", { class: "ca-meta", text: `Set code ${link.set} · ${data.questions.length} questions · ` +
      (data.questions.some((q) => "said" in q) ? "make a call for each count" :
        link.by === "kind" ? "give the points of each kind" : "give each answer as a total") +
      (link.check ? " · you may check as you go" : " · no checking until your teacher grades it") }));
  if (!state.confirmed) return confirmName(root, header, link, state, save, () => run(root, link, data, practice, true));
  // the instructions come after the name, beside the questions they are about
  header.append(...data.intro.map((t) => $("p", { class: "ca-intro", text: t })));
  const progress = $("p", { class: "ca-progress", role: "status", "aria-live": "polite" });
  const list = $("ol", { class: "ca-questions" });
  const update = () => {
    const n = state.answers.filter((a) => a !== null && a !== "").length;
    progress.textContent = `${n} of ${data.questions.length} answered · ` +
      (storageWorks ? "kept in this browser" : "kept on this page only");
  };
  const warning = storageWorks ? null : $("p", { class: "ca-warning", role: "alert",
    text: "⚠ This browser is not letting the page keep your answers, so they are kept on this page only. " +
      "Download your results file (at the bottom) before you close or reload this page, or your answers are lost." });
  if (!practice) {
    window.addEventListener("beforeunload", (e) => {
      if (!state.downloaded && !storageWorks) { e.preventDefault(); e.returnValue = ""; }
    });
  }
  data.questions.forEach((q, i) => list.append(question(q, i, link, data, state, save, update)));
  const finish = finishBox(link, data, state, practice);
  // A set opened by its code has no class list to check the name against: the cards are the check.
  const same = practice ? $("p", { class: "ca-msg", text: "Question 1 should show the same cards as " +
    "your sheet. If it does not, check the set code and your name, spelt exactly as printed on the sheet." }) : null;
  root.replaceChildren(...[header, warning, same, progress, list, finish].filter(Boolean));
  update();
  // after Start, the first question's box (not the page's top) has the focus
  if (focus) list.querySelector("input")?.focus();
}

function confirmName(root, header, link, state, save, start) {
  const input = $("input", { id: "ca-name", autocomplete: "name", size: 24 });
  const msg = $("p", { class: "ca-msg", role: "alert" });
  const yes = $("button", { type: "button", class: "ca-button", hidden: true, text: `Yes, I am ${link.student}`,
    onclick: () => { state.confirmed = true; save(); start(); } });
  const go = () => {
    const typed = input.value;
    yes.hidden = true;
    if (!typed.trim()) { msg.textContent = "Type your name first."; return; }
    // as people type names: "María García", "garcia maria" and "García, María" are one person
    if (nameKey(typed) === nameKey(link.student) || samePerson(typed, link.student)) {
      state.confirmed = true; save(); start(); return;
    }
    if (foldName(typed) === foldName(link.student) || distance(foldName(typed), foldName(link.student)) <= 2) {
      msg.textContent = `“${typed.trim()}” is not the name on this link: did you mean ${link.student}?`;
      yes.hidden = false;
      return;
    }
    msg.textContent = `This link is for ${link.student}, not “${typed.trim()}”: ask your teacher for your own link.`;
  };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  root.replaceChildren(header, $("div", { class: "ca-start" },
    $("p", {}, $("label", { for: "ca-name", text: "Type your name to start: " }), input, " ",
      $("button", { type: "button", class: "ca-button", text: "Start", onclick: go })), msg, yes));
  input.focus();
}

function question(q, i, link, data, state, save, update) {
  const muggins = "said" in q;
  const perKind = link.by === "kind" && !muggins;
  const id = `ca-q${q.n}`;
  const feedback = $("div", { class: "ca-feedback", id: id + "-fb", role: "status", "aria-live": "polite" });
  const voice = $("div", { class: "ca-voice" });
  const stored = state.answers[i];
  let read;
  const fields = $("div", { class: "ca-fields" });
  if (perKind) {
    const values = {};
    (stored || "").split(",").forEach((part) => {
      const m = part.trim().match(/^(.*\D)\s+(\d+)$/);
      if (m) values[m[1].trim()] = m[2];
    });
    const boxes = data.kinds.map(([k, label]) => {
      const box = $("input", { id: `${id}-${k.replace(/\s/g, "-")}`, inputmode: "numeric", size: 3,
        "aria-describedby": id + "-fb", value: values[k] || "" });
      fields.append($("label", { class: "ca-kind", for: box.id }, unseen(`Question ${q.n}: `), label + " "), box);
      return [k, box];
    });
    read = () => {
      const filled = boxes.filter(([, b]) => b.value.trim() !== "");
      if (!filled.length) return null;
      return boxes.map(([k, b]) => `${k} ${b.value.trim() || "0"}`).join(", ");
    };
  } else {
    const box = $("input", { id: id + "-answer", size: 30, placeholder: answerHint(data) || null, value: stored || "",
      "aria-describedby": id + "-fb" });
    fields.append($("label", { for: box.id }, unseen(`Question ${q.n}: `), muggins ? "Your call: " : "Your answer: "), box);
    read = () => (box.value.trim() === "" ? null : box.value.trim());
  }
  let answered = null; // the text the feedback is about, so leaving the box does not read it again
  const ask = async (check) => {
    const text = read();
    if (text === null) { feedback.textContent = check ? "Type an answer first." : ""; return; }
    if (!check && text === answered) return;
    if (!window.cribLive) {
      feedback.textContent = check ? "Checking works on the book's published site, not on this copy of it: your answer is saved." : "";
      return;
    }
    feedback.textContent = window.cribLive.state === "ready" ? "Reading…" : "Getting the checker ready (the first time takes a little while)…";
    // the question as shown goes too: Python says "stale" when a link's cards are not the ones it deals now
    const reply = await python(`page_reply(${pyString(link.set)}, ${pyString(link.student)}, ${q.n}, ${pyString(text)}, ` +
      `${check ? "True" : "False"}, ${pyString(JSON.stringify(q))})`);
    if (!reply) { feedback.textContent = "The checker could not start in this browser; your answer is saved and your teacher will mark it."; return; }
    answered = text;
    state.status[i] = reply.status;
    // the mark and the detail are Python's (assign.page_reply): "read" has a pencil, never a tick
    const { mark, detail, kinds } = feedbackOf(reply);
    feedback.replaceChildren($("b", { text: mark }), ": " + detail,
      kinds.length ? $("ul", {}, ...kinds.map((k) => $("li", { text: k }))) : "");
    feedback.className = "ca-feedback ca-" + reply.status;
    // A hand counted right may be heard counted aloud, as in the chapters (never before: it would
    // tell the answer). The block is the voice's own HTML, made by our Python (crib_widgets.voice).
    if (reply.status === "right" && q.hand && !voice.firstChild) {
      // the question shown goes too, so the voice counts the cards on the page (a link of before)
      const html = await python(`json.dumps(page_voice(${pyString(link.set)}, ${pyString(link.student)}, ${q.n}, ` +
        `${pyString(JSON.stringify(q))}))`,
        "from crib_widgets.exercises.page_voice import page_voice");
      if (typeof html === "string") {
        voice.innerHTML = html;
        // ten buttons all called "Hear the count" tell a screen reader nothing: each names its question
        voice.querySelector(".crib-voice-play")?.setAttribute("aria-label", `Hear the count of question ${q.n}`);
      }
    }
  };
  fields.addEventListener("input", () => {
    state.answers[i] = read(); state.status[i] = null; save(); update();
    feedback.textContent = ""; feedback.className = "ca-feedback"; voice.replaceChildren();
  });
  fields.addEventListener("change", () => ask(false));
  // Enter checks (when allowed) or reads the answer, as the Check button does.
  fields.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); ask(link.check); } });
  const buttons = link.check ? $("button", { type: "button", class: "ca-button", text: "Check",
    "aria-label": `Check question ${q.n}`, onclick: () => ask(true) }) : null;
  return $("li", { class: "ca-question", id, "data-voice-scope": true },
    $("p", { class: "ca-prompt" }, $("span", { class: "ca-qnum", text: String(q.n) }), promptOf(q)),
    ...picture(q), $("p", { class: "ca-text", text: q.text }), fields, buttons, feedback, voice);
}

// ---- the learner's progress from the book (optional, in the results file only) ---------------------
// The book's trainers keep the learner's progress in this browser under "crib-progress" (the
// document of crib_widgets.lessons.store.Store). When the student ticks the box, the results file
// carries the answers that give their stars, as the page's Python chooses them
// (lessons.attach.attachable_progress, with the store's own rules), so the stars the
// teacher's report works out are the ones the book shows. The signature does not cover it, the
// results code never carries it, and grading never checks it (crib_widgets.exercises.results).
const PROGRESS_KEY = "crib-progress";
async function progressToAttach() {
  let text;
  try { text = localStorage.getItem(PROGRESS_KEY); }
  catch (e) { return { why: "This browser is not letting the page read your progress, so there is nothing to add." }; }
  if (!window.cribLive) {
    return { why: "Adding your progress works on the book's published site, not on this copy of it." };
  }
  return attachable(await python(progressCall(text || ""), PROGRESS_IMPORT)) ||
    { why: "The page's Python could not start in this browser, so your progress cannot be added." };
}

function progressChoice() {
  const box = $("input", { type: "checkbox", id: "ca-add-progress", "aria-describedby": "ca-add-progress-help",
    disabled: true });
  const help = $("p", { class: "ca-help", id: "ca-add-progress-help", text: "Looking for your progress from the book…" });
  const note = $("p", { class: "ca-help", role: "status", "aria-live": "polite" });
  box.addEventListener("change", () => {
    note.textContent = box.checked ? "Your stars go in the results file only: the results code stays the same, without them." : "";
  });
  const part = $("div", { class: "ca-add-progress" },
    $("p", { class: "ca-tick" }, box, $("label", { for: box.id, text: "Add my progress from this browser (my stars for each skill)" })),
    help, note);
  progressToAttach().then((found) => {
    box.disabled = !found.json;
    part.classList.toggle("ca-nothing", !found.json);
    help.textContent = found.json ?
      "Tick this if you want your results file to also show your stars for each skill from the book's practice, " +
      "so your teacher can see them next to your answers. You don't have to: it is up to you, and it does not change your score." :
      found.why;
  });
  // read again at the moment of saving: the student may have practised in another tab meanwhile
  return { part, attached: async () => (box.checked && !box.disabled ? (await progressToAttach()).json || null : null) };
}

// The results file's name is Python's (assign.page_data "file", class_folder.file_stem); a link made
// before links carried it asks the page's Python.
async function fileName(link, data) {
  const given = resultsName(data);
  if (given) return given;
  const asked = await python(`json.dumps(results_name(${pyString(link.student)}))`,
    "from crib_widgets.exercises.file_names import results_name");
  return resultsName({ file: asked }) || "results.json";
}

function finishBox(link, data, state, practice) {
  const msg = $("p", { class: "ca-msg", role: "status" });
  if (practice) {
    return $("section", { class: "ca-finish" }, $("p", { text: "Practice set: nothing to hand in. Check each answer " +
      "as you go. To hand your answers in, open this page again and type the student code from your sheet too, " +
      "or use the link your teacher sent." }));
  }
  // the time saved is signed with the answers: crib grade grades a student's latest file. The same
  // answers keep the time first signed, so the results code and the file saved with them are one.
  let signed = null;
  const results = async () => {
    const answers = state.answers.map((a) => (a === "" ? null : a));
    const key = JSON.stringify(answers);
    if (!signed || signed.key !== key) signed = { key, file: await resultsFile(link, answers) };
    return signed.file;
  };
  const named = fileName(link, data);
  const missing = () => state.answers.filter((a) => a === null || a === "").length;
  const choice = progressChoice();
  const download = $("button", { type: "button", class: "ca-button primary", text: "Download my results file", onclick: async () => {
    // The progress goes last, on one line, outside what the signature covers.
    const [progress, name] = [await choice.attached(), await named];
    const text = JSON.stringify(await results(), null, 1);
    const file = progress ? text.replace(/\n}$/, `,\n "progress": ${progress}\n}`) : text;
    const blob = new Blob([file + "\n"], { type: "application/json" });
    const a = $("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(a); a.click(); a.remove();
    state.downloaded = true;
    const left = missing();
    const unread = state.status.map((s, i) => (s === "unreadable" ? i + 1 : 0)).filter(Boolean);
    msg.textContent = `Saved ${name}` + (left ? ` (${left} question${left === 1 ? "" : "s"} left blank)` : "") +
      (progress ? ", with your stars from the book" : "") + ": hand this file in to your teacher." + (unread.length ? ` Question${unread.length === 1 ? "" : "s"} ` +
      `${unread.join(", ")} could not be read: write ${unread.length === 1 ? "it" : "them"} as a number or ` +
      "as you count aloud (e.g. 12, or fifteen two, fifteen four and a pair is six), then download again." : "");
  } });
  const codeBox = $("textarea", { class: "ca-code", rows: 3, readonly: true, "aria-label": "your results code", hidden: true });
  const copy = $("button", { type: "button", class: "ca-button", text: "Show a results code to copy", onclick: async () => {
    codeBox.value = "CRIB1-" + base64url(new TextEncoder().encode(JSON.stringify(await results())));
    codeBox.hidden = false; codeBox.select();
    try { await navigator.clipboard.writeText(codeBox.value); msg.textContent = "Copied: paste it where your teacher asked."; }
    catch (e) { msg.textContent = "Select the code and copy it (Ctrl+C), then paste it where your teacher asked."; }
  } });
  return $("section", { class: "ca-finish" }, $("h3", { text: "When you have finished" }),
    $("p", { text: (storageWorks ? "Your answers stay in this browser, so you can come back later. " : "") +
      "To hand them in, download the results file (or copy the code) and give it to your teacher. Your teacher marks every answer again from your cards." }),
    choice.part, download, " ", copy, codeBox, msg);
}

function start() {
  const root = document.getElementById(ROOT_ID);
  if (root) main(root).catch(() => showProblem(root, "This set could not be shown from this link." + AGAIN));
}
window.addEventListener("hashchange", () => location.reload());
// Loaded with defer, so this runs once the page is parsed but before the deferred scripts after it:
// start when they have run too (DOMContentLoaded), so window.cribLive (crib_live_page.js) is there.
if (document.readyState === "complete") start();
else document.addEventListener("DOMContentLoaded", start, { once: true });
