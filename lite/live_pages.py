"""A chapter with widgets brought alive in place: the head script that makes the page's Python
worker, the page's settings (``crib-live-config``: each widget's code, the runtime's URLs), the
page script that draws and starts the widgets, and the "Open as a notebook" link under the title.
"""

from __future__ import annotations

import json
import posixpath
from html import escape
from pathlib import Path
from urllib.parse import quote

from live_cells import WIDGET_VIEW, page_widgets
from live_notebooks import LIVE_APP
from sphinx.application import Sphinx

#: The one line over a chapter's widgets (issue 36: a long note on every page was read once and then
#: skipped); each widget's own badge says how far its start has got.
LIVE_NOTICE = "Nothing to install: the widgets come alive in your browser as you reach them."
#: Added to the link of the notebook route: crib_run_all.js runs every cell once the kernel is up.
RUN_ALL_PARAM = "crib-run=all"
LIVE_CONFIG = '<script type="application/json" id="crib-live-config">'


def _executed(app: Sphinx, pagename: str) -> dict | None:
    path = Path(app.outdir).parent / "jupyter_execute" / f"{pagename}.ipynb"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


#: The page's Python and its options, made by the first lines of its head (before any stylesheet,
#: so that it runs at once). The worker's script then comes before the theme's dozen scripts take
#: every connection (six at a time on HTTP/1.1); when the learner reaches a widget,
#: crib_live_page.js tells it to start, and Python's files are asked for at once, not one round trip
#: later. Where the browser already holds Python (fetched ahead), the worker starts by itself, while
#: the page still loads (worker.js). ``window.cribLiveOptions``: what the worker needs, the
#: addresses made absolute (``o.u``). No worker with ``?crib-live-start=never`` (the static page
#: alone), nor where workers fail. Once the page has painted (its first contentful paint: not its
#: load, which a busy phone reaches first), the head script tells the worker to fetch Python's files
#: (``_cribLiveFetch``): a first visit's Python then comes down while the page loads, before a
#: widget is reached (worker.js), but never beside what the first paint needs (Lighthouse counts
#: requests made before it against the paint). Not with ``?crib-live-start=interaction`` (Python
#: only on a touch), nor where the browser cannot say when it painted (then as a widget is reached).
EARLY_WORKER = ("<script>(function(){var o=OPTIONS,r=new URL(ROOT,location.href),k,w,"
                "P=window.PerformanceObserver;for(k in o.u)o[k]=new URL(o.u[k],r).href;delete o.u;"
                "window.cribLiveOptions=o;if(/[?&]crib-live-start=never/.test(location.search))return;"
                "try{w=window.cribLiveWorker=new Worker(o.worker,{type:'module',name:JSON.stringify(o)})}"
                "catch(e){return}"
                "if(/[?&]crib-live-start=interaction/.test(location.search))return;"
                "if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(l,b){"
                "if(l.getEntriesByName('first-contentful-paint').length){b.disconnect();"
                "w.postMessage({_cribLiveFetch:1})}}).observe({type:'paint',buffered:true})})()</script>")
#: What the page's settings leave to the worker's options (``worker_options``).
WORKER_ONLY = {"pyodide", "lock", "sizes", "first", "later", "later_modules", "wasm"}


def worker_options(paths: dict) -> dict:
    """What the page's Python worker starts with (worker.js, boot): its addresses site-relative
    under ``u``, the head script makes them absolute."""
    pyodide = paths["pyodide"]
    urls = {"worker": paths["worker"], "pyodideUrl": pyodide, "indexUrl": posixpath.dirname(pyodide) + "/"}
    urls.update({key: paths[key] for key in ("stdlib", "later", "packages", "snapshot", "wasm")})
    return {"u": urls, "lock": paths["lock"], "sizes": paths["sizes"], "first": paths["first"],
            "laterModules": paths["later_modules"]}


def early_worker(root: str, options: dict) -> str:
    """The head script that makes the page's options and Python worker (``EARLY_WORKER``)."""
    def js(value: object) -> str:
        return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")

    return EARLY_WORKER.replace("ROOT", js(root)).replace("OPTIONS", js(options))


def add_live(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Bring the widgets of a chapter alive in place, and link its notebook under the title."""
    if doctree is None or "body" not in context:
        return
    source = Path(app.env.doc2path(pagename))
    if source.suffix != ".ipynb":
        return
    forced = json.loads(source.read_text(encoding="utf-8")).get("metadata", {}).get("crib_live")
    if not (forced if forced is not None else WIDGET_VIEW in context["body"]):
        return
    executed = _executed(app, pagename)
    widgets, helper = page_widgets(executed, pagename) if executed else ([], False)
    root = posixpath.relpath(".", posixpath.dirname(pagename) or ".") + "/"
    # what only Python's worker needs is in the head script's options (``worker_options``)
    shown = {key: value for key, value in app.config._crib_live_paths.items() if key not in WORKER_ONLY}
    config = {"root": root, **shown, "start": "view", "widgets": widgets,
              "modules": {"cribbook.py": "lite/files/cribbook.py"} if helper else {}}
    data = json.dumps(config, ensure_ascii=False).replace("</", "<\\/")
    href = context["pathto"](LIVE_APP, 1) + "?path=" + quote(source.name) + "&" + RUN_ALL_PARAM
    link = (
        '<div class="crib-live" role="note">'
        f'<span class="crib-live-text">{LIVE_NOTICE}</span>'
        f'<a class="crib-live-button" href="{escape(href)}" target="_blank" rel="noopener">'
        "Open as a notebook</a></div>"
    )
    # The first script of the head (Sphinx sorts them by priority; its own are 200): deferred, it
    # runs as soon as the page is parsed, so the snapshots are drawn and Python starts while the
    # theme's scripts still load and run, and window.cribLive is there before DOMContentLoaded, for
    # the page scripts that ask for it then. Sphinx adds its ?v= digest. High priority: on a
    # connection that takes six requests at a time (HTTP/1.1), a deferred script otherwise waits
    # until the stylesheets are in before it is even asked for, and Python's start waits for it.
    app.builder.add_js_file("crib_live_page.js", defer="defer", fetchpriority="high", priority=100)
    # a page with widgets starts Python by itself when the browser holds it; one that only uses
    # window.cribLive (its own scripts) starts it when they ask
    options = {**worker_options(app.config._crib_live_paths), "startIfHeld": bool(widgets)}
    context["metatags"] = context.get("metatags", "") + early_worker(root, options)
    body = context["body"]
    end = body.find("</h1>")
    if widgets:  # a page that only uses window.cribLive (``crib_live: true``) has no notebook to offer
        body = body[: end + 5] + link + body[end + 5:] if end >= 0 else link + body
    context["body"] = body + f"{LIVE_CONFIG}{data}</script>"
