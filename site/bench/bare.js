// Loads the bare baseline exactly as loader.js loads the widget, for a like-for-like first frame.
"use strict";
(async function () {
  const go = new Go();
  const r = await fetch("bare.wasm.gz");
  const resp = new Response(r.body.pipeThrough(new DecompressionStream("gzip")), { headers: { "Content-Type": "application/wasm" } });
  const { instance } = await WebAssembly.instantiateStreaming(resp, go.importObject);
  go.run(instance);
})();
