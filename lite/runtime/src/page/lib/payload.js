/* What the assignment page takes from Python as it is, never working it out itself (issue 40):
 * the example in an answer box, the question as shown, the results file's name (from the link's
 * payload, assign.page_data, or the page's Python for a set opened by its codes), the mark and the
 * detail of a reply (assign.page_reply) and the progress a results file may carry
 * (lessons.attach.attachable_progress). tests/data/page_vectors.json holds Python's values. */

/** The example in an answer box; "" for a link made before links carried it. */
export const answerHint = (data) => (typeof data.hint === "string" ? data.hint : "");

/** The question's first line, as Python words it for the page. */
export const promptOf = (question) => String(question.prompt);

/** The results file's name Python gave (assign.page_data "file"), or null (an older link). */
export function resultsName(data) {
  const file = data.file;
  return typeof file === "string" && /^results-[^/\\]{1,200}\.json$/.test(file) ? file : null;
}

/** What the page writes for a reply: the mark, then the detail, then each kind on a line. */
export const feedbackOf = (reply) => ({ mark: String(reply.mark), detail: String(reply.detail),
  kinds: Array.isArray(reply.kinds) ? reply.kinds.map(String) : [] });

/** The Python expression that chooses the progress to attach from the browser's kept text (a JSON
 * string literal is a Python one: lone surrogates and control characters arrive escaped). */
export const progressCall = (kept) => `json.dumps(attachable_progress(${JSON.stringify(String(kept))}))`;
export const PROGRESS_IMPORT = "from crib_widgets.lessons.attach import attachable_progress";

/** Python's answer about the progress: {json} to attach, or {why} to show; null if it made no sense. */
export function attachable(answer) {
  if (answer && typeof answer.json === "string") return { json: answer.json };
  if (answer && typeof answer.why === "string") return { why: answer.why };
  return null;
}
