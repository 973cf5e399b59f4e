// A page's saved widget state (application/vnd.jupyter.widget-state+json), cut to one widget: the
// snapshot of a widget is drawn from the models it refers to, not from every model of the page
// (issue 36: a page draws only the snapshots a reader is near, so it makes only their models).

const REFERENCE = 'IPY_MODEL_';

function references(value, found) {
  if (typeof value === 'string') {
    if (value.startsWith(REFERENCE)) found.push(value.slice(REFERENCE.length));
  } else if (Array.isArray(value)) {
    value.forEach((item) => references(item, found));
  } else if (value && typeof value === 'object') {
    Object.values(value).forEach((item) => references(item, found));
  }
  return found;
}

/** The ids of model `modelId` and of every model it refers to, directly or not (its children,
 * layouts, styles), that `models` (a saved state's `state`) holds. */
export function modelsOf(models, modelId) {
  const seen = new Set();
  const todo = [modelId];
  while (todo.length) {
    const id = todo.pop();
    if (seen.has(id) || !Object.prototype.hasOwnProperty.call(models, id)) continue;
    seen.add(id);
    references(models[id].state, todo);
  }
  return seen;
}

/** The saved state `saved` cut to what widget `modelId` needs and `made` (a Set of ids, updated)
 * does not hold yet: what a widget manager's set_state must still make to draw that widget. */
export function stateFor(saved, modelId, made) {
  const state = {};
  modelsOf(saved.state, modelId).forEach((id) => {
    if (made.has(id)) return;
    made.add(id);
    state[id] = saved.state[id];
  });
  return { ...saved, state };
}
