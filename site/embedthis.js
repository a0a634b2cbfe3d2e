// The widget's "Embed this": loaded by loader.js on the first click of the button, so that the
// widget's page carries none of it. It loads its module (embedthis.wasm: the poster renderer of
// front/poster and the snippets of front/embedthis, a module of its own so that the widget's
// download does not grow) and shows, for the scenario the widget shows, its poster, its three
// files to save into the build's posters/ folder, and for each docs generator the lines that
// show it on a page, with copy buttons. The scenario is the widget's link: the URL's fragment,
// which the widget writes 400 ms after the reader's last change (wasm/url.go, urlDebounce).
"use strict";
(function () {
  if (window.layoutlabEmbedThis) return;
  const et = window.layoutlabEmbedThis = { ready: false, opens: 0, renders: 0, errors: 0, shown: null };
  const urlDebounce = 450; // the widget's 400 ms, and a little
  let readyResolve, loading = null, dialog = null, urls = [], asked = 0;
  const ready = new Promise((r) => { readyResolve = r; });
  et.started = () => { et.ready = true; readyResolve(); };

  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = "embedthis.css";
  document.head.append(css);

  // h makes an element: h("p", {className: "x"}, "text", child).
  function h(tag, props, ...kids) {
    const e = Object.assign(document.createElement(tag), props || {});
    for (const k of kids) e.append(k);
    return e;
  }
  const $ = (id) => document.getElementById(id);

  function build() {
    dialog = h("dialog", { id: "embedthis" });
    dialog.setAttribute("aria-labelledby", "embedthis-title");
    const close = h("button", { type: "button", id: "embedthis-close", textContent: "Close" });
    close.addEventListener("click", () => dialog.close());
    const name = h("input", { id: "embedthis-name", value: "my-figure", spellcheck: false, autocomplete: "off", maxLength: 60 });
    const form = h("form", { className: "embedthis-name" },
      h("label", { htmlFor: "embedthis-name", textContent: "Name its files " }), name, " ",
      h("button", { type: "submit", textContent: "Rename" }));
    form.addEventListener("submit", (e) => { e.preventDefault(); render(); });
    const intro = h("p", {}, "Copy Layout Lab's build (its ", h("code", { textContent: "dist/" }),
      " folder) into your docs as ", h("code", { textContent: "layoutlab/" }), " and set your generator up once, as ",
      h("a", { href: "embed.html", target: "_blank", textContent: "embed.html" }),
      " shows. Then, for this scenario, save its three files into the build's ", h("code", { textContent: "posters/" }),
      " folder and paste the lines of your generator into a page.");
    dialog.append(
      h("div", { className: "embedthis-head" }, h("h2", { id: "embedthis-title", textContent: "Embed this figure" }), close),
      intro, form,
      h("p", { id: "embedthis-status", role: "status" }),
      h("p", { id: "embedthis-error", className: "notice", role: "alert", hidden: true }),
      h("figure", { className: "embedthis-poster" }, h("picture", {},
        h("source", { id: "embedthis-narrow", media: "(max-width: 559px)" }), h("img", { id: "embedthis-img", alt: "" })),
        h("figcaption", { id: "embedthis-alt" })),
      h("h3", { textContent: "Its files" }),
      h("ul", { id: "embedthis-files" }),
      h("div", { id: "embedthis-snippets" }));
    document.body.append(dialog);
  }

  async function load() {
    const t0 = performance.now();
    const go = new Go();
    let resp;
    if (typeof DecompressionStream === "function") {
      const r = await fetch("embedthis.wasm.gz");
      if (!r.ok || !r.body) throw new Error("embedthis.wasm.gz: HTTP " + r.status);
      resp = new Response(r.body.pipeThrough(new DecompressionStream("gzip")), { headers: { "Content-Type": "application/wasm" } });
    } else {
      resp = await fetch("embedthis.wasm");
      if (!resp.ok) throw new Error("embedthis.wasm: HTTP " + resp.status);
    }
    const { instance } = typeof WebAssembly.instantiateStreaming === "function"
      ? await WebAssembly.instantiateStreaming(resp, go.importObject)
      : await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    et.wasmMemory = () => instance.exports.mem.buffer.byteLength;
    go.run(instance).catch((e) => et.failed("The embed module stopped: " + e));
    await ready;
    et.loadMs = performance.now() - t0;
  }

  et.failed = (msg) => {
    const e = $("embedthis-error");
    e.textContent = msg;
    e.hidden = false;
    $("embedthis-status").textContent = "";
    et.errors++;
  };

  et.done = (json) => {
    const d = JSON.parse(json);
    for (const u of urls) URL.revokeObjectURL(u);
    urls = [];
    const blob = (f) => {
      const u = URL.createObjectURL(new Blob([f.text], { type: f.name.endsWith(".json") ? "application/json" : "image/svg+xml" }));
      urls.push(u);
      return u;
    };
    // The phone's poster on a narrow screen, as a docs page's figure shows it.
    $("embedthis-narrow").srcset = blob(d.files[1]);
    $("embedthis-img").src = blob(d.files[0]);
    $("embedthis-img").alt = d.alt;
    $("embedthis-alt").textContent = d.title + ": " + d.alt;
    const files = $("embedthis-files");
    files.replaceChildren(...d.files.map((f) => h("li", {},
      h("a", { href: blob(f), download: f.name, textContent: f.name }), " (" + f.text.length.toLocaleString("en") + " bytes)")));
    $("embedthis-snippets").replaceChildren(...d.snippets.map(snippet));
    $("embedthis-status").textContent = "";
    et.shown = d;
    et.renders++;
  };

  // snippet is one generator's lines, with where the files go and a copy button.
  function snippet(s) {
    const copy = h("button", { type: "button", className: "embedthis-copy", textContent: "Copy" });
    copy.dataset.id = s.id;
    copy.addEventListener("click", () => copyText(s.code, copy));
    return h("section", { className: "embedthis-snippet" },
      h("h3", { textContent: s.generator }),
      h("p", {}, "Files into ", h("code", { textContent: s.dest }), "; set up once as ",
        h("a", { href: s.setup, target: "_blank", textContent: "embed.html" }), " shows. In a page:"),
      h("pre", {}, h("code", { textContent: s.code })), copy);
  }

  async function copyText(text, button) {
    et.copied = text;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch (e) {
      // No clipboard (an insecure origin, a denied permission): select the text to copy by hand.
      const range = document.createRange();
      range.selectNodeContents(button.previousElementSibling);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      button.textContent = "Selected: press Ctrl+C";
    }
    setTimeout(() => { button.textContent = "Copy"; }, 2000);
  }

  // render asks the module for the scenario of the widget's link, once the link has caught up
  // with the reader's last change.
  async function render() {
    const n = ++asked;
    $("embedthis-error").hidden = true;
    $("embedthis-status").textContent = "Drawing the poster…";
    try {
      if (!loading) loading = load();
      await Promise.all([loading, new Promise((r) => setTimeout(r, urlDebounce))]);
      if (n !== asked) return;
      et.render(location.hash, $("embedthis-name").value.trim());
    } catch (e) {
      loading = null;
      et.failed("Embed this could not start: " + (e && e.message ? e.message : e));
    }
  }

  function open() {
    if (!dialog) build();
    et.opens++;
    if (!dialog.open) dialog.showModal();
    render();
  }
  $("embed-this").addEventListener("click", open);
  open(); // this script was loaded by the first click
})();
