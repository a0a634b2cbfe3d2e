// "Open your table"'s Advise view: loads the advisor (advise.wasm, a module of its own, only on
// the first click of "Advise", so that neither the widget nor the table page's first load carry
// the Parquet data reader) and hands it the files the reader already picked (table.js keeps them
// as File handles in layoutlabTable.source; they are read by slices, never whole). The workload
// is kept in localStorage under the table's metadata id; nothing is sent anywhere.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const la = window.layoutlabAdvise = { ready: false, runs: 0, errors: 0, stops: 0, report: null };
  let readyResolve, loading = null, preparedFor = -1, tableId = "", prepareResolve = null;
  const ready = new Promise((r) => { readyResolve = r; });
  la.started = () => { la.ready = true; readyResolve(); };
  const key = (id) => "layoutlab.workload." + id;

  function fail(msg) {
    const el = $("advise-error");
    el.textContent = msg;
    el.hidden = false;
    $("advise-cancel").hidden = true;
    $("advise-run").disabled = false;
    la.errors++;
    if (prepareResolve) { prepareResolve(false); prepareResolve = null; }
  }
  la.failed = fail;

  async function load() {
    const t0 = performance.now();
    const go = new Go();
    let resp;
    if (typeof DecompressionStream === "function") {
      const r = await fetch("advise.wasm.gz");
      if (!r.ok || !r.body) throw new Error("advise.wasm.gz: HTTP " + r.status);
      resp = new Response(r.body.pipeThrough(new DecompressionStream("gzip")), { headers: { "Content-Type": "application/wasm" } });
    } else {
      resp = await fetch("advise.wasm");
      if (!resp.ok) throw new Error("advise.wasm: HTTP " + resp.status);
    }
    const { instance } = typeof WebAssembly.instantiateStreaming === "function"
      ? await WebAssembly.instantiateStreaming(resp, go.importObject)
      : await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    la.wasmMemory = () => instance.exports.mem.buffer.byteLength;
    go.run(instance).catch((e) => fail("The advisor stopped: " + e));
    await ready;
    la.loadMs = performance.now() - t0;
  }

  // walk lists every file under a folder handle or dropped folder, by path: the data files too,
  // each a File known by its size until the advisor reads the slices it needs.
  async function walk(src) {
    const out = [];
    const fileOf = (e) => new Promise((res, rej) => e.file(res, rej));
    const readAll = (d) => new Promise((res, rej) => {
      const r = d.createReader(), acc = [];
      const next = () => r.readEntries((b) => { if (b.length === 0) res(acc); else { acc.push(...b); next(); } }, rej);
      next();
    });
    async function rec(d, prefix) {
      if (src.kind === "handle") {
        for await (const [n, h] of d.entries()) {
          if (h.kind === "file") out.push({ path: prefix + n, file: await h.getFile() });
          else await rec(h, prefix + n + "/");
        }
        return;
      }
      for (const k of await readAll(d)) {
        if (k.isFile) out.push({ path: prefix + k.name, file: await fileOf(k) });
        else await rec(k, prefix + k.name + "/");
      }
    }
    await rec(src.dir, src.dir.name + "/");
    return out;
  }

  // prepare gives the advisor the table the page shows, when it changed since the last time;
  // a second call while one is under way waits for it.
  let preparing = null;
  function prepare() {
    if (!preparing) preparing = prepareNow().finally(() => { preparing = null; });
    return preparing;
  }
  async function prepareNow() {
    const ll = window.layoutlabTable;
    if (preparedFor === ll.opened) return true;
    const src = ll.source;
    if (!src) { fail("Open a table first."); return false; }
    let arg = src;
    if (src.kind === "handle" || src.kind === "entry") {
      $("advise-status").textContent = "Listing " + src.name + "'s files…";
      const entries = await walk(src);
      arg = { kind: "files", name: src.name, entries };
    }
    if (arg.kind === "files") arg = { kind: "files", name: arg.name, paths: arg.entries.map((e) => e.path), files: arg.entries.map((e) => e.file) };
    const done = new Promise((r) => { prepareResolve = r; });
    la.prepare(arg);
    const ok = await done;
    if (ok) la.preparedOpen = preparedFor = ll.opened;
    return ok;
  }
  la.prepared = (info) => {
    tableId = info.id;
    la.tableId = info.id;
    la.dataFiles = info.dataFiles;
    const box = $("advise-workload");
    const kept = tableId && localStorage.getItem(key(tableId));
    if (kept !== null && kept !== undefined && kept !== false && kept !== "") box.value = kept;
    $("advise-data").textContent = info.dataFiles > 0
      ? `${info.dataFiles} data files given with the log: the candidates are laid out on the table's own rows.`
      : "No data files were given with the log: the advice shows the health and today's figures only; a what-if needs the data files (pick the table's folder, or a .zip, .tar or .tar.gz that holds them).";
    if (prepareResolve) { prepareResolve(true); prepareResolve = null; }
  };
  la.done = (json) => {
    la.report = JSON.parse(json);
    $("advise-cancel").hidden = true;
    $("advise-run").disabled = false;
    la.runs++;
  };
  la.stopped = () => { $("advise-cancel").hidden = true; $("advise-run").disabled = false; la.stops++; };

  $("advise-open").addEventListener("click", async () => {
    const view = $("advise");
    view.hidden = false;
    $("advise-open").setAttribute("aria-expanded", "true");
    $("advise-error").hidden = true;
    try {
      if (!loading) {
        $("advise-status").textContent = "Loading the advisor…";
        loading = load();
      }
      await loading;
      $("advise-status").textContent = "";
      await prepare();
      $("advise-workload").focus();
    } catch (e) {
      fail("The advisor could not start: " + (e && e.message ? e.message : e));
    }
  });
  $("advise-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("advise-error").hidden = true;
    if (!la.ready) return;
    if (!(await prepare())) return;
    const text = $("advise-workload").value;
    try { if (tableId) localStorage.setItem(key(tableId), text); } catch (e) { /* storage off */ }
    $("advise-cancel").hidden = false;
    $("advise-run").disabled = true;
    la.run({ workload: text, keys: $("advise-keys").value, maxFileSize: $("advise-max-file").value, ingestGBPerDay: $("advise-ingest").value });
  });
  $("advise-cancel").addEventListener("click", () => { if (la.ready) la.cancel(); });
  // The recommendation's copy button is made anew with each report: listened for on the result.
  $("advise-result").addEventListener("click", async (ev) => {
    if (ev.target.id !== "advise-copy") return;
    const sql = $("advise-sql").textContent;
    la.copied = sql;
    try {
      await navigator.clipboard.writeText(sql);
      ev.target.textContent = "Copied";
    } catch (e) {
      const r = document.createRange();
      r.selectNodeContents($("advise-sql"));
      const s = getSelection(); s.removeAllRanges(); s.addRange(r);
      ev.target.textContent = "Selected: press Ctrl+C";
    }
  });
})();
