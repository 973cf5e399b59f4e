/* The counting voice on the book's pages (crib_widgets.voice.player makes the blocks).
 *
 * Each <div class="crib-voice" data-voice="..."> carries a count laid out by Python: which slices
 * of the phrase bank go where (segments), when each step is said (steps), its words, running
 * totals and the cards that score. On a click (never by itself) this script builds the clip from
 * the bank the site serves (_static/crib-voice-bank.wav, fetched once), plays it in the block's
 * <audio> element, and steps the lit cards and the running total with the words. The voice switch
 * and the speed are remembered for the site (localStorage); with the voice off the count still
 * steps on screen, silently. The blocks start hidden, so a page without this script shows none.
 */
var script = document.currentScript;
var base = script && script.src ? script.src : document.baseURI;
var KEY = "crib-voice";
var bankPromise = null;

function settings() {
  var s = { on: true, speed: 1, calls: false };
  try {
    var saved = JSON.parse(window.localStorage.getItem(KEY) || "{}");
    if (typeof saved.on === "boolean") s.on = saved.on;
    if (typeof saved.calls === "boolean") s.calls = saved.calls;
    if (typeof saved.speed === "number" && saved.speed >= 0.5 && saved.speed <= 2) s.speed = saved.speed;
  } catch (e) { /* private windows may refuse storage: use the defaults */ }
  return s;
}

function save(s) {
  try { window.localStorage.setItem(KEY, JSON.stringify(s)); } catch (e) { /* not remembered */ }
  document.querySelectorAll(".crib-voice").forEach(function (block) { showSettings(block, s); });
}

function showSettings(block, s) {
  var on = block.querySelector(".crib-voice-on");
  var speed = block.querySelector(".crib-voice-speed");
  if (on) on.checked = s.on;
  if (speed) speed.value = String(s.speed);
  var calls = block.querySelector(".crib-voice-calls");
  if (calls) calls.checked = s.calls;
}

function loadBank(version) {
  if (!bankPromise) {
    var url = new URL("crib-voice-bank.wav?v=" + encodeURIComponent(version || ""), base);
    bankPromise = fetch(url.href).then(function (r) {
      if (!r.ok) throw new Error("the voice file answered " + r.status);
      return r.arrayBuffer();
    }).then(readWav);
    bankPromise.catch(function () { bankPromise = null; });  // a later click may try again
  }
  return bankPromise;
}

function readWav(buffer) {
  var view = new DataView(buffer);
  var at = 12;
  while (at + 8 <= buffer.byteLength) {
    var id = String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2),
                                 view.getUint8(at + 3));
    var size = view.getUint32(at + 4, true);
    if (id === "data") return new Int16Array(buffer.slice(at + 8, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  throw new Error("the voice file has no sound in it");
}

function wavBlob(samples, rate) {
  var header = new DataView(new ArrayBuffer(44));
  function text(offset, s) { for (var i = 0; i < 4; i++) header.setUint8(offset + i, s.charCodeAt(i)); }
  text(0, "RIFF"); header.setUint32(4, 36 + samples.length * 2, true); text(8, "WAVE");
  text(12, "fmt "); header.setUint32(16, 16, true); header.setUint16(20, 1, true);
  header.setUint16(22, 1, true); header.setUint32(24, rate, true); header.setUint32(28, rate * 2, true);
  header.setUint16(32, 2, true); header.setUint16(34, 16, true);
  text(36, "data"); header.setUint32(40, samples.length * 2, true);
  return new Blob([header.buffer, samples.buffer], { type: "audio/wav" });
}

function buildClip(data, bank) {
  var out = new Int16Array(data.length);
  data.segments.forEach(function (seg) { out.set(bank.subarray(seg[1], seg[1] + seg[2]), seg[0]); });
  return URL.createObjectURL(wavBlob(out, data.rate));
}

/* The widget around the block: its cards light with each step. */
function cardsOf(block) {
  var root = block.closest("[data-voice-scope]") || block.closest(".crib-root") || block.parentElement ||
    document.body;
  return Array.prototype.slice.call(root.querySelectorAll("[data-card]"));
}

function Player(block) {
  this.block = block;
  this.data = JSON.parse(block.getAttribute("data-voice"));
  this.audio = block.querySelector("audio");
  this.button = block.querySelector(".crib-voice-play");
  this.now = block.querySelector(".crib-voice-now");
  this.label = this.button.innerHTML;
  this.step = -1;
  this.playing = false;
  this.saved = null;
  var self = this;
  this.button.addEventListener("click", function () { if (self.playing) self.stop(); else self.play(); });
  block.querySelector(".crib-voice-on").addEventListener("change", function (e) {
    var s = settings(); s.on = e.target.checked; save(s);
  });
  block.querySelector(".crib-voice-speed").addEventListener("change", function (e) {
    var s = settings(); s.speed = parseFloat(e.target.value); save(s);
    if (self.audio) self.audio.playbackRate = s.speed;
  });
  var calls = block.querySelector(".crib-voice-calls");
  if (calls) calls.addEventListener("change", function (e) {
    var s = settings(); s.calls = e.target.checked; save(s);
  });
  this.audio.addEventListener("ended", function () { self.finish(); });
  showSettings(block, settings());
  block.hidden = false;
}

Player.prototype.play = function () {
  var self = this, s = settings();
  this.playing = true;
  this.block.classList.add("crib-voice-playing");
  this.button.innerHTML = '<span aria-hidden="true">■ </span>Stop';
  this.remember();
  this.show(-1);
  if (!s.on) { this.silent(s.speed); return; }
  this.say("Loading the voice…");
  loadBank(this.data.version).then(function (bank) {
    if (!self.playing) return;
    if (!self.url) self.url = buildClip(self.data, bank);
    self.audio.src = self.url;
    self.audio.playbackRate = s.speed;
    self.audio.preservesPitch = true;
    self.audio.currentTime = 0;
    return self.audio.play().then(function () { self.follow(); });
  }).catch(function (err) {
    self.say("The voice could not play here (" + err.message + "); the count steps on screen instead.");
    self.silent(s.speed);
  });
};

/* Step the highlight with the sound: the step whose start the audio has passed. */
Player.prototype.follow = function () {
  var self = this;
  function tick() {
    if (!self.playing) return;
    self.show(self.stepAt(self.audio.currentTime));
    window.requestAnimationFrame(tick);
  }
  window.requestAnimationFrame(tick);
};

/* Voice off (or unavailable): the same timings, on a clock. */
Player.prototype.silent = function (speed) {
  var self = this, start = performance.now();
  var end = this.data.length / this.data.rate;
  function tick() {
    if (!self.playing) return;
    var t = (performance.now() - start) / 1000 * speed;
    self.show(self.stepAt(t));
    if (t >= end) self.finish(); else window.requestAnimationFrame(tick);
  }
  window.requestAnimationFrame(tick);
};

Player.prototype.stepAt = function (t) {
  var steps = this.data.steps, found = -1;
  for (var i = 0; i < steps.length; i++) if (t >= steps[i][0] - 0.02) found = i;
  return found;
};

Player.prototype.show = function (i) {
  if (i === this.step) return;
  this.step = i;
  if (i < 0) return;
  var lit = this.data.cards[i], self = this;
  cardsOf(this.block).forEach(function (el) {
    var on = lit.indexOf(el.getAttribute("data-card")) >= 0;
    el.classList.toggle("crib-lit", on);
    if (!self.block.hasAttribute("data-nodim")) el.classList.toggle("crib-dim", !on && lit.length > 0);
  });
  var total = this.data.totals[i];
  this.now.innerHTML = '<span class="crib-count" title="running total">' + total + "</span> " +
    '<span class="crib-say">“' + escapeHtml(this.data.words[i]) + "”</span>";
  this.block.setAttribute("data-step", String(i));
};

Player.prototype.say = function (text) { this.now.textContent = text; };

Player.prototype.remember = function () {
  this.saved = cardsOf(this.block).map(function (el) { return [el, el.className]; });
};

Player.prototype.restore = function () {
  (this.saved || []).forEach(function (pair) { pair[0].className = pair[1]; });
  this.saved = null;
};

Player.prototype.stop = function () {
  if (this.audio && !this.audio.paused) this.audio.pause();
  this.finish();
};

Player.prototype.finish = function () {
  var self = this;
  if (!this.playing) return;
  this.playing = false;
  this.block.classList.remove("crib-voice-playing");
  this.button.innerHTML = this.label;
  this.step = -1;
  window.setTimeout(function () { if (!self.playing) self.restore(); }, 900);
};

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
  });
}

/* Widgets draw (and redraw) their HTML after the page loads: give every new block its player. */
var spoken = {};  // keys of the play's calls already said by themselves
var moved = false;  // widgets also draw after load: only a block drawn after a click or key is a move's
["pointerdown", "keydown"].forEach(function (kind) {
  document.addEventListener(kind, function () { moved = true; }, true);
});
function attach(root, later) {
  var blocks = Array.prototype.slice.call((root.querySelectorAll ? root : document).querySelectorAll(".crib-voice"));
  if (root.matches && root.matches(".crib-voice")) blocks.unshift(root);
  blocks.forEach(function (block) {
    if (block.cribVoice) return;
    try { block.cribVoice = new Player(block); } catch (e) { return; /* a malformed block stays hidden */ }
    // The play's calls speak by themselves only when the learner asked for it, only for a block
    // drawn after a move (never on page load), and once per set of calls.
    var key = block.getAttribute("data-auto"), s = settings();
    if (later && moved && key && s.calls && s.on && !spoken[key]) {
      spoken[key] = true;
      block.cribVoice.play();
    }
    if (key) spoken[key] = true;
  });
}

function start() {
  attach(document);
  new MutationObserver(function (changes) {
    changes.forEach(function (c) {
      // each added element and what it holds (not its parent's whole subtree again for each of its
      // siblings: a widget drawn is hundreds of elements added one by one)
      c.addedNodes.forEach(function (n) { if (n.nodeType === 1) attach(n, true); });
      c.removedNodes.forEach(function (n) {  // a redrawn widget: its old count must fall silent
        if (n.nodeType !== 1) return;
        var gone = n.classList.contains("crib-voice") ? [n] : n.querySelectorAll(".crib-voice");
        Array.prototype.forEach.call(gone, function (b) { if (b.cribVoice) b.cribVoice.stop(); });
      });
    });
  }).observe(document.body, { childList: true, subtree: true });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
window.cribVoice = { settings: settings, attach: attach };
