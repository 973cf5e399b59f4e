/* "Open as a notebook" (lite/crib_live.py): when the notebook app is opened with ?crib-run=all,
 * run every cell once the kernel is ready, so the learner never has to find Run > Run All Cells.
 * Built into the site's lite/ folder and loaded (deferred) by lite/notebooks/index.html. */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function runAll() {
  let app = window.jupyterapp;
  for (let i = 0; !app && i < 600; i += 1) { await pause(100); app = window.jupyterapp; }
  if (!app) return;
  await app.restored;
  let panel = null;
  for (let i = 0; i < 600; i += 1) {
    const widget = app.shell.currentWidget;
    if (widget && widget.sessionContext && widget.content && widget.content.widgets) { panel = widget; break; }
    await pause(100);
  }
  if (!panel) return;
  await panel.context.ready;
  await panel.sessionContext.ready;
  const kernel = () => panel.sessionContext.session && panel.sessionContext.session.kernel;
  for (let i = 0; !kernel() && i < 600; i += 1) await pause(100);
  await app.commands.execute('notebook:run-all-cells');
}

if (/[?&]crib-run=all\b/.test(location.search)) {
  runAll().catch((error) => console.error('crib-live: could not run the notebook', error));
}
