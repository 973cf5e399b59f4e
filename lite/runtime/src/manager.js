// The widget manager of the book's pages: html-manager's HTMLManager less what the book never draws.
//
// HTMLManager also brings the Output widget (with JupyterLab's output area, its MIME renderers and
// their HTML sanitiser) and the ipywidgets 7 models, which its loadClass asks for by version: about
// half of the bundle, fetched and parsed on every widget page. The book's widgets are ipywidgets 8
// controls and nothing else (crib_widgets has no Output widget), so this manager loads those two
// modules alone and says plainly which model it cannot draw. Its drawing is HTMLManager's own.
import * as base from '@jupyter-widgets/base';
import { ManagerBase } from '@jupyter-widgets/base-manager';
import * as controls from '@jupyter-widgets/controls';
import { MessageLoop } from '@lumino/messaging';
import { Widget } from '@lumino/widgets';
import { turn } from './main_thread';

/** The modules the book's widgets use: ipywidgets 8's base (2.x) and controls (2.x). */
export const MODULES = {
  '@jupyter-widgets/base': { major: '2.', module: base },
  '@jupyter-widgets/controls': { major: '2.', module: controls },
};

/**
 * The class `className` of `moduleName` at `moduleVersion` (semver, as ipywidgets names it), or an
 * error that says what was asked and what the book's pages can draw.
 */
export function widgetClass(className, moduleName, moduleVersion) {
  const known = MODULES[moduleName];
  const version = String(moduleVersion || '').replace(/^[\^~]/, '');
  if (!known || !version.startsWith(known.major)) {
    const drawn = Object.entries(MODULES).map(([name, { major }]) => `${name} ${major}x`).join(', ');
    return Promise.reject(new Error(`the book's pages cannot draw ${className} of ${moduleName} ${moduleVersion}: `
      + `they draw ipywidgets 8 widgets (${drawn})`));
  }
  const found = known.module[className];
  return found ? Promise.resolve(found)
    : Promise.reject(new Error(`${moduleName} ${moduleVersion} has no ${className}`));
}

export class BookManager extends ManagerBase {
  constructor() {
    super();
    this._views = new Set();
    window.addEventListener('resize', () => {
      this._views.forEach((view) => MessageLoop.postMessage(view.luminoWidget, Widget.ResizeMessage.UnknownSize));
    });
  }

  /** Draw `view` (a promise of one) into `el`; a view that cannot be made is drawn as an error. */
  async display_view(view, el) {
    let shown;
    try {
      shown = await view;
    } catch (error) {
      const message = `Could not create a view for ${view}`;
      console.error(message, error);
      const ErrorModel = base.createErrorWidgetModel(error, message);
      shown = new base.ErrorWidgetView({ model: new ErrorModel() });
      shown.render();
    }
    Widget.attach(shown.luminoWidget, el);
    this._views.add(shown);
    shown.once('remove', () => this._views.delete(shown));
  }

  // Every model and every view is made after its class is loaded: the drawing of a page's widgets
  // (hundreds of models and views for a game table) gives the main thread back between them, once
  // a task has run for its budget (main_thread.js), instead of running as one long task.
  async loadClass(className, moduleName, moduleVersion) {
    await turn();
    return widgetClass(className, moduleName, moduleVersion);
  }

  /** No kernel here (a page's snapshots): no comms. LiveManager, in runtime.js, has the real ones. */
  _get_comm_info() {
    return Promise.resolve({});
  }

  _create_comm() {
    return Promise.resolve({ on_close() {}, on_msg() {}, close() {} });
  }
}
