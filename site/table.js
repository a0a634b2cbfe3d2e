// "Open your table": loads the inspector (table.wasm, a module of its own so that the widget's
// stays small) and hands it the _delta_log files the reader picks, drops or uploads. Which files
// are wanted is the Go side's rule (wasm/table, LogPath): data files are never read.
"use strict";
(function () {
  const ll = window.layoutlabTable = { ready: false, loadStart: performance.now(), opened: 0, errors: 0, whereRuns: 0, planning: false };
  const $ = (id) => document.getElementById(id);
  let readyResolve;
  const ready = new Promise((r) => { readyResolve = r; });
  // wasm/table's main calls this once its functions are installed on window.layoutlabTable.
  ll.started = () => { ll.ready = true; ll.wasmReady = performance.now() - ll.loadStart; readyResolve(); };

  function status(text) { $("status").textContent = text; }
  function progress(done, total) {
    const p = $("progress");
    p.hidden = total <= 0;
    p.max = Math.max(total, 1);
    p.value = done;
  }
  function fail(msg) {
    const el = $("error");
    el.textContent = msg;
    el.hidden = false;
    progress(0, 0);
    idle();
  }

  // Offline after one visit: the service worker precaches the build and unpacks the widget's
  // module, and this page asks it to keep this page's module too (sw.js, ON_DEMAND): seconds of
  // the machine's work, which ran beside an open begun at once (the 100,000-file table's upload
  // to drawn 6.6 s against 7.9 s without it, 4 opens each side by side on 2 busy cores). So the
  // worker is registered once the page has had nothing to do for swQuietMs: from ready while no
  // table is given, and from the end of an open (wasm/table calls idle) when one is.
  const swQuietMs = 2000;
  let swTimer = 0, swAsked = false;
  function idle() {
    clearTimeout(swTimer);
    if (!swAsked) swTimer = setTimeout(registerWorker, swQuietMs);
  }
  function busy() { clearTimeout(swTimer); }
  ll.idle = idle;
  function registerWorker() {
    swAsked = true;
    if ("serviceWorker" in navigator && location.protocol !== "file:") {
      navigator.serviceWorker.register("sw.js")
        .then(() => navigator.serviceWorker.ready)
        .then((reg) => reg.active && reg.active.postMessage({ keep: true }))
        .catch(() => { /* private mode ... */ });
    }
  }

  async function load() {
    const go = new Go();
    let resp;
    if (typeof DecompressionStream === "function") {
      const r = await fetch("table.wasm.gz");
      if (!r.ok || !r.body) throw new Error("table.wasm.gz: HTTP " + r.status);
      resp = new Response(r.body.pipeThrough(new DecompressionStream("gzip")),
        { headers: { "Content-Type": "application/wasm" } });
    } else {
      resp = await fetch("table.wasm");
      if (!resp.ok) throw new Error("table.wasm: HTTP " + resp.status);
    }
    const { instance } = typeof WebAssembly.instantiateStreaming === "function"
      ? await WebAssembly.instantiateStreaming(resp, go.importObject)
      : await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    // The Go heap lives in the instance's linear memory, which grows and never shrinks: the
    // browser tests read its size as the module's highest use.
    ll.wasmMemory = () => instance.exports.mem.buffer.byteLength;
    go.run(instance).catch((e) => fail("The inspector stopped: " + e));
  }

  // read gives the wanted files ({path, file}) to the inspector as they are: File objects, known
  // by their sizes until the replay reads what it needs of them (a Parquet checkpoint whole, a
  // commit by slices: wasm/table's readerAt).
  async function read(name, entries, via) {
    await ready;
    ll.via = via; // which way the files came, for the browser tests
    $("error").hidden = true;
    const wanted = entries.filter((e) => ll.wants(e.path));
    // What was picked, data files and all, for the advisor (advise.js) to read if asked; a
    // folder handle or dropped folder is walked then (fromHandle, fromEntry set it).
    if (via === "files") {
      ll.source = wanted.length === 0 && entries.length === 1 ? { kind: "archive", name, file: entries[0].file } : { kind: "files", name, entries };
    }
    // One file that is not a log's: an archive, which the inspector reads by slices (its log
    // entries only), or says what is wrong with it.
    busy(); // until the module says it is idle
    if (wanted.length === 0 && entries.length === 1) {
      ll.openArchive(name, entries[0].file);
      return;
    }
    ll.open(name, wanted.map((e) => e.path), wanted.map((e) => e.file));
  }

  // A directory handle (showDirectoryPicker): only its _delta_log (and _sidecars) are listed;
  // data folders are never walked.
  async function fromHandle(dir) {
    let log = dir, prefix = dir.name + "/";
    if (dir.name !== "_delta_log") {
      try {
        log = await dir.getDirectoryHandle("_delta_log");
      } catch (e) {
        fail(`${dir.name} has no _delta_log folder: pick a Delta table's folder or its _delta_log.`);
        return;
      }
      prefix += "_delta_log/";
    }
    const entries = [];
    for await (const [n, h] of log.entries()) {
      if (h.kind === "file") entries.push({ path: prefix + n, file: await h.getFile() });
      else if (n === "_sidecars") {
        for await (const [sn, sh] of h.entries()) {
          if (sh.kind === "file") entries.push({ path: prefix + "_sidecars/" + sn, file: await sh.getFile() });
        }
      }
    }
    ll.source = { kind: "handle", name: dir.name, dir };
    await read(dir.name, entries, "directory handle");
  }

  // The same for a dropped folder (FileSystemDirectoryEntry, callback-based).
  const readAll = (dir) => new Promise((resolve, reject) => {
    const r = dir.createReader(), out = [];
    const next = () => r.readEntries((batch) => {
      if (batch.length === 0) resolve(out); else { out.push(...batch); next(); }
    }, reject);
    next();
  });
  const fileOf = (e) => new Promise((resolve, reject) => e.file(resolve, reject));
  async function fromEntry(dir) {
    let log = dir, prefix = dir.name + "/";
    if (dir.name !== "_delta_log") {
      const kids = await readAll(dir);
      log = kids.find((k) => k.isDirectory && k.name === "_delta_log");
      if (!log) {
        fail(`${dir.name} has no _delta_log folder: drop a Delta table's folder or its _delta_log.`);
        return;
      }
      prefix += "_delta_log/";
    }
    const entries = [];
    for (const k of await readAll(log)) {
      if (k.isFile) entries.push({ path: prefix + k.name, file: await fileOf(k) });
      else if (k.name === "_sidecars") {
        for (const s of await readAll(k)) {
          if (s.isFile) entries.push({ path: prefix + "_sidecars/" + s.name, file: await fileOf(s) });
        }
      }
    }
    ll.source = { kind: "entry", name: dir.name, dir };
    await read(dir.name, entries, "dropped folder entry");
  }

  function fromFiles(files) {
    const list = Array.from(files);
    if (list.length === 0) return;
    const entries = list.map((f) => ({ path: f.webkitRelativePath || f.name, file: f }));
    const first = entries[0].path.split("/")[0];
    const name = list.length === 1 ? list[0].name : (entries[0].path.includes("/") ? first : "the files chosen");
    read(name, entries, "files").catch((e) => fail(String(e && e.message || e)));
  }

  $("pick-folder").addEventListener("click", async () => {
    if (typeof window.showDirectoryPicker !== "function") {
      $("pick-dir").click();
      return;
    }
    let dir;
    try {
      dir = await window.showDirectoryPicker({ mode: "read" });
    } catch (e) {
      return; // cancelled
    }
    fromHandle(dir).catch((e) => fail(String(e && e.message || e)));
  });
  $("pick-dir").addEventListener("change", (ev) => fromFiles(ev.target.files));
  $("pick-files").addEventListener("change", (ev) => fromFiles(ev.target.files));

  const zone = document.body;
  zone.addEventListener("dragover", (ev) => { ev.preventDefault(); zone.classList.add("dragging"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("dragging"));
  zone.addEventListener("drop", (ev) => {
    ev.preventDefault();
    zone.classList.remove("dragging");
    const items = Array.from(ev.dataTransfer.items || []);
    const entries = items.map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry()).filter(Boolean);
    if (entries.length === 1 && entries[0].isDirectory) {
      fromEntry(entries[0]).catch((e) => fail(String(e && e.message || e)));
      return;
    }
    fromFiles(ev.dataTransfer.files);
  });

  // heads(files, n): the first n bytes of each file, read side by side from its stream, under
  // one promise: wasm/table's batch of commit heads (DESCRIBE HISTORY reads each commit's first
  // line). A stream, not a slice: slice() is a synchronous call to the browser's blob registry.
  ll.heads = (files, n) => Promise.all(files.map(async (f) => {
    const out = new Uint8Array(Math.min(n, f.size));
    const r = f.stream().getReader();
    let got = 0;
    try {
      while (got < out.length) {
        const { done, value } = await r.read();
        if (done) break;
        const k = Math.min(value.length, out.length - got);
        out.set(k < value.length ? value.subarray(0, k) : value, got);
        got += k;
      }
    } finally {
      r.cancel();
    }
    return got < out.length ? out.subarray(0, got) : out;
  }));
  // fill(file, off, end, buf): the file's bytes [off, end) streamed into the ArrayBuffer buf,
  // given back and filled again ("byob"), under one promise: a window of wasm/table's bounded
  // read of a large checkpoint, one round trip through the module rather than one per chunk.
  ll.fill = async (file, off, end, buf) => {
    const n = end - off;
    if (!buf || buf.byteLength < n) buf = new ArrayBuffer(n);
    const stream = file.slice(off, end).stream();
    let r;
    try {
      r = stream.getReader({ mode: "byob" });
    } catch (e) { // no byob reader: the slice read whole
      const whole = new Uint8Array(await file.slice(off, end).arrayBuffer());
      new Uint8Array(buf, 0, whole.length).set(whole);
      return new Uint8Array(buf, 0, whole.length);
    }
    let got = 0;
    try {
      while (got < n) {
        const { done, value } = await r.read(new Uint8Array(buf, got, n - got));
        if (value) buf = value.buffer; // the same memory, given back
        if (done) break;
        got += value.length;
      }
    } finally {
      r.releaseLock();
    }
    return new Uint8Array(buf, 0, got);
  };
  ll.status = status;
  ll.progress = progress;
  load().catch((e) => {
    status("");
    fail("The inspector could not start: " + (e && e.message ? e.message : e));
  });
  ready.then(() => {
    status("Ready: choose or drop a table.");
    idle();
  });
})();
