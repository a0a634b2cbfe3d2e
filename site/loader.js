// Loads the Layout Lab wasm: on a visit the service worker serves, the copy it unpacked (which
// Chromium code-caches); else the gzip copy through DecompressionStream where the browser has it
// (any static host then serves it small), the plain file otherwise or if that fails.
"use strict";
(function () {
  const t0 = performance.now();
  const warm = window.name === "layoutlab-warm";
  // A frame embed.js made warm (the mouse entered a figure, or one came near a phone's screen,
  // before the reader's touch said it goes live) starts Go at once: its runtime and packages are
  // initialised, and its main waits (hold, wasm/hold.go) until the figure goes live (go): Go
  // then reads the fragment the host gave it. No figure's answer is computed, no WebGL context
  // made, for a touch that never comes. go may come before Go holds, or after.
  let going = false, resume = null;
  const go = () => { going = true; const r = resume; resume = null; if (r) r(); };
  const hold = (r) => { if (!warm || going) return false; resume = r; return true; };
  window.layoutlab = { ready: false, loadStart: t0, warm: warm, go: go, hold: hold };
  // setReadouts writes the figures the widget changed (wasm/readouts.go, renderReadouts) into
  // the readout list: batch holds, for each, its place in the list, its text and its exact value
  // (data-value), each followed by a NUL.
  window.layoutlab.setReadouts = function (list, batch) {
    const spans = list.querySelectorAll("span[data-metric]");
    const f = batch.split("\0");
    for (let i = 0; i + 2 < f.length; i += 3) {
      const el = spans[+f[i]];
      el.setAttribute("data-value", f[i + 2]);
      el.textContent = f[i + 1];
    }
  };
  // frameDrawn notes a frame the widget drew (front/figures, Widget.Answered) for the browser tests and
  // the timing script: how many, when, and the Go figures of the last one.
  window.layoutlab.frameDrawn = function (updates, engineMs, drawMs) {
    const ll = window.layoutlab;
    ll.frames = (ll.frames || 0) + 1;
    ll.updatesAtFrame = updates;
    ll.lastFrame = performance.now();
    ll.engineMs = engineMs;
    ll.drawMs = drawMs;
  };
  function fail(msg) {
    const el = document.getElementById("loading");
    if (el) { el.textContent = "Layout Lab could not start: " + msg; el.setAttribute("role", "alert"); }
  }
  // cachedWasm returns, on a visit the service worker serves, the plain wasm it unpacked into its
  // cache (sw.tmpl.js), else null. Chromium code-caches a module compiled from Cache Storage: from
  // the visit after the first such one, the page starts from the code V8 optimised then.
  async function cachedWasm() {
    const sw = navigator.serviceWorker;
    if (!sw || !sw.controller || !self.caches) return null;
    try {
      if (!(await caches.match("layoutlab.wasm"))) return null;
      const r = await fetch("layoutlab.wasm");
      return r.ok ? r : null;
    } catch (e) {
      return null;
    }
  }
  async function wasmBytes() {
    if (typeof DecompressionStream === "function") {
      try {
        const r = await fetch("layoutlab.wasm.gz");
        if (r.ok && r.body) {
          window.layoutlab.wasmFrom = "gzip";
          return new Response(r.body.pipeThrough(new DecompressionStream("gzip")),
            { headers: { "Content-Type": "application/wasm" } });
        }
      } catch (e) { /* fall back to the plain file */ }
    }
    const r = await fetch("layoutlab.wasm");
    if (!r.ok) throw new Error("layoutlab.wasm: HTTP " + r.status);
    window.layoutlab.wasmFrom = "plain";
    return r;
  }
  // Streaming compilation overlaps download, decompression and compilation.
  async function instantiate(resp, go) {
    const { instance } = typeof WebAssembly.instantiateStreaming === "function"
      ? await WebAssembly.instantiateStreaming(resp, go.importObject)
      : await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    return instance;
  }
  // window.layoutlab.wasmFrom names the copy compiled: "sw" (the worker's unpacked copy), "gzip"
  // or "plain"; the browser tests and the timing script read it.
  async function start() {
    const go = new Go();
    let instance = null;
    const cached = await cachedWasm();
    if (cached) {
      try {
        instance = await instantiate(cached, go);
        window.layoutlab.wasmFrom = "sw";
      } catch (e) {
        // A damaged copy (storage trouble, a hand-edited cache): dropped, so that later visits
        // do not meet it, and the wasm loaded as on a first visit.
        try {
          for (const k of await caches.keys()) {
            if (k.startsWith("layoutlab-")) await (await caches.open(k)).delete("layoutlab.wasm");
          }
        } catch (e2) { /* the next visit meets it again, and falls back again */ }
      }
    }
    if (!instance) instance = await instantiate(await wasmBytes(), go);
    window.layoutlab.wasmLoaded = performance.now() - t0;
    // The Go heap lives in the instance's linear memory; the timing script reads its size.
    window.layoutlab.wasmMemory = () => instance.exports.mem.buffer.byteLength;
    go.run(instance).catch((e) => fail(String(e)));
  }
  // Ebiten reads document.body.clientWidth and clientHeight at every frame (internal/ui/ui_js.go,
  // outsideSize). After a slider input, that read forced a synchronous layout inside the frame
  // that answers it. The body's size follows the viewport alone (widget.css), so it is read once
  // and again only after a resize: this capture listener runs before Ebiten's own.
  (function cacheBodySize() {
    const body = document.body;
    const cw = Object.getOwnPropertyDescriptor(Element.prototype, "clientWidth");
    const ch = Object.getOwnPropertyDescriptor(Element.prototype, "clientHeight");
    if (!body || !cw || !ch || !cw.get || !ch.get) return;
    let size = null;
    const read = () => size || (size = [cw.get.call(body), ch.get.call(body)]);
    window.addEventListener("resize", () => { size = null; }, true);
    Object.defineProperty(body, "clientWidth", { configurable: true, get: () => read()[0] });
    Object.defineProperty(body, "clientHeight", { configurable: true, get: () => read()[1] });
  })();
  start().catch((e) => fail(e && e.message ? e.message : String(e)));

  // Offline after one visit: the service worker precaches this build (scope: this directory).
  // Installing fetches and stores the whole build and unpacks the wasm, on the machine's
  // other core, which a first visit's page shares with V8 optimising its code: registered once
  // the page is ready and the reader has then left it alone for swQuietMs (a drag made at once
  // on a first visit kept more moves within a frame so), and at the latest swLatestMs after ready.
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    const swQuietMs = 2000, swLatestMs = 20000;
    const busy = ["pointerdown", "keydown", "input", "wheel", "touchstart"];
    let quiet = 0, latest = 0;
    const register = () => {
      clearTimeout(quiet);
      clearTimeout(latest);
      for (const t of busy) window.removeEventListener(t, touched, true);
      navigator.serviceWorker.register("sw.js").catch(() => { /* private mode, file:// ... */ });
    };
    const touched = () => {
      clearTimeout(quiet);
      quiet = setTimeout(register, swQuietMs);
    };
    window.addEventListener("layoutlab:ready", () => {
      for (const t of busy) window.addEventListener(t, touched, { capture: true, passive: true });
      touched();
      latest = setTimeout(register, swLatestMs);
    }, { once: true });
  }

  // "Embed this" (site/embedthis.js, its module and stylesheet) is loaded on its first click.
  const embedThis = document.getElementById("embed-this");
  if (embedThis) embedThis.addEventListener("click", () => {
    if (window.layoutlabEmbedThis || document.getElementById("embedthis-js")) return;
    // A docs site's slim copy of the build (embed.html) may leave it out: then the button says so.
    document.head.append(Object.assign(document.createElement("script"), { id: "embedthis-js", src: "embedthis.js",
      onerror: () => { embedThis.disabled = true; embedThis.textContent = "Embed this: not in this copy"; } }));
  });

  // Embedded in a docs page: the panel is as tall as its content up to the viewport (widget.css,
  // .embedded), and the height the page needs, from the top to the panel content's bottom, is
  // reported to embed.js, which sizes the iframe: it follows the content as it grows and as it
  // shrinks (a <details> closed, a view switched), and the panel never scrolls.
  // A figure (figure.html) fills the box its host gives it and reports nothing.
  if (window.parent !== window && document.body.getAttribute("data-mode") !== "figure") {
    document.documentElement.classList.add("embedded");
    const panel = document.getElementById("panel");
    const report = () => {
      const h = Math.max(480, Math.ceil(panel.getBoundingClientRect().top + panel.scrollHeight));
      window.parent.postMessage({ type: "layoutlab:height", height: h }, "*");
    };
    if (panel) {
      // The panel's own box stops growing at the viewport's height; its children's do not.
      if (typeof ResizeObserver === "function") {
        const ro = new ResizeObserver(report);
        ro.observe(panel);
        for (const child of panel.children) ro.observe(child);
      }
      // Below 700 px the panel sits under the canvas, whose height follows the width.
      window.addEventListener("resize", report);
      window.addEventListener("load", report);
    }
  }
})();
