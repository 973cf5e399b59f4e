// The widgets' HTML descriptions (`description_allow_html`), made safe by the browser's own parser
// instead of the sanitize-html package: that one brings htmlparser2, two copies of `entities` (whose
// tables are built as the bundle is evaluated) and postcss, a quarter of the widget runtime, and
// 20 ms of a page's main thread on every widget page, for an option the book never sets.
// esbuild puts this module where @jupyter-widgets/base-manager imports 'sanitize-html'
// (package.json, build:runtime), which calls it with the two options below and no other.

/** Elements dropped with what they hold; any other element not allowed keeps its text. */
const DROPPED = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed',
  'template', 'svg', 'math']);
/** What a link or a picture's address may start with (sanitize-html's default schemes). */
const SAFE_ADDRESS = /^(?:(?:https?|ftp|mailto|tel):|[^:]*$)/i;

function allowed(name, tag, allowedAttributes) {
  return [...(allowedAttributes[tag] || []), ...(allowedAttributes['*'] || [])].some((pattern) => (
    pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern));
}

// An address as a browser reads it: without the spaces and control characters it skips.
const visible = (value) => [...value].filter((c) => c.charCodeAt(0) > 32).join('');

function clean(node, tags, attributes) {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === 8) { child.remove(); continue; }  // a comment
    if (child.nodeType !== 1) continue;
    const tag = child.localName;
    if (DROPPED.has(tag)) { child.remove(); continue; }
    clean(child, tags, attributes);
    if (!tags.includes(tag)) { child.replaceWith(...child.childNodes); continue; }
    for (const { name, value } of [...child.attributes]) {
      const address = name === 'href' || name === 'src';
      if (!allowed(name, tag, attributes) || (address && !SAFE_ADDRESS.test(visible(value)))) {
        child.removeAttribute(name);
      }
    }
  }
}

/** `dirty` with only `allowedTags` (their text kept otherwise) and `allowedAttributes` left. */
export default function sanitize(dirty, { allowedTags = [], allowedAttributes = {} } = {}) {
  const template = document.createElement('template');  // its content is inert: nothing loads or runs
  template.innerHTML = String(dirty);
  clean(template.content, allowedTags, allowedAttributes);
  return template.innerHTML;
}
