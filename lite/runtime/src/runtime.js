// The in-place live widgets of the book's pages: one Python per page (worker.js: the site's Pyodide
// with crib_live_kernel.py), and a widget manager (manager.js, html-manager's less what the book
// never draws) drawing the widgets it makes.
//
// Bundled by esbuild into _static/crib-live/crib-live-runtime.js (lite/crib_live.py runs the
// build); loaded by _static/crib_live_page.js as soon as a page with widgets is parsed (it draws
// their snapshots with drawSnapshots), which owns the page side (when to start,
// the snapshot, clicks made before Python is ready). See lite/README.md.
import { wrap } from 'comlink';
import { drained, nextTask } from './main_thread';
import { stateFor } from './saved_state';

// The widget manager and what it is made of are evaluated in steps, a task each, when first asked
// for (issue 36): evaluated at once with this module they held a phone's main thread for one long
// task (0.3-0.4 s at four times slower than this machine) as the page loaded. Each step evaluates
// one library and what it imports (esbuild turns each import() into a lazy initialiser within this
// one file); the last one finds them done.
const STEPS = [() => import('jquery'), () => import('underscore'), () => import('backbone'),
  () => import('@lumino/algorithm'), () => import('@lumino/coreutils'), () => import('@lumino/signaling'),
  () => import('@lumino/messaging'), () => import('@lumino/domutils'), () => import('@lumino/virtualdom'),
  () => import('@lumino/commands'), () => import('@lumino/dragdrop'), () => import('@lumino/widgets'),
  () => import('@jupyter-widgets/base'), () => import('d3-format'), () => import('d3-color'),
  () => import('nouislider'), () => import('@jupyter-widgets/controls')];
let managerLoading = null;

/** The module of the book's widget manager (manager.js), evaluated a step a task. */
export function loadManager() {
  managerLoading = managerLoading || (async () => {
    for (const step of STEPS) {
      await step();
      await nextTask();
    }
    return import('./manager');
  })();
  return managerLoading;
}

const WIDGET_VIEW = 'application/vnd.jupyter.widget-view+json';
let counter = 0;

function header(msgType) {
  counter += 1;
  return {
    msg_id: `crib-live-${Date.now()}-${counter}`,
    msg_type: msgType,
    session: 'crib-live',
    username: 'learner',
    date: new Date().toISOString(),
    version: '5.3',
  };
}

// A comm of the widget protocol, carried over the worker. Messages that arrive before the widget
// model has registered its handler (model creation is asynchronous) are kept and then delivered.
class WorkerComm {
  constructor(kernel, commId, targetName) {
    this.kernel = kernel;
    this.comm_id = commId;
    this.target_name = targetName;
    this._onMsg = null;
    this._onClose = null;
    this._early = [];
  }

  on_msg(callback) {
    this._onMsg = callback;
    const early = this._early;
    this._early = [];
    early.forEach((msg) => callback(msg));
  }

  on_close(callback) {
    this._onClose = callback;
  }

  deliver(msg) {
    if (this._onMsg) this._onMsg(msg);
    else this._early.push(msg);
  }

  closed(msg) {
    if (this._onClose) this._onClose(msg);
  }

  open(data, callbacks, metadata, buffers) {
    return this._post('comm_open', { comm_id: this.comm_id, target_name: this.target_name, data },
      callbacks, metadata, buffers);
  }

  send(data, callbacks, metadata, buffers) {
    return this._post('comm_msg', { comm_id: this.comm_id, data }, callbacks, metadata, buffers);
  }

  close(data, callbacks, metadata, buffers) {
    return this._post('comm_close', { comm_id: this.comm_id, data: data || {} }, callbacks, metadata, buffers);
  }

  _post(msgType, content, callbacks, metadata, buffers) {
    const msg = {
      header: header(msgType), parent_header: {}, metadata: metadata || {}, content,
      buffers: (buffers || []).map((b) => (ArrayBuffer.isView(b) ? b.buffer : b)),
    };
    this.kernel.sendComm(msgType, msg, callbacks);
    return msg.header.msg_id;
  }
}

// The manager of the live widgets: the book's, with the comms of the page's Python.
const liveManagerOf = (BookManager) => class LiveManager extends BookManager {
  constructor(kernel) {
    super();
    this.kernel = kernel;
  }

  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = new WorkerComm(this.kernel, modelId || header('comm').msg_id, targetName);
    this.kernel.comms.set(comm.comm_id, comm);
    if (data || metadata) comm.open(data, undefined, metadata, buffers);
    return comm;
  }

  async _get_comm_info() {
    await this.kernel.ready;
    const reply = await this.kernel.remote.commInfo({ target_name: 'jupyter.widget' },
      { header: header('comm_info_request') });
    return reply.comms || {};
  }
};

export class LiveKernel {
  /**
   * @param {Worker} worker the page's Python (crib-live-worker.js, built from worker.js), already started
   * @param {object} options what its initialize takes: pyodideUrl, indexUrl, wheels (absolute URLs)
   */
  constructor(worker, options) {
    this.comms = new Map();
    this.manager = null;  // made once the manager's module is in (loadManager), before `ready`
    this.worker = worker;
    this.remote = wrap(this.worker);
    this._current = null;
    this._runs = Promise.resolve();
    this._comms = Promise.resolve();
    this.log = [];
    this.worker.addEventListener('message', (event) => {
      const data = event.data || {};
      if (data._kernelMessage !== undefined) this._onMessage(data._kernelMessage);
      else if (data._logMessage !== undefined) this.log.push(data._logMessage);
    });
    const managed = loadManager().then(({ BookManager }) => { this.manager = new (liveManagerOf(BookManager))(this); });
    this.ready = Promise.all([this.remote.initialize(options), managed]).then(([timings]) => {
      this.workerTimings = timings;
    });
  }

  _onMessage(msg) {
    const run = this._current;
    switch (msg.type) {
      case 'stream':
        if (run) run[msg.bundle.name === 'stderr' ? 'stderr' : 'stdout'] += msg.bundle.text;
        // Outside a run (a widget's callback), e.g. the warning ipywidgets logs for a callback's
        // error: shown in the browser's console rather than lost.
        else console[msg.bundle.name === 'stderr' ? 'warn' : 'log'](`crib-live: ${msg.bundle.text}`);
        break;
      case 'execute_result':
      case 'display_data':
        if (run) run.outputs.push(msg.bundle.data);
        break;
      case 'execute_error':
        if (run) run.error = { ename: msg.bundle.ename, evalue: msg.bundle.evalue, traceback: msg.bundle.traceback };
        break;
      case 'comm_open': {
        const { comm_id: commId, target_name: target } = msg.content;
        const comm = new WorkerComm(this, commId, target);
        this.comms.set(commId, comm);
        if (target === 'jupyter.widget') {
          this.manager.handle_comm_open(comm, this._asMessage('comm_open', msg)).catch((error) => {
            console.error('crib-live: a widget could not be made', error);
          });
        }
        break;
      }
      case 'comm_msg': {
        const comm = this.comms.get(msg.content.comm_id);
        if (comm) comm.deliver(this._asMessage('comm_msg', msg));
        break;
      }
      case 'comm_close': {
        const comm = this.comms.get(msg.content.comm_id);
        if (comm) {
          this.comms.delete(msg.content.comm_id);
          comm.closed(this._asMessage('comm_close', msg));
        }
        break;
      }
      default:
        break;
    }
  }

  _asMessage(msgType, msg) {
    return {
      header: header(msgType), parent_header: msg.parentHeader || {}, channel: 'iopub',
      content: msg.content, metadata: msg.metadata || {}, buffers: msg.buffers || [],
    };
  }

  // One comm message to Python at a time, in order. ipywidgets holds a model's next change until
  // the kernel says "idle" for the last one, so the reply is followed by an idle status.
  sendComm(msgType, msg, callbacks) {
    const method = { comm_open: 'commOpen', comm_msg: 'commMsg', comm_close: 'commClose' }[msgType];
    this._comms = this._comms.then(async () => {
      await this.ready;
      try {
        await this.remote[method](msg, msg);
      } catch (error) {
        console.error(`crib-live: ${msgType} failed`, error);
      }
      const status = callbacks && callbacks.iopub && callbacks.iopub.status;
      if (status) {
        status({
          header: header('status'), parent_header: msg.header, msg_type: 'status', channel: 'iopub',
          content: { execution_state: 'idle' }, metadata: {},
        });
      }
    });
    return this._comms;
  }

  /** Run code; resolve with {status, stdout, stderr, data, outputs, error}. Runs queue in order. */
  run(code) {
    const result = this._runs.then(async () => {
      await this.ready;
      const run = { stdout: '', stderr: '', outputs: [], error: null };
      this._current = run;
      try {
        const parent = { header: header('execute_request'), parent_header: {}, metadata: {}, content: {} };
        const reply = await this.remote.execute(
          { code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false }, parent);
        const status = reply && reply.status === 'error' ? 'error' : 'ok';
        if (status === 'error' && !run.error) run.error = { ename: reply.ename, evalue: reply.evalue };
        return { status, stdout: run.stdout, stderr: run.stderr, outputs: run.outputs,
          data: run.outputs.length ? run.outputs[run.outputs.length - 1] : null, error: run.error };
      } finally {
        this._current = null;
      }
    });
    this._runs = result.catch(() => undefined);
    return result;
  }

  /** Draw a run's last output into `element`: a live widget, or HTML / text. Resolves when drawn,
   * children and all (each is drawn in a turn of its own). */
  async display(data, element) {
    if (!data) return false;
    if (data[WIDGET_VIEW]) {
      const model = await this.manager.get_model(data[WIDGET_VIEW].model_id);
      const view = await this.manager.create_view(model);
      await this.manager.display_view(view, element);
      await drained();
      return true;
    }
    if (data['text/html']) {
      element.innerHTML = data['text/html'];
    } else if (data['text/plain']) {
      const pre = document.createElement('pre');
      pre.textContent = data['text/plain'];
      element.replaceChildren(pre);
    }
    return true;
  }
}

// The page's saved states, each read once, with its widget manager and the models made so far.
let savedStates = null;
// One snapshot drawn at a time: two widgets may share a model (a style), which the first makes.
let drawing = Promise.resolve();

function pageStates(doc, BookManager) {
  savedStates = savedStates || Array.from(
    doc.querySelectorAll('script[type="application/vnd.jupyter.widget-state+json"]'),
    (tag) => ({ saved: JSON.parse(tag.textContent), manager: new BookManager(), made: new Set() }));
  return savedStates;
}

/**
 * Draw one widget's snapshot: the widget its page's saved state describes for the saved view
 * `view` (a script tag of WIDGET_VIEW), drawn before the tag, as html-manager's embed.js would (the
 * page then needs no second copy of the widget manager). Only that widget's models are made, so a
 * page draws the snapshots its reader is near, not all of them as it loads (issue 36). Resolves
 * when it is drawn (at once if it was already, or if the page has no state for it).
 * (html-manager's own renderWidgets, in lib/libembed, cannot be bundled here: it validates with ajv
 * and sets webpack's __webpack_public_path__, which esbuild does not define.)
 * @param {Element} view the saved view's script tag
 */
export function drawSnapshot(view) {
  const mine = drawing.then(async () => {
    if (!view.parentElement || view.previousElementSibling?.classList.contains('widget-subarea')) return;
    const { BookManager } = await loadManager();
    const id = JSON.parse(view.textContent).model_id;
    const page = pageStates(view.ownerDocument, BookManager).find(({ saved }) => saved.state[id]);
    if (!page) return;
    await page.manager.set_state(stateFor(page.saved, id, page.made));
    const model = await page.manager.get_model(id);
    const area = document.createElement('div');
    area.className = 'widget-subarea';
    view.parentElement.insertBefore(area, view);
    await page.manager.display_view(await page.manager.create_view(model), area);
  });
  drawing = mine.catch(() => undefined);
  return mine;
}

/** Draw every widget's snapshot in `element` (drawSnapshot, one after the other). */
export async function drawSnapshots(element = document) {
  for (const view of element.querySelectorAll(`script[type="${WIDGET_VIEW}"]`)) await drawSnapshot(view);
}
