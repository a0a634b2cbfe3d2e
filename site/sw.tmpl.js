// Layout Lab's service worker: after one visit the widget and everything it loads work offline.
// gen writes the version (a hash of the built files) and the file list, so each build gets its
// own cache and the old one is deleted when the new worker activates.
"use strict";
const VERSION = "layoutlab-__VERSION__";
const FILES = __FILES__;
// Parts of the build only one page needs (the table page's module): kept when that page asks
// ("keep" message), so it works offline after one visit and other readers never download it.
const ON_DEMAND = __ON_DEMAND__;
// The wasm as the page compiles it: unpacked from the gzip copy once, here, and kept in this
// cache. A module compiled from a response of Cache Storage is code-cached by Chromium: once V8
// has optimised what the page runs, the next visit loads that machine code instead of
// compiling the module again and optimising its hot code during the reader's first drag.
const WASM = "layoutlab.wasm";
const WASM_GZ = "layoutlab.wasm.gz";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(VERSION);
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })));
    // Offline needs only the files above: a failed unpacking (storage quota) leaves the page
    // loading the gzip copy, as on a first visit.
    await unpackWasm(cache).catch(() => cache.delete(WASM));
  })());
  self.skipWaiting();
});

// unpackWasm stores the plain wasm, unpacked from the cached gzip copy, streamed (where this
// browser's workers lack DecompressionStream it stores nothing: the page loads the gzip copy).
async function unpackWasm(cache) {
  if (typeof DecompressionStream !== "function") return;
  const gz = await cache.match(WASM_GZ);
  if (!gz || !gz.body) return;
  await cache.put(WASM, new Response(gz.body.pipeThrough(new DecompressionStream("gzip")),
    { headers: { "Content-Type": "application/wasm" } }));
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== VERSION && key.startsWith("layoutlab-")) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (!event.data || event.data.keep !== true) return;
  event.waitUntil((async () => {
    const cache = await caches.open(VERSION);
    for (const f of ON_DEMAND) {
      if (!(await cache.match(f))) await cache.add(new Request(f, { cache: "reload" }));
    }
  })());
});

// Cache first for the precached build (it is immutable per version); the network for anything
// else, so nothing outside the build is ever stored.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(VERSION);
    let hit = await cache.match(req, { ignoreSearch: true });
    // The folder's own URL ("/", "…/layoutlab/") is index.html, as a static host serves it.
    if (!hit && new URL(req.url).pathname === new URL(self.registration.scope).pathname) {
      hit = await cache.match("index.html");
    }
    // A host that redirects index.html to its folder (Go's file server, many others) left a
    // redirected response in the cache, which a browser refuses as the answer to a navigation:
    // it is answered as a fresh response with the same body.
    if (hit && hit.redirected) {
      hit = new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
    }
    return hit || fetch(req);
  })());
});
